package middleware_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/middleware"
)

func TestRequestID(t *testing.T) {
	echo := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, middleware.RequestIDFrom(r.Context()))
	})
	url := serve(t, middleware.RequestID()(echo))
	tests := []struct {
		name, in string
		keep     bool
	}{
		{"none", "", false},
		{"valid kept", "abc-123_X.y:z", true},
		{"too long", strings.Repeat("a", 65), false},
		{"longest kept", strings.Repeat("a", 64), true},
		{"bad byte", "abc def", false},
		{"log injection", "a\"b", false},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := map[string]string{}
			if tt.in != "" {
				h["X-Request-ID"] = tt.in
			}
			resp, body := do(t, "GET", url, nil, h)
			if got := resp.Header.Get("X-Request-ID"); got != body {
				t.Errorf("header %q != context %q", got, body)
			}
			if tt.keep != (body == tt.in) {
				t.Errorf("id = %q for incoming %q, keep = %v", body, tt.in, tt.keep)
			}
			if body == "" || seen[body] {
				t.Errorf("id %q empty or reused", body)
			}
			seen[body] = true
		})
	}
}

func TestRequestIDFromWithout(t *testing.T) {
	r, _ := http.NewRequest("GET", "/", nil)
	if got := middleware.RequestIDFrom(r.Context()); got != "" {
		t.Errorf("RequestIDFrom = %q, want \"\"", got)
	}
}

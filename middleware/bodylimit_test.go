package middleware_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/middleware"
)

func TestBodyLimit(t *testing.T) {
	read := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "read: "+err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		_, _ = w.Write(b)
	})
	url := serve(t, middleware.BodyLimit(10)(read))
	unlimited := serve(t, middleware.BodyLimit(-1)(read))
	tests := []struct {
		name   string
		url    string
		body   io.Reader
		status int
	}{
		{"under", url, strings.NewReader("0123456789"), 200},
		{"declared too long", url, strings.NewReader("0123456789A"), 413},
		// An unknown length (chunked) is cut while reading.
		{"chunked too long", url, io.MultiReader(strings.NewReader("01234"), bytes.NewReader([]byte("56789AB"))), 413},
		{"chunked under", url, io.MultiReader(strings.NewReader("012"), strings.NewReader("34")), 200},
		{"no limit", unlimited, strings.NewReader(strings.Repeat("x", 1<<20)), 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, _ := do(t, "POST", tt.url, tt.body, nil)
			if resp.StatusCode != tt.status {
				t.Errorf("status = %d, want %d", resp.StatusCode, tt.status)
			}
		})
	}
}

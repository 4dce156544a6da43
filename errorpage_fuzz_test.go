package fwk_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// FuzzErrorNegotiation feeds arbitrary Accept and Content-Type headers to
// the error page of an aborted request. Whatever the headers say, the answer
// keeps the status, is either well-formed JSON or HTML with the message
// escaped, and never panics.
func FuzzErrorNegotiation(f *testing.F) {
	for _, seed := range [][2]string{
		{"application/json", ""},
		{"text/html,application/xhtml+xml,*/*;q=0.8", ""},
		{"", "application/json"},
		{"text/html;q=0.5, application/json", ""},
		{"application/json;q=0", "application/merge-patch+json"},
		{"application/json;q=1e400, text/html;q=NaN", ""},
		{";;;,,,q=,;q", "; charset=utf-8"},
		{strings.Repeat("a/b;q=0.1,", 200), ""},
	} {
		f.Add(seed[0], seed[1])
	}
	a, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Tree(
		routes.Func("/x", func(*fwk.Ctx) error { return fwk.Abort(http.StatusConflict, `<b>"no"</b>`) }),
	)})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, accept, contentType string) {
		req := httptest.NewRequest("GET", "/x", nil)
		req.Header.Set("Accept", accept)
		req.Header.Set("Content-Type", contentType)
		rec := httptest.NewRecorder()
		a.ServeHTTP(rec, req)
		if rec.Code != http.StatusConflict {
			t.Fatalf("status %d, want 409", rec.Code)
		}
		body := rec.Body.String()
		switch ct := rec.Header().Get("Content-Type"); {
		case strings.HasPrefix(ct, "application/json"):
			var v struct {
				Error  string `json:"error"`
				Status int    `json:"status"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil || v.Error != `<b>"no"</b>` || v.Status != 409 {
				t.Fatalf("JSON body %q: %v", body, err)
			}
		case strings.HasPrefix(ct, "text/html"):
			if strings.Contains(body, "<b>") {
				t.Fatalf("HTML body holds the unescaped message: %q", body)
			}
		default:
			t.Fatalf("Content-Type %q", ct)
		}
	})
}

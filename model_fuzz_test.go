package fwk_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// FuzzModelRequests sends arbitrary PATCH bodies, PUT bodies, If-Match
// values and list query strings to a model resource: none may panic or
// answer 500, and a refused write leaves the entry as it was.
func FuzzModelRequests(f *testing.F) {
	f.Add(`{"title": "x", "tags": ["a"]}`, `"1"`, "sort=-title&status=a&limit=2")
	f.Add(`{"title": null, "slug": {"a": {"b": null}}}`, `W/"1", *`, "cursor=-1&views=1e99")
	f.Add(`[1, 2]`, `"`, "limit=99999999999999999999&sort=,,-,--title")
	f.Add(`{"tags": {"0": "x"}, "created_at": "yesterday"}`, ``, "status=%00&sort=title,title")
	f.Add(`{"title": "\ud800"}`, `"2",`, "cursor=1&cursor=2")
	f.Fuzz(func(t *testing.T, body, ifMatch, query string) {
		app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &ListedEntryResource{}))
		expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "keep", "tags": []string{"t"}}), http.StatusCreated)
		before := mcall(app, "GET", "/entries/1", nil).Body.String()
		for _, method := range []string{"PATCH", "PUT"} {
			headers := []string{"Content-Type", fwk.MergePatchType}
			if ifMatch != "" {
				headers = append(headers, "If-Match", ifMatch)
			}
			w := mcall(app, method, "/entries/1", body, headers...)
			if w.Code >= 500 {
				t.Fatalf("%s %q If-Match %q = %d %s", method, body, ifMatch, w.Code, w.Body)
			}
			if w.Code != http.StatusOK {
				if after := mcall(app, "GET", "/entries/1", nil).Body.String(); after != before {
					t.Fatalf("a refused %s (%d) changed the entry: %s -> %s", method, w.Code, before, after)
				}
			} else {
				before = mcall(app, "GET", "/entries/1", nil).Body.String()
			}
		}
		req := httptest.NewRequest("GET", "/entries", nil)
		req.URL.RawQuery = query
		w := httptest.NewRecorder()
		app.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("GET /entries?%q = %d %s", query, w.Code, w.Body)
		}
	})
}

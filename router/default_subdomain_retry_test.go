package router_test

// Cases found by a review of the router's host and static-edge changes,
// among them a differential run of the router against its earlier state
// (33c78a6) on random rule tables and requests.

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// A DefaultSubdomain whose text holds a ':' (a typed parameter, as in
// "<int:s>") made the default host itself read as foreign (the ':' as a
// port), so a miss on a foreign host retried under the default host
// forever: the stack overflowed and the whole process died, on any Host
// the app does not serve. The retry now happens once.
func TestDefaultSubdomainRetriedOnce(t *testing.T) {
	for _, sub := range []string{"<int:s>", "<s>", "<string(length=2):s>", "api"} {
		r := router.New()
		r.ServerName, r.DefaultSubdomain = "example.com", sub
		if _, err := r.Add(router.Rule{Path: "/a/<x>", Endpoint: "e"}); err != nil {
			t.Fatalf("DefaultSubdomain %q: %v", sub, err)
		}
		var m router.Match
		r.Lookup("GET", "other.org", "/a/b/c", &m)
		if m.Status != http.StatusNotFound {
			t.Errorf("DefaultSubdomain %q: Lookup = %d, want 404", sub, m.Status)
		}
		srv := httptest.NewServer(r)
		req, _ := http.NewRequest("GET", srv.URL+"/missing", nil)
		req.Host = "other.org"
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatalf("DefaultSubdomain %q: %v", sub, err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		srv.Close()
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("DefaultSubdomain %q: GET /missing = %d, want 404", sub, res.StatusCode)
		}
	}
}

package router_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk/router"
)

// requireAuth answers 401 unless the request has an Authorization header.
func requireAuth(h router.HandlerFunc) router.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, ps *router.Params) {
		if r.Header.Get("Authorization") == "" {
			http.Error(w, "login first", http.StatusUnauthorized)
			return
		}
		h(w, r, ps)
	}
}

// encodedSlashRouter protects /admin/<path:p> and has a catch-all beside
// it.
func encodedSlashRouter(t *testing.T) *router.Router {
	t.Helper()
	return newRouter(t,
		router.Rule{Path: "/admin/<path:p>", Endpoint: "admin", Handler: requireAuth(echo("admin"))},
		router.Rule{Path: "/<path:p>", Endpoint: "catchall", Handler: echo("catchall")},
		router.Rule{Path: "/items/<id>", Endpoint: "item", Handler: echo("item")},
		router.Rule{Path: "/panel/<name>", Endpoint: "panel", Handler: requireAuth(echo("panel"))},
		router.Rule{Path: "/<a>", Endpoint: "one", Handler: echo("one")},
	)
}

// encodedSlashCases: a path with %2F never reaches another rule than the
// same path with '/' would.
var encodedSlashCases = []struct {
	path string
	code int
	body string
}{
	{"/admin%2Fsecret", 404, ""},
	{"/admin%2fsecret", 404, ""},
	{"/admin%2Fa%2Fb", 404, ""},
	{"/panel%2Fx", 404, ""},               // "/<a>" must not serve what /panel/<name> guards
	{"/admin/secret", 401, "login first"}, // the guarded rule itself
	{"/admin/a%2Fb", 401, "login first"},  // same rule both ways
	{"/items/a%2Fb", 404, ""},             // /items/a/b reaches the catch-all
	{"/docs%2Fx", 404, ""},                // "/<a>" would take it, "/docs/x" reaches the catch-all
	{"/docs/x%2Fy", 200, "catchall p=docs/x/y"},
}

func TestEncodedSlashBypass(t *testing.T) {
	r := encodedSlashRouter(t)
	for _, tt := range encodedSlashCases {
		w := serve(r, "GET", tt.path, "")
		if w.Code != tt.code || !strings.HasPrefix(w.Body.String(), tt.body) {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, w.Code, w.Body.String(), tt.code, tt.body)
		}
	}
}

// TestEncodedSlashBypassListener sends the same requests over a real
// loopback connection.
func TestEncodedSlashBypassListener(t *testing.T) {
	srv := httptest.NewServer(encodedSlashRouter(t))
	defer srv.Close()
	for _, tt := range encodedSlashCases {
		code, body := get(t, srv.Client(), srv.URL+tt.path)
		if code != tt.code || !strings.HasPrefix(body, tt.body) {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, code, body, tt.code, tt.body)
		}
	}
}

// get sends a GET request and returns the status and body.
func get(t *testing.T, c *http.Client, url string) (int, string) {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// TestLongPathAttackListener sends hostile paths
// (hundreds of kilobytes against rules whose naive matching is quadratic)
// through a real listener. The linear bound itself is proven by
// FuzzSplitWork and BenchmarkLongPath; the client timeout only keeps a
// regression from hanging the suite.
func TestLongPathAttackListener(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/wiki/<path:page>/edit", Endpoint: "edit", Handler: echo("edit")},
		router.Rule{Path: "/<path:ns>/-/blob/<path:file>", Endpoint: "blob", Handler: echo("blob")},
	)
	srv := httptest.NewServer(r)
	defer srv.Close()
	c := srv.Client()
	c.Timeout = 30 * time.Second
	tests := []struct {
		path string
		code int
		body string
	}{
		{"/wiki/" + strings.Repeat("edit/", 60000) + "x", 404, ""},
		{"/wiki/a/b/edit", 200, "edit page=a/b"},
		{"/" + strings.Repeat("a/-/blob/", 30000) + "x", 200, "blob ns=a file=a/-/blob/"},
		{"/g/h/-/blob/main/x.go", 200, "blob ns=g/h file=main/x.go"},
	}
	for _, tt := range tests {
		code, body := get(t, c, srv.URL+tt.path)
		if code != tt.code || !strings.HasPrefix(body, tt.body) {
			t.Errorf("GET %.40s... (%d bytes) = %d %.60q, want %d %q", tt.path, len(tt.path), code, body, tt.code, tt.body)
		}
	}
}

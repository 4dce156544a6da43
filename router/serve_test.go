package router_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func TestServeHTTPHandlers(t *testing.T) {
	r := router.New()
	plain := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		io.WriteString(w, "plain id="+req.PathValue("id")+" c="+req.PathValue("c")+" pattern="+req.Pattern)
	})
	mustAdd := func(rule router.Rule) {
		t.Helper()
		if _, err := r.Add(rule); err != nil {
			t.Fatal(err)
		}
	}
	mustAdd(router.Rule{Path: "/plain/<int:id>", Handler: plain, Defaults: map[string]any{"c": "d"}})
	mustAdd(router.Rule{Path: "/fn/<id>", Handler: echo("fn")})
	mustAdd(router.Rule{Path: "/static", Handler: echo("static")})
	mustAdd(router.Rule{Path: "/static-plain", Handler: plain})
	mustAdd(router.Rule{Path: "/nohandler", Endpoint: "nh"})
	mustAdd(router.Rule{Path: "/nilfunc", Handler: router.HandlerFunc(nil)})
	mustAdd(router.Rule{Path: "/nilfunc/<x>", Handler: router.HandlerFunc(nil)})
	mustAdd(router.Rule{Path: "/pct/<x>", Handler: echo("pct")})
	tests := []struct {
		method, path string
		code         int
		body         string
	}{
		{"GET", "/plain/7", 200, "plain id=7 c=d pattern=/plain/<int:id>"},
		{"GET", "/fn/a%2Fb", 200, "fn id=a/b"},
		{"GET", "/static", 200, "static"},
		{"HEAD", "/static", 200, "static method=HEAD"},
		{"GET", "/static-plain", 200, "plain id= c= pattern=/static-plain"},
		{"GET", "/nohandler", 404, "Not Found\n"},
		{"GET", "/nilfunc", 404, "Not Found\n"},
		{"GET", "/nilfunc/1", 404, "Not Found\n"},
		{"GET", "/pct/100%25", 200, "pct x=100%"},
		{"GET", "/pct/a%20b", 200, "pct x=a b"},
		{"POST", "/static", 405, "Method Not Allowed\n"},
		{"GET", "/fn/%00", 400, "Bad Request\n"},
		{"GET", "/zzz", 404, "Not Found\n"},
	}
	for _, tt := range tests {
		w := serve(r, tt.method, tt.path, "")
		if w.Code != tt.code || w.Body.String() != tt.body {
			t.Errorf("%s %s = %d %q, want %d %q", tt.method, tt.path, w.Code, w.Body.String(), tt.code, tt.body)
		}
	}
	w := serve(r, "OPTIONS", "/static", "")
	if w.Code != 200 || w.Header().Get("Allow") != "GET, HEAD" || w.Header().Get("Content-Length") != "0" || w.Body.Len() != 0 {
		t.Errorf("OPTIONS = %d allow %q length %q body %q", w.Code, w.Header().Get("Allow"), w.Header().Get("Content-Length"), w.Body.String())
	}
}

func TestServeHTTPCustomResponses(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/a/<x>", Handler: echo("a")})
	var allowSeen string
	r.NotFound = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		w.WriteHeader(404)
		io.WriteString(w, "custom 404")
	})
	r.MethodNotAllowed = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		allowSeen = w.Header().Get("Allow")
		w.WriteHeader(405)
		io.WriteString(w, "custom 405")
	})
	r.BadRequest = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		w.WriteHeader(400)
		io.WriteString(w, "custom 400")
	})
	for _, tt := range []struct {
		method, path, body string
	}{{"GET", "/nope", "custom 404"}, {"PUT", "/a/1", "custom 405"}, {"GET", "/a/%ff", "custom 400"}} {
		if w := serve(r, tt.method, tt.path, ""); w.Body.String() != tt.body {
			t.Errorf("%s %s = %q, want %q", tt.method, tt.path, w.Body.String(), tt.body)
		}
	}
	if allowSeen != "GET, HEAD" {
		t.Errorf("MethodNotAllowed handler saw Allow %q", allowSeen)
	}
}

func TestHandlerFuncServeHTTP(t *testing.T) {
	var n int
	h := router.HandlerFunc(func(w http.ResponseWriter, r *http.Request, ps *router.Params) { n = ps.Len() + 1 })
	h.ServeHTTP(nil, nil)
	if n != 1 {
		t.Errorf("HandlerFunc.ServeHTTP passed %d params", n-1)
	}
}

// escapeOne escapes the first letter or digit of p as %XX, which means
// the same path but sends matching down its general (escape-aware) way
// instead of the fast one; ok is false when p has no such byte.
func escapeOne(p string) (string, bool) {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' {
			i += 2 // leave existing escapes alone
			continue
		}
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			return fmt.Sprintf("%s%%%02X%s", p[:i], c, p[i+1:]), true
		}
	}
	return "", false
}

// TestFastPathAgrees checks that plain requests, which ServeHTTP and Lookup
// match on a fast path, get exactly what the general matcher gives the same
// path with one byte escaped, and that ServeHTTP agrees with Lookup.
func TestFastPathAgrees(t *testing.T) {
	gh := loadRoutes(t, "testdata/github.txt")
	rg := router.New()
	for i, rt := range gh {
		if _, err := rg.Add(router.Rule{Path: rt.rule, Methods: []string{rt.method}, Endpoint: endpointName(i), Handler: echo(endpointName(i))}); err != nil {
			t.Fatal(err)
		}
	}
	var paths []string
	for _, rt := range gh {
		paths = append(paths, rt.path, rt.path+"/", rt.path+"/x", strings.TrimSuffix(rt.path, "/"+lastSegment(rt.path)))
	}
	check := func(r *router.Router, methods, paths []string) {
		t.Helper()
		for _, p := range paths {
			for _, method := range methods {
				want := lookedUpAs(r, method, "example.com", p)
				if got, ok := servedAs(r, method, "example.com", p); ok && !sameOutcome(got, want) && !(method == "OPTIONS" && strings.HasPrefix(want, "200 ")) {
					t.Errorf("ServeHTTP(%s %s) = %q, Lookup = %q", method, p, got, want)
				}
				if pe, ok := escapeOne(p); ok {
					// Redirects may differ in the Location text only.
					if slow := lookedUpAs(r, method, "example.com", pe); slow != want && !(strings.HasPrefix(want, "308 ") && strings.HasPrefix(slow, "308 ")) {
						t.Errorf("Lookup(%s %s) = %q, but Lookup(%s) = %q", method, p, want, pe, slow)
					}
				}
			}
		}
	}
	check(rg, []string{"GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"}, paths)
	// Overlapping static and dynamic rules, nothing that stops the fast path.
	overlap := router.New()
	for _, rule := range []router.Rule{
		{Path: "/users/new", Endpoint: "new"},
		{Path: "/users/new/x", Endpoint: "newx", Methods: []string{"POST"}},
		{Path: "/users/<int:id>", Endpoint: "int"},
		{Path: "/users/<slug>", Endpoint: "slug", Methods: []string{"GET", "DELETE"}},
		{Path: "/users/<slug>/x", Endpoint: "slugx"},
		{Path: "/users/<a>/<b>", Endpoint: "ab"},
		{Path: "/<any(users, teams):kind>/<int:id>/edit", Endpoint: "edit"},
	} {
		rule.Handler = echo(rule.Endpoint)
		if _, err := overlap.Add(rule); err != nil {
			t.Fatal(err)
		}
	}
	check(overlap, []string{"GET", "POST", "HEAD", "DELETE", "PUT"}, []string{
		"/users/new", "/users/new/x", "/users/7", "/users/bob", "/users/new/y", "/users/7/x", "/users/7/edit",
		"/teams/7/edit", "/users", "/users/", "/teams/x/edit", "/users/bob/x",
	})
	check(fuzzRouter(t), []string{"GET", "POST", "HEAD", "DELETE"}, []string{
		"/", "/users/new", "/users/42", "/users/bob", "/users/new/x", "/users/a/b/c", "/docs", "/docs/", "/lax", "/lax/",
		"/f/a.b.c", "/p/a/b/edit", "/t/-1.5/123e4567-e89b-12d3-a456-426614174000", "/a/x/007", "/s/ab/cd", "/h",
		"/old/7", "/all/", "/all/1", "/all/2", "/vp/v1/a/b/", "/vp/v1/a/b", "/fr/x", "/en/users", "/users/x", "/users/caf%C3%A9", "/users/a%2Fb", "//users/1",
	})
}

func lastSegment(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// TestServeMiss: the miss answers Router.ServeHTTP and fwk's App share.
func TestServeMiss(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/docs/", Endpoint: "docs"}, router.Rule{Path: "/form", Methods: []string{"POST"}},
		router.Rule{Path: "/i/<id>"})
	tests := []struct {
		method, target string
		code           int
		header, value  string
		failed         int
	}{
		{"GET", "/docs?x=1", 308, "Location", "/docs/?x=1", 0},
		{"OPTIONS", "/form", 200, "Allow", "POST", 0},
		{"GET", "/form", 0, "Allow", "POST", 405},
		{"GET", "/nothing", 0, "Allow", "", 404},
		{"GET", "/i/%00", 0, "", "", 400},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, tt.target, nil)
		var m router.Match
		r.Lookup(req.Method, req.Host, req.URL.EscapedPath(), &m)
		w := httptest.NewRecorder()
		failed := 0
		m.ServeMiss(w, req, func(status int) { failed = status })
		if tt.code != 0 && w.Code != tt.code || failed != tt.failed || tt.header != "" && w.Header().Get(tt.header) != tt.value {
			t.Errorf("%s %s: code %d %s=%q failed %d, want %d %q %d", tt.method, tt.target, w.Code, tt.header, w.Header().Get(tt.header), failed, tt.code, tt.value, tt.failed)
		}
	}
}

package router_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk/router"
)

// securityRouter has the rules the cases of research/security.md §3.2 run
// against.
func securityRouter(t *testing.T) *router.Router {
	t.Helper()
	r := router.New()
	add := func(rule router.Rule) {
		t.Helper()
		rule.Handler = echo(rule.Endpoint)
		if _, err := r.Add(rule); err != nil {
			t.Fatal(err)
		}
	}
	add(router.Rule{Path: "/b", Endpoint: "b"})
	add(router.Rule{Path: "/admin/", Endpoint: "admin"})
	add(router.Rule{Path: "/items/<id>", Endpoint: "item", Methods: []string{"GET", "POST"}})
	add(router.Rule{Path: "/docs/", Endpoint: "docs", Methods: []string{"GET", "POST"}})
	add(router.Rule{Path: "/form", Endpoint: "form", Methods: []string{"POST"}})
	add(router.Rule{Path: "/site/<name>/", Endpoint: "site"})
	add(router.Rule{Path: "/<a>/<b>/<c>", Endpoint: "three"})
	add(router.Rule{Path: "/<name>/", Endpoint: "dir"})
	add(router.Rule{Path: "/files/<path:p>", Endpoint: "files"})
	return r
}

func TestSecurityCases(t *testing.T) {
	r := securityRouter(t)
	tests := []struct {
		id           string
		method, path string
		host         string
		code         int
		body, loc    string // body prefix; exact Location
		allow        string
	}{
		{id: "1", method: "GET", path: "/a/../b", code: 308, loc: "/b"},
		{id: "1 no dotdot param", method: "GET", path: "/x/../b", code: 308, loc: "/b"},
		{id: "1 files", method: "GET", path: "/files/a/../../etc", code: 308, loc: "/etc/"},
		{id: "2", method: "GET", path: "/./admin/", code: 308, loc: "/admin/"},
		{id: "3", method: "GET", path: "/%2e%2e/etc/passwd", code: 404},
		{id: "3 files", method: "GET", path: "/files/%2e%2e/etc/passwd", code: 404},
		{id: "4", method: "GET", path: "/%252e%252e/", code: 200, body: "dir name=%2e%2e"},
		{id: "5", method: "GET", path: "//items/42", code: 308, loc: "/items/42"},
		{id: "6", method: "GET", path: "//evil.com/", code: 308, loc: "/evil.com/"},
		{id: "6 no slash", method: "GET", path: "//evil.com", code: 308, loc: "/evil.com/"},
		{id: "6 many", method: "GET", path: "///evil.com", code: 308, loc: "/evil.com/"},
		{id: "7", method: "GET", path: `/\evil.com`, code: 308, loc: "/%5Cevil.com/"},
		{id: "7 slash", method: "GET", path: `/\evil.com/`, code: 200, body: `dir name=\evil.com`},
		{id: "7 site", method: "GET", path: `/site/\evil.com`, code: 308, loc: "/site/%5Cevil.com/"},
		{id: "8", method: "GET", path: "/admin", host: "evil.com", code: 308, loc: "/admin/"},
		{id: "10", method: "GET", path: "/items/a%2Fb", code: 404}, // /items/a/b reaches "three"
		{id: "10 alone", method: "GET", path: "/items/a%2Fb%2Fc%2Fd", code: 200, body: "item id=a/b/c/d"},
		{id: "13", method: "GET", path: "/items/%00", code: 400},
		{id: "14", method: "GET", path: "/items/%ff", code: 400},
		{id: "14 raw", method: "GET", path: "/items/\xff\xfe", code: 400},
		{id: "18", method: "GET", path: "/items/42/", code: 404},
		{id: "19", method: "GET", path: "/docs", code: 308, loc: "/docs/"},
		{id: "20", method: "POST", path: "/docs", code: 308, loc: "/docs/"},
		{id: "21", method: "GET", path: "/ITEMS/42", code: 404},
		{id: "22", method: "HEAD", path: "/items/42", code: 200, body: "item id=42 method=HEAD"},
		{id: "23", method: "DELETE", path: "/items/42", code: 405, allow: "GET, HEAD, POST"},
		{id: "24", method: "OPTIONS", path: "/items/42", code: 200, allow: "GET, HEAD, POST"},
		{id: "25 lower", method: "post", path: "/form", code: 405, allow: "POST"},
		{id: "25 foo", method: "FOO", path: "/form", code: 405, allow: "POST"},
		{id: "26 as a parameter", method: "GET", path: "/admin;x=1/", code: 200, body: "dir name=admin;x=1"},
		{id: "27 as a parameter", method: "GET", path: "/ａdmin", code: 308, loc: "/%EF%BD%81dmin/"},
		{id: "query kept", method: "GET", path: "/docs?a=1&b=%2F", code: 308, loc: "/docs/?a=1&b=%2F"},
	}
	for _, tt := range tests {
		w := serve(r, tt.method, tt.path, tt.host)
		loc := w.Header().Get("Location")
		if w.Code != tt.code || loc != tt.loc || !strings.HasPrefix(w.Body.String(), tt.body) || w.Header().Get("Allow") != tt.allow {
			t.Errorf("#%s %s %q = %d %q loc %q allow %q, want %d %q loc %q allow %q",
				tt.id, tt.method, tt.path, w.Code, w.Body.String(), loc, w.Header().Get("Allow"), tt.code, tt.body, tt.loc, tt.allow)
		}
		if strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, `/\`) {
			t.Errorf("#%s %q: unsafe Location %q", tt.id, tt.path, loc)
		}
	}
}

// TestLiteralSegments covers cases #21, #26 and #27 on static rules: no
// parameter splitting, no case or Unicode folding.
func TestLiteralSegments(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/admin", Endpoint: "admin"}, router.Rule{Path: "/items/42", Endpoint: "i"})
	for _, p := range []string{"/admin;x=1", "/ａdmin", "/Admin", "/ITEMS/42", "/admin%3Bx=1", "/admin/"} {
		if got := outcome(r, "GET", "", p); got != "404" {
			t.Errorf("Lookup(%q) = %q, want 404", p, got)
		}
	}
}

// TestLocationNeverSchemeRelative tries hostile paths against slash and
// clean-path redirects.
func TestLocationNeverSchemeRelative(t *testing.T) {
	r := securityRouter(t)
	paths := []string{
		"//evil.com", "///evil.com", "//evil.com/", `/\evil.com`, `/\\evil.com`, `/\/evil.com`,
		"/%2F%2Fevil.com", "/%5Cevil.com", "/./evil.com", "/../evil.com", "/.//evil.com",
		"/x/..//evil.com", "//\\evil.com", "/\t/evil.com", "/ //evil.com", "/%09/evil.com",
		"/site//evil.com", "/site/%2F%2Fevil.com", "/files//evil.com", "//site/evil.com",
	}
	for _, p := range paths {
		var m router.Match
		r.Lookup("GET", "evil.com", p, &m)
		if m.Location == "" {
			continue
		}
		if !strings.HasPrefix(m.Location, "/") || strings.HasPrefix(m.Location, "//") || strings.HasPrefix(m.Location, `/\`) || strings.ContainsAny(m.Location, "\\\t\r\n ") {
			t.Errorf("Lookup(%q).Location = %q: not a safe path-only Location", p, m.Location)
		}
	}
}

// TestHugePaths is case #17: long paths and many segments are refused
// quickly, with bounded work.
func TestHugePaths(t *testing.T) {
	r := securityRouter(t)
	long := "/" + strings.Repeat("a", 8<<10)
	many := strings.Repeat("/a", 10000)
	manyDots := strings.Repeat("/..", 10000)
	manyFiles := "/files" + strings.Repeat("/a", 10000)
	start := time.Now()
	for _, tc := range []struct {
		path string
		code int
	}{{long, 308}, {many, 404}, {manyDots, 404}, {manyFiles, 200}, {many + "/", 404}} {
		var m router.Match
		r.Lookup("GET", "", tc.path, &m)
		if m.Status != tc.code {
			t.Errorf("Lookup(%d-byte path %q...) = %d, want %d", len(tc.path), tc.path[:12], m.Status, tc.code)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("huge paths took %v", d)
	}
	allocs := testing.AllocsPerRun(10, func() {
		var m router.Match
		r.Lookup("GET", "", many, &m)
	})
	if allocs > 2 {
		t.Errorf("Lookup of 10000 segments allocates %v times", allocs)
	}
}

// TestDuplicateRule is case #28.
func TestDuplicateRule(t *testing.T) {
	r := router.New()
	if err := r.Handle("GET", "/x", nil); err != nil {
		t.Fatal(err)
	}
	if err := r.Handle("GET", "/x", nil); !errors.Is(err, router.ErrConflict) {
		t.Errorf("second Handle(GET /x) = %v, want ErrConflict", err)
	}
}

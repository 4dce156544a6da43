package router_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk/router"
)

// wideRouter has n static children at the root, "res0" to "res<n-1>",
// each with a dynamic child: a crowded node whose texts stay in a map.
func wideRouter(tb testing.TB, n int) *router.Router {
	tb.Helper()
	r := router.New()
	for i := range n {
		name := "res" + strconv.Itoa(i)
		if _, err := r.Add(router.Rule{Path: "/" + name + "/items/<id>", Endpoint: name, Handler: echo(name)}); err != nil {
			tb.Fatal(err)
		}
	}
	return r
}

// TestEscapedSegmentAtWideNode: a path segment holding an escape reaches
// the static child it decodes to without a scan over every child, which
// made "/res1%32/items/1" cost 5,000 times a plain request against 20,000
// children (238 µs against 45 ns), through a real listener as well. The
// bound compares the same request against 200 and 20,000 children: flat
// now, 146 times slower before.
func TestEscapedSegmentAtWideNode(t *testing.T) {
	small, big := wideRouter(t, 200), wideRouter(t, 20000)
	srv := httptest.NewServer(big)
	defer srv.Close()
	for _, tt := range []struct{ path, want string }{
		{"/res1%32/items/1", "res12 id=1"},
		{"/%72es19999/items/x", "res19999 id=x"},
		{"/RES12/items/1", ""},
		{"/res1%2F2/items/1", ""},
		{"/res1%7A/items/1", ""},
	} {
		code, body := get(t, srv.Client(), srv.URL+tt.path)
		if tt.want == "" && code != 404 || tt.want != "" && (code != 200 || body != tt.want) {
			t.Errorf("GET %s = %d %q, want %q", tt.path, code, body, tt.want)
		}
	}
	cost := func(r *router.Router) time.Duration {
		var m router.Match
		best := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			for range 200 {
				r.Lookup("GET", "", "/res1%32/items/1", &m)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	if s, b := cost(small), cost(big); b > 10*s+time.Millisecond {
		t.Errorf("an escaped segment costs %v per 200 lookups against 20,000 children, %v against 200", b, s)
	}
}

// BenchmarkEscapedWide looks up a path whose first segment holds an
// escape, against a root of 20,000 static children.
func BenchmarkEscapedWide(b *testing.B) {
	r := wideRouter(b, 20000)
	var m router.Match
	b.ReportAllocs()
	for b.Loop() {
		r.Lookup("GET", "", "/res1%32/items/1", &m)
	}
}

// attackRouter has rules of every kind the walk treats apart: joined
// static chains, a crowded node, a catch-all beside a guarded subtree,
// composite segments, empty segments (MergeSlashes false), strict and lax
// slashes, RedirectTo, an alias, defaults, and host and subdomain rules
// with parameters under a DefaultSubdomain.
func attackRouter(tb testing.TB) *router.Router {
	tb.Helper()
	no := false
	rules := []router.Rule{
		{Path: "/", Endpoint: "root"},
		{Path: "/api/v1/items", Endpoint: "items"},
		{Path: "/api/v1/items/<int:id>", Endpoint: "item", Methods: []string{"GET", "PUT", "DELETE"}},
		{Path: "/api/v1/items/<int:id>/tags/all/list", Endpoint: "tags"},
		{Path: "/api/<ver>/x", Endpoint: "verx"},
		{Path: "/api/<path:rest>", Endpoint: "apirest"},
		{Path: "/admin/<path:p>", Endpoint: "admin"},
		{Path: "/admin/a/b/c", Endpoint: "adminabc"},
		{Path: "/<path:p>", Endpoint: "catch"},
		{Path: "/m//x", Endpoint: "nomerge", MergeSlashes: &no},
		{Path: "/lax/a/b/", Endpoint: "lax", StrictSlashes: &no},
		{Path: "/strict/a/b/", Endpoint: "strict"},
		{Path: "/f/<name>.<ext>", Endpoint: "nameext"},
		{Path: "/old/a/<int:id>", RedirectTo: "/api/v1/items/<int:id>"},
		{Path: "/al/i/x", Endpoint: "items", Alias: true},
		{Path: "/pg/a/", Endpoint: "pg", Defaults: map[string]any{"n": 1}},
		{Path: "/pg/a/<int:n>", Endpoint: "pg"},
		{Path: "/h/a/b", Endpoint: "hostab", Host: "example.test"},
		{Path: "/h/a/b", Endpoint: "subab", Subdomain: "<user>"},
		{Path: "/s/<int:n>/t", Endpoint: "subn", Subdomain: "<lang>.<int:v>"},
	}
	for i := range 10 {
		c := string(rune('a' + i))
		rules = append(rules, router.Rule{Path: "/k/r" + c + "/i", Endpoint: "kr" + c})
	}
	r := router.New()
	r.ServerName, r.DefaultSubdomain = "example.test", "www"
	for _, rule := range rules {
		rule.Handler = echo(rule.Endpoint)
		if _, err := r.Add(rule); err != nil {
			tb.Fatal(err)
		}
	}
	return r
}

// rawCases are request lines a Go client would clean or refuse to send.
var rawCases = []struct {
	line, host string
	code       int
	loc, body  string
}{
	{"GET //evil.com/ HTTP/1.1", "www.example.test", 308, "/evil.com/", ""},
	{"GET ///evil.com/%2e%2e HTTP/1.1", "evil.com", 404, "", "Not Found\n"},
	{"GET /\\evil.com/ HTTP/1.1", "evil.com", 200, "", "catch p=\\evil.com/"},
	{"GET /../../etc/passwd HTTP/1.1", "", 308, "/etc/passwd", ""},
	{"GET /%2e%2e/%2e%2e/etc HTTP/1.1", "", 404, "", "Not Found\n"},
	{"GET /strict/a/b?x=//evil.com HTTP/1.1", "www.example.test", 308, "/strict/a/b/?x=//evil.com", ""},
	{"GET /api%2Fv1%2Fitems HTTP/1.1", "", 404, "", "Not Found\n"},
	{"GET /admin%2Fa/b/c HTTP/1.1", "", 404, "", "Not Found\n"},
	{"GET /admin/a%2Fb/c HTTP/1.1", "", 404, "", "Not Found\n"},
	{"GET /k/r%61/i HTTP/1.1", "", 200, "", "kra"},
	{"GET /%6B/r%61/i HTTP/1.1", "", 200, "", "kra"},
	{"GET /%61pi/v%31/items HTTP/1.1", "", 200, "", "items"},
	{"GET /%73trict/a/b HTTP/1.1", "", 308, "/%73trict/a/b/", ""},
	{"GET /k/r%61%2F/i HTTP/1.1", "", 200, "", "catch p=k/ra//i"},
	{"GET /api/v1/items/1/tags/all HTTP/1.1", "", 200, "", "apirest rest=v1/items/1/tags/all"},
	{"GET /api/v1%2Fitems/1/tags/all/list HTTP/1.1", "", 404, "", "Not Found\n"},
	{"GET /%00 HTTP/1.1", "", 400, "", "Bad Request\n"},
	{"GET /api/%C0%AF HTTP/1.1", "", 400, "", "Bad Request\n"},
	{"GET /m//x HTTP/1.1", "", 200, "", "nomerge"},
	{"GET /old/a/5?q=1 HTTP/1.1", "", 308, "/api/v1/items/5?q=1", ""},
	{"GET /al/i/x HTTP/1.1", "", 308, "/api/v1/items", ""},
	{"GET /pg/a/1 HTTP/1.1", "", 308, "/pg/a/", ""},
	{"GET /h/a/b HTTP/1.1", "EXAMPLE.test:80", 200, "", "hostab"},
	{"GET /h/a/b HTTP/1.1", "", 200, "", "subab user=www"},
	{"GET /s/1/t HTTP/1.1", "en.2.example.test", 200, "", "subn n=1 lang=en v=2"},
	{"GET /s/1/t HTTP/1.1", "[::1", 200, "", "catch p=s/1/t"},
	{"GET http://evil.com HTTP/1.1", "www.example.test", 200, "", "root"},
	{"POST /api/v1/items HTTP/1.1", "", 405, "", "Method Not Allowed\n"},
	{"OPTIONS /api/v1/items/3 HTTP/1.1", "", 200, "", ""},
	{"HEAD /api/v1/items HTTP/1.1", "", 200, "", ""},
}

// TestRawAttackListener sends rawCases over raw TCP connections to a real
// server: each gets its answer (a Location is path-only, 405 and OPTIONS
// answers carry Allow), and the server serves on.
func TestRawAttackListener(t *testing.T) {
	srv := httptest.NewServer(attackRouter(t))
	defer srv.Close()
	for _, tt := range rawCases {
		resp, body := rawRequest(t, srv.Listener.Addr().String(), tt.line, tt.host)
		loc := resp.Header.Get("Location")
		if resp.StatusCode != tt.code || loc != tt.loc || body != tt.body {
			t.Errorf("%q on %q = %d %q %q, want %d %q %q", tt.line, tt.host, resp.StatusCode, loc, body, tt.code, tt.loc, tt.body)
		}
		allow := resp.Header.Get("Allow")
		if (resp.StatusCode == 405 || strings.HasPrefix(tt.line, "OPTIONS")) && allow == "" {
			t.Errorf("%q: %d without Allow", tt.line, resp.StatusCode)
		}
	}
}

// rawRequest writes line and a Host header on a new connection to addr
// and returns the response and its body.
func rawRequest(t *testing.T, addr, line, host string) (*http.Response, string) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.SetDeadline(time.Now().Add(5 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(c, line+"\r\nHost: "+host+"\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	method, _, _ := strings.Cut(line, " ")
	resp, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return resp, string(body)
}

package router_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// TestZeroAllocMatching proves the zero-allocation claims of Lookup and
// ServeHTTP.
func TestZeroAllocMatching(t *testing.T) {
	var rule20, path20 strings.Builder
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&rule20, "/<p%d>", i)
		fmt.Fprintf(&path20, "/v%d", i)
	}
	r := newRouter(t,
		router.Rule{Path: "/static/page", Handler: nopHandler},
		router.Rule{Path: "/users/<int:id>", Handler: nopHandler},
		router.Rule{Path: "/users/<int:id>/posts/<slug>", Handler: nopHandler, Methods: []string{"GET", "POST"}},
		router.Rule{Path: "/p20" + rule20.String(), Handler: nopHandler},
		router.Rule{Path: "/files/<path:p>", Handler: nopHandler},
		router.Rule{Path: "/f/<name>.<ext>", Handler: nopHandler},
		router.Rule{Path: "/docs/", Handler: nopHandler},
		router.Rule{Path: "/d/<x>", Handler: nopHandler, Defaults: map[string]any{"k": 1}},
	)
	tests := []struct {
		method, path string
		status       int
	}{
		{"GET", "/static/page", 200},
		{"HEAD", "/static/page", 200},
		{"GET", "/users/42", 200},
		{"POST", "/users/42/posts/hello-world", 200},
		{"GET", "/p20" + path20.String(), 200},
		{"GET", "/files/a/b/c.txt", 200},
		{"GET", "/f/a.b.c", 200},
		{"GET", "/d/x", 200},
		{"DELETE", "/users/42/posts/x", 405},
		{"OPTIONS", "/users/42", 200},
		{"GET", "/nothing/here", 404},
	}
	var m router.Match
	w := newNullWriter()
	for _, tt := range tests {
		r.Lookup(tt.method, "", tt.path, &m)
		if m.Status != tt.status {
			t.Fatalf("Lookup(%s %s) = %d, want %d", tt.method, tt.path, m.Status, tt.status)
		}
		if a := testing.AllocsPerRun(100, func() { r.Lookup(tt.method, "", tt.path, &m) }); a != 0 {
			t.Errorf("Lookup(%s %s) allocates %v times", tt.method, tt.path, a)
		}
		req, _ := http.NewRequest(tt.method, tt.path, nil)
		if a := testing.AllocsPerRun(100, func() { r.ServeHTTP(w, req) }); a != 0 && m.Route != nil {
			t.Errorf("ServeHTTP(%s %s) allocates %v times", tt.method, tt.path, a)
		}
	}
}

func TestZeroAllocBuilding(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/users/<int:id>/posts/<slug>", Endpoint: "post"},
		router.Rule{Path: "/files/<path:p>", Endpoint: "files"},
		router.Rule{Path: "/about", Endpoint: "about"},
	)
	args := []any{"id", 12345, "slug", "hello world", "q", "x y", "n", 3}
	buf := make([]byte, 0, 128)
	if a := testing.AllocsPerRun(100, func() { buf, _, _ = r.AppendBuild(buf[:0], "post", nil, args...) }); a != 0 {
		t.Errorf("AppendBuild allocates %v times", a)
	}
	if string(buf) != "/users/12345/posts/hello%20world?n=3&q=x+y" {
		t.Errorf("AppendBuild = %q", buf)
	}
	fargs := []any{"p", "a/b/c"}
	if a := testing.AllocsPerRun(100, func() { buf, _, _ = r.AppendBuild(buf[:0], "files", nil, fargs...) }); a != 0 {
		t.Errorf("AppendBuild(files) allocates %v times", a)
	}
	if a := testing.AllocsPerRun(100, func() { _, _ = r.Build("post", args...) }); a > 1 {
		t.Errorf("Build allocates %v times, want at most 1", a)
	}
	if a := testing.AllocsPerRun(100, func() { _, _ = r.Build("about") }); a > 1 {
		t.Errorf("Build(about) allocates %v times, want at most 1", a)
	}
}

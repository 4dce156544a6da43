package router_test

import (
	"net/http/httptest"
	"strconv"
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

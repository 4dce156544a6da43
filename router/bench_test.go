package router_test

import (
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// benchServe requests every route once per op through ServeHTTP, reusing one
// request like the go-http-routing-benchmark suite.
func benchServe(b *testing.B, r *router.Router, routes []benchRoute) {
	w := newNullWriter()
	req, _ := http.NewRequest("GET", "/", nil)
	u := req.URL
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, rt := range routes {
			req.Method = rt.method
			u.Path = rt.path
			req.RequestURI = rt.path
			r.ServeHTTP(w, req)
		}
	}
}

func BenchmarkGithubAll(b *testing.B) {
	routes := loadRoutes(b, "testdata/github.txt")
	benchServe(b, loadRouter(b, routes), routes)
}

func BenchmarkStaticAll(b *testing.B) {
	routes := loadRoutes(b, "testdata/static.txt")
	benchServe(b, loadRouter(b, routes), routes)
}

// BenchmarkGithubLookup times Lookup alone over the GitHub set.
func BenchmarkGithubLookup(b *testing.B) {
	routes := loadRoutes(b, "testdata/github.txt")
	r := loadRouter(b, routes)
	var m router.Match
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, rt := range routes {
			r.Lookup(rt.method, "", rt.path, &m)
		}
	}
}

func benchSingle(b *testing.B, rule, path string) {
	r := router.New()
	if _, err := r.Add(router.Rule{Path: rule, Handler: nopHandler}); err != nil {
		b.Fatal(err)
	}
	benchServe(b, r, []benchRoute{{"GET", rule, path}})
}

func BenchmarkParam(b *testing.B) { benchSingle(b, "/user/<name>", "/user/gordon") }

func BenchmarkParam5(b *testing.B) {
	benchSingle(b, "/<a>/<b>/<c>/<d>/<e>", "/test/test/test/test/test")
}

func BenchmarkParam20(b *testing.B) {
	var rule, path strings.Builder
	for c := 'a'; c < 'a'+20; c++ {
		fmt.Fprintf(&rule, "/<%c>", c)
		fmt.Fprintf(&path, "/%c", c)
	}
	benchSingle(b, rule.String(), path.String())
}

// BenchmarkBuildGithub builds the URL of every GitHub route once per op into
// a reused buffer (AppendBuild) and as a new string (Build).
func BenchmarkBuildGithub(b *testing.B) {
	routes := loadRoutes(b, "testdata/github.txt")
	r := loadRouter(b, routes)
	names := make([]string, len(routes))
	args := make([][]any, len(routes))
	for i := range routes {
		names[i] = endpointName(i)
		for _, name := range r.RoutesFor(names[i])[0].ParamNames() {
			args[i] = append(args[i], name, "value"+name[:1])
		}
	}
	var m router.Match
	r.Lookup("GET", "", "/", &m) // freeze: building is lock-free from then on
	b.Run("AppendBuild", func(b *testing.B) {
		buf := make([]byte, 0, 256)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for j := range routes {
				var err error
				if buf, _, err = r.AppendBuild(buf[:0], names[j], nil, args[j]...); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("Build", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for j := range routes {
				if _, err := r.Build(names[j], args[j]...); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkAdd10k registers 5,000 "GET /api/v1/resN/items/<id>" and 5,000
// "POST /api/v1/resN/items" rules per op, then freezes the router with a
// first Lookup, and reports the heap retained per route.
func BenchmarkAdd10k(b *testing.B) {
	const n = 5000
	paths := make([]string, 2*n)
	for i := 0; i < n; i++ {
		paths[2*i] = fmt.Sprintf("/api/v1/res%d/items/<id>", i)
		paths[2*i+1] = fmt.Sprintf("/api/v1/res%d/items", i)
	}
	get, post := []string{"GET"}, []string{"POST"}
	add := func() *router.Router {
		r := router.New()
		for i, p := range paths {
			m := get
			if i%2 == 1 {
				m = post
			}
			if _, err := r.Add(router.Rule{Path: p, Methods: m, Handler: nopHandler}); err != nil {
				b.Fatal(err)
			}
		}
		var m router.Match
		r.Lookup("GET", "", "/", &m)
		return r
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	keep := add()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keep)
	perRoute := float64(after.HeapAlloc-before.HeapAlloc) / float64(len(paths))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		add()
	}
	b.ReportMetric(perRoute, "heapB/route")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(paths)), "ns/route")
}

// BenchmarkLongPath requests hostile paths of 1 KB to 1 MB against rules
// whose naive matching is quadratic: the time per byte (see MB/s)
// stays flat as the path grows.
func BenchmarkLongPath(b *testing.B) {
	cases := []struct{ name, rule, prefix, unit string }{
		{"edit", "/wiki/<path:page>/edit", "/wiki/", "edit/"},
		{"blob", "/<path:ns>/-/blob/<path:file>", "/", "a/-/blob/"},
		{"dots", "/f/<a>.<b>.<c>", "/f/", "a."},
	}
	for _, c := range cases {
		r := router.New()
		if _, err := r.Add(router.Rule{Path: c.rule, Handler: nopHandler}); err != nil {
			b.Fatal(err)
		}
		for _, size := range []int{1 << 10, 1 << 14, 1 << 18, 1 << 20} {
			p := c.prefix + strings.Repeat(c.unit, size/len(c.unit)) + "x"
			b.Run(fmt.Sprintf("%s/%dKB", c.name, size>>10), func(b *testing.B) {
				var m router.Match
				b.SetBytes(int64(len(p)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					r.Lookup("GET", "", p, &m)
				}
			})
		}
	}
}

// BenchmarkBuildInt appends the URL of "/users/<int:id>/posts/<int(4):n>"
// from Go int values, the common case of building from a model's id.
func BenchmarkBuildInt(b *testing.B) {
	r := router.New()
	if _, err := r.Add(router.Rule{Path: "/users/<int:id>/posts/<int(4):n>", Endpoint: "post"}); err != nil {
		b.Fatal(err)
	}
	args := []any{"id", 42, "n", int64(7)}
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var err error
		if buf, _, err = r.AppendBuild(buf[:0], "post", nil, args...); err != nil || string(buf) != "/users/42/posts/0007" {
			b.Fatal(string(buf), err)
		}
	}
}

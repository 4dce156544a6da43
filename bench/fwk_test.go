package bench

// The fwk router: rules in the Werkzeug syntax with the plain string
// converter ("<owner>"), route i under the endpoint routeName(i).

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func fwkNoop(http.ResponseWriter, *http.Request, *router.Params) {}

func loadFwk(routes []route, hit func(int)) (http.Handler, error) {
	r, err := newFwk(routes, fwkHandlers(hit))
	if err != nil {
		return nil, err
	}
	return r, nil
}

// fwkHandlers returns the no-op handlers, or those calling hit(i).
func fwkHandlers(hit func(int)) func(i int) router.HandlerFunc {
	return func(i int) router.HandlerFunc {
		if hit == nil {
			return fwkNoop
		}
		return func(http.ResponseWriter, *http.Request, *router.Params) { hit(i) }
	}
}

// newFwk registers routes on a new fwk router, route i with the handler
// handler(i), and freezes it (the first Lookup does), as serving the first
// request would: registration then includes the freeze and building uses
// the lock-free table of a serving router.
func newFwk(routes []route, handler func(i int) router.HandlerFunc) (*router.Router, error) {
	r := router.New()
	for i, rt := range routes {
		_, err := r.Add(router.Rule{
			Path:     rt.angle,
			Methods:  []string{rt.method},
			Endpoint: rt.name,
			Handler:  handler(i),
		})
		if err != nil {
			return nil, fmt.Errorf("fwk: %s %s: %w", rt.method, rt.pattern, err)
		}
	}
	r.Lookup(http.MethodGet, "", "/", new(router.Match))
	return r, nil
}

// fwkBuilders returns the fwk URL builders: Build, which returns a new
// string, and AppendBuild into a reused buffer.
func fwkBuilders() []builder {
	return []builder{
		{"fwk", prepareFwkBuild},
		{"fwk-append", prepareFwkAppendBuild},
	}
}

// fwkBuildSetup registers routes and returns the router, the endpoint
// names and the name, value arguments of each route.
func fwkBuildSetup(tb testing.TB, routes []route) (*router.Router, []string, [][]any) {
	tb.Helper()
	r, err := newFwk(routes, fwkHandlers(nil))
	if err != nil {
		tb.Fatal(err)
	}
	names := make([]string, len(routes))
	for i := range names {
		names[i] = routeName(i)
	}
	return r, names, anyPairs(buildPairs(routes), false)
}

func prepareFwkBuild(tb testing.TB, routes []route) (func(int) string, func() int) {
	r, names, args := fwkBuildSetup(tb, routes)
	url := func(i int) string {
		u, err := r.Build(names[i], args[i]...)
		if err != nil {
			tb.Fatalf("fwk: route %d: %v", i, err)
		}
		return u
	}
	all := func() int {
		n := 0
		for i, name := range names {
			u, _ := r.Build(name, args[i]...)
			n += len(u)
		}
		return n
	}
	return url, all
}

func prepareFwkAppendBuild(tb testing.TB, routes []route) (func(int) string, func() int) {
	r, names, args := fwkBuildSetup(tb, routes)
	buf := make([]byte, 0, 256)
	url := func(i int) string {
		b, _, err := r.AppendBuild(buf[:0], names[i], nil, args[i]...)
		if err != nil {
			tb.Fatalf("fwk-append: route %d: %v", i, err)
		}
		return string(b)
	}
	all := func() int {
		n := 0
		for i, name := range names {
			buf, _, _ = r.AppendBuild(buf[:0], name, nil, args[i]...)
			n += len(buf)
		}
		return n
	}
	return url, all
}

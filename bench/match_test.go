package bench

// Match + dispatch: every route of a set requested once per op
// (BenchmarkGithubAll, ...), and single routes with 1, 5 and 20 params.

import (
	"net/http"
	"testing"
)

// sets are the route sets of the *All benchmarks.
func sets() []string { return []string{"github", "gplus", "parse", "static"} }

// TestRoutersServeEveryRoute checks, before anything is timed, that every
// route of every set reaches its own handler with the request the
// benchmarks send, and that an unknown path is a 404.
func TestRoutersServeEveryRoute(t *testing.T) {
	for _, set := range sets() {
		checkRouters(t, routers(), set, loadRoutes(t, set))
	}
	for _, s := range singleRoutes() {
		checkRouters(t, routers(), s.name, []route{s.r})
	}
	checkRouters(t, registerRouters(), "10k", manyRoutes(10_000))
}

func checkRouters(t *testing.T, cs []contestant, set string, routes []route) {
	t.Helper()
	for _, c := range cs {
		hit := -1
		h, err := c.load(routes, func(i int) { hit = i })
		if err != nil {
			t.Errorf("%s/%s: %v", set, c.name, err)
			continue
		}
		req := newRequest(t)
		bad := 0
		for i, r := range routes {
			hit = -1
			w := new(mockResponseWriter)
			setRoute(req, r)
			h.ServeHTTP(w, req)
			if hit != i || w.statusCode() != http.StatusOK {
				bad++
				if bad <= 3 {
					t.Errorf("%s/%s: %s %s reached route %d with status %d, want route %d (%s) with 200",
						set, c.name, r.method, r.path, hit, w.statusCode(), i, r.pattern)
				}
			}
		}
		if bad > 3 {
			t.Errorf("%s/%s: %d of %d routes missed", set, c.name, bad, len(routes))
		}
		// Two segments: echo lets the last param of Param5 take several
		// segments, so a deeper unknown path would reach it.
		hit = -1
		w := new(mockResponseWriter)
		setRoute(req, route{method: "GET", path: "/no-such/route"})
		h.ServeHTTP(w, req)
		if hit != -1 || w.statusCode() != http.StatusNotFound {
			t.Errorf("%s/%s: unknown path reached route %d with status %d, want 404", set, c.name, hit, w.statusCode())
		}
	}
}

// benchSet runs one sub-benchmark per router (and the direct floor) over
// routes.
func benchSet(b *testing.B, routes []route) {
	benchEach(b, append(routers(), contestant{name: "direct", load: loadDirect}), routes)
}

// benchEach runs one sub-benchmark per contestant over routes.
func benchEach(b *testing.B, cs []contestant, routes []route) {
	for _, c := range cs {
		b.Run(c.name, func(b *testing.B) {
			h, err := c.load(routes, nil)
			if err != nil {
				b.Skip(err)
			}
			benchRoutes(b, h, routes)
		})
	}
}

func BenchmarkGithubAll(b *testing.B) { benchSet(b, loadRoutes(b, "github")) }
func BenchmarkGPlusAll(b *testing.B)  { benchSet(b, loadRoutes(b, "gplus")) }
func BenchmarkParseAll(b *testing.B)  { benchSet(b, loadRoutes(b, "parse")) }
func BenchmarkStaticAll(b *testing.B) { benchSet(b, loadRoutes(b, "static")) }

// singleRoute returns the single-route set called name.
func singleRoute(tb testing.TB, name string) []route {
	tb.Helper()
	for _, s := range singleRoutes() {
		if s.name == name {
			return []route{s.r}
		}
	}
	tb.Fatalf("no single route %q", name)
	return nil
}

func BenchmarkParam(b *testing.B)   { benchSet(b, singleRoute(b, "Param")) }
func BenchmarkParam5(b *testing.B)  { benchSet(b, singleRoute(b, "Param5")) }
func BenchmarkParam20(b *testing.B) { benchSet(b, singleRoute(b, "Param20")) }

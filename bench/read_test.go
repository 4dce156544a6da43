package bench

// Match + dispatch with handlers that read every parameter
// (BenchmarkGithubAllRead, BenchmarkParamRead, ...). With no-op handlers, a
// router that extracts values lazily (bunrouter keeps the path and the
// matched node, and finds a value when asked) looks free next to one that
// hands every value to its handler (fwk, gin, echo, httprouter). Here each
// handler reads each parameter of its route by name, through its router's
// own API, as a real handler does, and stores the value in a slot of a
// readSink, so that no read can be optimised away. The no-op benchmarks
// stay as they were: the router targets in bench/README are set on them.

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
	"github.com/julienschmidt/httprouter"
	"github.com/labstack/echo/v4"
	"github.com/uptrace/bunrouter"
)

// readSink is where the handlers of the read benchmarks store what they
// read: hit is the last route served, vals[i] the values route i read, in
// the order of names[i], its parameter names.
type readSink struct {
	hit   int
	names [][]string
	vals  [][]string
}

func newReadSink(routes []route) *readSink {
	s := &readSink{hit: -1, names: make([][]string, len(routes)), vals: make([][]string, len(routes))}
	for i, rt := range routes {
		s.names[i] = paramNames(rt.pattern)
		s.vals[i] = make([]string, len(s.names[i]))
	}
	return s
}

// readLoader builds a router whose handler for route i sets s.hit to i and
// stores the value of each parameter of route i, read by name, in s.vals[i].
type readLoader func(routes []route, s *readSink) (http.Handler, error)

func readFwk(routes []route, s *readSink) (http.Handler, error) {
	r, err := newFwk(routes, func(i int) router.HandlerFunc {
		names, out := s.names[i], s.vals[i]
		return func(_ http.ResponseWriter, _ *http.Request, ps *router.Params) {
			s.hit = i
			for k, name := range names {
				out[k] = ps.Get(name)
			}
		}
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

func readGin(routes []route, s *readSink) (http.Handler, error) {
	return newGin(routes, func(i int) gin.HandlerFunc {
		names, out := s.names[i], s.vals[i]
		return func(c *gin.Context) {
			s.hit = i
			for k, name := range names {
				out[k] = c.Param(name)
			}
		}
	})
}

func readBunrouter(routes []route, s *readSink) (http.Handler, error) {
	return newBunrouter(routes, func(i int) bunrouter.HandlerFunc {
		names, out := s.names[i], s.vals[i]
		return func(_ http.ResponseWriter, req bunrouter.Request) error {
			s.hit = i
			for k, name := range names {
				out[k] = req.Param(name)
			}
			return nil
		}
	})
}

func readEcho(routes []route, s *readSink) (http.Handler, error) {
	return catch("echo", func() http.Handler {
		return newEcho(routes, func(i int) echo.HandlerFunc {
			names, out := s.names[i], s.vals[i]
			return func(c echo.Context) error {
				s.hit = i
				for k, name := range names {
					out[k] = c.Param(name)
				}
				return nil
			}
		})
	})
}

func readHTTPRouter(routes []route, s *readSink) (http.Handler, error) {
	return newHTTPRouter(routes, func(i int) httprouter.Handle {
		names, out := s.names[i], s.vals[i]
		return func(_ http.ResponseWriter, _ *http.Request, ps httprouter.Params) {
			s.hit = i
			for k, name := range names {
				out[k] = ps.ByName(name)
			}
		}
	})
}

func readChi(routes []route, s *readSink) (http.Handler, error) {
	return newChi(routes, func(i int) http.HandlerFunc {
		names, out := s.names[i], s.vals[i]
		return func(_ http.ResponseWriter, r *http.Request) {
			s.hit = i
			for k, name := range names {
				out[k] = chi.URLParam(r, name)
			}
		}
	})
}

func readGorillaMux(routes []route, s *readSink) (http.Handler, error) {
	return catch("gorillamux", func() http.Handler {
		return newGorillaMux(routes, func(i int) http.HandlerFunc {
			names, out := s.names[i], s.vals[i]
			return func(_ http.ResponseWriter, r *http.Request) {
				s.hit = i
				vars := mux.Vars(r)
				for k, name := range names {
					out[k] = vars[name]
				}
			}
		})
	})
}

func readServeMux(routes []route, s *readSink) (http.Handler, error) {
	return newServeMux(routes, func(i int) http.HandlerFunc {
		names, out := s.names[i], s.vals[i]
		return func(_ http.ResponseWriter, r *http.Request) {
			s.hit = i
			for k, name := range names {
				out[k] = r.PathValue(name)
			}
		}
	})
}

// pathValues returns the values a request for rt must give its parameters:
// the segments of rt.path where rt.pattern has a ":name" segment.
func pathValues(rt route) []string {
	pattern, path := strings.Split(rt.pattern, "/"), strings.Split(rt.path, "/")
	vals := []string{}
	for i, seg := range pattern {
		if strings.HasPrefix(seg, ":") {
			vals = append(vals, path[i])
		}
	}
	return vals
}

// readSets returns the route sets the read test checks: the sets with
// parameters and the single routes.
func readSets(tb testing.TB) map[string][]route {
	tb.Helper()
	sets := map[string][]route{}
	for _, name := range []string{"github", "gplus", "parse"} {
		sets[name] = loadRoutes(tb, name)
	}
	for _, s := range singleRoutes() {
		sets[s.name] = []route{s.r}
	}
	return sets
}

// TestRoutersReadEveryParam checks, before anything is timed, that the
// handlers of the read benchmarks reach their own route and read the right
// value for every parameter, with the requests the benchmarks send.
func TestRoutersReadEveryParam(t *testing.T) {
	for set, routes := range readSets(t) {
		for _, c := range routers() {
			checkReads(t, c, set, routes)
		}
	}
}

func checkReads(t *testing.T, c contestant, set string, routes []route) {
	t.Helper()
	s := newReadSink(routes)
	h, err := c.read(routes, s)
	if err != nil {
		t.Errorf("%s/%s: %v", set, c.name, err)
		return
	}
	req := newRequest(t)
	bad := 0
	for i, rt := range routes {
		s.hit = -1
		clear(s.vals[i])
		w := new(mockResponseWriter)
		setRoute(req, rt)
		h.ServeHTTP(w, req)
		want := pathValues(rt)
		if s.hit != i || w.statusCode() != http.StatusOK || !slices.Equal(s.vals[i], want) {
			if bad++; bad <= 3 {
				t.Errorf("%s/%s: %s %s reached route %d with status %d and read %q, want route %d (%s) with 200 and %q",
					set, c.name, rt.method, rt.path, s.hit, w.statusCode(), s.vals[i], i, rt.pattern, want)
			}
		}
	}
	if bad > 3 {
		t.Errorf("%s/%s: %d of %d routes read wrong", set, c.name, bad, len(routes))
	}
}

func TestPathValues(t *testing.T) {
	tests := []struct {
		r    route
		want []string
	}{
		{route{pattern: "/", path: "/"}, []string{}},
		{route{pattern: "/repos/:owner/:repo/events", path: "/repos/owner1/repo1/events"}, []string{"owner1", "repo1"}},
		{route{pattern: "/user/:name", path: "/user/gordon"}, []string{"gordon"}},
	}
	for _, tt := range tests {
		if got := pathValues(tt.r); !slices.Equal(got, tt.want) {
			t.Errorf("pathValues(%q, %q) = %q, want %q", tt.r.pattern, tt.r.path, got, tt.want)
		}
	}
}

// benchReadSet runs one sub-benchmark per router over routes, with the
// handlers that read every parameter.
func benchReadSet(b *testing.B, routes []route) {
	var cs []contestant
	for _, c := range routers() {
		read := c.read
		cs = append(cs, contestant{name: c.name, load: func(routes []route, _ func(int)) (http.Handler, error) {
			return read(routes, newReadSink(routes))
		}})
	}
	benchEach(b, cs, routes)
}

func BenchmarkGithubAllRead(b *testing.B) { benchReadSet(b, loadRoutes(b, "github")) }

func BenchmarkParamRead(b *testing.B)   { benchReadSet(b, singleRoute(b, "Param")) }
func BenchmarkParam5Read(b *testing.B)  { benchReadSet(b, singleRoute(b, "Param5")) }
func BenchmarkParam20Read(b *testing.B) { benchReadSet(b, singleRoute(b, "Param20")) }

package bench

// The contestants: one loader per router. A loader registers routes with
// no-op handlers, or with handlers that call hit(i) for route i when hit is
// not nil (used by the tests that check every route reaches its handler).

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
	"github.com/julienschmidt/httprouter"
	"github.com/labstack/echo/v4"
	"github.com/uptrace/bunrouter"
)

// loader builds a router serving routes.
type loader func(routes []route, hit func(i int)) (http.Handler, error)

// contestant is a router under test.
type contestant struct {
	name string
	load loader
}

// routers returns every router of the match benchmarks, fwk first.
func routers() []contestant {
	return []contestant{
		{"fwk", loadFwk},
		{"gin", loadGin},
		{"bunrouter", loadBunrouter},
		{"echo", loadEcho},
		{"httprouter", loadHTTPRouter},
		{"chi", loadChi},
		{"gorillamux", loadGorillaMux},
		{"servemux", loadServeMux},
	}
}

// registerRouters returns the routers of the 10k registration benchmark:
// all but gorilla/mux, whose linear matching makes 10k routes pointless,
// and bunrouter, whose registration time grows with the square of the
// number of routes (over a second for 10k; see BenchmarkScale).
func registerRouters() []contestant {
	var cs []contestant
	for _, c := range routers() {
		if c.name != "gorillamux" && c.name != "bunrouter" {
			cs = append(cs, c)
		}
	}
	return cs
}

// noopHTTP is the no-op handler of the routers that take net/http handlers.
func noopHTTP(http.ResponseWriter, *http.Request) {}

// httpHandler returns the handler for route i.
func httpHandler(i int, hit func(int)) http.HandlerFunc {
	if hit == nil {
		return noopHTTP
	}
	return func(http.ResponseWriter, *http.Request) { hit(i) }
}

// catch turns a panic of a router's registration into an error.
func catch(name string, register func() http.Handler) (h http.Handler, err error) {
	defer func() {
		if p := recover(); p != nil {
			h, err = nil, fmt.Errorf("%s: %v", name, p)
		}
	}()
	return register(), nil
}

func loadGin(routes []route, hit func(int)) (http.Handler, error) {
	gin.SetMode(gin.ReleaseMode)
	return catch("gin", func() http.Handler {
		r := gin.New()
		for i, rt := range routes {
			h := func(*gin.Context) {}
			if hit != nil {
				h = func(*gin.Context) { hit(i) }
			}
			r.Handle(rt.method, rt.pattern, h)
		}
		return r
	})
}

func bunNoop(http.ResponseWriter, bunrouter.Request) error { return nil }

func loadBunrouter(routes []route, hit func(int)) (http.Handler, error) {
	return catch("bunrouter", func() http.Handler {
		r := bunrouter.New()
		for i, rt := range routes {
			h := bunNoop
			if hit != nil {
				h = func(http.ResponseWriter, bunrouter.Request) error { hit(i); return nil }
			}
			r.Handle(rt.method, rt.pattern, h)
		}
		return r
	})
}

func echoNoop(echo.Context) error { return nil }

func loadEcho(routes []route, hit func(int)) (http.Handler, error) {
	return catch("echo", func() http.Handler { return newEcho(routes, hit) })
}

// newEcho registers routes on a new Echo, route i under the name
// routeName(i).
func newEcho(routes []route, hit func(int)) *echo.Echo {
	e := echo.New()
	for i, rt := range routes {
		h := echoNoop
		if hit != nil {
			h = func(echo.Context) error { hit(i); return nil }
		}
		e.Add(rt.method, rt.pattern, h).Name = rt.name
	}
	return e
}

func httpRouterNoop(http.ResponseWriter, *http.Request, httprouter.Params) {}

func loadHTTPRouter(routes []route, hit func(int)) (http.Handler, error) {
	return catch("httprouter", func() http.Handler {
		r := httprouter.New()
		for i, rt := range routes {
			h := httpRouterNoop
			if hit != nil {
				h = func(http.ResponseWriter, *http.Request, httprouter.Params) { hit(i) }
			}
			r.Handle(rt.method, rt.pattern, h)
		}
		return r
	})
}

func loadChi(routes []route, hit func(int)) (http.Handler, error) {
	return catch("chi", func() http.Handler {
		r := chi.NewRouter()
		for i, rt := range routes {
			r.MethodFunc(rt.method, rt.brace, httpHandler(i, hit))
		}
		return r
	})
}

func loadGorillaMux(routes []route, hit func(int)) (http.Handler, error) {
	return catch("gorillamux", func() http.Handler { return newGorillaMux(routes, hit) })
}

// newGorillaMux registers routes on a new gorilla/mux Router, route i under
// the name routeName(i).
func newGorillaMux(routes []route, hit func(int)) *mux.Router {
	r := mux.NewRouter()
	for i, rt := range routes {
		r.HandleFunc(rt.brace, httpHandler(i, hit)).Methods(rt.method).Name(rt.name)
	}
	return r
}

// servemuxPattern spells a route for ServeMux: "/" and other patterns
// ending in '/' get "{$}" so that they match exactly, not a subtree.
func servemuxPattern(rt route) string {
	p := rt.brace
	if p[len(p)-1] == '/' {
		p += "{$}"
	}
	return rt.method + " " + p
}

func loadServeMux(routes []route, hit func(int)) (http.Handler, error) {
	return catch("servemux", func() http.Handler {
		m := http.NewServeMux()
		for i, rt := range routes {
			m.HandleFunc(servemuxPattern(rt), httpHandler(i, hit))
		}
		return m
	})
}

// direct is the harness floor: it calls a no-op handler without routing.
type direct struct{ h http.HandlerFunc }

func (d direct) ServeHTTP(w http.ResponseWriter, r *http.Request) { d.h(w, r) }

func loadDirect([]route, func(int)) (http.Handler, error) {
	return direct{noopHTTP}, nil
}

// routeName names route i for the routers that build URLs by name.
func routeName(i int) string { return fmt.Sprintf("r%d", i) }

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

// contestant is a router under test. read, when set, builds it with the
// handlers of the read benchmarks (see benchReadSet).
type contestant struct {
	name string
	load loader
	read readLoader
}

// routers returns every router of the match benchmarks, fwk first.
func routers() []contestant {
	return []contestant{
		{"fwk", loadFwk, readFwk},
		{"gin", loadGin, readGin},
		{"bunrouter", loadBunrouter, readBunrouter},
		{"echo", loadEcho, readEcho},
		{"httprouter", loadHTTPRouter, readHTTPRouter},
		{"chi", loadChi, readChi},
		{"gorillamux", loadGorillaMux, readGorillaMux},
		{"servemux", loadServeMux, readServeMux},
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

// httpHandlers returns the no-op net/http handlers, or those calling
// hit(i).
func httpHandlers(hit func(int)) func(i int) http.HandlerFunc {
	return func(i int) http.HandlerFunc {
		if hit == nil {
			return noopHTTP
		}
		return func(http.ResponseWriter, *http.Request) { hit(i) }
	}
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

func ginNoop(*gin.Context) {}

func loadGin(routes []route, hit func(int)) (http.Handler, error) {
	return newGin(routes, func(i int) gin.HandlerFunc {
		if hit == nil {
			return ginNoop
		}
		return func(*gin.Context) { hit(i) }
	})
}

// newGin registers routes on a new gin engine in release mode, route i
// with the handler handler(i).
func newGin(routes []route, handler func(i int) gin.HandlerFunc) (http.Handler, error) {
	gin.SetMode(gin.ReleaseMode)
	return catch("gin", func() http.Handler {
		r := gin.New()
		for i, rt := range routes {
			r.Handle(rt.method, rt.pattern, handler(i))
		}
		return r
	})
}

func bunNoop(http.ResponseWriter, bunrouter.Request) error { return nil }

func loadBunrouter(routes []route, hit func(int)) (http.Handler, error) {
	return newBunrouter(routes, func(i int) bunrouter.HandlerFunc {
		if hit == nil {
			return bunNoop
		}
		return func(http.ResponseWriter, bunrouter.Request) error { hit(i); return nil }
	})
}

// newBunrouter registers routes on a new bunrouter, route i with the
// handler handler(i).
func newBunrouter(routes []route, handler func(i int) bunrouter.HandlerFunc) (http.Handler, error) {
	return catch("bunrouter", func() http.Handler {
		r := bunrouter.New()
		for i, rt := range routes {
			r.Handle(rt.method, rt.pattern, handler(i))
		}
		return r
	})
}

func echoNoop(echo.Context) error { return nil }

func loadEcho(routes []route, hit func(int)) (http.Handler, error) {
	return catch("echo", func() http.Handler { return newEcho(routes, echoHandlers(hit)) })
}

// echoHandlers returns the no-op handlers, or those calling hit(i).
func echoHandlers(hit func(int)) func(i int) echo.HandlerFunc {
	return func(i int) echo.HandlerFunc {
		if hit == nil {
			return echoNoop
		}
		return func(echo.Context) error { hit(i); return nil }
	}
}

// newEcho registers routes on a new Echo, route i with the handler
// handler(i) under the name routeName(i).
func newEcho(routes []route, handler func(i int) echo.HandlerFunc) *echo.Echo {
	e := echo.New()
	for i, rt := range routes {
		e.Add(rt.method, rt.pattern, handler(i)).Name = rt.name
	}
	return e
}

func httpRouterNoop(http.ResponseWriter, *http.Request, httprouter.Params) {}

func loadHTTPRouter(routes []route, hit func(int)) (http.Handler, error) {
	return newHTTPRouter(routes, func(i int) httprouter.Handle {
		if hit == nil {
			return httpRouterNoop
		}
		return func(http.ResponseWriter, *http.Request, httprouter.Params) { hit(i) }
	})
}

// newHTTPRouter registers routes on a new httprouter, route i with the
// handler handler(i).
func newHTTPRouter(routes []route, handler func(i int) httprouter.Handle) (http.Handler, error) {
	return catch("httprouter", func() http.Handler {
		r := httprouter.New()
		for i, rt := range routes {
			r.Handle(rt.method, rt.pattern, handler(i))
		}
		return r
	})
}

func loadChi(routes []route, hit func(int)) (http.Handler, error) {
	return newChi(routes, httpHandlers(hit))
}

// newChi registers routes on a new chi router, route i with the handler
// handler(i).
func newChi(routes []route, handler func(i int) http.HandlerFunc) (http.Handler, error) {
	return catch("chi", func() http.Handler {
		r := chi.NewRouter()
		for i, rt := range routes {
			r.MethodFunc(rt.method, rt.brace, handler(i))
		}
		return r
	})
}

func loadGorillaMux(routes []route, hit func(int)) (http.Handler, error) {
	return catch("gorillamux", func() http.Handler { return newGorillaMux(routes, httpHandlers(hit)) })
}

// newGorillaMux registers routes on a new gorilla/mux Router, route i with
// the handler handler(i) under the name routeName(i).
func newGorillaMux(routes []route, handler func(i int) http.HandlerFunc) *mux.Router {
	r := mux.NewRouter()
	for i, rt := range routes {
		r.HandleFunc(rt.brace, handler(i)).Methods(rt.method).Name(rt.name)
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
	return newServeMux(routes, httpHandlers(hit))
}

// newServeMux registers routes on a new ServeMux, route i with the handler
// handler(i).
func newServeMux(routes []route, handler func(i int) http.HandlerFunc) (http.Handler, error) {
	return catch("servemux", func() http.Handler {
		m := http.NewServeMux()
		for i, rt := range routes {
			m.HandleFunc(servemuxPattern(rt), handler(i))
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

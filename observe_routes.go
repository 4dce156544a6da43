package fwk

import (
	"net/http"

	"github.com/fwkgo/fwk/router"
)

// The observers of ObserveRoutes learn, per request, the route the router
// matched or the miss it answers: what a metric label or a span name must
// be, where the raw path would have no bound. With no observer, dispatch
// pays one atomic load.

// Routed is what the router made of one request, given to the observers
// of App.ObserveRoutes.
type Routed struct {
	// Route is the matched route, nil for a miss. Route.Path() is its rule
	// ("/users/<int:id>"), Route.Endpoint() its endpoint, Route.Methods()
	// its methods (a new slice on each call). The pointer stays the same
	// for the life of the app: it can key a cache.
	Route *router.Route
	// Status is http.StatusOK for a match. For a miss it is the router's
	// answer: 404, 405, 400 (a parameter that would decode to NUL or
	// invalid UTF-8), 308 (a redirect), or 200 with a nil Route (the
	// automatic answer to OPTIONS).
	Status int
}

// Miss reports whether the request matched no route.
func (r Routed) Miss() bool { return r.Route == nil || r.Status != http.StatusOK }

// RouteObserver is a function given to App.ObserveRoutes.
type RouteObserver func(w http.ResponseWriter, r *http.Request, m Routed)

// routeObservers is the list of the observers of ObserveRoutes.
type routeObservers = observers[RouteObserver]

// ObserveRoutes makes fn learn the route of every request the app routes,
// right after the lookup and before the view (or the answer to the miss)
// runs. It returns a function that stops the observation. fn may be called
// from many goroutines at once, and must not keep r or w after it returns.
//
// r is the request as the view gets it: its context is the one given to
// App.ServeHTTP (through the bundles' middleware), so a tracing wrapper
// finds its span there. w is the writer the app's dispatch writes to: the
// one given to ServeHTTP, or what the bundles' middleware wrapped it in
// (such wrappers usually lead back to it with an Unwrap method, as
// http.ResponseController expects). A metrics wrapper that passes its own
// writer to the app thus finds it and records the route there, with no
// allocation.
//
// Requests the app answers before routing (the probes of LivenessPath and
// ReadinessPath), and those a middleware answers without calling the app,
// are not observed. Observers are meant to be added before serving: a
// request being dispatched when one is added may not see it.
func (a *App) ObserveRoutes(fn RouteObserver) (stop func()) {
	return a.routeObs.add(&fn)
}

// observeRoute tells the observers in list the route of the request of c.
func (c *Ctx) observeRoute(list []*RouteObserver) {
	m := Routed{Route: c.match.Route, Status: c.match.Status}
	for _, o := range list {
		(*o)(c.rw.ResponseWriter, c.req, m)
	}
}

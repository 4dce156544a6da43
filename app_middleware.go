package fwk

import (
	"fmt"
	"net/http"
)

// appHandler is the http.Handler of the app's own dispatch, wrapped by the
// bundles' middleware.
type appHandler struct{ a *App }

func (h appHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.a.serve(w, r) }

// initMiddleware chains the Middleware of every MiddlewareBundle around the
// app's dispatch: bundles in order, the first middleware listed outermost.
// With none, a.handler stays nil and ServeHTTP dispatches directly.
func (a *App) initMiddleware() error {
	type entry struct {
		mw    func(http.Handler) http.Handler
		where string
	}
	var chain []entry
	for _, b := range a.bundles {
		if mb, ok := b.(MiddlewareBundle); ok {
			for i, mw := range mb.Middleware() {
				chain = append(chain, entry{mw, fmt.Sprintf("bundle %q, Middleware()[%d]", b.Name(), i)})
			}
		}
	}
	var h http.Handler = appHandler{a}
	for i := len(chain) - 1; i >= 0; i-- {
		e := chain[i]
		if e.mw == nil {
			return &StartupError{What: "middleware", Culprit: e.where, Err: fmt.Errorf("%w: nil", ErrBadMiddleware)}
		}
		if h = e.mw(h); h == nil {
			return &StartupError{What: "middleware", Culprit: e.where,
				Err: fmt.Errorf("%w: returned a nil handler", ErrBadMiddleware)}
		}
	}
	if len(chain) > 0 {
		a.handler = h
	}
	return nil
}

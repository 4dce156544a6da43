package fwk

import "net/http"

// CtxFrom returns the *Ctx of a request that an App is serving to a view
// behind middleware (Meta.Decorators, the Use view option) or to an
// http.Handler view, so that such middleware can use the request helpers:
// the session, URLFor, Flash. It returns nil for any other request, in
// particular inside app-wide middleware (a bundle's Middleware), which runs
// before the request is routed.
//
// The Ctx is valid only until the handler returns. Once the decorators of
// the request returned, CtxFrom returns nil: a goroutine a decorator left
// running (the standard http.TimeoutHandler leaves the rest of the chain
// running after its 503) never gets a Ctx that serves another request.
//
//	func requireLogin(next http.Handler) http.Handler {
//		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
//			if c := fwk.CtxFrom(r); c != nil {
//				if _, ok := c.Session().Get("user_id"); ok {
//					next.ServeHTTP(w, r)
//					return
//				}
//			}
//			fwk.Redirect(w, r, "AuthController.Login")
//		})
//	}
func CtxFrom(r *http.Request) *Ctx { return ctxFromRequest(r) }

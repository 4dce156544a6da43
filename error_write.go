package fwk

import "net/http"

// WriteError answers the request r with err as fwk answers a view's error:
// the error's status (StatusCode), the JSON or HTML error page the client
// prefers, the app's error handlers and templates (HandleError,
// errors/<status>.html), and an ERROR log line for a 5xx. It is for
// middleware and decorators (Meta.Decorators, fwk.Use) that refuse a
// request before its view runs:
//
//	func requireToken(next http.Handler) http.Handler {
//		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
//			if r.Header.Get("Authorization") == "" {
//				w.Header().Set("WWW-Authenticate", `Bearer realm="api"`)
//				fwk.WriteError(w, r, fwk.Abort(http.StatusUnauthorized))
//				return
//			}
//			next.ServeHTTP(w, r)
//		})
//	}
//
// Outside a request served by an App (no *Ctx in its context), it writes the
// status text as plain text.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	if c := ctxFromRequest(r); c != nil {
		c.app.handleError(c, err)
		return
	}
	code := StatusCode(err)
	http.Error(w, http.StatusText(code), code)
}

package middleware

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// BodyLimit returns middleware limiting request bodies to n bytes (n < 0:
// no limit) with fwk.LimitBody, the contract an App applies for
// MAX_CONTENT_LENGTH: a request whose declared Content-Length is larger is
// answered 413 Request Entity Too Large without calling the handler or
// reading the body; otherwise the body is wrapped with http.MaxBytesReader,
// so reading past n fails with an *http.MaxBytesError (which fwk.StatusCode
// maps to 413) and the server closes the connection after the response.
//
// Use it for a limit tighter than MAX_CONTENT_LENGTH on the whole app, or
// around handlers that are not fwk views.
func BodyLimit(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := fwk.LimitBody(w, r, n); err != nil {
				w.Header().Set("Connection", "close")
				status := fwk.StatusCode(err)
				http.Error(w, http.StatusText(status), status)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

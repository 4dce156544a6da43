package middleware

import "net/http"

// BodyLimit returns middleware limiting request bodies to n bytes (n < 0
// counts as 0): a request whose Content-Length is larger is answered 413
// Request Entity Too Large without calling the handler; otherwise the body
// is wrapped with http.MaxBytesReader, so reading past n fails with an
// *http.MaxBytesError and the server closes the connection after the
// response.
func BodyLimit(n int64) func(http.Handler) http.Handler {
	n = max(n, 0)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > n {
				w.Header().Set("Connection", "close")
				http.Error(w, http.StatusText(http.StatusRequestEntityTooLarge), http.StatusRequestEntityTooLarge)
				return
			}
			if r.Body != nil && r.Body != http.NoBody {
				r.Body = http.MaxBytesReader(w, r.Body, n)
			}
			next.ServeHTTP(w, r)
		})
	}
}

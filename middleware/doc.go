// Package middleware holds the app-wide middleware most fwk applications
// want, as plain func(http.Handler) http.Handler values: give them from a
// bundle's Middleware method (see fwk.MiddlewareBundle), or use them around
// any http.Handler.
//
//	func (AppBundle) Middleware() []func(http.Handler) http.Handler {
//		return []func(http.Handler) http.Handler{
//			middleware.RealIP(netip.MustParsePrefix("10.0.0.0/8")),
//			middleware.RequestID(),
//			middleware.AccessLog(nil),
//			middleware.Compress(),
//		}
//	}
//
// The first listed is the outermost: above, AccessLog sees the request id
// and the client address RealIP found, and logs the status and the bytes
// sent, after compression (list Compress before AccessLog to log the
// uncompressed size).
//
// # What each one does
//
//	RequestID   X-Request-ID: a valid incoming id is kept, else a new one;
//	            RequestIDFrom(ctx) reads it; the response carries it.
//	AccessLog   one log/slog record per request: method, path, status,
//	            bytes, duration, request id.
//	RealIP      the client address from X-Forwarded-For / X-Real-IP, only
//	            when the peer is one of the trusted proxies.
//	Compress    gzip or zstd by Accept-Encoding (klauspost/compress gzhttp).
//	CORS        cross-origin requests and preflights (rs/cors).
//	Timeout     a 503 when the handler has not answered in time; it
//	            returns once the handler has.
//	BodyLimit   request bodies larger than a limit are refused (413).
//
// Recorder is the response writer AccessLog uses to see the final status and
// byte count; it keeps http.Flusher and, through Unwrap, every other feature
// of the writer it wraps for http.NewResponseController.
package middleware

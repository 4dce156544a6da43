package middleware

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/fwkgo/fwk"
)

// AccessLog returns middleware logging one record per request to l
// (slog.Default() when nil) once the handler returned: message "request",
// attributes method, path, client (the client's IP address: the one
// fwk.RequestInfoOf resolves, from a trusted proxy's headers when the
// middleware runs in an fwk app, else the connection's), status, bytes (of
// the body, as written by the handler), duration and request_id ("" unless
// RequestID runs outside it). The
// level is Info, Error for a 5xx status. The record is logged with the
// request's context, so a handler such as fwkotel.LogHandler can add the
// request's trace id. A request the handler wrote nothing
// to is logged with status 200, what net/http sends.
func AccessLog(l *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			log := l
			if log == nil {
				log = slog.Default()
			}
			rec := NewRecorder(w)
			start := time.Now()
			defer func() {
				status := rec.Status()
				if status == 0 {
					status = http.StatusOK
				}
				level := slog.LevelInfo
				if status >= 500 {
					level = slog.LevelError
				}
				log.LogAttrs(r.Context(), level, "request",
					slog.String("method", r.Method),
					slog.String("path", r.URL.Path),
					slog.String("client", fwk.RequestInfoOf(r).ClientAddr),
					slog.Int("status", status),
					slog.Int64("bytes", rec.Bytes()),
					slog.Duration("duration", time.Since(start)),
					slog.String("request_id", RequestIDFrom(r.Context())))
			}()
			next.ServeHTTP(rec, r)
		})
	}
}

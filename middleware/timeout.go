package middleware

import (
	"net/http"
	"time"
)

// Timeout returns middleware that answers 503 Service Unavailable when the
// handler has not finished within d, with http.TimeoutHandler. The
// handler's context is cancelled at the deadline: a handler should stop
// when ctx.Done() closes; whatever it writes afterwards is dropped.
//
// The response is buffered until the handler returns (that is how a late
// handler's writes can be dropped), so Timeout does not suit streaming
// responses, and Flush has no effect under it. d <= 0 means no timeout.
//
// Around an fwk view (fwk.Use, Meta.Decorators) the 503 is sent at the
// deadline, and the request keeps its fwk.Ctx until the view returns: a
// late view still sees its own request, never the next one's. Its session
// changes are not saved.
func Timeout(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if d <= 0 {
			return next
		}
		return http.TimeoutHandler(next, d, "")
	}
}

package middleware

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/fwkgo/fwk/internal/detach"
)

// Timeout returns middleware that answers 503 Service Unavailable when the
// handler has not finished within d. The handler's context is cancelled at
// the deadline: a handler should stop when ctx.Done() closes; whatever it
// writes afterwards is dropped. d <= 0 means no timeout.
//
// The response is buffered until the handler returns (that is how a late
// handler's writes can be dropped), so Timeout does not suit streaming
// responses, and Flush has no effect under it.
//
// The 503 goes out at the deadline, complete (with its Content-Length) and
// flushed, with Connection: close; around an fwk view it is the app's
// error page (JSON or HTML, as the client prefers). Timeout then waits for
// the handler to return before it returns itself: the connection and the
// request's goroutine stay busy until then, and nothing of the request
// runs once the request has ended. That is the design chosen over the
// standard http.TimeoutHandler, which returns at the deadline and leaves
// the handler running: around an fwk view, the handler's goroutine (a
// decorator inside the Timeout, the view) would then hold a fwk.Ctx that
// the app hands to the next request, whose path, session and response it
// would see and change. A cooperative timeout (answering only once the
// handler returns, as chi's does) would keep that safety but send no
// answer at all while a handler that ignores its context runs.
//
// Around an fwk view (fwk.Use, Meta.Decorators), the 503 saves no session
// and runs no AfterThisRequest callback: the changes of a timed-out request
// are dropped, and the view or a decorator inside the Timeout keeps its
// own Ctx (fwk.CtxFrom) until it returns.
func Timeout(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if d <= 0 {
			return next
		}
		return &timeoutHandler{next: next, d: d}
	}
}

// timeoutHandler is the handler of Timeout.
type timeoutHandler struct {
	next http.Handler
	d    time.Duration
}

// handlerPanic carries a panic of the handler to the goroutine of the
// request, which panics with it.
type handlerPanic struct{ v any }

func (h *timeoutHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), h.d)
	defer cancel()
	tw := &timeoutWriter{h: make(http.Header)}
	done := make(chan *handlerPanic, 1)
	go func() {
		var p *handlerPanic
		defer func() { done <- p }()
		defer func() {
			if v := recover(); v != nil {
				p = &handlerPanic{v}
			}
		}()
		h.next.ServeHTTP(tw, r.WithContext(ctx))
	}()
	var p *handlerPanic
	select {
	case p = <-done:
		if p == nil {
			tw.copyTo(w)
		}
	case <-ctx.Done():
		tw.stop()
		answerTimeout(w, r)
		p = <-done // nothing of the request runs once Timeout returns
	}
	if p != nil {
		panic(p.v)
	}
}

// answerTimeout writes the 503 of a handler that is still running.
func answerTimeout(w http.ResponseWriter, r *http.Request) {
	if a := detach.From(r); a != nil && a.Answer(w, r, http.StatusServiceUnavailable) {
		return
	}
	body := http.StatusText(http.StatusServiceUnavailable) + "\n"
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Connection", "close")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = w.Write([]byte(body))
	_ = http.NewResponseController(w).Flush()
}

// timeoutWriter buffers the response of the handler; once stopped, it
// drops what the handler writes.
type timeoutWriter struct {
	h       http.Header // the handler's alone: read by copyTo once it returned
	mu      sync.Mutex
	buf     bytes.Buffer
	status  int
	stopped bool
}

func (tw *timeoutWriter) Header() http.Header { return tw.h }

func (tw *timeoutWriter) WriteHeader(code int) {
	tw.mu.Lock()
	defer tw.mu.Unlock()
	if tw.status == 0 && !tw.stopped && code >= 200 {
		tw.status = code
	}
}

func (tw *timeoutWriter) Write(b []byte) (int, error) {
	tw.mu.Lock()
	defer tw.mu.Unlock()
	if tw.stopped {
		return 0, http.ErrHandlerTimeout
	}
	if tw.status == 0 {
		tw.status = http.StatusOK
	}
	return tw.buf.Write(b)
}

// stop drops what the handler writes from now on.
func (tw *timeoutWriter) stop() {
	tw.mu.Lock()
	tw.stopped = true
	tw.mu.Unlock()
}

// copyTo sends the response of a handler that returned in time.
func (tw *timeoutWriter) copyTo(w http.ResponseWriter) {
	dst := w.Header()
	for k, v := range tw.h {
		dst[k] = v
	}
	if tw.status == 0 {
		tw.status = http.StatusOK
	}
	w.WriteHeader(tw.status)
	_, _ = w.Write(tw.buf.Bytes())
}

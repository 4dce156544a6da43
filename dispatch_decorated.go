package fwk

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/fwkgo/fwk/internal/detach"
)

// viewGuard keeps the Ctx of a request served through decorators from
// being reused while any handler of its chain runs. A decorator may run
// the rest of the chain in another goroutine and return first (as
// http.TimeoutHandler does): each handler a decorator calls (the next
// decorator, the view) enters the guard and leaves it when it returns, and
// the request ends only when every one has left. A handler the chain calls
// after its decorators returned does not run, and fwk.CtxFrom returns nil
// for a request whose decorators returned: no goroutine of a request that
// has ended reaches a Ctx, which by then serves another request.
//
// A decorator of this module that answers while the chain still runs
// (middleware.Timeout's 503) detaches the response first (detach.Answerer):
// the App's writer then passes writes straight to the server's writer and
// saves no session, so the answer shares no state with the running
// handlers. Another decorator that answers early (the standard
// http.TimeoutHandler) writes through the App's writer: the session is
// then saved under the guard's lock, and not at all while a handler runs
// whose request context ended (it gave up on that handler, which may be
// changing the session); once the decorators returned, a handler still
// running no longer shares the response (settleDecorated takes it).
type viewGuard struct {
	mu      sync.Mutex
	round   uint64          // counts the decorated requests served on this Ctx
	live    atomic.Uint64   // round<<1 | 1 while its decorators run, round<<1 after
	active  int             // handlers of the chain running
	ctx     context.Context // the request context of the last handler that entered
	running sync.WaitGroup  // the same, to wait for

	detached atomic.Bool         // the response was taken (Answer): c.rw passes writes to out
	out      http.ResponseWriter // the server's writer, set before detached
}

// open starts a round of the guard for a request and returns it.
func (g *viewGuard) open() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.round++
	g.live.Store(g.round<<1 | 1)
	return g.round
}

// isLive reports whether the decorators of round still run.
func (g *viewGuard) isLive(round uint64) bool { return g.live.Load() == round<<1|1 }

// decorated reports whether the decorators of a request run.
func (g *viewGuard) decorated() bool { return g.live.Load()&1 == 1 }

// enter reports whether a handler of the chain of round, whose request
// context is ctx, may run, and counts it as running.
func (g *viewGuard) enter(round uint64, ctx context.Context) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.isLive(round) {
		return false
	}
	g.active++
	g.ctx = ctx
	g.running.Add(1)
	return true
}

// leave counts a handler as returned.
func (g *viewGuard) leave() {
	g.mu.Lock()
	g.active--
	if g.active == 0 {
		g.ctx = nil
	}
	g.mu.Unlock()
	g.running.Done()
}

// saveFor saves the session of a response written while the decorators
// run (see viewGuard), and reports whether the response may be written.
func (g *viewGuard) saveFor(w *respWriter) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.active > 0 && g.ctx != nil && g.ctx.Err() != nil {
		return true // the answer of a decorator that gave up on a running handler
	}
	return w.save()
}

// serveDecorated runs the decorators and the view of v, then ends their
// round (settle).
func (a *App) serveDecorated(c *Ctx, v *view) {
	defer c.settleDecorated()
	v.handler.ServeHTTP(c.w, withCtx(c.req, c, c.guard.open()))
}

// settleDecorated ends the round of the decorators once they returned (or
// panicked): no handler of the chain starts any more. When one still runs
// (left by a decorator that answered first, as http.TimeoutHandler does),
// the response is taken from c.rw as Answer does, what the decorators
// answered is flushed to the client, and the handler is waited for. A
// taken response is complete: nothing of the request is saved or sent
// after it.
func (c *Ctx) settleDecorated() {
	g := &c.guard
	g.mu.Lock()
	g.live.Store(g.round << 1)
	running := g.active > 0
	if running && !g.detached.Load() {
		g.take(c)
	}
	g.mu.Unlock()
	if running {
		if c.rw.status == 0 && c.rw.pending != 0 { // a status set, no body (http.TimeoutHandler's 503 when the client left)
			g.out.WriteHeader(c.rw.pending)
		}
		_ = http.NewResponseController(g.out).Flush()
		g.running.Wait()
	}
	if g.detached.Load() {
		if c.rw.status == 0 {
			c.rw.status = http.StatusServiceUnavailable // sent, below c.rw
		}
		c.rw.pending = 0
		c.sess.saved = true // not saved
		if c.after.state == afterArmed {
			c.after.state = afterDone // dropped
		}
		g.out = nil
		g.detached.Store(false)
	}
}

// ctxRef is what the context of a request served through decorators
// holds: its Ctx, and the round of c.guard it was served in, which a
// handler of the chain that runs late (after the Ctx went on to another
// request) does not match.
type ctxRef struct {
	c     *Ctx
	round uint64
}

// withCtx returns r carrying c in its round, for middleware chains and
// http.Handler views.
func withCtx(r *http.Request, c *Ctx, round uint64) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), detach.Key{}, &ctxRef{c: c, round: round}))
}

// refFrom returns the ctxRef of a request served through decorators, or
// nil.
func refFrom(r *http.Request) *ctxRef {
	ref, _ := r.Context().Value(detach.Key{}).(*ctxRef)
	return ref
}

// guardLayer wraps a handler of a decorated chain (the next handler of a
// decorator) so that it runs only while its request does, counted by the
// guard of its Ctx.
func guardLayer(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ref := refFrom(r)
		if ref == nil { // the context was replaced: serveInner answers
			h.ServeHTTP(w, r)
			return
		}
		if !ref.c.guard.enter(ref.round, r.Context()) {
			return // its decorators returned: the Ctx may serve another request
		}
		defer ref.c.guard.leave()
		h.ServeHTTP(w, r)
	})
}

// Answer takes the response of the request from the App and answers it
// with the error page of status (detach.Answerer, for middleware.Timeout).
func (ref *ctxRef) Answer(w http.ResponseWriter, r *http.Request, status int) bool {
	c := ref.c
	if !c.guard.detach(ref.round, c) {
		return false
	}
	err := Abort(status)
	p := c.app.newErrorPage(c, err, status) // reads c.view only, which no handler changes
	var b answerBuffer
	b.h = w.Header()
	if prefersJSON(r, c.app.jsonByDefault(c, r)) {
		p.writeJSON(&b)
	} else {
		p.writeHTML(&b)
	}
	b.h.Set("Content-Length", strconv.Itoa(len(b.body)))
	b.h.Set("Connection", "close")
	w.WriteHeader(status)
	_, _ = w.Write(b.body)
	_ = http.NewResponseController(w).Flush()
	return true
}

// detach takes the response of round from c.rw: the writer below it (under
// the AfterThisRequest wrapper) receives what is written from then on.
func (g *viewGuard) detach(round uint64, c *Ctx) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.isLive(round) || g.detached.Load() || c.rw.status != 0 {
		return false // ended, answered, or a response already started
	}
	g.take(c)
	return true
}

// take makes c.rw pass writes to the writer below it (under the
// AfterThisRequest wrapper); g.mu is held.
func (g *viewGuard) take(c *Ctx) {
	g.out = c.rw.ResponseWriter
	if c.after.state != afterIdle {
		g.out = c.after.ResponseWriter
	}
	g.detached.Store(true)
}

// answerBuffer records an error page, to send it with its length.
type answerBuffer struct {
	h    http.Header
	body []byte
}

func (b *answerBuffer) Header() http.Header { return b.h }
func (b *answerBuffer) WriteHeader(int)     {}
func (b *answerBuffer) Write(p []byte) (int, error) {
	b.body = append(b.body, p...)
	return len(p), nil
}

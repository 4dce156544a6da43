package fwk

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
)

// viewGuard keeps the Ctx of a decorated view from being reused while the
// view runs. A decorator may run the view in another goroutine and return
// first: http.TimeoutHandler (middleware.Timeout) answers 503 and leaves
// the view running. The request's Ctx must then stay the view's until it
// returns, not be cleared and handed to the next request, whose request
// and session the view would see and change.
//
// Such a decorator answers while the view may still change its session:
// that answer (written once the view's request context has ended, as the
// 503 of a timeout is) must not read the session, and does not save it
// (see outsideAnswer).
type viewGuard struct {
	mu      sync.Mutex
	round   uint64          // counts the requests served: a view of an earlier one must not start
	closed  bool            // the decorators returned: a view not started yet must not start
	active  int             // views running
	ctx     context.Context // the request context of the last view that entered
	busy    atomic.Int32    // active, read without the lock by outsideAnswer
	running sync.WaitGroup  // the same, to wait for
}

// open starts a round of the guard for a request and returns it.
func (g *viewGuard) open() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.round++
	g.closed = false
	return g.round
}

// enter reports whether the view of the request served in round, whose
// request context is ctx, may run, and counts it as running.
func (g *viewGuard) enter(round uint64, ctx context.Context) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed || round != g.round {
		return false
	}
	g.active++
	g.busy.Add(1)
	g.ctx = ctx
	g.running.Add(1)
	return true
}

// leave counts the view as returned.
func (g *viewGuard) leave() {
	g.mu.Lock()
	g.active--
	g.busy.Add(-1)
	if g.active == 0 {
		g.ctx = nil
	}
	g.mu.Unlock()
	g.running.Done()
}

// outsideAnswer reports whether the response is being written while a view
// runs whose request context has ended: the answer of a decorator that gave
// up on the view (middleware.Timeout's 503), which may run in another
// goroutine than the view. A request without decorators pays one atomic
// load.
func (g *viewGuard) outsideAnswer() bool {
	if g.busy.Load() == 0 {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.active > 0 && g.ctx != nil && g.ctx.Err() != nil
}

// close stops views from starting and reports whether one still runs.
func (g *viewGuard) close() (running bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	return g.active > 0
}

// serveDecorated runs the decorators and the view of v; when the view
// outlives them, it sends what the decorators answered (the 503 of a
// timeout) and waits for the view before the Ctx is released.
func (a *App) serveDecorated(c *Ctx, v *view) {
	v.handler.ServeHTTP(c.w, withCtx(c.req, c, c.guard.open()))
	if !c.guard.close() {
		return
	}
	if c.rw.status != 0 {
		_ = http.NewResponseController(c.rw.ResponseWriter).Flush()
	}
	c.guard.running.Wait()
}

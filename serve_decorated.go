package fwk

import (
	"net/http"
	"sync"
)

// viewGuard keeps the Ctx of a decorated view from being reused while the
// view runs. A decorator may run the view in another goroutine and return
// first: http.TimeoutHandler (middleware.Timeout) answers 503 and leaves
// the view running. The request's Ctx must then stay the view's until it
// returns, not be cleared and handed to the next request, whose request
// and session the view would see and change.
type viewGuard struct {
	mu      sync.Mutex
	closed  bool           // the decorators returned: a view not started yet must not start
	active  int            // views running
	running sync.WaitGroup // the same, to wait for
}

// enter reports whether the view may run, and counts it as running.
func (g *viewGuard) enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return false
	}
	g.active++
	g.running.Add(1)
	return true
}

// leave counts the view as returned.
func (g *viewGuard) leave() {
	g.mu.Lock()
	g.active--
	g.mu.Unlock()
	g.running.Done()
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
	c.guard.closed = false
	v.handler.ServeHTTP(c.w, withCtx(c.req, c))
	if !c.guard.close() {
		return
	}
	if c.rw.status != 0 {
		_ = http.NewResponseController(c.rw.ResponseWriter).Flush()
	}
	c.guard.running.Wait()
}

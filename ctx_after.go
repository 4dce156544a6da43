package fwk

import (
	"errors"
	"net/http"
)

// ErrAfterWrite is returned by Write when an AfterThisRequest callback tries
// to write the body: callbacks may only change headers, cookies and the
// status.
var ErrAfterWrite = errors.New("fwk: AfterThisRequest callbacks cannot write the body")

// AfterThisRequest registers fn to run once, right before the response
// headers are sent (Flask's after_this_request). Callbacks run in the order
// they were registered, whatever writes first: Render, JSON, Redirect,
// NoContent, Respond, an error page or a view that writes nothing at all
// (then they run when the view returns).
//
// fn receives the response before its headers are written: it may set or
// delete headers and cookies (http.SetCookie(w, ...)) and may replace the
// status with w.WriteHeader. Writing the body from fn fails with
// ErrAfterWrite. A callback registered by a callback runs after the others.
//
//	ctx.AfterThisRequest(func(w http.ResponseWriter) {
//		w.Header().Set("Cache-Control", "no-store")
//	})
//
// Only requests that register a callback have their writer wrapped; the
// wrapper keeps http.Flusher and Unwrap, so http.NewResponseController keeps
// working. Once the headers are sent it is too late: fn is not run and a
// warning is logged.
func (c *Ctx) AfterThisRequest(fn func(w http.ResponseWriter)) {
	if fn == nil {
		return
	}
	g := &c.guard
	g.mu.Lock() // a decorator may be answering in another goroutine (viewGuard)
	defer g.mu.Unlock()
	if g.detached.Load() {
		c.app.log.Debug("fwk: AfterThisRequest called after a decorator answered the request; callback dropped",
			"path", c.req.URL.Path)
		return
	}
	a := &c.after
	switch {
	case a.state == afterDone || a.state == afterIdle && c.rw.started():
		c.app.log.Warn("fwk: AfterThisRequest called after the response headers were sent; callback dropped",
			"path", c.req.URL.Path)
		return
	case a.state == afterIdle:
		c.rw.recordHeaders() // before the callbacks touch the headers
		a.ResponseWriter = c.rw.ResponseWriter
		a.state = afterArmed
		c.rw.ResponseWriter = a
	}
	a.fns = append(a.fns, fn)
}

// flushAfter runs the callbacks of a request whose view wrote nothing, so
// that they still run before net/http sends its implicit 200.
func (c *Ctx) flushAfter() {
	a := &c.after
	if a.state != afterArmed {
		return
	}
	if code := a.fire(0); code != 0 {
		a.ResponseWriter.WriteHeader(code)
	}
}

// resetHelpers clears the per-request state of the helpers (callbacks,
// flashed messages) while keeping buffers for reuse.
func (c *Ctx) resetHelpers() {
	a := &c.after
	clear(a.fns)
	a.fns = a.fns[:0]
	a.ResponseWriter, a.state, a.status = nil, afterIdle, 0
	c.flashes, c.flashesRead = nil, false
}

// abandon drops the callbacks of a request whose callback panicked: the
// error response is written without running them again.
func (a *afterWriter) abandon() {
	if a.state == afterRunning {
		a.state = afterDone
	}
}

// afterState is where a request is in running its callbacks.
type afterState uint8

const (
	afterIdle    afterState = iota // no callback registered: not installed
	afterArmed                     // installed, headers not sent yet
	afterRunning                   // callbacks running
	afterDone                      // callbacks ran
)

// afterWriter sits between the Ctx's respWriter and the writer below it on
// requests that registered AfterThisRequest callbacks. It lives inside the
// pooled Ctx, so installing it does not allocate.
type afterWriter struct {
	http.ResponseWriter // the writer below
	fns                 []func(http.ResponseWriter)
	state               afterState
	status              int // while running: the status to send
}

// fire runs the callbacks once and returns the status to send: code, or the
// one a callback set.
func (a *afterWriter) fire(code int) int {
	if a.state != afterArmed {
		return code
	}
	a.state, a.status = afterRunning, code
	for i := 0; i < len(a.fns); i++ { // callbacks may register more
		a.fns[i](a)
	}
	a.state = afterDone
	return a.status
}

// WriteHeader runs the callbacks before sending the status. Informational
// statuses (1xx but 101) pass through. While callbacks run, it records the
// status to send instead.
func (a *afterWriter) WriteHeader(code int) {
	switch {
	case a.state == afterRunning:
		a.status = code
		return
	case code >= 100 && code < 200 && code != http.StatusSwitchingProtocols:
		a.ResponseWriter.WriteHeader(code)
		return
	}
	a.ResponseWriter.WriteHeader(a.fire(code))
}

// Write runs the callbacks before the first bytes; callbacks themselves
// cannot write.
func (a *afterWriter) Write(b []byte) (int, error) {
	switch a.state {
	case afterRunning:
		return 0, ErrAfterWrite
	case afterArmed:
		a.ResponseWriter.WriteHeader(a.fire(http.StatusOK))
	}
	return a.ResponseWriter.Write(b)
}

// Flush sends the headers (running the callbacks) and flushes the writer
// below when it can. It does nothing while callbacks run.
func (a *afterWriter) Flush() {
	switch a.state {
	case afterRunning:
		return
	case afterArmed:
		a.ResponseWriter.WriteHeader(a.fire(http.StatusOK))
	}
	_ = http.NewResponseController(a.ResponseWriter).Flush()
}

// Unwrap returns the writer below, for http.ResponseController.
func (a *afterWriter) Unwrap() http.ResponseWriter { return a.ResponseWriter }

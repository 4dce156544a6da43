package fwk

// This file holds the read deadlines of the connections of Serve's server
// (see the top of serve_deadline.go for the write side).
//
// net/http sets a connection's read deadline several times per request on a
// kept-alive connection: the idle deadline (IdleTimeout), the header
// deadline (ReadHeaderTimeout), a zero one while the handler runs, and a
// deadline in the past that wakes its background read when the response is
// done. Given to the runtime, each far deadline starts or moves a timer.
// A deadlineConn keeps the deadline asked (L) instead, and:
//
//   - a deadline far ahead (at least nearTicks ticks) is only recorded: the
//     readWatch of the listener looks at every connection once per tick and
//     sets a deadline in the past on the connections whose L has passed,
//     which wakes their blocked reads. Such a deadline is never early, and
//     late by at most one tick, a tenth of its length;
//   - a zero deadline is only recorded, but clears the connection's own when
//     one is set;
//   - a deadline in the past or near ahead (net/http's wake-up, a short one
//     set by a handler) is set on the connection at once, as net/http does.
//
// A read that fails on a deadline the connection holds from an earlier L
// (the watch fired while L was moved) sets the connection's deadline from
// the current L and reads again; a read whose L has really passed fails.
// Per request this leaves the two calls that wake the background read, which
// a server without timeouts makes too, and no timer work.

import (
	"errors"
	"net"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// nearTicks is how far ahead, in ticks of the watch, a read deadline must
// be for the watch to enforce it: 10 ticks plus the tick the watch's clock
// may lag.
const nearTicks = 11

// readWatch enforces the far read deadlines of the connections of one
// listener. It runs (one timer) while the listener has open connections.
type readWatch struct {
	tick  time.Duration
	clock atomic.Int64 // monotonic time of the last look (see mono)

	mu    sync.Mutex
	conns map[*deadlineConn]struct{}
	timer *time.Timer // nil while no connection is open
}

// newReadWatch returns a watch whose tick is a twentieth of the shortest
// timeout (between 1ms and 500ms; 500ms when there is none), so that every
// timeout is far.
func newReadWatch(shortest time.Duration) *readWatch {
	if shortest <= 0 {
		shortest = 20 * 500 * time.Millisecond
	}
	tick := min(max(shortest/20, time.Millisecond), 500*time.Millisecond)
	return &readWatch{tick: tick, conns: map[*deadlineConn]struct{}{}}
}

// far reports whether the deadline l (see mono) is left to the watch.
func (w *readWatch) far(l int64) bool {
	return l-w.clock.Load() >= nearTicks*int64(w.tick)
}

func (w *readWatch) add(c *deadlineConn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.conns[c] = struct{}{}
	if w.timer == nil {
		w.clock.Store(monoNow())
		w.timer = time.AfterFunc(w.tick, w.look)
	}
}

func (w *readWatch) remove(c *deadlineConn) {
	w.mu.Lock()
	delete(w.conns, c)
	w.mu.Unlock()
}

// look wakes the reads of the connections whose deadline has passed.
func (w *readWatch) look() {
	now := monoNow()
	w.clock.Store(now)
	var due []*deadlineConn
	w.mu.Lock()
	for c := range w.conns {
		if l := c.rl.Load(); l != 0 && l <= now {
			due = append(due, c)
		}
	}
	if len(w.conns) > 0 {
		w.timer.Reset(w.tick)
	} else {
		w.timer = nil
	}
	w.mu.Unlock()
	for _, c := range due {
		c.expire(now)
	}
}

// readState is the read side of a deadlineConn.
type readState struct {
	watch    *readWatch
	rl       atomic.Int64 // L: the read deadline asked (see mono), 0 for none
	rfd      atomic.Bool  // the connection holds a read deadline set here
	rmu      sync.Mutex   // serialises the changes to the connection's read deadline
	hijacked atomic.Bool  // the handler owns the connection: its calls go straight through
}

// epoch is the origin of the deadlines a deadlineConn keeps: taken with
// time.Now, it carries a monotonic reading, so that deadlines made from
// time.Now (as net/http's are) are compared on the monotonic clock, which
// a change of the wall clock does not move.
var epoch = time.Now()

// mono is t in nanoseconds since epoch (saturated), 0 for the zero time;
// a t that falls on epoch itself is moved by a nanosecond.
func mono(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	if d := int64(t.Sub(epoch)); d != 0 {
		return d
	}
	return -1
}

// monoNow is mono(time.Now()).
func monoNow() int64 { return int64(time.Since(epoch)) }

// SetReadDeadline records t; it is set on the connection at once only when
// it is near or past (see the top of this file).
func (c *deadlineConn) SetReadDeadline(t time.Time) error {
	if c.hijacked.Load() {
		return c.Conn.SetReadDeadline(t)
	}
	l := mono(t)
	if l == 0 || c.watch.far(l) {
		c.rl.Store(l)
		if c.rfd.Load() {
			c.syncRead(false)
		}
		return nil
	}
	c.rmu.Lock()
	defer c.rmu.Unlock()
	c.rl.Store(l)
	c.rfd.Store(true)
	return c.Conn.SetReadDeadline(t)
}

// syncRead sets the connection's read deadline from L: L itself when it
// is near or past, none when it is far or zero (cleared if the connection
// holds one, or always if force).
func (c *deadlineConn) syncRead(force bool) {
	c.rmu.Lock()
	defer c.rmu.Unlock()
	if l := c.rl.Load(); l != 0 && !c.watch.far(l) {
		c.rfd.Store(true)
		_ = c.Conn.SetReadDeadline(epoch.Add(time.Duration(l)))
		return
	}
	if c.rfd.Swap(false) || force {
		_ = c.Conn.SetReadDeadline(time.Time{})
	}
}

// expire wakes a read whose far deadline has passed by now (the watch).
func (c *deadlineConn) expire(now int64) {
	c.rmu.Lock()
	defer c.rmu.Unlock()
	if l := c.rl.Load(); l != 0 && l <= now && !c.hijacked.Load() {
		c.rfd.Store(true)
		_ = c.Conn.SetReadDeadline(aLongTimeAgo)
	}
}

// aLongTimeAgo is a deadline in the past: it wakes a blocked read.
var aLongTimeAgo = time.Unix(1, 0)

// Read reads from the connection; a deadline error whose L has not passed
// comes from an earlier L: the deadline is set again and the read retried.
func (c *deadlineConn) Read(p []byte) (int, error) {
	for {
		n, err := c.Conn.Read(p)
		if err == nil || n > 0 || c.hijacked.Load() || !errors.Is(err, os.ErrDeadlineExceeded) || c.readExpired() {
			return n, err
		}
		c.syncRead(true)
	}
}

// readExpired reports whether L is set and has passed.
func (c *deadlineConn) readExpired() bool {
	l := c.rl.Load()
	return l != 0 && monoNow() >= l
}

// Close closes the connection and leaves the watch.
func (c *deadlineConn) Close() error {
	c.watch.remove(c)
	return c.Conn.Close()
}

// hijack hands the read deadline to the handler that took the connection
// over: from then on it is set on the connection as asked.
func (c *deadlineConn) hijack() {
	c.rmu.Lock()
	c.hijacked.Store(true)
	l := c.rl.Swap(0)
	if c.rfd.Swap(false) || l != 0 {
		_ = c.Conn.SetReadDeadline(time.Time{})
	}
	c.rmu.Unlock()
	c.watch.remove(c)
}

// connHijacked is the http.Server's ConnState hook: it hands a hijacked
// connection's read deadline to its new owner.
func connHijacked(c net.Conn, s http.ConnState) {
	if dc, ok := c.(*deadlineConn); ok && s == http.StateHijacked {
		dc.hijack()
	}
}

package deadline

// The read side of a conn: its read deadlines, kept by a readWatch (see
// the package doc).

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
	conns map[*conn]struct{}
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
	return &readWatch{tick: tick, conns: map[*conn]struct{}{}}
}

// far reports whether the deadline l (see mono) is left to the watch.
func (w *readWatch) far(l int64) bool {
	return l-w.clock.Load() >= nearTicks*int64(w.tick)
}

func (w *readWatch) add(c *conn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.conns[c] = struct{}{}
	if w.timer == nil {
		w.clock.Store(monoNow())
		w.timer = time.AfterFunc(w.tick, w.look)
	}
}

func (w *readWatch) remove(c *conn) {
	w.mu.Lock()
	delete(w.conns, c)
	w.mu.Unlock()
}

// look wakes the reads of the connections whose deadline has passed.
func (w *readWatch) look() {
	now := monoNow()
	w.clock.Store(now)
	var due []*conn
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

// readState is the read side of a conn.
type readState struct {
	watch    *readWatch
	rl       atomic.Int64 // L: the read deadline asked (see mono), 0 for none
	rfd      atomic.Bool  // the connection holds a read deadline set here
	rmu      sync.Mutex   // serialises the changes to the connection's read deadline
	hijacked atomic.Bool  // the handler owns the connection: its calls go straight through
}

// epoch is the origin of the deadlines a conn keeps: taken with
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
// it is near or past (see the package doc).
func (c *conn) SetReadDeadline(t time.Time) error {
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
func (c *conn) syncRead(force bool) {
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
func (c *conn) expire(now int64) {
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
func (c *conn) Read(p []byte) (int, error) {
	for {
		n, err := c.Conn.Read(p)
		if err == nil || n > 0 || c.hijacked.Load() || !errors.Is(err, os.ErrDeadlineExceeded) || c.readExpired() {
			return n, err
		}
		c.syncRead(true)
	}
}

// readExpired reports whether L is set and has passed.
func (c *conn) readExpired() bool {
	l := c.rl.Load()
	return l != 0 && monoNow() >= l
}

// Close closes the connection and leaves the watch.
func (c *conn) Close() error {
	c.watch.remove(c)
	return c.Conn.Close()
}

// hijack hands the read deadline to the handler that took the connection
// over: from then on it is set on the connection as asked.
func (c *conn) hijack() {
	c.rmu.Lock()
	c.hijacked.Store(true)
	l := c.rl.Swap(0)
	if c.rfd.Swap(false) || l != 0 {
		_ = c.Conn.SetReadDeadline(time.Time{})
	}
	c.rmu.Unlock()
	c.watch.remove(c)
}

// ConnState is the hook for the ConnState field of an http.Server that
// serves a Listener: it hands a hijacked connection's read deadline to
// its new owner, who then sets it as it likes, and takes the connection
// out of the watch.
func ConnState(c net.Conn, s http.ConnState) {
	if dc, ok := c.(*conn); ok && s == http.StateHijacked {
		dc.hijack()
	}
}

package deadline

import (
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// pipeConn is a conn on one end of a pipe, with a watch that does
// not run; peer is the other end.
func pipeConn(t *testing.T) (c *conn, peer net.Conn) {
	a, b := net.Pipe()
	t.Cleanup(func() { a.Close(); b.Close() })
	c = &conn{Conn: a}
	c.watch = newReadWatch(time.Second)
	c.watch.clock.Store(monoNow())
	return c, b
}

// A read that fails on a deadline the connection holds from an earlier L
// (the watch fired as L moved) reads again.
func TestDeadlineConnRetriesStaleDeadline(t *testing.T) {
	for _, l := range []time.Time{{}, time.Now().Add(time.Hour)} {
		c, peer := pipeConn(t)
		if err := c.SetReadDeadline(l); err != nil {
			t.Fatal(err)
		}
		c.rmu.Lock() // what the watch does for a deadline that has since moved
		c.rfd.Store(true)
		_ = c.Conn.SetReadDeadline(aLongTimeAgo)
		c.rmu.Unlock()
		go func() { _, _ = io.WriteString(peer, "x") }()
		buf := make([]byte, 1)
		if n, err := c.Read(buf); n != 1 || err != nil {
			t.Errorf("L %v: Read on a stale deadline = %d, %v; want 1, nil", l, n, err)
		}
	}
}

// A far deadline that has passed fails the read once the watch looks; a
// near one is set on the connection at once.
func TestDeadlineConnTimesOut(t *testing.T) {
	for _, d := range []time.Duration{time.Hour, 10 * time.Millisecond, -time.Second} {
		c, _ := pipeConn(t)
		if err := c.SetReadDeadline(time.Now().Add(d)); err != nil {
			t.Fatal(err)
		}
		if d == time.Hour { // the watch looks an hour later
			c.expire(mono(time.Now().Add(2 * time.Hour)))
			c.rl.Store(mono(time.Now().Add(-time.Millisecond)))
		}
		done := make(chan error, 1)
		go func() { _, err := c.Read(make([]byte, 1)); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, os.ErrDeadlineExceeded) {
				t.Errorf("deadline %v: Read = %v, want a deadline error", d, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("deadline %v: Read still blocked after 10s", d)
		}
	}
}

// The watch wakes a read whose far deadline has passed, and stops when
// the last connection closes.
func TestReadWatchLooks(t *testing.T) {
	w := newReadWatch(20 * time.Millisecond)
	a, b := net.Pipe()
	defer b.Close()
	c := &conn{Conn: a}
	c.watch = w
	w.add(c)
	c.rl.Store(mono(time.Now().Add(-time.Millisecond))) // as a far deadline that has passed
	done := make(chan error, 1)
	go func() { _, err := c.Read(make([]byte, 1)); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Errorf("Read past a far deadline = %v, want a deadline error", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("Read past a far deadline still blocked after 10s")
	}
	c.Close()
	for range 1000 {
		w.mu.Lock()
		stopped := w.timer == nil
		w.mu.Unlock()
		if stopped {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Error("the watch still runs 5s after its last connection closed")
}

package deadline

// Handler and Listener, and the write side of the connections of Listener
// (see the package doc; the read side is readWatch's).

import (
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"time"
)

// Handler returns h behind a handler that arms the read deadline of the
// requests that have a body, now + read, and the write deadline of the
// requests on a TLS connection, now + write (TLS connections are not
// wrapped by Listener: net/http needs their *tls.Conn). A zero or negative
// timeout arms nothing. The http.Server's own ReadTimeout and WriteTimeout
// are meant to stay zero.
func Handler(h http.Handler, read, write time.Duration) http.Handler {
	return &handler{h: h, read: read, write: write}
}

// handler is the handler of Handler.
type handler struct {
	h           http.Handler
	read, write time.Duration // 0: none
}

func (d *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hasBody := r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody
	if hasBody && d.read > 0 || d.write > 0 && r.TLS != nil {
		d.arm(w, r, hasBody)
	}
	d.h.ServeHTTP(w, r)
}

// arm sets the deadlines of one request; errors (a writer without
// deadlines, as in a test recorder) leave the request unbounded.
func (d *handler) arm(w http.ResponseWriter, r *http.Request, hasBody bool) {
	rc := http.NewResponseController(w)
	now := time.Now()
	if hasBody && d.read > 0 {
		_ = rc.SetReadDeadline(now.Add(d.read))
	}
	if d.write > 0 && r.TLS != nil {
		_ = rc.SetWriteDeadline(now.Add(d.write))
	}
}

// Listener returns l with each connection it accepts (but TLS ones)
// wrapped: the connection's writes may stall at most write (none if it is
// zero or negative), and the far read deadlines net/http sets on it are
// enforced by one watch for the listener, whose tick is a twentieth of
// shortest, the shortest timeout of the server (see the package doc for
// how late that lets a timeout fire). The server's ConnState must be
// ConnState.
func Listener(l net.Listener, write, shortest time.Duration) net.Listener {
	return listener{Listener: l, write: write, watch: newReadWatch(shortest)}
}

// listener is the listener of Listener: it wraps the connections it
// accepts (but TLS ones) in a conn.
type listener struct {
	net.Listener
	write time.Duration // 0: none
	watch *readWatch
}

func (l listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	if _, isTLS := c.(*tls.Conn); isTLS {
		return c, nil
	}
	dc := &conn{Conn: c, write: l.write}
	dc.watch = l.watch
	l.watch.add(dc)
	return dc, nil
}

// conn is a connection whose writes may stall at most its write timeout
// (see the package doc), and whose far read deadlines are enforced by the
// watch of its listener (readWatch).
type conn struct {
	net.Conn
	readState
	write time.Duration // 0: none
	armed atomic.Int64  // the write deadline set by the connection (UnixNano), 0 if none
	user  atomic.Bool   // a deadline set through SetWriteDeadline holds until cleared
}

// arm re-arms the write deadline when less than half of it is left.
func (c *conn) arm() {
	if c.write <= 0 || c.user.Load() {
		return
	}
	now := time.Now()
	if c.armed.Load()-now.UnixNano() >= int64(c.write/2) {
		return
	}
	dl := now.Add(c.write)
	c.armed.Store(dl.UnixNano())
	_ = c.Conn.SetWriteDeadline(dl)
}

func (c *conn) Write(p []byte) (int, error) {
	c.arm()
	return c.Conn.Write(p)
}

// SetWriteDeadline sets a deadline that replaces the connection's own until
// a zero one (net/http sets one after each request) gives it back. net/http
// never needs the zero deadline itself here: the connection's own is kept.
func (c *conn) SetWriteDeadline(t time.Time) error {
	if t.IsZero() {
		if c.user.Load() && c.user.Swap(false) { // no locked swap on the common path
			c.armed.Store(0) // the next write re-arms
		}
		return nil
	}
	c.user.Store(true)
	return c.Conn.SetWriteDeadline(t)
}

// SetDeadline sets both deadlines (see SetWriteDeadline and
// SetReadDeadline).
func (c *conn) SetDeadline(t time.Time) error {
	if err := c.SetWriteDeadline(t); err != nil {
		return err
	}
	return c.SetReadDeadline(t)
}

// ReadFrom keeps the connection's io.ReaderFrom (sendfile for files).
func (c *conn) ReadFrom(r io.Reader) (int64, error) {
	c.arm()
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(writerOnly{c}, r)
}

// CloseWrite half-closes the connection when it can (net/http uses it
// before closing a connection whose request body was left unread).
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// writerOnly hides every method but Write (io.Copy must not call ReadFrom
// again).
type writerOnly struct{ io.Writer }

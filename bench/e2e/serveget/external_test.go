package serveget

import (
	"net"
	"os"
	"strconv"
	"sync"
	"testing"
)

// The server and its client in two processes, for instructions.sh's count
// of the server alone: TestServeExternal serves $SERVEGET_VARIANT on
// $SERVEGET_ADDR until $SERVEGET_CONNS connections have come and gone;
// TestLoadExternal sends $SERVEGET_N requests to $SERVEGET_ADDR, in turn
// over 8 connections (after one that only checks the server listens).
// Both are skipped without their variables.

func TestServeExternal(t *testing.T) {
	addr, name := os.Getenv("SERVEGET_ADDR"), os.Getenv("SERVEGET_VARIANT")
	conns, _ := strconv.Atoi(os.Getenv("SERVEGET_CONNS"))
	if addr == "" || name == "" || conns <= 0 {
		t.Skip("SERVEGET_ADDR, SERVEGET_VARIANT and SERVEGET_CONNS not set")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	cl := &countingListener{Listener: ln, left: conns, done: make(chan struct{})}
	for _, v := range variants(t) {
		if v.name == name {
			stop := v.serve(t, cl)
			<-cl.done
			stop()
			return
		}
	}
	t.Fatalf("no variant %q", name)
}

func TestLoadExternal(t *testing.T) {
	addr := os.Getenv("SERVEGET_ADDR")
	n, _ := strconv.Atoi(os.Getenv("SERVEGET_N"))
	if addr == "" || n <= 0 || os.Getenv("SERVEGET_VARIANT") != "" {
		t.Skip("SERVEGET_ADDR and SERVEGET_N not set")
	}
	var probe net.Conn
	for err := error(nil); probe == nil; {
		if probe, err = net.Dial("tcp", addr); err != nil {
			probe = nil
		}
	}
	probe.Close()
	cls := make([]*client, 8)
	for k := range cls {
		cls[k] = connect(t, addr)
	}
	for i := range n {
		if code, _ := cls[i%len(cls)].get(t); code != 200 {
			t.Fatalf("status %d", code)
		}
	}
	for _, cl := range cls {
		cl.c.Close()
	}
}

// countingListener closes done once left connections have been closed.
type countingListener struct {
	net.Listener
	mu   sync.Mutex
	left int
	done chan struct{}
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countedConn{Conn: c, l: l}, nil
}

type countedConn struct {
	net.Conn
	l    *countingListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.left--; c.l.left == 0 {
			close(c.l.done)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

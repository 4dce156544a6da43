package fwk

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// countingListener counts the read deadlines set on its connections.
type countingListener struct {
	net.Listener
	reads *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{c, l.reads}, nil
}

type countingConn struct {
	net.Conn
	reads *atomic.Int64
}

func (c countingConn) SetReadDeadline(t time.Time) error {
	c.reads.Add(1)
	return c.Conn.SetReadDeadline(t)
}

// A kept-alive GET costs the connection two read deadlines, the wake-up
// of net/http's background read and its clearing (a server without
// timeouts makes them too), not one per deadline net/http asks for.
func TestServeReadDeadlinesPerRequest(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("cannot listen: %v", err)
	}
	var reads atomic.Int64
	cfg := DefaultConfig() // every timeout on, at its default
	srv := cfg.newServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}))
	go func() { _ = srv.Serve(cfg.serveListener(countingListener{ln, &reads})) }()
	defer srv.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	const n = 50
	for i := range n {
		_, _ = io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		resp.Body.Close()
	}
	// net/http alone sets six per request.
	if got := reads.Load(); got > 2*n+2 {
		t.Errorf("%d requests set %d read deadlines on the connection, want at most %d", n, got, 2*n+2)
	}
}

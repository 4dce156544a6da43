package fwk_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// The protections of Serve's server, each through a real loopback
// connection. Every timeout is 300ms; each check waits up to guard for the
// server to act, so that a loaded machine cannot fail it, and fails if the
// server never does.
const (
	protectTimeout = 300 * time.Millisecond
	guard          = time.Minute
)

// protectedServer serves views on a loopback listener through a.Serve with
// every timeout at protectTimeout; it returns the address. The view at
// /body reads the request body and sends its error on bodyErr; the view at
// /big writes 256 MiB and sends the first write error on writeErr.
func protectedServer(t *testing.T, bodyErr, writeErr chan<- error) string {
	t.Helper()
	cfg := quietCfg()
	cfg.ReadHeaderTimeout, cfg.ReadTimeout = protectTimeout, protectTimeout
	cfg.WriteTimeout, cfg.IdleTimeout = protectTimeout, protectTimeout
	cfg.MaxHeaderBytes = 4 << 10
	body := func(ctx *fwk.Ctx) error {
		_, err := io.ReadAll(ctx.Request().Body)
		bodyErr <- err
		if err != nil {
			return err
		}
		return ctx.NoContent()
	}
	big := func(ctx *fwk.Ctx) error {
		chunk := make([]byte, 64<<10)
		for range 4096 {
			if _, err := ctx.Writer().Write(chunk); err != nil {
				writeErr <- err
				return err
			}
		}
		writeErr <- nil
		return nil
	}
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(routes.Func("/", okView),
		routes.Post("/body", body), routes.Func("/big", big))})
	if err != nil {
		t.Fatal(err)
	}
	return serveApp(t, a)
}

// dial opens a connection whose reads give up after guard.
func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	_ = c.SetDeadline(time.Now().Add(guard))
	return c
}

// closedByServer reads r to its end and reports whether the server closed
// the connection (rather than the guard deadline expiring).
func closedByServer(r io.Reader) error {
	_, err := io.Copy(io.Discard, r)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return fmt.Errorf("still open after %v", guard)
	}
	return nil
}

func TestServeClosesSlowHeader(t *testing.T) {
	addr := protectedServer(t, nil, nil)
	c := dial(t, addr)
	_, _ = io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n") // the header never ends
	if err := closedByServer(c); err != nil {
		t.Errorf("slow header: %v, want it closed by ReadHeaderTimeout", err)
	}
}

func TestServeCutsSlowBody(t *testing.T) {
	bodyErr := make(chan error, 1)
	addr := protectedServer(t, bodyErr, nil)
	c := dial(t, addr)
	_, _ = io.WriteString(c, "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789")
	select {
	case err := <-bodyErr:
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Errorf("reading a body that stalls = %v, want a timeout", err)
		}
	case <-time.After(guard):
		t.Fatalf("the view still reads a stalled body after %v", guard)
	}
	if err := closedByServer(c); err != nil {
		t.Errorf("slow body: %v, want the connection closed", err)
	}
}

func TestServeClosesIdleConnection(t *testing.T) {
	addr := protectedServer(t, nil, nil)
	c := dial(t, addr)
	_, _ = io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent || resp.Close {
		t.Fatalf("first request = %d (close %v), want 204 on a kept-alive connection", resp.StatusCode, resp.Close)
	}
	if err := closedByServer(br); err != nil {
		t.Errorf("idle connection: %v, want it closed by IdleTimeout", err)
	}
}

func TestServeRefusesLargeHeader(t *testing.T) {
	addr := protectedServer(t, nil, nil)
	c := dial(t, addr)
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: %s\r\n\r\n", strings.Repeat("b", 16<<10))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("16 KiB header with MaxHeaderBytes 4 KiB = %d, want 431", resp.StatusCode)
	}
}

// A client that stops reading: the view's write fails once it has stalled
// for the WriteTimeout.
func TestServeCutsStalledWrite(t *testing.T) {
	writeErr := make(chan error, 1)
	addr := protectedServer(t, nil, writeErr)
	c := dial(t, addr)
	_, _ = io.WriteString(c, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n") // and never read
	select {
	case err := <-writeErr:
		if err == nil {
			t.Error("256 MiB written to a client that reads nothing, want a write error")
		}
	case <-time.After(guard):
		t.Fatalf("the view still writes to a client that reads nothing after %v", guard)
	}
}

// The deadlines are per request in effect: a kept-alive connection serves
// requests for several times every timeout, each with a body.
func TestServeKeepsBusyConnection(t *testing.T) {
	bodyErr := make(chan error, 1)
	addr := protectedServer(t, bodyErr, nil)
	c := dial(t, addr)
	br := bufio.NewReader(c)
	for i := range 8 {
		_, _ = io.WriteString(c, "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok")
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("request %d on the same connection: %v", i, err)
		}
		resp.Body.Close()
		if err := <-bodyErr; err != nil || resp.StatusCode != http.StatusNoContent {
			t.Fatalf("request %d = %d, body read %v; want 204 and no error", i, resp.StatusCode, err)
		}
		time.Sleep(protectTimeout / 2)
	}
}

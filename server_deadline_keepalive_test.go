package fwk_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// The read deadlines of kept-alive connections, through a loopback
// connection to a.Serve: the connection keeps the deadlines net/http asks
// for and enforces the far ones itself, which must close what net/http
// closes and nothing else.

// keepAliveServer serves okView at / and the views of rs through a.Serve
// with the given header and idle timeouts; ReadTimeout and WriteTimeout are
// protectTimeout.
func keepAliveServer(t *testing.T, header, idle time.Duration, rs ...[]*fwk.Route) string {
	t.Helper()
	cfg := quietCfg()
	cfg.ReadHeaderTimeout, cfg.IdleTimeout = header, idle
	cfg.ReadTimeout, cfg.WriteTimeout = protectTimeout, protectTimeout
	all := routes.Tree(routes.Func("/", okView))
	for _, r := range rs {
		all = append(all, r...)
	}
	a, err := fwk.New(cfg, routesBundle{rs: all})
	if err != nil {
		t.Fatal(err)
	}
	return serveApp(t, a)
}

// roundTrip writes req on c and reads the answer; it fails the test unless
// the answer is want on a connection kept alive.
func roundTrip(t *testing.T, c net.Conn, br *bufio.Reader, req string, want int) {
	t.Helper()
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("%q: %v", req, err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != want || resp.Close {
		t.Fatalf("%q = %d %q (close %v), want %d on a kept-alive connection", req, resp.StatusCode, body, resp.Close, want)
	}
}

const getRoot = "GET / HTTP/1.1\r\nHost: x\r\n\r\n"

// Only the idle timeout can close this connection: the header timeout is a
// minute.
func TestServeClosesIdleConnectionAfterRequests(t *testing.T) {
	addr := keepAliveServer(t, time.Minute, protectTimeout)
	c := dial(t, addr)
	br := bufio.NewReader(c)
	for range 3 {
		roundTrip(t, c, br, getRoot, http.StatusNoContent)
	}
	if err := closedByServer(br); err != nil {
		t.Errorf("idle connection after 3 requests: %v, want it closed by IdleTimeout", err)
	}
}

// Only the header timeout can close this connection: the idle timeout is a
// minute, and the second request's header has begun.
func TestServeClosesSlowHeaderOfSecondRequest(t *testing.T) {
	addr := keepAliveServer(t, protectTimeout, time.Minute)
	c := dial(t, addr)
	br := bufio.NewReader(c)
	roundTrip(t, c, br, getRoot, http.StatusNoContent)
	_, _ = io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n") // the header never ends
	if err := closedByServer(br); err != nil {
		t.Errorf("slow header of the second request: %v, want it closed by ReadHeaderTimeout", err)
	}
}

// slowViews sleep for several times every timeout once they have read
// their request, then answer 204, or 500 if the request's context was
// cancelled meanwhile (a read of the connection failed).
func slowViews() []*fwk.Route {
	work := func(ctx *fwk.Ctx) error {
		select {
		case <-time.After(4 * protectTimeout):
		case <-ctx.Context().Done():
		}
		if err := ctx.Context().Err(); err != nil {
			return ctx.Respond(http.StatusInternalServerError, err.Error())
		}
		return ctx.NoContent()
	}
	withBody := func(ctx *fwk.Ctx) error {
		if _, err := io.ReadAll(ctx.Request().Body); err != nil {
			return err
		}
		return work(ctx)
	}
	return routes.Tree(routes.Func("/slow", work), routes.Post("/slow-body", withBody))
}

// A view that works longer than every timeout, its request read, is not
// cut: neither by a deadline left from the header, nor by the body's.
func TestServeKeepsLongRequest(t *testing.T) {
	addr := keepAliveServer(t, protectTimeout, protectTimeout, slowViews())
	c := dial(t, addr)
	br := bufio.NewReader(c)
	roundTrip(t, c, br, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n", http.StatusNoContent)
	roundTrip(t, c, br, "POST /slow-body HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok", http.StatusNoContent)
	roundTrip(t, c, br, getRoot, http.StatusNoContent)
}

// Pipelined requests: the server reads the next request while it answers
// one (its background read), and wakes that read when the answer is done.
func TestServePipelinedRequests(t *testing.T) {
	bodyErr := make(chan error, 8)
	addr := protectedServer(t, bodyErr, nil)
	c := dial(t, addr)
	br := bufio.NewReader(c)
	post := "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok"
	for round := range 3 {
		if _, err := io.WriteString(c, getRoot+post+getRoot+post); err != nil {
			t.Fatal(err)
		}
		for i := range 4 {
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("round %d, answer %d: %v", round, i, err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusNoContent || resp.Close {
				t.Fatalf("round %d, answer %d = %d (close %v), want 204 on a kept-alive connection", round, i, resp.StatusCode, resp.Close)
			}
		}
		for range 2 {
			if err := <-bodyErr; err != nil {
				t.Fatalf("round %d: reading a body: %v", round, err)
			}
		}
		time.Sleep(protectTimeout / 3)
	}
}

// A deadline a view sets itself, shorter than the server's timeouts, cuts
// its read of a stalled body.
func TestServeViewReadDeadline(t *testing.T) {
	readErr := make(chan error, 1)
	view := func(ctx *fwk.Ctx) error {
		rc := http.NewResponseController(ctx.Writer())
		if err := rc.SetReadDeadline(time.Now().Add(protectTimeout / 6)); err != nil {
			readErr <- err
			return err
		}
		_, err := io.ReadAll(ctx.Request().Body)
		readErr <- err
		return err
	}
	addr := keepAliveServer(t, time.Minute, time.Minute, routes.Tree(routes.Post("/short", view)))
	c := dial(t, addr)
	_, _ = io.WriteString(c, "POST /short HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789")
	select {
	case err := <-readErr:
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Errorf("reading a stalled body past the view's own deadline = %v, want a timeout", err)
		}
	case <-time.After(guard):
		t.Fatalf("the view still reads a stalled body after %v", guard)
	}
}

// A hijacked connection is the view's: the server's timeouts no longer
// apply, and the read deadlines the view sets do.
func TestServeHijackedConnection(t *testing.T) {
	view := func(ctx *fwk.Ctx) error {
		conn, brw, err := http.NewResponseController(ctx.Writer()).Hijack()
		if err != nil {
			return err
		}
		defer conn.Close()
		_, _ = brw.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n")
		_ = brw.Flush()
		line, err := brw.ReadString('\n') // sent after several times every timeout
		if err != nil {
			return err
		}
		_, _ = io.WriteString(conn, "echo "+line)
		_ = conn.SetReadDeadline(time.Now().Add(protectTimeout))
		_, err = brw.ReadString('\n') // never sent
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			_, _ = io.WriteString(conn, "timeout\n")
		}
		return nil
	}
	addr := keepAliveServer(t, protectTimeout, protectTimeout, routes.Tree(routes.Func("/upgrade", view)))
	c := dial(t, addr)
	br := bufio.NewReader(c)
	_, _ = io.WriteString(c, "GET /upgrade HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n")
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade = %d, want 101", resp.StatusCode)
	}
	time.Sleep(3 * protectTimeout)
	_, _ = io.WriteString(c, "ping\n")
	got, _ := io.ReadAll(br)
	if want := "echo ping\ntimeout\n"; string(got) != want {
		t.Errorf("hijacked connection answered %q, want %q", got, want)
	}
}

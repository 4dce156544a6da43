package serveget

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/bench/e2e/apps"
	"github.com/fwkgo/fwk/bench/e2e/workload"
)

func fwkApp(tb testing.TB) *fwk.App {
	app, err := apps.Fwk(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return app
}

// server starts one variant on ln and returns how to stop it.
type server func(tb testing.TB, ln net.Listener) (stop func())

func onServer(srv *http.Server) server {
	return func(_ testing.TB, ln net.Listener) func() {
		go func() { _ = srv.Serve(ln) }()
		return func() { _ = srv.Close() }
	}
}

func variants(tb testing.TB) []struct {
	name  string
	serve server
} {
	app := fwkApp(tb)
	g, e := apps.Gin(nil), apps.Echo(nil)
	return []struct {
		name  string
		serve server
	}{
		{"fwk", onServer(&http.Server{Handler: app})},
		{"fwk-serve", func(_ testing.TB, ln net.Listener) func() {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- app.Serve(ctx, ln) }()
			return func() { cancel(); <-done }
		}},
		{"gin", onServer(&http.Server{Handler: g})},
		{"gin-timeouts", onServer(workload.SafeServer(g))},
		{"echo", onServer(&http.Server{Handler: e})},
		{"echo-timeouts", onServer(workload.SafeServer(e))},
	}
}

const request = "GET /users/12345 HTTP/1.1\r\nHost: x\r\n\r\n"

// client is one kept-alive connection to a variant.
type client struct {
	c  net.Conn
	br *bufio.Reader
}

func dial(tb testing.TB, s server) *client {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Skipf("cannot listen: %v", err)
	}
	stop := s(tb, ln)
	tb.Cleanup(stop)
	return connect(tb, ln.Addr().String())
}

func connect(tb testing.TB, addr string) *client {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { c.Close() })
	return &client{c, bufio.NewReader(c)}
}

// get sends the request and returns the answer's status and body.
func (cl *client) get(tb testing.TB) (int, []byte) {
	if _, err := io.WriteString(cl.c, request); err != nil {
		tb.Fatal(err)
	}
	resp, err := http.ReadResponse(cl.br, nil)
	if err != nil {
		tb.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.Close {
		tb.Fatalf("reading the answer: %v (close %v)", err, resp.Close)
	}
	return resp.StatusCode, body
}

// Every variant answers the same JSON on a kept-alive connection.
func TestVariantsAnswer(t *testing.T) {
	for _, v := range variants(t) {
		cl := dial(t, v.serve)
		for range 3 {
			code, body := cl.get(t)
			if want := `{"id":12345,"name":"Ann Smith","email":"ann@example.com"}`; code != 200 || string(body) != want+"\n" && string(body) != want {
				t.Errorf("%s: %d %q, want 200 %s", v.name, code, body, want)
			}
		}
	}
}

// BenchmarkServeGET is one kept-alive GET per op, client included (the
// same client for every variant).
func BenchmarkServeGET(b *testing.B) {
	for _, v := range variants(b) {
		b.Run(v.name, func(b *testing.B) {
			cl := dial(b, v.serve)
			for b.Loop() {
				if code, _ := cl.get(b); code != http.StatusOK {
					b.Fatalf("status %d", code)
				}
			}
		})
	}
}

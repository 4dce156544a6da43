package fwk_test

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// BenchmarkServeGET is one kept-alive GET /users/12345 answered with JSON
// over loopback, the client in the same process: served by a bare
// http.Server (no timeouts), and by App.Serve with its default timeouts.
// Run with -cpu 1; under callgrind (see bench/instructions.sh) the
// difference of the two is what the serve command's protections cost.
func BenchmarkServeGET(b *testing.B) {
	type user struct {
		ID   int    `json:"id"`
		Name string `json:"name"`
	}
	a, err := fwk.New(quietCfg(), routesBundle{rs: routes.Tree(routes.Get("/users/<int:id>",
		func(ctx *fwk.Ctx, id int) error { return ctx.JSON(user{id, "Ann"}) }))})
	if err != nil {
		b.Fatal(err)
	}
	serve := map[string]func(net.Listener) func(){
		"bare": func(ln net.Listener) func() {
			srv := &http.Server{Handler: a}
			go func() { _ = srv.Serve(ln) }()
			return func() { _ = srv.Close() }
		},
		"serve": func(ln net.Listener) func() {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- a.Serve(ctx, ln) }()
			return func() { cancel(); <-done }
		},
	}
	for _, mode := range []string{"bare", "serve"} {
		b.Run(mode, func(b *testing.B) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Skipf("cannot listen: %v", err)
			}
			stop := serve[mode](ln)
			defer stop()
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			br := bufio.NewReader(c)
			for b.Loop() {
				if _, err := io.WriteString(c, "GET /users/12345 HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
					b.Fatal(err)
				}
				resp, err := http.ReadResponse(br, nil)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("status %d", resp.StatusCode)
				}
			}
		})
	}
}

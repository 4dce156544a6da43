package fwk_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// TestChunkedFormBodyOverFormMemory: a url-encoded body of unknown length
// (chunked) is refused with 413 as soon as it passes MAX_FORM_MEMORY_SIZE,
// as one whose Content-Length says so is: the framework does not read it
// to its end (up to MAX_CONTENT_LENGTH, parsed into a map of up to
// millions of keys) before refusing it. The body here stops after 320 KiB
// without its last chunk: an answer at all shows the server stopped
// reading (net/http then discards at most 256 KiB more and closes).
func TestChunkedFormBodyOverFormMemory(t *testing.T) {
	cfg := quietCfg()
	cfg.MaxFormMemory = 1 << 10
	bind := func(c *fwk.Ctx) error {
		var v struct{ A string }
		if err := c.Bind(&v); err != nil {
			return err
		}
		return c.NoContent()
	}
	srv := httptest.NewServer(mustNew(t, cfg, routesBundle{rs: routes.Tree(routes.Func("/bind", bind, fwk.Methods("POST", "PUT", "PATCH", "DELETE")))}))
	t.Cleanup(srv.Close)
	for _, method := range []string{"POST", "PUT", "PATCH", "DELETE"} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(guard))
		chunk := strings.Repeat("k=v&", 80<<10) // 320 KiB of fields, over the 1 KiB limit
		fmt.Fprintf(conn, "%s /bind HTTP/1.1\r\nHost: app.example\r\nContent-Type: application/x-www-form-urlencoded\r\n"+
			"Transfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n", method, len(chunk), chunk) // no last chunk
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			conn.Close()
			t.Errorf("%s: no answer while the body goes on: %v", method, err)
			continue
		}
		b, _ := io.ReadAll(io.LimitReader(res.Body, 4<<10))
		conn.Close()
		if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), "MAX_FORM_MEMORY_SIZE") {
			t.Errorf("%s: %d %q, want 413 naming MAX_FORM_MEMORY_SIZE", method, res.StatusCode, b)
		}
	}
}

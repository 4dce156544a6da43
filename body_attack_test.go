package fwk_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// sentCounter counts the bytes read from r (by the client's transport,
// while the test reads the count).
type sentCounter struct {
	r io.Reader
	n atomic.Int64
}

func (c *sentCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// zeros is an endless stream of 'a' bytes, n of them.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > z.n {
		p = p[:z.n]
	}
	for i := range p {
		p[i] = 'a'
	}
	z.n -= int64(len(p))
	return len(p), nil
}

func hostileMultipart(parts int) (string, []byte) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for i := range parts {
		_ = w.WriteField(fmt.Sprintf("f%d", i), "1")
	}
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

// TestBindHostile sends hostile bodies through a real listener: each is
// refused quickly, with bounded memory, and never with a 500.
func TestBindHostile(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.MaxBodyBytes = 1 << 20 // the default 10 MiB takes seconds to scan under -race
	srv := bindServer(t, cfg)
	const gb = 1 << 30
	mpType, mpBody := hostileMultipart(100_000)
	cases := []struct {
		name, ctype string
		body        func() io.Reader
		length      int64 // -1: chunked
		status      int
	}{
		{"2000 form fields", "application/x-www-form-urlencoded",
			func() io.Reader { return strings.NewReader(strings.Repeat("a=1&", 2000)) }, 0, 413},
		{"100k form fields (net/url refuses more than 10000 itself)", "application/x-www-form-urlencoded",
			func() io.Reader { return strings.NewReader(strings.Repeat("a=1&", 100_000)) }, 0, 400},
		{"100k multipart parts", mpType, func() io.Reader { return bytes.NewReader(mpBody) }, 0, 413},
		{"index 1e9", "application/x-www-form-urlencoded",
			func() io.Reader { return strings.NewReader("tags[1000000000]=x") }, 0, 400},
		{"1000-deep form key", "application/x-www-form-urlencoded",
			func() io.Reader { return strings.NewReader(strings.Repeat("a.", 1000) + "a=1") }, 0, 400},
		{"33-deep short key", "application/x-www-form-urlencoded",
			func() io.Reader { return strings.NewReader(strings.Repeat("a[b]", 33) + "=1") }, 0, 400},
		{"1000-deep JSON", "application/json",
			func() io.Reader {
				return strings.NewReader(`{"attrs":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`)
			}, 0, 422}, // a list where attrs wants an object: a field error
		{"1 GB declared", "application/json", func() io.Reader { return &zeros{gb} }, gb, 413},
		{"1 GB chunked JSON", "application/json",
			func() io.Reader { return io.MultiReader(strings.NewReader(`{"name":"`), &zeros{gb}) }, -1, 413},
		{"1 GB chunked form", "application/x-www-form-urlencoded", func() io.Reader { return &zeros{gb} }, -1, 413},
		{"1 GB chunked multipart", "multipart/form-data; boundary=X", func() io.Reader {
			return io.MultiReader(strings.NewReader("--X\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n"), &zeros{gb})
		}, -1, 413},
	}
	for _, tc := range cases {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		body := &sentCounter{r: tc.body()}
		status := hostilePost(t, srv.URL+"/signup", tc.ctype, body, tc.length)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		t.Logf("%s: %d in %v, %d bytes sent", tc.name, status, took, body.n.Load())
		if status != tc.status && (status != -1 || tc.length >= 0) {
			t.Errorf("%s: status %d, want %d", tc.name, status, tc.status)
		}
		// Refused quickly: the server stopped reading near the 1 MiB limit
		// (what was sent counts socket buffers too), whatever the machine's
		// speed, rather than after a time.
		if n := body.n.Load(); n > 64<<20 {
			t.Errorf("%s: the client sent %d MB before the answer", tc.name, n>>20)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 128<<20 {
			t.Errorf("%s: allocated %d MB", tc.name, alloc>>20)
		}
	}
}

// hostilePost posts body and returns the status, or -1 when the server
// closed the connection while the client was still sending (it answered
// without reading everything).
func hostilePost(t *testing.T, url, ctype string, body io.Reader, length int64) int {
	t.Helper()
	req, err := http.NewRequest("POST", url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Accept", "application/json")
	if length != 0 {
		req.ContentLength = length
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode
}

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

package fwk_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// limitedServer serves views under a config with the given body limits
// through a real loopback listener.
func limitedServer(t *testing.T, maxBody, maxForm int64, rs ...[]*fwk.Route) *httptest.Server {
	t.Helper()
	cfg := quietCfg()
	cfg.MaxBodyBytes, cfg.MaxFormMemory = maxBody, maxForm
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(rs...)})
	if err != nil {
		t.Fatalf("fwk.New: %v", err)
	}
	srv := httptest.NewServer(a)
	t.Cleanup(srv.Close)
	return srv
}

// readAllView reads the whole body and answers its size; a read error is
// returned as is.
func readAllView(ctx *fwk.Ctx) error {
	n, err := io.Copy(io.Discard, ctx.Request().Body)
	if err != nil {
		return err
	}
	return ctx.Respond(http.StatusOK, fmt.Sprint(n))
}

// countingReader yields n bytes of 'a' and counts what was read from it
// (the transport reads it from its own goroutine).
type countingReader struct {
	n    int64
	read atomic.Int64
}

func (r *countingReader) Read(p []byte) (int, error) {
	done := r.read.Load()
	if done >= r.n {
		return 0, io.EOF
	}
	k := min(int64(len(p)), r.n-done)
	for i := range k {
		p[i] = 'a'
	}
	r.read.Add(k)
	return int(k), nil
}

// do sends a request and returns the status and body; a transport error is
// returned too (the server may close the connection while the client is
// still sending).
func do(t *testing.T, req *http.Request) (int, string, error) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

func TestBodyLimit(t *testing.T) {
	const limit = 1 << 20
	srv := limitedServer(t, limit, 0,
		routes.Func("/read", readAllView, fwk.Methods("POST")),
		routes.Func("/ignore", okView, fwk.Methods("POST")),
	)
	tests := []struct {
		name    string
		path    string
		size    int64
		chunked bool
		code    int
	}{
		{"at the limit", "/read", limit, false, 200},
		{"chunked at the limit", "/read", limit, true, 200},
		{"declared over the limit", "/read", 100 << 20, false, 413},
		{"declared over, view never reads", "/ignore", 100 << 20, false, 413},
		{"chunked over the limit", "/read", 100 << 20, true, 413},
	}
	for _, tt := range tests {
		body := &countingReader{n: tt.size}
		req, _ := http.NewRequest("POST", srv.URL+tt.path, body)
		req.ContentLength = tt.size
		if tt.chunked {
			req.ContentLength = -1
		}
		code, text, err := do(t, req)
		if err != nil && tt.code != 413 {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if err == nil && code != tt.code {
			t.Errorf("%s: status %d (%q), want %d", tt.name, code, text, tt.code)
		}
		// Socket buffers take a few MB, but the 100 MB are never all sent.
		if sent := body.read.Load(); tt.code == 413 && sent >= tt.size {
			t.Errorf("%s: the client sent all %d bytes: the server read the whole body", tt.name, sent)
		}
	}
}

// The declared Content-Length is refused before reading: the client that
// asks "Expect: 100-continue" gets the 413 without sending the body.
func TestBodyLimitExpectContinue(t *testing.T) {
	srv := limitedServer(t, 1<<10, 0, routes.Func("/read", readAllView, fwk.Methods("POST")))
	body := &countingReader{n: 1 << 30}
	req, _ := http.NewRequest("POST", srv.URL+"/read", body)
	req.ContentLength = body.n
	req.Header.Set("Expect", "100-continue")
	req.Header.Set("Accept", "application/json")
	code, text, err := do(t, req)
	if err != nil || code != http.StatusRequestEntityTooLarge {
		t.Fatalf("1 GiB POST = %d %q %v, want 413", code, text, err)
	}
	if n := body.read.Load(); n != 0 {
		t.Errorf("client sent %d body bytes, want 0", n)
	}
	if !strings.Contains(text, `"status":413`) || !strings.Contains(text, "1024 bytes") {
		t.Errorf("413 body = %q, want the JSON error naming the limit", text)
	}
}

func TestBodyLimitNegativeIsUnlimited(t *testing.T) {
	srv := limitedServer(t, -1, 0, routes.Func("/read", readAllView, fwk.Methods("POST")))
	req, _ := http.NewRequest("POST", srv.URL+"/read", &countingReader{n: 12 << 20})
	req.ContentLength = 12 << 20
	if code, text, err := do(t, req); err != nil || code != 200 || text != fmt.Sprint(12<<20) {
		t.Errorf("12 MiB POST with no limit = %d %q %v, want 200", code, text, err)
	}
}

func TestLimitBody(t *testing.T) {
	w := httptest.NewRecorder()
	get := httptest.NewRequest("GET", "/", nil)
	if err := fwk.LimitBody(w, get, 10); err != nil || get.Body != http.NoBody {
		t.Errorf("LimitBody(GET) = %v, body %T; want nil and the body untouched", err, get.Body)
	}
	big := httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat("x", 11)))
	err := fwk.LimitBody(w, big, 10)
	var mb *http.MaxBytesError
	if fwk.StatusCode(err) != 413 || !errors.As(err, &mb) || mb.Limit != 10 {
		t.Errorf("LimitBody(11 bytes, 10) = %v, want a 413 wrapping *http.MaxBytesError{Limit: 10}", err)
	}
	chunked := httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat("x", 11)))
	chunked.ContentLength = -1
	if err := fwk.LimitBody(w, chunked, 10); err != nil {
		t.Fatalf("LimitBody(chunked) = %v, want nil", err)
	}
	_, err = io.ReadAll(chunked.Body)
	if fwk.StatusCode(err) != 413 || !errors.As(err, &mb) {
		t.Errorf("reading 11 bytes past a limit of 10: %v, want *http.MaxBytesError (413)", err)
	}
}

// multipartBody builds a multipart form with the given text fields and one
// file of fileSize bytes (none when 0).
func multipartBody(t *testing.T, fields map[string]string, fileSize int) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if fileSize > 0 {
		fw, err := mw.CreateFormFile("upload", "big.bin")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(bytes.Repeat([]byte{'z'}, fileSize))
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, mw.FormDataContentType()
}

// Redirect reads next from a url-encoded body, bounded, and never parses a
// multipart body the view did not parse itself.
func TestRedirectFormNextBounded(t *testing.T) {
	left := make(chan string, 1)
	srv := limitedServer(t, 1<<20, 1000,
		routes.Func("/go", func(ctx *fwk.Ctx) error { return ctx.Redirect("/default") }, fwk.Methods("POST")),
		routes.Func("/go-then-read", func(ctx *fwk.Ctx) error {
			err := ctx.Redirect("/default")
			r := ctx.Request()
			rest, _ := io.ReadAll(r.Body)
			left <- fmt.Sprintf("multipart parsed=%v, %d bytes left", r.MultipartForm != nil, len(rest))
			return err
		}, fwk.Methods("POST")),
	)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post := func(path, ct string, body io.Reader) *http.Response {
		t.Helper()
		resp, err := client.Post(srv.URL+path, ct, body)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	form := url.Values{"next": {"/from-form"}}.Encode()
	if loc := post("/go", "application/x-www-form-urlencoded", strings.NewReader(form)).Header.Get("Location"); loc != "/from-form" {
		t.Errorf("url-encoded next: Location %q, want /from-form", loc)
	}
	big := url.Values{"next": {"/from-form"}, "pad": {strings.Repeat("p", 2000)}}.Encode()
	if loc := post("/go", "application/x-www-form-urlencoded", strings.NewReader(big)).Header.Get("Location"); loc != "/default" {
		t.Errorf("next in a form over MAX_FORM_MEMORY_SIZE: Location %q, want /default", loc)
	}
	body, ct := multipartBody(t, map[string]string{"next": "/from-multipart"}, 0)
	if loc := post("/go", ct, body).Header.Get("Location"); loc != "/default" {
		t.Errorf("multipart next: Location %q, want /default (never parsed for next)", loc)
	}
	// The multipart body is still there, unread, for the view.
	body, ct = multipartBody(t, map[string]string{"next": "/x"}, 0)
	want := fmt.Sprintf("multipart parsed=false, %d bytes left", body.Len())
	if loc := post("/go-then-read", ct, body).Header.Get("Location"); loc != "/default" {
		t.Errorf("multipart next: Location %q, want /default", loc)
	}
	if got := <-left; got != want {
		t.Errorf("after Redirect: %s, want %s", got, want)
	}
}

// A view's MaxBodyBytes option replaces the app's limit for that view.
func TestMaxBodyBytesPerView(t *testing.T) {
	srv := limitedServer(t, 1<<10, 0,
		routes.Func("/default", readAllView, fwk.Methods("POST")),
		routes.Func("/upload", readAllView, fwk.Methods("POST"), fwk.MaxBodyBytes(1<<20)),
		routes.Func("/small", readAllView, fwk.Methods("POST"), fwk.MaxBodyBytes(10)),
		routes.Func("/unlimited", readAllView, fwk.Methods("POST"), fwk.MaxBodyBytes(-1)),
	)
	tests := []struct {
		path    string
		size    int64
		chunked bool
		code    int
	}{
		{"/default", 2 << 10, false, 413},
		{"/default", 2 << 10, true, 413},
		{"/upload", 100 << 10, false, 200},
		{"/upload", 100 << 10, true, 200},
		{"/upload", 2 << 20, false, 413},
		{"/small", 20, false, 413},
		{"/small", 20, true, 413},
		{"/small", 10, false, 200},
		{"/unlimited", 2 << 20, true, 200},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest("POST", srv.URL+tt.path, &countingReader{n: tt.size})
		req.ContentLength = tt.size
		if tt.chunked {
			req.ContentLength = -1
		}
		code, text, err := do(t, req)
		if err != nil || code != tt.code {
			t.Errorf("POST %s, %d bytes (chunked %v) = %d %q %v, want %d", tt.path, tt.size, tt.chunked, code, text, err, tt.code)
		}
	}
}

package fwk

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// formServer serves POST /form, whose view parses the form with
// parseForm(multipart) and answers the parsed names, through a real
// listener.
func formServer(t *testing.T, maxBody, maxForm int64, multipart bool) *httptest.Server {
	t.Helper()
	cfg := DefaultConfig()
	cfg.MaxBodyBytes, cfg.MaxFormMemory = maxBody, maxForm
	cfg.Logger = slog.New(slog.DiscardHandler)
	a, err := New(cfg, aliasBundle{})
	if err != nil {
		t.Fatal(err)
	}
	rt := NewRoute("/form", func(c *Ctx) error {
		if err := c.parseForm(multipart); err != nil {
			return err
		}
		if err := c.parseForm(multipart); err != nil { // a second call is free
			return fmt.Errorf("second parse: %w", err)
		}
		r := c.Request()
		files := 0
		if r.MultipartForm != nil {
			files = len(r.MultipartForm.File["upload"])
		}
		return c.Respond(http.StatusOK, fmt.Sprintf("a=%q files=%d", r.PostForm.Get("a"), files))
	}, Methods("POST"), Endpoint("form"))
	if err := a.addRoute(rt, rt.rule, rt.endpoint); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a)
	t.Cleanup(srv.Close)
	return srv
}

// multipartForm is a multipart body with the field a and, when fileSize is
// not 0, a file "upload" of fileSize bytes.
func multipartForm(t *testing.T, a string, fileSize int) (string, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("a", a)
	if fileSize > 0 {
		fw, _ := mw.CreateFormFile("upload", "f.bin")
		_, _ = fw.Write(bytes.Repeat([]byte{'z'}, fileSize))
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String(), mw.FormDataContentType()
}

func TestParseFormLimits(t *testing.T) {
	const maxBody, maxForm = 1 << 20, 1000
	small, smallCT := multipartForm(t, "x", 0)
	withFile, withFileCT := multipartForm(t, "x", 200_000)
	bigField, bigFieldCT := multipartForm(t, strings.Repeat("y", 2000), 0)
	overBody, overBodyCT := multipartForm(t, "x", 2<<20)
	tests := []struct {
		name      string
		multipart bool
		ct        string
		body      string
		chunked   bool
		code      int
		want      string
	}{
		{"url-encoded", false, "application/x-www-form-urlencoded", "a=1&b=2", false, 200, `a="1" files=0`},
		{"url-encoded, chunked", false, "application/x-www-form-urlencoded", "a=1", true, 200, `a="1" files=0`},
		{"url-encoded over the form limit", false, "application/x-www-form-urlencoded",
			"a=" + strings.Repeat("1", 2000), false, 413, "MAX_FORM_MEMORY_SIZE"},
		{"url-encoded chunked over the form limit", false, "application/x-www-form-urlencoded",
			"a=" + strings.Repeat("1", 2000), true, 413, "MAX_FORM_MEMORY_SIZE"},
		{"url-encoded chunked over both limits: the smaller, the form's, is met first", false, "application/x-www-form-urlencoded",
			"a=" + strings.Repeat("1", 2<<20), true, 413, "MAX_FORM_MEMORY_SIZE"},
		{"malformed url-encoded", false, "application/x-www-form-urlencoded", "a=%zz", false, 400, "Malformed"},
		{"multipart not asked for", false, smallCT, small, false, 200, `a="" files=0`},
		{"multipart", true, smallCT, small, false, 200, `a="x" files=0`},
		{"multipart with a file over the form memory", true, withFileCT, withFile, false, 200, `a="x" files=1`},
		{"multipart field over the form limit", true, bigFieldCT, bigField, false, 413, "MAX_FORM_MEMORY_SIZE"},
		{"multipart chunked over the body limit", true, overBodyCT, overBody, true, 413, "MAX_CONTENT_LENGTH"},
		{"broken multipart", true, "multipart/form-data; boundary=zz", "--zz\r\nbad", false, 400, "Malformed"},
	}
	for _, tt := range tests {
		srv := formServer(t, maxBody, maxForm, tt.multipart)
		req, _ := http.NewRequest("POST", srv.URL+"/form", strings.NewReader(tt.body))
		req.Header.Set("Content-Type", tt.ct)
		req.Header.Set("Accept", "application/json")
		if tt.chunked {
			req.ContentLength = -1
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.code || !strings.Contains(string(b), tt.want) {
			t.Errorf("%s: %d %s, want %d containing %q", tt.name, resp.StatusCode, b, tt.code, tt.want)
		}
	}
}

func TestBodyError(t *testing.T) {
	abort := Abort(http.StatusTeapot)
	tests := []struct {
		err  error
		code int
	}{
		{nil, 200},
		{abort, http.StatusTeapot},
		{fmt.Errorf("reading: %w", &http.MaxBytesError{Limit: 5}), 413},
		{url.EscapeError("%zz"), 400},
	}
	for _, tt := range tests {
		if got := StatusCode(bodyError(tt.err)); got != tt.code {
			t.Errorf("bodyError(%v) has status %d, want %d", tt.err, got, tt.code)
		}
	}
}

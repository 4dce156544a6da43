package middleware_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/middleware"
)

// serve starts a real server for h and returns its URL.
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// do sends a request through a real client and returns the response with
// its body read.
func do(t *testing.T, method, url string, body io.Reader, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	tr := &http.Transport{DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// hello answers "hello" padded to n bytes.
func hello(n int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "hello"+strings.Repeat(".", max(n-5, 0)))
	})
}

func TestBodyLimit(t *testing.T) {
	read := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "read: "+err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		_, _ = w.Write(b)
	})
	url := serve(t, middleware.BodyLimit(10)(read))
	unlimited := serve(t, middleware.BodyLimit(-1)(read))
	tests := []struct {
		name   string
		url    string
		body   io.Reader
		status int
	}{
		{"under", url, strings.NewReader("0123456789"), 200},
		{"declared too long", url, strings.NewReader("0123456789A"), 413},
		// An unknown length (chunked) is cut while reading.
		{"chunked too long", url, io.MultiReader(strings.NewReader("01234"), bytes.NewReader([]byte("56789AB"))), 413},
		{"chunked under", url, io.MultiReader(strings.NewReader("012"), strings.NewReader("34")), 200},
		{"no limit", unlimited, strings.NewReader(strings.Repeat("x", 1<<20)), 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, _ := do(t, "POST", tt.url, tt.body, nil)
			if resp.StatusCode != tt.status {
				t.Errorf("status = %d, want %d", resp.StatusCode, tt.status)
			}
		})
	}
}

func httptestRecorder() http.ResponseWriter { return httptest.NewRecorder() }

package fwktest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
)

// TestInProcessAnswersAsServer: an in-process answer has the header a
// client gets from net/http's server, as over the loopback listener.
func TestInProcessAnswersAsServer(t *testing.T) {
	handlers := map[string]http.HandlerFunc{
		"/sniffed": func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(201)
			w.Write([]byte("<!doctype html><p>hi"))
		},
		"/late-header": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(200)
			w.Header().Set("X-Late", "lost")
			w.Write([]byte("x"))
		},
		"/large": func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(strings.Repeat("a", 3000))) },
		"/flushed": func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("{}"))
			w.(http.Flusher).Flush()
		},
		"/empty-flush": func(w http.ResponseWriter, r *http.Request) {
			w.(http.Flusher).Flush()
			w.Write([]byte("<html>"))
		},
		"/no-content": func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(204)
			if _, err := w.Write([]byte("x")); err != http.ErrBodyNotAllowed {
				panic("a 204 took a body")
			}
		},
	}
	route := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if h, ok := handlers[r.URL.Path]; ok {
				h(w, r)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	answers := map[string]map[string]string{}
	for _, mode := range []string{"in-process", "loopback"} {
		var opts []fwktest.Option
		if mode == "loopback" {
			opts = append(opts, fwktest.Loopback())
		}
		c := fwktest.New(t, newApp(t, route), opts...)
		for path := range handlers {
			r := c.Get(path)
			answers[path+" "+mode] = map[string]string{"status": r.Status, "type": r.Header.Get("Content-Type"),
				"late": r.Header.Get("X-Late"), "length": r.Header.Get("Content-Length"),
				"chunked": strings.Join(r.TransferEncoding, ","), "body": r.Text(), "date": r.Header.Get("Date")[:3]}
		}
	}
	for path := range handlers {
		in, lo := answers[path+" in-process"], answers[path+" loopback"]
		for k, v := range lo {
			if in[k] != v && k != "chunked" { // the in-process client never sees the chunks
				t.Errorf("%s: %s is %q in-process, %q over loopback", path, k, in[k], v)
			}
		}
	}
	if got := answers["/sniffed in-process"]["type"]; got != "text/html; charset=utf-8" {
		t.Errorf("sniffed type %q", got)
	}
}

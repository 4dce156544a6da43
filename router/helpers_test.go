package router_test

import (
	"bufio"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// benchRoute is one line of a route-set file, converted to our syntax.
type benchRoute struct {
	method string
	rule   string // "/repos/<owner>/<repo>"
	path   string // a concrete request path
}

// loadRoutes reads "METHOD /path/:param" lines, turning ":param" into
// "<param>" and into a concrete value for the request path.
func loadRoutes(tb testing.TB, file string) []benchRoute {
	tb.Helper()
	f, err := os.Open(file)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []benchRoute
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		method, p, _ := strings.Cut(line, " ")
		segs := strings.Split(p, "/")
		reqSegs := make([]string, len(segs))
		for i, s := range segs {
			reqSegs[i] = s
			if strings.HasPrefix(s, ":") {
				segs[i] = "<" + s[1:] + ">"
				reqSegs[i] = "v" + s[1:]
			}
		}
		out = append(out, benchRoute{method, strings.Join(segs, "/"), strings.Join(reqSegs, "/")})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// nopHandler is a handler that does nothing.
var nopHandler = router.HandlerFunc(func(http.ResponseWriter, *http.Request, *router.Params) {})

// loadRouter registers routes with nopHandler, naming each endpoint after
// its index.
func loadRouter(tb testing.TB, routes []benchRoute) *router.Router {
	tb.Helper()
	r := router.New()
	for i, rt := range routes {
		if _, err := r.Add(router.Rule{Path: rt.rule, Methods: []string{rt.method}, Handler: nopHandler, Endpoint: endpointName(i)}); err != nil {
			tb.Fatal(err)
		}
	}
	return r
}

func endpointName(i int) string {
	return "e" + strings.Repeat("x", i%3) + string(rune('a'+i%26)) + itoa(i)
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// nullWriter is a ResponseWriter that discards everything without
// allocating.
type nullWriter struct{ h http.Header }

func (w *nullWriter) Header() http.Header         { return w.h }
func (w *nullWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *nullWriter) WriteHeader(int)             {}

func newNullWriter() *nullWriter { return &nullWriter{h: http.Header{}} }

package router_test

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
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

// Routers and their answers.

// newRouter returns a router with rules, stopping the test on an Add error.
func newRouter(t testing.TB, rules ...router.Rule) *router.Router {
	t.Helper()
	r := router.New()
	for _, rule := range rules {
		if _, err := r.Add(rule); err != nil {
			t.Fatalf("Add(%q) = %v", rule.Path, err)
		}
	}
	return r
}

// outcome summarizes a Lookup: "200 endpoint a=1 b=2", "308 /loc",
// "405 GET, HEAD", "404".
func outcome(r *router.Router, method, host, path string) string {
	var m router.Match
	r.Lookup(method, host, path, &m)
	return lookupOutcome(&m)
}

// lookupOutcome renders m as outcome does.
func lookupOutcome(m *router.Match) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", m.Status)
	switch {
	case m.Status == http.StatusPermanentRedirect:
		b.WriteString(" " + m.Location)
	case m.Route != nil:
		b.WriteString(" " + m.Route.Endpoint())
		for i := 0; i < m.Params.Len(); i++ {
			p := m.Params.At(i)
			fmt.Fprintf(&b, " %s=%s", p.Key, p.Value)
		}
	case m.Allow != "":
		b.WriteString(" " + m.Allow)
	}
	return b.String()
}

// lookupCase is a request and the outcome wanted for it.
type lookupCase struct {
	method, path, want string
}

// checkLookups looks up each case on host and reports every outcome that
// differs from the one wanted.
func checkLookups(t *testing.T, r *router.Router, host string, cases []lookupCase) {
	t.Helper()
	for _, c := range cases {
		if got := outcome(r, c.method, host, c.path); got != c.want {
			t.Errorf("Lookup(%s %q) = %q, want %q", c.method, c.path, got, c.want)
		}
	}
}

// echo is a handler writing the route's endpoint and parameters.
func echo(name string) router.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, ps *router.Params) {
		io.WriteString(w, name)
		for i := 0; i < ps.Len(); i++ {
			p := ps.At(i)
			io.WriteString(w, " "+p.Key+"="+p.Value)
		}
		if r.Method != http.MethodGet {
			io.WriteString(w, " method="+r.Method)
		}
	}
}

// serve serves one request for target (its raw request URI, kept as sent)
// on host (unless empty) through h.
func serve(h http.Handler, method, target, host string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, "http://example.com/", nil)
	u, err := url.ParseRequestURI(target)
	if err != nil {
		panic(err)
	}
	req.URL, req.RequestURI = u, target
	if host != "" {
		req.Host = host
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

package fwk_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// trace is middleware that records "<name>>" before and "<name><" after
// the next handler, and the status the inner chain sent.
type trace struct {
	mu  sync.Mutex
	log []string
}

func (tr *trace) mw(name string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			tr.add(name + ">")
			w.Header().Add("X-Trace", name)
			next.ServeHTTP(w, r)
			tr.add(name + "<")
		})
	}
}

func (tr *trace) add(s string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.log = append(tr.log, s)
}

func (tr *trace) take() string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	s := strings.Join(tr.log, " ")
	tr.log = nil
	return s
}

// mwBundle is a bundle with middleware and, when it has routes, the app bundle.
type mwBundle struct {
	name   string
	mws    []func(http.Handler) http.Handler
	routes []*fwk.Route
}

func (b *mwBundle) Name() string                                  { return b.name }
func (b *mwBundle) Middleware() []func(http.Handler) http.Handler { return b.mws }

type mwAppBundle struct{ mwBundle }

func (b *mwAppBundle) Routes() []*fwk.Route { return b.routes }

func TestBundleMiddlewareOrderAndMisses(t *testing.T) {
	tr := &trace{}
	vendor := &mwBundle{name: "vendor", mws: []func(http.Handler) http.Handler{tr.mw("v1"), tr.mw("v2")}}
	app := &mwAppBundle{mwBundle{name: "app", mws: []func(http.Handler) http.Handler{tr.mw("a1")},
		routes: routes.Tree(
			routes.Get("/hello", func(c *fwk.Ctx) error { return c.Respond(200, "hi") }),
			routes.Get("/slash/", func(c *fwk.Ctx) error { return c.Respond(200, "slash") }),
		)}}
	a, err := fwk.New(fwk.DefaultConfig(), vendor, app)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a)
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tests := []struct {
		method, path string
		status       int
	}{
		{"GET", "/hello", 200},
		{"GET", "/missing", 404},
		{"POST", "/hello", 405},
		{"GET", "/slash", 308},
		{"OPTIONS", "/hello", 200},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, srv.URL+tt.path, nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s %s: status %d, want %d", tt.method, tt.path, resp.StatusCode, tt.status)
		}
		if got := strings.Join(resp.Header.Values("X-Trace"), ","); got != "v1,v2,a1" {
			t.Errorf("%s %s: X-Trace %q, want v1,v2,a1", tt.method, tt.path, got)
		}
		if got, want := tr.take(), "v1> v2> a1> a1< v2< v1<"; got != want {
			t.Errorf("%s %s: order %q, want %q", tt.method, tt.path, got, want)
		}
	}
}

func TestBundleMiddlewareErrors(t *testing.T) {
	ok := func(c *fwk.Ctx) error { return nil }
	tests := []struct {
		name string
		mws  []func(http.Handler) http.Handler
		want string
	}{
		{"nil middleware", []func(http.Handler) http.Handler{nil},
			`fwk: middleware: bundle "app", Middleware()[0]: bad middleware: nil`},
		{"nil handler", []func(http.Handler) http.Handler{
			func(h http.Handler) http.Handler { return h },
			func(http.Handler) http.Handler { return nil }},
			`fwk: middleware: bundle "app", Middleware()[1]: bad middleware: returned a nil handler`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &mwAppBundle{mwBundle{name: "app", mws: tt.mws, routes: routes.Tree(routes.Get("/", ok))}}
			_, err := fwk.New(fwk.DefaultConfig(), b)
			if err == nil || err.Error() != tt.want || !errors.Is(err, fwk.ErrBadMiddleware) {
				t.Errorf("New error = %v, want %q (ErrBadMiddleware)", err, tt.want)
			}
		})
	}
}

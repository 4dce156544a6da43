package fwk_test

// Robustness of serving through a real loopback listener: panics and errors
// after the response started, panicking AfterThisRequest callbacks, clean
// headers on error pages, error statuses.

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// serveBundles starts a real server for an app of bundles, logging into the
// returned sink.
func serveBundles(t *testing.T, debug bool, bundles ...fwk.Bundle) (*httptest.Server, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	cfg := fwk.DefaultConfig()
	cfg.Debug = debug
	cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
	a, err := fwk.New(cfg, bundles...)
	if err != nil {
		t.Fatalf("fwk.New: %v", err)
	}
	srv := httptest.NewServer(a)
	t.Cleanup(srv.Close)
	return srv, logs
}

// serveRoutes is serveBundles for an app bundle with routes rs.
func serveRoutes(t *testing.T, rs ...[]*fwk.Route) (*httptest.Server, *syncBuffer) {
	t.Helper()
	return serveBundles(t, false, routesBundle{rs: routes.Tree(rs...)})
}

// fetch GETs path and reads the whole body; err is the error of the request
// or of reading the body.
func fetch(srv *httptest.Server, path string, header ...string) (*http.Response, string, error) {
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, string(b), err
}

// flushThen writes and flushes part of a 200 response, then fails with f.
func flushThen(f func() error) func(*fwk.Ctx) error {
	return func(c *fwk.Ctx) error {
		c.Writer().Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(c.Writer(), "partial ")
		if err := http.NewResponseController(c.Writer()).Flush(); err != nil {
			return err
		}
		return f()
	}
}

func TestFailureAfterResponseStartedAborts(t *testing.T) {
	tests := []struct {
		name, path string
		log        string
	}{
		{"panic after flush", "/panic", "late boom"},
		{"panic with Abort after flush", "/panic-abort", "410 Gone"},
		{"error returned after flush", "/error", "db failed midway"},
		{"4xx returned after flush", "/notfound", "404 Not Found"},
		{"panic behind view middleware", "/mw", "late boom"},
		{"panic before any flush", "/buffered", "buffered boom"},
	}
	passThrough := func(next http.Handler) http.Handler { return next }
	srv, logs := serveRoutes(t,
		routes.Func("/panic", flushThen(func() error { panic("late boom") })),
		routes.Func("/panic-abort", flushThen(func() error { panic(fwk.Abort(http.StatusGone)) })),
		routes.Func("/error", flushThen(func() error { return errors.New("db failed midway") })),
		routes.Func("/notfound", flushThen(func() error { return fwk.Abort(http.StatusNotFound) })),
		routes.Func("/mw", flushThen(func() error { panic("late boom") }), fwk.Use(passThrough)),
		routes.Func("/buffered", func(c *fwk.Ctx) error {
			_, _ = io.WriteString(c.Writer(), "buffered, never flushed")
			panic("buffered boom")
		}),
	)
	for _, tt := range tests {
		resp, body, err := fetch(srv, tt.path)
		if err == nil {
			t.Errorf("%s: GET %s = %d %q with no error; want the client to see a truncated response",
				tt.name, tt.path, resp.StatusCode, body)
		}
		if tt.path != "/buffered" && !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("%s: error %v, want io.ErrUnexpectedEOF while reading the body", tt.name, err)
		}
		if l := logs.String(); !strings.Contains(l, tt.log) {
			t.Errorf("%s: log lacks %q:\n%s", tt.name, tt.log, l)
		}
	}
	if l := logs.String(); strings.Count(l, "stack=") < 3 {
		t.Errorf("panics are logged without their stacks:\n%s", l)
	}
	// The server keeps serving.
	if resp, _, err := fetch(srv, "/missing"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /missing after the aborts = %v %v, want 404", resp, err)
	}
	// An error handler that fails half-way is aborted too.
	a := srv.Config.Handler.(*fwk.App)
	a.HandleError(http.StatusNotFound, func(c *fwk.Ctx, err error) error {
		return flushThen(func() error { return errors.New("template failed half-way") })(c)
	})
	if resp, body, err := fetch(srv, "/missing"); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a failing 404 handler after flushing: %v %q %v, want io.ErrUnexpectedEOF", resp, body, err)
	}
	if l := logs.String(); !strings.Contains(l, "template failed half-way") {
		t.Errorf("the handler's error is not logged:\n%s", l)
	}
}

func TestAfterThisRequestPanicIs500(t *testing.T) {
	boom := func(w http.ResponseWriter) {
		w.Header().Set("X-From-Callback", "yes")
		panic("callback boom")
	}
	var ran sync.Map
	srv, logs := serveRoutes(t,
		routes.Func("/writes", func(c *fwk.Ctx) error {
			c.AfterThisRequest(boom)
			c.AfterThisRequest(func(http.ResponseWriter) { ran.Store("writes", true) })
			return c.Respond(http.StatusOK, "view body")
		}),
		routes.Func("/silent", func(c *fwk.Ctx) error {
			c.AfterThisRequest(boom)
			return nil
		}),
		routes.Func("/error", func(c *fwk.Ctx) error {
			c.AfterThisRequest(boom)
			return fwk.Abort(http.StatusForbidden)
		}),
		routes.Func("/json", func(c *fwk.Ctx) error {
			c.AfterThisRequest(boom)
			return c.JSON(fwk.M{"ok": true})
		}),
	)
	for _, path := range []string{"/writes", "/silent", "/error", "/json"} {
		resp, body, err := fetch(srv, path)
		if err != nil {
			t.Errorf("GET %s: %v", path, err)
			continue
		}
		if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(body, "Internal Server Error") {
			t.Errorf("GET %s = %d %q, want the 500 page", path, resp.StatusCode, body)
		}
		if strings.Contains(body, "view body") || strings.Contains(body, "ok") {
			t.Errorf("GET %s: the view's body leaked into the 500: %q", path, body)
		}
	}
	if _, ok := ran.Load("writes"); ok {
		t.Error("the callback after the panicking one ran; callbacks are dropped after a panic")
	}
	if l := logs.String(); strings.Count(l, "callback boom") != 4 || !strings.Contains(l, "stack=") {
		t.Errorf("want 4 logged panics with stacks:\n%s", l)
	}
}

// dirtyHeaders sets what a view must not leak into its error response.
func dirtyHeaders(h http.Header) {
	h.Add("Set-Cookie", "view=1; Path=/")
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Disposition", `attachment; filename="report.pdf"`)
	h.Set("WWW-Authenticate", `Basic realm="app"`)
	h.Set("Vary", "Cookie")
}

// headerMiddleware sets headers for the whole app, as a security-headers or
// request-id middleware would.
func headerMiddleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", "req-1")
		w.Header().Set("Content-Security-Policy", "default-src 'self'")
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

func TestErrorPagesStartFromCleanHeaders(t *testing.T) {
	dirty := func(fail func(c *fwk.Ctx) error) func(*fwk.Ctx) error {
		return func(c *fwk.Ctx) error {
			dirtyHeaders(c.Writer().Header())
			return fail(c)
		}
	}
	viewMW := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Disposition", "inline")
			next.ServeHTTP(w, r)
		})
	}
	app := &mwAppBundle{mwBundle{name: "app", mws: []func(http.Handler) http.Handler{headerMiddleware},
		routes: routes.Tree(
			routes.Func("/panic", dirty(func(*fwk.Ctx) error { panic("boom") })),
			routes.Func("/error", dirty(func(*fwk.Ctx) error { return errors.New("db down") })),
			routes.Func("/abort", dirty(func(*fwk.Ctx) error { return fwk.Abort(http.StatusUnauthorized) })),
			routes.Func("/callback", func(c *fwk.Ctx) error {
				c.AfterThisRequest(func(w http.ResponseWriter) { dirtyHeaders(w.Header()); panic("callback") })
				return c.Respond(http.StatusOK, "ok")
			}),
			routes.Func("/decorated", dirty(func(*fwk.Ctx) error { return fwk.Abort(http.StatusGone) }), fwk.Use(viewMW)),
			routes.Func("/handled", dirty(func(*fwk.Ctx) error { return fwk.Abort(http.StatusTeapot) })),
			routes.Func("/post-only", okView, fwk.Methods("POST")),
		)}}
	srv, _ := serveBundles(t, false, app)
	// An ErrorHandler also starts from clean headers.
	a := srv.Config.Handler.(*fwk.App)
	a.HandleError(http.StatusTeapot, func(c *fwk.Ctx, err error) error { return c.Respond(http.StatusTeapot, "teapot") })

	dropped := []string{"Set-Cookie", "Content-Encoding", "Content-Disposition"}
	for _, path := range []string{"/panic", "/error", "/abort", "/callback", "/decorated", "/handled", "/post-only", "/missing"} {
		resp, body, err := fetch(srv, path)
		if err != nil {
			t.Errorf("GET %s: %v", path, err)
			continue
		}
		if resp.StatusCode < 400 {
			t.Errorf("GET %s = %d, want an error status", path, resp.StatusCode)
		}
		h := resp.Header
		for _, k := range dropped {
			if v := h.Values(k); len(v) != 0 {
				t.Errorf("GET %s (%d): %s: %q leaked from the view", path, resp.StatusCode, k, v)
			}
		}
		if got := h.Get("Cache-Control"); got != "no-store" {
			t.Errorf("GET %s: Cache-Control %q, want the middleware's no-store", path, got)
		}
		if h.Get("X-Request-Id") != "req-1" || h.Get("Content-Security-Policy") != "default-src 'self'" {
			t.Errorf("GET %s: app-wide middleware headers lost: %v", path, h)
		}
		if path == "/abort" && h.Get("WWW-Authenticate") == "" {
			t.Errorf("GET /abort: 401 without WWW-Authenticate: %v", h)
		}
		if path == "/post-only" && h.Get("Allow") == "" {
			t.Errorf("GET /post-only: 405 without Allow: %v", h)
		}
		if path == "/handled" && body != "teapot" {
			t.Errorf("GET /handled = %q, want the ErrorHandler's body", body)
		}
	}
}

func TestAbortWithNonErrorStatusIs500(t *testing.T) {
	srv, logs := serveRoutes(t,
		routes.Func("/103", func(*fwk.Ctx) error { return fwk.Abort(http.StatusEarlyHints, "hint") }),
		routes.Func("/200", func(*fwk.Ctx) error { return fwk.Abort(http.StatusOK) }),
		routes.Func("/302", func(*fwk.Ctx) error { panic(fwk.Abort(http.StatusFound)) }),
		routes.Func("/999", func(*fwk.Ctx) error { return &fwk.HTTPError{Status: 999, Message: "odd"} }),
	)
	for _, path := range []string{"/103", "/200", "/302", "/999"} {
		resp, body, err := fetch(srv, path, "Accept", "application/json")
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		if resp.StatusCode != http.StatusInternalServerError || body != `{"error":"Internal Server Error","status":500}`+"\n" {
			t.Errorf("GET %s = %d %q, want the plain 500", path, resp.StatusCode, body)
		}
	}
	if l := logs.String(); strings.Count(l, "status must be 400-599") != 4 {
		t.Errorf("want 4 logged programming errors:\n%s", l)
	}
}

// Recording the headers that app-wide middleware set, and the body-limit
// check, cost no allocation on a successful request.
func TestRobustnessCostsNoAllocation(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	a, _ := appWithLogs(t, false, routes.Func("/nc", okView, fwk.Methods("GET", "POST")))
	for _, method := range []string{"GET", "POST"} { // a POST without a body
		req := httptest.NewRequest(method, "/nc", nil)
		for _, preset := range []int{0, 3, 8} {
			w := &discardRW{h: http.Header{}}
			for i := range preset {
				w.h.Set(fmt.Sprintf("X-Mw-%d", i), "v")
			}
			if n := testing.AllocsPerRun(200, func() { a.ServeHTTP(w, req) }); n != 0 {
				t.Errorf("%s /nc with %d headers set before the app: %v allocations, want 0", method, preset, n)
			}
		}
	}
}

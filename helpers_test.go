package fwk_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Fixtures shared by the tests of many topics: building apps, serving
// requests, clients with cookies, sessions, form views and hosts. A fixture
// used by the tests of one topic stays beside them (the model types beside
// the model tests, the URL tests' app beside them).

// Apps.

// mustNew builds an app or stops the test.
func mustNew(t testing.TB, cfg fwk.Config, bundles ...fwk.Bundle) *fwk.App {
	t.Helper()
	app, err := fwk.New(cfg, bundles...)
	if err != nil {
		t.Fatalf("fwk.New: %v", err)
	}
	return app
}

// newApp builds an app from bundles with quietConfig, failing the test on
// error.
func newApp(t *testing.T, bundles ...fwk.Bundle) *fwk.App {
	t.Helper()
	return mustNew(t, quietConfig(), bundles...)
}

// quietConfig is DefaultConfig with logs discarded.
func quietConfig() fwk.Config {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	return cfg
}

// quietCfg is DefaultConfig logging into a buffer nobody reads (logConfig's,
// thrown away): nothing is shown, as with quietConfig, but each log line is
// still formatted and stored.
func quietCfg() fwk.Config {
	cfg, _ := logConfig()
	return cfg
}

// logConfig is the default configuration logging into the returned buffer.
func logConfig() (fwk.Config, *bytes.Buffer) {
	var logs bytes.Buffer
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	return cfg, &logs
}

// tplApp is an app bundle with routes, templates and services.
type tplApp struct {
	rs       []*fwk.Route
	tpl      fs.FS
	services []any
}

func (tplApp) Name() string                     { return "app" }
func (b tplApp) Routes() []*fwk.Route           { return b.rs }
func (b tplApp) Templates() fs.FS               { return b.tpl }
func (b tplApp) Services() []any                { return b.services }
func (b tplApp) with(rs ...[]*fwk.Route) tplApp { b.rs = routes.Tree(rs...); return b }

// routesBundle is an app bundle made of a route list and services.
type routesBundle struct {
	rs       []*fwk.Route
	services []any
}

func (routesBundle) Name() string           { return "rb" }
func (b routesBundle) Routes() []*fwk.Route { return b.rs }
func (b routesBundle) Services() []any      { return b.services }

// okView answers 204 No Content.
func okView(ctx *fwk.Ctx) error { return ctx.NoContent() }

// Requests, in process and over a loopback listener.

// hreq serves one request through h; header holds name, value pairs.
func hreq(h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// get is hreq: it serves one request through h and returns the recorder.
func get(h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	return hreq(h, method, target, header...)
}

// newServer serves a on a real loopback listener for the test.
func newServer(t *testing.T, a http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(a)
	t.Cleanup(srv.Close)
	return srv
}

// doResponse sends req and returns the response status and body.
func doResponse(t *testing.T, srv *httptest.Server, req *http.Request) (int, string) {
	t.Helper()
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// getHost requests path from srv with the Host header host (unless empty)
// and returns the status and body.
func getHost(t *testing.T, srv *httptest.Server, host, path string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// jarClient is a client with a cookie jar.
func jarClient(t *testing.T) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// call sends method target through cl with header pairs and returns status,
// body and response.
func call(t *testing.T, cl *http.Client, method, target string, body io.Reader, header ...string) (int, string, *http.Response) {
	t.Helper()
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := cl.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b), res
}

// sget is call with GET and no body.
func sget(t *testing.T, cl *http.Client, target string, header ...string) (int, string) {
	t.Helper()
	code, body, _ := call(t, cl, "GET", target, nil, header...)
	return code, body
}

// Sessions and logs: keys, settings, the routes that drive a session.

// Keys of the session tests: long, random-looking, never placeholders.
// sessKey is the usual SECRET_KEY.
const (
	sessKey    = "p8Yt3Wq6Lr1Nz9Vx4Kc7Hm2Bs5Dg0Fj-session-key"
	sessOldKey = "Q2w9E4r7T1y6U3i8O5p0A-older-session-key-Zx"
	sessKeyB   = "m3N8b5V1c7X4z9L2k6J0h-another-app-key-Qw7R"
)

// sessConfig is a quiet config with sessKey, logging at debug into logs.
func sessConfig(logs io.Writer) fwk.Config {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = sessKey
	if logs == nil {
		logs = io.Discard
	}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return cfg
}

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer = fwk.SyncBuffer

// sessionCookie returns the session cookie a response set, or nil.
func sessionCookie(res *http.Response, name string) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// sessionRoutes are views that drive the session from the query string.
func sessionRoutes() []*fwk.Route {
	q := func(ctx *fwk.Ctx, k string) string { return ctx.Request().URL.Query().Get(k) }
	return routes.Tree(
		routes.Func("/get", func(ctx *fwk.Ctx) error {
			v, ok := ctx.Session().Get(q(ctx, "k"))
			if !ok {
				return ctx.Respond(http.StatusOK, "<none>")
			}
			return ctx.Respond(http.StatusOK, fmt.Sprintf("%T:%v", v, v))
		}),
		routes.Func("/set", func(ctx *fwk.Ctx) error {
			ctx.Session().Set(q(ctx, "k"), q(ctx, "v"))
			return ctx.NoContent()
		}, fwk.Methods("GET", "POST")),
		routes.Func("/setint", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("n", 42)
			ctx.Session().Set("f", 1.5)
			ctx.Session().Set("b", true)
			ctx.Session().Set("list", []string{"a", "b"})
			return ctx.NoContent()
		}),
		routes.Func("/del", func(ctx *fwk.Ctx) error { ctx.Session().Delete(q(ctx, "k")); return ctx.NoContent() }),
		routes.Func("/clear", func(ctx *fwk.Ctx) error { ctx.Session().Clear(); return ctx.NoContent() }),
		routes.Func("/renew", func(ctx *fwk.Ctx) error { ctx.Session().Renew(); return ctx.NoContent() }),
		routes.Func("/big", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("big", strings.Repeat("x", len(q(ctx, "n"))*1000))
			return ctx.Respond(http.StatusOK, "written")
		}),
		routes.Func("/silent", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("silent", "yes")
			return nil // writes nothing: saved when the view returns
		}),
		routes.Func("/plain", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "plain") }),
		routes.Func("/nothing", func(ctx *fwk.Ctx) error { return ctx.NoContent() }),
		routes.Func("/flash", func(ctx *fwk.Ctx) error {
			if err := ctx.Flash(q(ctx, "m"), q(ctx, "c")); err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, "flashed")
		}),
		routes.Func("/flashes", func(ctx *fwk.Ctx) error {
			ms, err := ctx.Flashes()
			if err != nil {
				return err
			}
			return ctx.JSON(ms)
		}),
		routes.Func("/csrf", func(ctx *fwk.Ctx) error {
			tok, err := fwk.GenerateCSRF(ctx)
			if err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, tok)
		}),
		routes.Func("/submit", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "accepted") },
			fwk.Methods("POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "PROPFIND")),
		routes.Func("/hook", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "hook") },
			fwk.Methods("POST"), fwk.CSRFExempt()),
	)
}

// sessServer serves an app built from cfg (plus bundle services) with the
// session routes.
func sessServer(t *testing.T, cfg fwk.Config, services ...any) (*httptest.Server, *fwk.App) {
	t.Helper()
	app := mustNew(t, cfg, tplApp{services: services}.with(sessionRoutes()))
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	return srv, app
}

// freshCookie sets k=v on srv with a new client and returns the cookie.
func freshCookie(t *testing.T, srv *httptest.Server, k, v string) *http.Cookie {
	t.Helper()
	_, _, res := call(t, http.DefaultClient, "GET", srv.URL+"/set?k="+url.QueryEscape(k)+"&v="+url.QueryEscape(v), nil)
	c := sessionCookie(res, "session")
	if c == nil {
		t.Fatalf("GET /set: no session cookie in %v", res.Header)
	}
	return c
}

// Forms: a view run by a real request.

// portServer serves view at "/" for every method on a real listener and
// returns its URL and a client with a cookie jar. The view asserts with
// t.Errorf; portServer's caller checks that it ran (portCall).
func portServer(t *testing.T, cfg fwk.Config, view func(*fwk.Ctx) error) (string, *http.Client, *atomic.Int32) {
	t.Helper()
	var ran atomic.Int32
	app := mustNew(t, cfg, routesBundle{rs: routes.Tree(routes.Func("/", func(ctx *fwk.Ctx) error {
		ran.Add(1)
		return view(ctx)
	}, fwk.Methods("GET", "POST", "PUT", "PATCH", "DELETE")))})
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return srv.URL, &http.Client{Jar: jar}, &ran
}

// portCall sends one request and fails unless the view ran once and
// answered 2xx.
func portCall(t *testing.T, base string, c *http.Client, ran *atomic.Int32, method, target, ct, body string, header ...string) {
	t.Helper()
	before := ran.Load()
	req, err := http.NewRequest(method, base+target, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	resp.Body.Close()
	if resp.StatusCode/100 != 2 || ran.Load() != before+1 {
		t.Fatalf("%s %s: status %d, view ran %d times: %s", method, target, resp.StatusCode, ran.Load()-before, b.String())
	}
}

// inFormView runs check in a GET view served on a real listener.
func inFormView(t *testing.T, check func(ctx *fwk.Ctx)) {
	t.Helper()
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		check(ctx)
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "GET", "/", "", "")
}

// bind binds f for ctx with opts, failing the test on an error.
func bind(t *testing.T, ctx *fwk.Ctx, f any, opts ...fwk.FormOption) {
	t.Helper()
	if err := fwk.BindForm(ctx, f, opts...); err != nil {
		t.Errorf("BindForm %T: %v", f, err)
	}
}

// appWithLogs builds an app from routes, logging into the returned buffer.
func appWithLogs(t *testing.T, debug bool, rs ...[]*fwk.Route) (*fwk.App, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	cfg := fwk.DefaultConfig()
	cfg.Debug = debug
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(rs...)})
	if err != nil {
		t.Fatalf("fwk.New: %v", err)
	}
	return a, &logs
}

// discardRW is a ResponseWriter that keeps nothing, for allocation tests.
type discardRW struct {
	h    http.Header
	code int
}

func (d *discardRW) Header() http.Header { return d.h }

func (d *discardRW) Write(b []byte) (int, error) { return len(b), nil }

func (d *discardRW) WriteHeader(code int) { d.code = code }

// serveApp starts a.Serve on a loopback listener and returns its address;
// the server stops with the test.
func serveApp(t *testing.T, a *fwk.App) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("cannot listen: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// waitBound bounds a test's wait for a server it started to serve or to
// stop. It is no assertion on time: the wait ends as soon as the server
// acts, and the bound is generous so that a machine busy with other work
// does not fail the test.
const waitBound = 5 * time.Minute

package fwk_test

import (
	"bytes"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Fixtures shared by the tests of many topics: building apps, serving
// requests, clients with cookies, session settings, form views and hosts.
// A fixture used by the tests of one topic stays beside them (the session
// routes beside the session tests, the model types beside the model tests).

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
// thrown away): as quiet as quietConfig.
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

// Sessions and logs.

// sessKey is the SECRET_KEY of the session tests: long, random-looking,
// never a placeholder.
const sessKey = "p8Yt3Wq6Lr1Nz9Vx4Kc7Hm2Bs5Dg0Fj-session-key"

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

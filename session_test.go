package fwk_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

func TestSessionRoundTrip(t *testing.T) {
	srv, _ := sessServer(t, sessConfig(nil))
	cl := jarClient(t)
	steps := []struct {
		path, want string
	}{
		{"/get?k=user", "<none>"},
		{"/set?k=user=&v=ann", ""},
		{"/get?k=user=", "string:ann"},
		{"/setint", ""},
		{"/get?k=n", "int:42"},
		{"/get?k=f", "float64:1.5"},
		{"/get?k=b", "bool:true"},
		{"/get?k=list", "[]interface {}:[a b]"}, // stored as JSON
		{"/del?k=n", ""},
		{"/get?k=n", "<none>"},
		{"/silent", ""},
		{"/get?k=silent", "string:yes"},
		{"/clear", ""},
		{"/get?k=user=", "<none>"},
	}
	for _, s := range steps {
		code, body := sget(t, cl, srv.URL+s.path)
		if code >= 300 || body != s.want {
			t.Fatalf("GET %s = %d %q, want %q", s.path, code, body, s.want)
		}
	}
}

func TestSessionValueTyped(t *testing.T) {
	type item struct {
		SKU string
		Qty int
	}
	var got []item
	var ok bool
	app := mustNew(t, sessConfig(nil), tplApp{}.with(
		routes.Func("/put", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("cart", []item{{"a-1", 2}})
			return ctx.NoContent()
		}),
		routes.Func("/take", func(ctx *fwk.Ctx) error {
			got, ok = fwk.SessionValue[[]item](ctx.Session(), "cart")
			return ctx.NoContent()
		})))
	srv := httptest.NewServer(app)
	defer srv.Close()
	cl := jarClient(t)
	sget(t, cl, srv.URL+"/put")
	sget(t, cl, srv.URL+"/take")
	if !ok || len(got) != 1 || got[0] != (item{"a-1", 2}) {
		t.Errorf("SessionValue = %v %v, want the cart back as []item", got, ok)
	}
}

func TestSessionCookieAttributes(t *testing.T) {
	tests := []struct {
		name   string
		cfg    func(*fwk.Config)
		cookie string
		secure bool
		same   http.SameSite
		maxAge int
	}{
		{"defaults on http", func(*fwk.Config) {}, "session", false, http.SameSiteLaxMode, 31 * 24 * 3600},
		{"https app", func(c *fwk.Config) { c.PreferredURLScheme = "https" }, "session", true, http.SameSiteLaxMode, 31 * 24 * 3600},
		{"https, Secure off", func(c *fwk.Config) {
			c.PreferredURLScheme = "https"
			c.SessionCookieSecure, c.SessionCookieSecureSet = false, true
		},
			"session", false, http.SameSiteLaxMode, 31 * 24 * 3600},
		{"__Host- name", func(c *fwk.Config) { c.SessionCookieName = "__Host-sid" }, "__Host-sid", true, http.SameSiteLaxMode, 31 * 24 * 3600},
		{"Strict, one hour", func(c *fwk.Config) {
			c.SessionCookieSameSite = http.SameSiteStrictMode
			c.SessionLifetime = time.Hour
		}, "session", false, http.SameSiteStrictMode, 3600},
	}
	for _, tt := range tests {
		cfg := sessConfig(nil)
		tt.cfg(&cfg)
		srv, _ := sessServer(t, cfg)
		_, _, res := call(t, http.DefaultClient, "GET", srv.URL+"/set?k=a&v=b", nil)
		c := sessionCookie(res, tt.cookie)
		if c == nil {
			t.Fatalf("%s: no %s cookie in %q", tt.name, tt.cookie, res.Header["Set-Cookie"])
		}
		if !c.HttpOnly || c.Path != "/" || c.Domain != "" || c.Secure != tt.secure || c.SameSite != tt.same || c.MaxAge != tt.maxAge {
			t.Errorf("%s: cookie %q: want HttpOnly, Path=/, no Domain, Secure=%v, SameSite=%v, Max-Age=%d",
				tt.name, res.Header["Set-Cookie"], tt.secure, tt.same, tt.maxAge)
		}
		if v := res.Header.Get("Vary"); v != "Cookie" {
			t.Errorf("%s: Vary = %q, want Cookie", tt.name, v)
		}
	}
}

func TestSessionUntouched(t *testing.T) {
	srv, app := sessServer(t, sessConfig(nil))
	c := freshCookie(t, srv, "k", "v")
	_, _, res := call(t, http.DefaultClient, "GET", srv.URL+"/plain", nil, "Cookie", c.String())
	if h := res.Header["Set-Cookie"]; h != nil || res.Header.Get("Vary") != "" {
		t.Errorf("a view that never used the session sent Set-Cookie %q, Vary %q", h, res.Header.Get("Vary"))
	}
	_, _, res = call(t, http.DefaultClient, "GET", srv.URL+"/get?k=k", nil, "Cookie", c.String())
	if h := res.Header["Set-Cookie"]; h != nil {
		t.Errorf("a view that only read the session sent Set-Cookie %q", h)
	}
	if testing.Short() {
		return
	}
	req := httptest.NewRequest("GET", "/nothing", nil)
	req.Header.Set("Cookie", c.String()+"; other=1")
	w := &discardRW{h: http.Header{}}
	if n := testing.AllocsPerRun(200, func() { app.ServeHTTP(w, req) }); n != 0 {
		t.Errorf("a request that never touches the session: %v allocations, want 0", n)
	}
}

func TestSessionTooLarge(t *testing.T) {
	logs := &syncBuffer{}
	srv, _ := sessServer(t, sessConfig(logs))
	cl := jarClient(t)
	sget(t, cl, srv.URL+"/set?k=keep&v=1")
	code, body := sget(t, cl, srv.URL+"/big?n=12345") // 5000 bytes
	if code != http.StatusInternalServerError || strings.Contains(body, "written") {
		t.Errorf("a 5 KB session = %d %q, want a 500 instead of the page", code, body)
	}
	if !strings.Contains(logs.String(), "4096 bytes") {
		t.Errorf("log %q does not explain the 500", logs.String())
	}
	if _, body := sget(t, cl, srv.URL+"/get?k=keep"); body != "string:1" {
		t.Errorf("after the failed save the old session reads %q, want it intact", body)
	}
	if code, _ := sget(t, cl, srv.URL+"/big?n=12"); code != http.StatusOK {
		t.Errorf("a 2 KB session = %d, want 200", code)
	}
}

func TestSessionWithoutSecretKey(t *testing.T) {
	logs := &syncBuffer{}
	cfg := sessConfig(logs)
	cfg.SecretKey = ""
	srv, _ := sessServer(t, cfg)
	for _, path := range []string{"/set?k=a&v=b", "/get?k=a", "/flash?m=hi", "/csrf"} {
		code, body := sget(t, http.DefaultClient, srv.URL+path)
		if code != http.StatusInternalServerError || strings.Contains(body, "SECRET_KEY") {
			t.Errorf("GET %s without SECRET_KEY = %d %q, want a 500 that does not leak the reason", path, code, body)
		}
	}
	if !strings.Contains(logs.String(), "SECRET_KEY is not set") {
		t.Errorf("log %q does not name SECRET_KEY", logs.String())
	}
	if code, body := sget(t, http.DefaultClient, srv.URL+"/flashes"); code != 200 || body != "null\n" {
		t.Errorf("reading flashes without SECRET_KEY = %d %q, want none", code, body)
	}
}

func TestSecretKeyRules(t *testing.T) {
	tests := []struct {
		name    string
		cfg     func(*fwk.Config)
		culprit string // "" = starts
	}{
		{"no key, nothing needs one", func(*fwk.Config) {}, ""},
		{"good key", func(c *fwk.Config) { c.SecretKey = sessKey }, ""},
		{"short key", func(c *fwk.Config) { c.SecretKey = "short" }, "SECRET_KEY"},
		{"placeholder", func(c *fwk.Config) { c.SecretKey = "changeme" }, "SECRET_KEY"},
		{"long placeholder", func(c *fwk.Config) { c.SecretKey = "your-secret-key-goes-here-1234567890" }, "SECRET_KEY"},
		{"repeated letter (warned)", func(c *fwk.Config) { c.SecretKey = strings.Repeat("k", 32) }, ""},
		{"CSRF on, no key", func(c *fwk.Config) { c.CSRFEnabled = true }, "SECRET_KEY"},
		{"bad CSRF key", func(c *fwk.Config) { c.SecretKey = sessKey; c.CSRFSecretKey = "secret" }, "WTF_CSRF_SECRET_KEY"},
		{"bad fallback", func(c *fwk.Config) { c.SecretKey = sessKey; c.SecretKeyFallbacks = []string{sessOldKey, "dev"} },
			"SECRET_KEY_FALLBACKS[1]"},
		{"bad trusted origin", func(c *fwk.Config) { c.CSRFTrustedOrigins = []string{"https://a.example/path"} },
			"WTF_CSRF_TRUSTED_ORIGINS"},
		{"bad cookie name", func(c *fwk.Config) { c.SessionCookieName = "a b" }, "SESSION_COOKIE_NAME"},
	}
	for _, tt := range tests {
		cfg := sessConfig(nil)
		cfg.SecretKey = ""
		tt.cfg(&cfg)
		_, err := fwk.New(cfg, tplApp{}.with(sessionRoutes()))
		var se *fwk.StartupError
		switch {
		case tt.culprit == "" && err != nil:
			t.Errorf("%s: fwk.New = %v, want it to start", tt.name, err)
		case tt.culprit != "" && (!errors.As(err, &se) || se.Culprit != tt.culprit):
			t.Errorf("%s: fwk.New = %v, want a StartupError naming %s", tt.name, err, tt.culprit)
		}
	}
	cfg := sessConfig(nil)
	cfg.SecretKey = ""
	logs := &syncBuffer{}
	weak := sessConfig(logs)
	weak.SecretKey = strings.Repeat("k", 32)
	if _, err := fwk.New(weak, tplApp{}.with(sessionRoutes())); err != nil || !strings.Contains(logs.String(), "key=SECRET_KEY distinct=1") {
		t.Errorf("a 32-byte key of one letter: fwk.New = %v, log %q; want it to start with a warning", err, logs.String())
	}
	warnCfg := sessConfig(logs)
	warnCfg.SecretKey = ""
	page := fstest.MapFS{"form.html": {Data: []byte("<form>\n{{csrfToken}}</form>")}}
	warnApp, err := fwk.New(warnCfg, tplApp{tpl: page}.with(sessionRoutes()))
	if err != nil || strings.Contains(logs.String(), "csrfToken") {
		t.Errorf("a template calling csrfToken without SECRET_KEY: fwk.New = %v, log %q; want no warning before serving", err, logs.String())
	}
	_ = warnApp // it warns when it serves: TestCSRFTemplateWarningWhenServing
	_, err = fwk.New(cfg, tplApp{services: []any{newMemStore()}}.with(sessionRoutes()))
	if !errors.Is(err, fwk.ErrSecretKey) || !strings.Contains(err.Error(), "SessionStore") {
		t.Errorf("a SessionStore without SECRET_KEY: fwk.New = %v, want ErrSecretKey naming the store", err)
	}
}

func TestSessionSavedBeforeHeaders(t *testing.T) {
	logs := &syncBuffer{}
	app := mustNew(t, sessConfig(logs), tplApp{}.with(
		routes.Func("/stream", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("user", "ann")
			ctx.Writer().(http.Flusher).Flush() // headers go out here
			ctx.Session().Set("late", "lost")   // too late for this response
			return ctx.Respond(http.StatusOK, "streamed")
		}),
		routes.Func("/oops", func(ctx *fwk.Ctx) error {
			if err := ctx.Flash("Not found, sorry.", "error"); err != nil {
				return err
			}
			return fwk.Abort(http.StatusNotFound)
		}),
		routes.Func("/read", func(ctx *fwk.Ctx) error {
			u, _ := ctx.Session().Get("user")
			l, _ := ctx.Session().Get("late")
			ms, _ := ctx.Flashes()
			return ctx.Respond(http.StatusOK, fmt.Sprintf("%v %v %v", u, l, ms))
		})))
	srv := httptest.NewServer(app)
	defer srv.Close()
	cl := jarClient(t)
	if code, body := sget(t, cl, srv.URL+"/stream"); code != 200 || body != "streamed" {
		t.Fatalf("GET /stream = %d %q", code, body)
	}
	if _, body := sget(t, cl, srv.URL+"/read"); body != "ann <nil> []" {
		t.Errorf("after a flushed response the session reads %q, want the value set before the flush", body)
	}
	if !strings.Contains(logs.String(), "the change is lost") {
		t.Errorf("a change after the headers went out is not logged: %s", logs.String())
	}
	if code, _ := sget(t, cl, srv.URL+"/oops"); code != http.StatusNotFound {
		t.Fatalf("GET /oops = %d", code)
	}
	if _, body := sget(t, cl, srv.URL+"/read"); body != "ann <nil> [{error Not found, sorry.}]" {
		t.Errorf("a flash before an error page reads %q, want it kept", body)
	}
}

func TestSessionReadWriteAllocs(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("allocation counts (pools drop items under the race detector)")
	}
	app := mustNew(t, sessConfig(nil), tplApp{}.with(
		routes.Func("/rw", func(ctx *fwk.Ctx) error {
			s := ctx.Session()
			n, _ := s.Get("n")
			i, _ := n.(int)
			s.Set("n", i+1)
			s.Set("user_id", 42)
			return ctx.NoContent()
		})))
	w := &discardRW{h: http.Header{}}
	req := httptest.NewRequest("GET", "/rw", nil)
	app.ServeHTTP(w, req)
	cookie, _, _ := strings.Cut(w.h.Get("Set-Cookie"), ";")
	req.Header.Set("Cookie", cookie)
	n := testing.AllocsPerRun(200, func() {
		clear(w.h)
		app.ServeHTTP(w, req)
	})
	if w.h.Get("Set-Cookie") == "" || n > 10 {
		t.Errorf("reading and writing a small session: %v allocations (Set-Cookie %q), want at most 10", n, w.h.Get("Set-Cookie"))
	}
	t.Logf("read+write of a small session: %v allocations per request", n)
}

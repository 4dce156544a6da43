package fwk_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Each WTF_CSRF_* key, set through its environment variable, changes what
// a real client sees (WTF_CSRF_TIME_LIMIT: TestCSRFConfigTimeLimit, on a
// pinned clock).

// envCSRFApp serves the CSRF fixture views with ConfigFromEnv after
// setting env (SECRET_KEY and WTF_CSRF_ENABLED=true unless env says
// otherwise), over TLS when tls.
func envCSRFApp(t *testing.T, env map[string]string, tls bool) (*httptest.Server, *http.Client) {
	t.Helper()
	for _, k := range []string{"WTF_CSRF_CHECK_DEFAULT", "WTF_CSRF_METHODS", "WTF_CSRF_HEADERS",
		"WTF_CSRF_SSL_STRICT", "WTF_CSRF_META_NAME", "WTF_CSRF_FIELD_NAME", "WTF_CSRF_SECRET_KEY"} {
		t.Setenv(k, "") // restored after the test
		os.Unsetenv(k)
	}
	base := map[string]string{"SECRET_KEY": sessKey, "WTF_CSRF_ENABLED": "true"}
	for k, v := range base {
		if _, ok := env[k]; !ok {
			t.Setenv(k, v)
		}
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
	cfg := fwk.ConfigFromEnv()
	if err := cfg.Err(); err != nil {
		t.Fatal(err)
	}
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	protect := func(ctx *fwk.Ctx) error {
		if err := fwk.ProtectCSRF(ctx); err != nil {
			return err
		}
		return ctx.Respond(http.StatusOK, "")
	}
	form := func(ctx *fwk.Ctx) error {
		var f bareForm
		if err := fwk.BindForm(ctx, &f); err != nil {
			return err
		}
		if ctx.Request().Method == http.MethodGet {
			return ctx.Respond(http.StatusOK, f.Fields()[0].Name)
		}
		if !f.Validate() {
			return ctx.Respond(http.StatusOK, strings.Join(f.Errors()[f.Fields()[0].Name], ";"))
		}
		return ctx.Respond(http.StatusOK, "valid")
	}
	raw := func(ctx *fwk.Ctx) error {
		v, _ := ctx.Session().Get(ctx.Request().URL.Query().Get("k"))
		s, _ := v.(string)
		return ctx.Respond(http.StatusOK, s)
	}
	meta := func(ctx *fwk.Ctx) error {
		tag, err := fwk.CSRFMetaTag(ctx, "")
		if err != nil {
			return err
		}
		return ctx.Respond(http.StatusOK, string(tag))
	}
	app := mustNew(t, cfg, routesBundle{rs: routes.Tree(
		routes.Func("/", wtfIndex, fwk.Methods("GET", "POST", "PATCH", "DELETE")),
		routes.Func("/protect", protect, fwk.Methods("POST")),
		routes.Func("/form", form, fwk.Methods("GET", "POST"), fwk.CSRFExempt()),
		routes.Func("/raw", raw),
		routes.Func("/meta", meta),
	)})
	srv := httptest.NewUnstartedServer(app)
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	cl := jarClient(t)
	if tls {
		cl.Transport = srv.Client().Transport
	}
	return srv, cl
}

// send sends method target with a url-encoded body of vals and header
// pairs, and returns "status text" and the text: the body, or the message
// of an error page.
func send(t *testing.T, cl *http.Client, method, target string, vals url.Values, header ...string) string {
	t.Helper()
	header = append(header, "Content-Type", "application/x-www-form-urlencoded")
	code, body, _ := call(t, cl, method, target, strings.NewReader(vals.Encode()), header...)
	if m := errorPageMessage.FindStringSubmatch(body); m != nil {
		body = m[1]
	}
	return http.StatusText(code) + " " + body
}

// errorPageMessage finds the message of an HTML error page.
var errorPageMessage = regexp.MustCompile(`<p>([^<]*)</p>`)

func TestCSRFConfigDefaultsAndNames(t *testing.T) {
	def := fwk.DefaultConfig()
	for key, want := range map[string]string{
		"WTF_CSRF_ENABLED": "false", "WTF_CSRF_CHECK_DEFAULT": "true", "WTF_CSRF_METHODS": "",
		"WTF_CSRF_HEADERS": "X-CSRFToken,X-CSRF-Token", "WTF_CSRF_SSL_STRICT": "true",
		"WTF_CSRF_META_NAME": "csrf-token", "WTF_CSRF_FIELD_NAME": "csrf_token",
		"WTF_CSRF_TIME_LIMIT": "3600", "WTF_CSRF_SECRET_KEY": "",
	} {
		if got, ok := def.Lookup(key); !ok || got != want {
			t.Errorf("DefaultConfig %s = %q, %v; want %q", key, got, ok, want)
		}
	}
	env := map[string]string{
		"WTF_CSRF_CHECK_DEFAULT": "false", "WTF_CSRF_METHODS": "POST, PATCH",
		"WTF_CSRF_HEADERS": "X-A,X-B", "WTF_CSRF_SSL_STRICT": "0", "WTF_CSRF_META_NAME": "m",
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
	cfg := fwk.ConfigFromEnv()
	if cfg.CSRFCheckDefault || cfg.CSRFSSLStrict || cfg.CSRFMetaName != "m" ||
		strings.Join(cfg.CSRFMethods, "|") != "POST|PATCH" || strings.Join(cfg.CSRFHeaders, "|") != "X-A|X-B" {
		t.Errorf("ConfigFromEnv: %v %v %q %q %q", cfg.CSRFCheckDefault, cfg.CSRFSSLStrict, cfg.CSRFMetaName, cfg.CSRFMethods, cfg.CSRFHeaders)
	}
	for _, bad := range []string{"WTF_CSRF_CHECK_DEFAULT", "WTF_CSRF_SSL_STRICT"} {
		t.Setenv(bad, "maybe")
		cfg := fwk.ConfigFromEnv()
		if _, err := fwk.New(cfg); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("%s=maybe: New = %v, want an error naming it", bad, err)
		}
		t.Setenv(bad, "true")
	}
}

func TestCSRFConfigEnabled(t *testing.T) {
	for v, want := range map[string]string{"true": "Bad Request", "false": "OK "} {
		srv, cl := envCSRFApp(t, map[string]string{"WTF_CSRF_ENABLED": v}, false)
		if got := send(t, cl, "POST", srv.URL+"/", nil); !strings.HasPrefix(got, want) {
			t.Errorf("WTF_CSRF_ENABLED=%s: POST / = %q, want %q", v, got, want)
		}
	}
}

func TestCSRFConfigCheckDefault(t *testing.T) {
	srv, cl := envCSRFApp(t, map[string]string{"WTF_CSRF_CHECK_DEFAULT": "false"}, false)
	for _, tc := range []struct{ path, want string }{
		{"/", "OK "},                               // not checked
		{"/protect", "Bad Request"},                // ProtectCSRF opts in
		{"/form", "OK The CSRF token is missing."}, // forms still check
	} {
		if got := send(t, cl, "POST", srv.URL+tc.path, nil); !strings.HasPrefix(got, tc.want) {
			t.Errorf("POST %s = %q, want %q", tc.path, got, tc.want)
		}
	}
	tok := indexToken(t, srv, cl)
	if got := send(t, cl, "POST", srv.URL+"/protect", nil, "X-CSRFToken", tok); got != "OK " {
		t.Errorf("POST /protect with the token = %q", got)
	}
}

func TestCSRFConfigMethods(t *testing.T) {
	srv, cl := envCSRFApp(t, map[string]string{"WTF_CSRF_METHODS": "PATCH"}, false)
	for method, want := range map[string]string{"POST": "OK ", "DELETE": "OK ", "PATCH": "Bad Request"} {
		if got := send(t, cl, method, srv.URL+"/", nil); !strings.HasPrefix(got, want) {
			t.Errorf("WTF_CSRF_METHODS=PATCH: %s / = %q, want %q", method, got, want)
		}
	}
	srv, cl = envCSRFApp(t, nil, false)
	for _, method := range []string{"POST", "PATCH", "DELETE"} {
		if got := send(t, cl, method, srv.URL+"/", nil); !strings.HasPrefix(got, "Bad Request") {
			t.Errorf("default methods: %s / = %q, want 400", method, got)
		}
	}
}

func TestCSRFConfigHeaders(t *testing.T) {
	srv, cl := envCSRFApp(t, map[string]string{"WTF_CSRF_HEADERS": "X-My-Token"}, false)
	tok := indexToken(t, srv, cl)
	for h, want := range map[string]string{"X-My-Token": "OK ", "X-CSRFToken": "Bad Request", "X-CSRF-Token": "Bad Request"} {
		if got := send(t, cl, "POST", srv.URL+"/", nil, h, tok); !strings.HasPrefix(got, want) {
			t.Errorf("WTF_CSRF_HEADERS=X-My-Token: token in %s = %q, want %q", h, got, want)
		}
	}
	srv, cl = envCSRFApp(t, map[string]string{"WTF_CSRF_HEADERS": ""}, false)
	tok = indexToken(t, srv, cl)
	if got := send(t, cl, "POST", srv.URL+"/", nil, "X-CSRFToken", tok); !strings.HasPrefix(got, "Bad Request") {
		t.Errorf("WTF_CSRF_HEADERS empty: token in X-CSRFToken = %q, want 400", got)
	}
	if got := send(t, cl, "POST", srv.URL+"/", url.Values{"csrf_token": {tok}}); got != "OK " {
		t.Errorf("WTF_CSRF_HEADERS empty: token in the form = %q, want 200", got)
	}
}

func TestCSRFConfigSSLStrict(t *testing.T) {
	for v, want := range map[string]string{"true": "Forbidden The referrer header is missing.", "false": "OK "} {
		srv, cl := envCSRFApp(t, map[string]string{"WTF_CSRF_SSL_STRICT": v}, true)
		tok := indexToken(t, srv, cl)
		if got := send(t, cl, "POST", srv.URL+"/", nil, "X-CSRFToken", tok); !strings.HasPrefix(got, want) {
			t.Errorf("WTF_CSRF_SSL_STRICT=%s: https POST without Referer = %q, want %q", v, got, want)
		}
	}
}

func TestCSRFConfigFieldName(t *testing.T) {
	srv, cl := envCSRFApp(t, map[string]string{"WTF_CSRF_FIELD_NAME": "tok"}, false)
	tok := indexToken(t, srv, cl)
	if _, raw := sget(t, cl, srv.URL+"/raw?k=tok"); raw == "" || !strings.HasPrefix(tok, raw+".") {
		t.Errorf("the raw token under session key tok = %q (token %q)", raw, tok)
	}
	if _, name := sget(t, cl, srv.URL+"/form"); name != "tok" {
		t.Errorf("the form's CSRF field = %q, want tok", name)
	}
	for field, want := range map[string]string{"tok": "OK ", "csrf_token": "Bad Request The CSRF token is missing."} {
		if got := send(t, cl, "POST", srv.URL+"/", url.Values{field: {tok}}); !strings.HasPrefix(got, want) {
			t.Errorf("token in field %s = %q, want %q", field, got, want)
		}
	}
	if got := send(t, cl, "POST", srv.URL+"/form", url.Values{"tok": {tok}}); got != "OK valid" {
		t.Errorf("form with field tok = %q", got)
	}
}

func TestCSRFConfigSecretKey(t *testing.T) {
	const k1, k2 = "first-csrf-key-of-at-least-32-bytes!!", "second-csrf-key-of-at-least-32-bytes!"
	a, cl := envCSRFApp(t, map[string]string{"WTF_CSRF_SECRET_KEY": k1}, false)
	b, _ := envCSRFApp(t, map[string]string{"WTF_CSRF_SECRET_KEY": k2}, false)
	c, _ := envCSRFApp(t, map[string]string{"WTF_CSRF_SECRET_KEY": k1}, false)
	tok := indexToken(t, a, cl)
	// One cookie jar: the three listeners share the host, so the session.
	if got := send(t, cl, "POST", b.URL+"/", url.Values{"csrf_token": {tok}}); got != "Bad Request The CSRF token is invalid." {
		t.Errorf("a token of another WTF_CSRF_SECRET_KEY = %q, want invalid", got)
	}
	if got := send(t, cl, "POST", c.URL+"/", url.Values{"csrf_token": {tok}}); got != "OK " {
		t.Errorf("a token of the same WTF_CSRF_SECRET_KEY = %q, want 200", got)
	}
}

func TestCSRFConfigMetaName(t *testing.T) {
	srv, cl := envCSRFApp(t, map[string]string{"WTF_CSRF_META_NAME": "authenticity-token"}, false)
	if _, tag := sget(t, cl, srv.URL+"/meta"); !strings.HasPrefix(tag, `<meta name="authenticity-token" content="`) {
		t.Errorf("CSRFMetaTag = %q", tag)
	}
}

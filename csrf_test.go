package fwk_test

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// csrfServer serves the session routes with CSRF protection on.
func csrfServer(t *testing.T, mod func(*fwk.Config), tls bool) (*httptest.Server, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	cfg := sessConfig(logs)
	cfg.CSRFEnabled = true
	if mod != nil {
		mod(&cfg)
	}
	app := mustNew(t, cfg, tplApp{}.with(sessionRoutes(), routes.Controller("/api", &exemptAPI{})))
	var srv *httptest.Server
	if tls {
		srv = httptest.NewTLSServer(app)
	} else {
		srv = httptest.NewServer(app)
	}
	t.Cleanup(srv.Close)
	return srv, logs
}

// exemptAPI is a controller exempt from CSRF protection.
type exemptAPI struct{ fwk.Controller }

func (*exemptAPI) Meta() fwk.Meta {
	return fwk.Meta{CSRFExempt: true, Views: []fwk.ViewSpec{fwk.View("Ping", "/ping", fwk.Methods("POST"))}}
}

func (*exemptAPI) Ping(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "pong") }

// tokenClient returns a client with a session holding a CSRF token, and
// the token.
func tokenClient(t *testing.T, srv *httptest.Server) (*http.Client, string) {
	t.Helper()
	cl := jarClient(t)
	if srv.TLS != nil {
		cl.Transport = srv.Client().Transport
	}
	code, tok := sget(t, cl, srv.URL+"/csrf")
	if code != http.StatusOK || tok == "" {
		t.Fatalf("GET /csrf = %d %q", code, tok)
	}
	return cl, tok
}

func formBody(kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Add(kv[i], kv[i+1])
	}
	return v.Encode()
}

const formCT = "application/x-www-form-urlencoded"

// csrfRow is one request of TestCSRFTokenRows and its expected outcome.
type csrfRow struct {
	name   string
	cl     *http.Client
	method string
	target string
	body   string
	header []string
	code   int
	reason string // in the body
}

func (tt csrfRow) check(t *testing.T) {
	t.Helper()
	var body io.Reader
	if tt.body != "" {
		body = strings.NewReader(tt.body)
	}
	code, got, _ := call(t, tt.cl, tt.method, tt.target, body, tt.header...)
	if code != tt.code || tt.reason != "" && !strings.Contains(got, tt.reason) {
		t.Errorf("%s: %s = %d %.80q, want %d %q", tt.name, tt.method, code, got, tt.code, tt.reason)
	}
}

func TestCSRFTokenRows(t *testing.T) {
	srv, logs := csrfServer(t, nil, false)
	cl, tok := tokenClient(t, srv)
	_, tokB := tokenClient(t, srv) // another session's token
	otherSrv, _ := csrfServer(t, func(c *fwk.Config) { c.SecretKey = sessKeyB }, false)
	_, foreign := tokenClient(t, otherSrv)
	sessionCookieValue := freshCookie(t, srv, "a", "b").Value
	fresh := &http.Client{}
	submit := srv.URL + "/submit"
	tests := []csrfRow{
		{"no token", cl, "POST", submit, "", []string{"Content-Type", formCT}, 400, "The CSRF token is missing."},
		{"empty token", cl, "POST", submit, formBody("csrf_token", ""), []string{"Content-Type", formCT}, 400, "The CSRF token is missing."},
		{"token, fresh client", fresh, "POST", submit, formBody("csrf_token", tok), []string{"Content-Type", formCT}, 400, "The CSRF session token is missing."},
		{"garbage", cl, "POST", submit, formBody("csrf_token", "garbage"), []string{"Content-Type", formCT}, 400, "The CSRF token is invalid."},
		{"truncated", cl, "POST", submit, formBody("csrf_token", tok[:len(tok)-2]), []string{"Content-Type", formCT}, 400, "The CSRF token is invalid."},
		{"bad base64", cl, "POST", submit, formBody("csrf_token", tok[:len(tok)-3]+"*!$"), []string{"Content-Type", formCT}, 400, "The CSRF token is invalid."},
		{"400 KB token", cl, "POST", submit, formBody("csrf_token", strings.Repeat("a", 400_000)), []string{"Content-Type", formCT}, 400, "The CSRF token is invalid."},
		{"64 KB header token", cl, "POST", submit, "", []string{"X-CSRFToken", strings.Repeat("a", 64<<10)}, 400, "The CSRF token is invalid."},
		{"1 MB form", cl, "POST", submit, formBody("csrf_token", strings.Repeat("a", 1<<20)), []string{"Content-Type", formCT}, 413, ""},
		{"another key", cl, "POST", submit, formBody("csrf_token", foreign), []string{"Content-Type", formCT}, 400, "The CSRF token is invalid."},
		{"another purpose", cl, "POST", submit, formBody("csrf_token", sessionCookieValue), []string{"Content-Type", formCT}, 400, "The CSRF token is invalid."},
		{"another session", cl, "POST", submit, formBody("csrf_token", tokB), []string{"Content-Type", formCT}, 400, "The CSRF tokens do not match."},
		{"query string only", cl, "POST", submit + "?csrf_token=" + url.QueryEscape(tok), "", []string{"Content-Type", formCT}, 400, "The CSRF token is missing."},
		{"lower-case post", cl, "post", submit, "", nil, 405, ""},
		{"unknown verb", cl, "PROPFIND", submit, "", nil, 400, "The CSRF token is missing."},
		{"PUT", cl, "PUT", submit, "", nil, 400, "The CSRF token is missing."},
		{"PATCH", cl, "PATCH", submit, "", nil, 400, "The CSRF token is missing."},
		{"DELETE", cl, "DELETE", submit, "", nil, 400, "The CSRF token is missing."},
		{"HEAD", cl, "HEAD", submit, "", nil, 200, ""},
		{"OPTIONS", cl, "OPTIONS", submit, "", nil, 200, ""},
		{"two fields, first wrong", cl, "POST", submit, formBody("csrf_token", tokB, "csrf_token", tok), []string{"Content-Type", formCT}, 400, "The CSRF tokens do not match."},
		{"valid form field", cl, "POST", submit, formBody("csrf_token", tok), []string{"Content-Type", formCT}, 200, ""},
		{"prefixed form field", cl, "POST", submit, formBody("login-csrf_token", tok), []string{"Content-Type", formCT}, 200, ""},
		{"X-CSRFToken on JSON", cl, "POST", submit, `{"a":1}`, []string{"Content-Type", "application/json", "X-CSRFToken", tok}, 200, ""},
		{"X-CSRF-Token on DELETE", cl, "DELETE", submit, "", []string{"X-CSRF-Token", tok}, 200, ""},
		{"exempt view", fresh, "POST", srv.URL + "/hook", "", nil, 200, ""},
		{"exempt controller", fresh, "POST", srv.URL + "/api/ping", "", nil, 200, ""},
		{"cross-site with a valid token", cl, "POST", submit, formBody("csrf_token", tok), []string{"Content-Type", formCT, "Sec-Fetch-Site", "cross-site"}, 403, ""},
		{"same-site with a valid token", cl, "POST", submit, formBody("csrf_token", tok), []string{"Content-Type", formCT, "Sec-Fetch-Site", "same-site"}, 403, ""},
		{"Origin null", cl, "POST", submit, formBody("csrf_token", tok), []string{"Content-Type", formCT, "Origin", "null"}, 403, ""},
		{"Origin suffix attack", cl, "POST", submit, formBody("csrf_token", tok), []string{"Content-Type", formCT, "Origin", srv.URL + ".evil.example"}, 403, ""},
		{"Origin wrong port", cl, "POST", submit, formBody("csrf_token", tok), []string{"Content-Type", formCT, "Origin", "http://127.0.0.1:1"}, 403, ""},
		{"Origin same", cl, "POST", submit, formBody("csrf_token", tok), []string{"Content-Type", formCT, "Origin", srv.URL}, 200, ""},
	}
	for _, tt := range tests {
		tt.check(t)
	}
	if !strings.Contains(logs.String(), "CSRF check refused") {
		t.Errorf("refusals are not logged: %s", logs.String())
	}
}

func TestCSRFMultipartAndJSONError(t *testing.T) {
	srv, _ := csrfServer(t, nil, false)
	cl, tok := tokenClient(t, srv)
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	_ = mw.WriteField("csrf_token", tok)
	fw, _ := mw.CreateFormFile("file", "a.txt")
	_, _ = fw.Write([]byte("hello"))
	_ = mw.Close()
	if code, body, _ := call(t, cl, "POST", srv.URL+"/submit", &b, "Content-Type", mw.FormDataContentType()); code != 200 {
		t.Errorf("valid token in a multipart body = %d %q, want 200", code, body)
	}
	code, body, res := call(t, cl, "POST", srv.URL+"/submit", nil, "Accept", "application/json")
	if code != 400 || res.Header.Get("Content-Type") != "application/json" ||
		!strings.Contains(body, `"error":"The CSRF token is missing."`) {
		t.Errorf("JSON client without token = %d %s %q, want a JSON 400 with the reason", code, res.Header.Get("Content-Type"), body)
	}
}

func TestCSRFBodyLimit(t *testing.T) {
	srv, _ := csrfServer(t, func(c *fwk.Config) { c.MaxBodyBytes = 1000 }, false)
	cl, tok := tokenClient(t, srv)
	body := formBody("csrf_token", tok, "pad", strings.Repeat("x", 2000))
	if code, got, _ := call(t, cl, "POST", srv.URL+"/submit", strings.NewReader(body), "Content-Type", formCT); code != 413 {
		t.Errorf("a form over MAX_CONTENT_LENGTH = %d %.60q, want 413", code, got)
	}
}

func TestCSRFHTTPSStrict(t *testing.T) {
	srv, _ := csrfServer(t, func(c *fwk.Config) {
		c.PreferredURLScheme = "https"
		c.CSRFTrustedOrigins = []string{"https://admin.example"}
	}, true)
	cl, tok := tokenClient(t, srv)
	host := strings.TrimPrefix(srv.URL, "https://")
	ok := formBody("csrf_token", tok)
	tests := []struct {
		name   string
		header []string
		code   int
		reason string
	}{
		{"no Origin, no Referer", nil, 403, "The referrer header is missing."},
		{"http Referer", []string{"Referer", "http://" + host + "/form"}, 403, "The referrer does not match the host."},
		{"Referer of another host", []string{"Referer", "https://evil.example/form"}, 403, "The referrer does not match the host."},
		{"http Origin", []string{"Origin", "http://" + host}, 403, "The origin is not https."},
		{"same Referer", []string{"Referer", srv.URL + "/form"}, 200, ""},
		{"same Origin", []string{"Origin", srv.URL}, 200, ""},
		{"Sec-Fetch-Site same-origin", []string{"Sec-Fetch-Site", "same-origin"}, 200, ""},
		{"trusted origin", []string{"Origin", "https://admin.example"}, 200, ""},
		{"trusted Referer", []string{"Referer", "https://admin.example/x"}, 200, ""},
	}
	for _, tt := range tests {
		h := append([]string{"Content-Type", formCT}, tt.header...)
		code, got, _ := call(t, cl, "POST", srv.URL+"/submit", strings.NewReader(ok), h...)
		if code != tt.code || !strings.Contains(got, tt.reason) {
			t.Errorf("%s: POST = %d %.80q, want %d %q", tt.name, code, got, tt.code, tt.reason)
		}
	}
}

func TestGenerateValidateCSRF(t *testing.T) {
	const other = "Zq8Xw3Ec6Rv1Tb9Yn4Um7Ik2Ol5Pa0Sd-other-secret"
	var results []error
	var toks []string
	app := mustNew(t, sessConfig(nil), tplApp{}.with(
		routes.Func("/gen", func(ctx *fwk.Ctx) error {
			a, err := fwk.GenerateCSRF(ctx)
			if err != nil {
				return err
			}
			b, _ := fwk.GenerateCSRF(ctx)
			c, _ := fwk.GenerateCSRF(ctx, fwk.CSRFSecretKey(other))
			d, _ := fwk.GenerateCSRF(ctx, fwk.CSRFTokenKey("other_token"))
			toks = []string{a, b, c, d}
			return ctx.NoContent()
		}),
		routes.Func("/val", func(ctx *fwk.Ctx) error {
			results = []error{
				fwk.ValidateCSRF(ctx, toks[0]),
				fwk.ValidateCSRF(ctx, toks[2]),
				fwk.ValidateCSRF(ctx, toks[2], fwk.CSRFSecretKey(other)),
				fwk.ValidateCSRF(ctx, toks[3], fwk.CSRFTokenKey("other_token")),
				fwk.ValidateCSRF(ctx, toks[3]),
				fwk.ValidateCSRF(ctx, toks[0], fwk.CSRFTimeLimit(-time.Second)),
				fwk.ValidateCSRF(ctx, toks[0], fwk.CSRFTokenKey("nothing_here")),
			}
			return ctx.NoContent()
		})))
	srv := httptest.NewServer(app)
	defer srv.Close()
	cl := jarClient(t)
	sget(t, cl, srv.URL+"/gen")
	if toks[0] != toks[1] || toks[0] == toks[2] {
		t.Errorf("GenerateCSRF: %q", toks)
	}
	sget(t, cl, srv.URL+"/val")
	want := []string{"", "The CSRF token is invalid.", "", "", "The CSRF tokens do not match.",
		"The CSRF token has expired.", "The CSRF session token is missing."}
	for i, err := range results {
		var ce *fwk.CSRFError
		switch {
		case want[i] == "" && err != nil:
			t.Errorf("check %d: ValidateCSRF = %v, want nil", i, err)
		case want[i] != "" && (!errors.As(err, &ce) || ce.Reason != want[i] || ce.Status != 400 || fwk.StatusCode(err) != 400):
			t.Errorf("check %d: ValidateCSRF = %v, want a 400 *CSRFError %q", i, err, want[i])
		}
	}
}

func TestCSRFTemplateFunc(t *testing.T) {
	cfg := sessConfig(nil)
	cfg.CSRFEnabled = true
	fsys := fstest.MapFS{"form.html": {Data: []byte(`<input name="csrf_token" value="{{csrfToken}}">{{csrfToken}}`)}}
	app := mustNew(t, cfg, tplApp{tpl: fsys}.with(
		routes.Func("/form", func(ctx *fwk.Ctx) error { return ctx.Render("form.html") }),
		routes.Func("/submit", func(ctx *fwk.Ctx) error { return ctx.Respond(200, "ok") }, fwk.Methods("POST"))))
	srv := httptest.NewServer(app)
	defer srv.Close()
	cl := jarClient(t)
	_, page := sget(t, cl, srv.URL+"/form")
	tok, rest, _ := strings.Cut(strings.TrimPrefix(page, `<input name="csrf_token" value="`), `">`)
	if tok == "" || rest != tok {
		t.Fatalf("page %q: want the same token twice", page)
	}
	if code, body, _ := call(t, cl, "POST", srv.URL+"/submit", strings.NewReader(formBody("csrf_token", tok)), "Content-Type", formCT); code != 200 {
		t.Errorf("posting the rendered token = %d %q", code, body)
	}
}

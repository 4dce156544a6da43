package fwk_test

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// redirectCase is one Redirect call made by the Probe view for a request.
type redirectCase struct {
	name   string
	edit   func(*fwk.Config)
	query  string     // raw query string of the request
	form   url.Values // POST form body, if any
	tls    bool
	host   string // request Host; default localhost
	where  string
	args   []any
	want   string // Location
	status int    // default 302
}

// runRedirect serves the case and returns the response.
func runRedirect(t *testing.T, tc redirectCase) *httptest.ResponseRecorder {
	t.Helper()
	var redirErr error
	app := newNavApp(t, tc.edit, func(ctx *fwk.Ctx) error {
		redirErr = ctx.Redirect(tc.where, tc.args...)
		return redirErr
	})
	target := "http://localhost/probe"
	if tc.query != "" {
		target += "?" + tc.query
	}
	var req *http.Request
	if tc.form != nil {
		req = httptest.NewRequest(http.MethodPost, target, strings.NewReader(tc.form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(http.MethodGet, target, nil)
	}
	if tc.tls {
		req.TLS = &tls.ConnectionState{}
	}
	if tc.host != "" {
		req.Host = tc.host
	}
	rec := probeRequest(t, app, req)
	if redirErr != nil {
		t.Fatalf("Redirect(%q, %v): %v", tc.where, tc.args, redirErr)
	}
	return rec
}

func checkRedirect(t *testing.T, tc redirectCase) {
	t.Helper()
	rec := runRedirect(t, tc)
	status := tc.status
	if status == 0 {
		status = http.StatusFound
	}
	loc := rec.Header().Get("Location")
	if rec.Code != status || loc != tc.want {
		t.Errorf("Redirect(%q, %v) with ?%s form %v = %d %q, want %d %q",
			tc.where, tc.args, tc.query, tc.form, rec.Code, loc, status, tc.want)
	}
	if strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, `/\`) {
		t.Errorf("Redirect(%q) Location %q could name another host", tc.where, loc)
	}
}

func q(next string) string { return url.Values{"next": {next}}.Encode() }

func form(next string) url.Values { return url.Values{"next": {next}} }

func TestRedirect(t *testing.T) {
	serverName := func(name string) func(*fwk.Config) { return func(c *fwk.Config) { c.ServerName = name } }
	externalServer := func(name string) func(*fwk.Config) {
		return func(c *fwk.Config) { c.Values["EXTERNAL_SERVER_NAME"] = name }
	}
	tests := []redirectCase{
		// Reference cases 85-96.
		{name: "85 nothing", where: "", want: "/"},
		{name: "85 path", where: "/path", want: "/path"},
		{name: "85 config key", where: "MY_CONFIG_KEY", want: "/path"},
		{name: "86 override config key", where: "/foobar", args: []any{fwk.Override("MY_CONFIG_KEY")}, want: "/path"},
		{name: "87 next", query: q("/path"), where: "", want: "/path"},
		{name: "87 next beats where", query: q("/path"), where: "/if-not-query-string", want: "/path"},
		{name: "88 override beats next", query: q("/path"), args: []any{fwk.Override("/my-path")}, want: "/my-path"},
		{name: "89 endpoint", where: "some.endpoint", want: "/some-endpoint"},
		{name: "89 override endpoint", where: "/path", args: []any{fwk.Override("some.endpoint")}, want: "/some-endpoint"},
		{name: "91 absolute foreign next", query: q("http://evil.com/x"), where: "/w", want: "/w"},
		{name: "91 scheme-relative next", query: q("//evil.com"), where: "/w", want: "/w"},
		{name: "91 double-encoded next", query: "next=%252F%252Fevil.com", where: "/w", want: "/w"},
		{name: "92 own host next", query: q("http://localhost/ok"), where: "/w", want: "http://localhost/ok"},
		{name: "92 upgrade next is safe", query: q("https://localhost/ok"), where: "/w", want: "https://localhost/ok"},
		{name: "92 downgrade next under tls", tls: true, query: q("http://localhost/ok"), where: "/w", want: "/w"},
		{name: "93 garbage next is not an endpoint", query: q("garbage"), where: "/w", want: "/w"},
		{name: "93 endpoint next is not built", query: q("some.endpoint"), where: "/w", want: "/w"},
		{name: "93 config key next is not read", query: q("MY_CONFIG_KEY"), where: "/w", want: "/w"},
		{name: "93 script next", query: q("javascript:alert(1)"), where: "/w", want: "/w"},
		{name: "94 form next", form: form("/formnext"), where: "/w", want: "/formnext"},
		{name: "94 query next beats form next", query: q("/argnext"), form: form("/formnext"), where: "/w", want: "/argnext"},
		{name: "94 bad query next then form next", query: q("//evil.com"), form: form("/formnext"), where: "/w", want: "/formnext"},
		{name: "95 foreign where to default", where: "http://evil.com", args: []any{fwk.Default("/d")}, want: "/d"},
		{name: "95 foreign where to root", where: "http://evil.com", want: "/"},
		{name: "96 no double encoding", where: "/a b/%20c", want: "/a%20b/%20c"},
		{name: "96 next decoded once", query: "next=%252Fpath", where: "/w", want: "/w"},
		// Reference validation cases 97-101, as next values.
		{name: "97 blank", query: q(" "), where: "/w", want: "/w"},
		{name: "97 triple slash", query: q("///evil.com"), where: "/w", want: "/w"},
		{name: "97 triple backslash", query: q(`\\\evil.com`), where: "/w", want: "/w"},
		{name: "97 nul", query: q("\x00evil.com"), where: "/w", want: "/w"},
		{name: "98 foreign host", edit: serverName("example.com"), host: "example.com", query: q("http://fail.com"), where: "/w", want: "/w"},
		{name: "98 downgrade", edit: serverName("example.com"), host: "example.com", tls: true, query: q("http://example.com/foo"), where: "/w", want: "/w"},
		{name: "99 external server name", edit: externalServer("http://works.com"), query: q("http://works.com"), where: "/w", want: "http://works.com"},
		{name: "100 external host option", query: q("http://works.com"), where: "/w", args: []any{fwk.ExternalHost("http://works.com")}, want: "http://works.com"},
		{name: "100 without external host", query: q("http://works.com"), where: "/w", want: "/w"},
		{name: "101 relative", query: q("ok"), where: "/w", want: "/w"},
		{name: "101 query only", query: q("?x"), where: "/w", want: "/w"},
		{name: "101 fragment only", query: q("#f"), where: "/w", want: "/w"},
		{name: "101 upper-case scheme", query: q("HTTP://localhost/"), where: "/w", want: "http://localhost/"},
		{name: "101 default port", query: q("http://localhost:80/"), where: "/w", want: "http://localhost/"},
		{name: "101 other port", query: q("http://localhost:8080/"), where: "/w", want: "/w"},
		{name: "101 mailto", query: q("mailto:x@y"), where: "/w", want: "/w"},
		// Targets built with URLFor, fallbacks, options.
		{name: "method of current controller", where: "AboutUs", want: "/about-us"},
		{name: "controller key with params", where: "NavController.Article", args: []any{"year", 2020, "slug", "a/b"}, want: "/articles/2020/a%2Fb"},
		{name: "built path with escaped backslash", where: "foo.slug", args: []any{"slug", `a\b`}, want: "/foo/a%5Cb"},
		// The same values go to every candidate (as in Flask-Unchained): slug
		// becomes a query value.
		{name: "unbuildable where to default", where: "nav_controller.article", args: []any{"slug", "x", fwk.Default("AboutUs")}, want: "/about-us?slug=x"},
		{name: "unbuildable override to where", where: "/w", args: []any{fwk.Override("no.such")}, want: "/w"},
		{name: "unset config key to default", where: "MISSING_KEY", args: []any{fwk.Default("/d")}, want: "/d"},
		{name: "unbuildable everything", where: "no.such", args: []any{fwk.Default("nope")}, want: "/"},
		{name: "external built", where: "AboutUs", args: []any{fwk.External()}, want: "http://localhost/about-us"},
		{name: "external built tls", tls: true, where: "AboutUs", args: []any{fwk.External()}, want: "https://localhost/about-us"},
		{name: "external host built", where: "some.endpoint", args: []any{fwk.ExternalHost("https://cdn.test")}, want: "https://cdn.test/some-endpoint"},
		{name: "protocol-relative falls back", where: "AboutUs", args: []any{fwk.External(), fwk.Scheme(""), fwk.Default("/d")}, want: "/d"},
		{name: "rule host is allowed", where: "docs", want: "http://docs.example.com/docs"},
		{name: "absolute where on rule host", where: "https://docs.example.com/x", want: "https://docs.example.com/x"},
		{name: "anchor and query", where: "some.endpoint", args: []any{"b", 2, "a", 1, fwk.Anchor("top")}, want: "/some-endpoint?a=1&b=2#top"},
		{name: "status 301", where: "/p", args: []any{fwk.RedirectStatus(http.StatusMovedPermanently)}, want: "/p", status: 301},
		{name: "status 303", where: "/p", args: []any{fwk.RedirectStatus(http.StatusSeeOther)}, want: "/p", status: 303},
		{name: "status 307", where: "/p", args: []any{fwk.RedirectStatus(http.StatusTemporaryRedirect)}, want: "/p", status: 307},
		{name: "status 308", where: "/p", args: []any{fwk.RedirectStatus(http.StatusPermanentRedirect)}, want: "/p", status: 308},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { checkRedirect(t, tc) })
	}
}

// TestRedirectResource is reference case 90: Create redirects to Get.
func TestRedirectResource(t *testing.T) {
	app := newNavApp(t, nil, nil)
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/members", nil))
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusFound || loc != "/members/1" {
		t.Errorf("POST /members = %d %q, want 302 %q", rec.Code, loc, "/members/1")
	}
}

func TestRedirectErrors(t *testing.T) {
	tests := []struct {
		name string
		args []any
		want error
	}{
		{"status 200", []any{fwk.RedirectStatus(http.StatusOK)}, fwk.ErrBadOption},
		{"status 304", []any{fwk.RedirectStatus(http.StatusNotModified)}, fwk.ErrBadOption},
		{"scheme without external", []any{fwk.Scheme("https")}, fwk.ErrSchemeNotExternal},
		{"cls of a non-controller", []any{fwk.Cls("x")}, fwk.ErrBadOption},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			app := newNavApp(t, nil, func(ctx *fwk.Ctx) error {
				err = ctx.Redirect("/x", tc.args...)
				return ctx.NoContent()
			})
			rec := probeRequest(t, app, httptest.NewRequest(http.MethodGet, "/probe", nil))
			if !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), `fwk: redirect "/x": `) {
				t.Errorf("Redirect(%v) = %v, want an error wrapping %v", tc.args, err, tc.want)
			}
			if loc := rec.Header().Get("Location"); loc != "" {
				t.Errorf("Redirect(%v) set Location %q despite the error", tc.args, loc)
			}
		})
	}
}

// TestRedirectPlainHandler covers the package-level Redirect in an
// http.Handler view, and outside of an App.
func TestRedirectPlainHandler(t *testing.T) {
	var err error
	plain := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err = fwk.Redirect(w, r, "nav_controller.about_us", fwk.Anchor("team"))
	})
	app, nerr := fwk.New(navConfig(nil), navBundle{nav: &NavController{}, plain: plain})
	if nerr != nil {
		t.Fatal(nerr)
	}
	for _, target := range []string{"/plain", "/plain?next=/n", "/plain?next=//evil.example"} {
		err = nil
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		want := "/about-us#team"
		if strings.Contains(target, "=/n") {
			want = "/n"
		}
		if loc := rec.Header().Get("Location"); err != nil || rec.Code != http.StatusFound || loc != want {
			t.Errorf("GET %s = %d %q, %v; want 302 %q", target, rec.Code, loc, err, want)
		}
	}

	rec := httptest.NewRecorder()
	err = fwk.Redirect(rec, httptest.NewRequest(http.MethodGet, "/", nil), "/x")
	if !errors.Is(err, fwk.ErrNotServing) || rec.Header().Get("Location") != "" {
		t.Errorf("Redirect outside an App = %v, Location %q; want ErrNotServing and no Location", err, rec.Header().Get("Location"))
	}
}

// mustReject are the next values of research/security.md §2.4, as decoded
// once by the query or form parser, for an app at https://good.example.
var mustReject = []string{
	"//evil.example",
	"///evil.example",
	"////evil.example",
	`/\evil.example`,
	`\/evil.example`,
	`\\evil.example`,
	`\\\evil.example`,
	`/\/evil.example`,
	"https:evil.example",
	"https:/evil.example",
	"http:///evil.example",
	`https:\\evil.example`,
	"javascript:alert(1)",
	"JaVaScRiPt:alert(1)",
	"javascript://good.example/%0Aalert(1)",
	"data:text/html;base64,PHNjcmlwdD4=",
	"%2F%2Fevil.example",
	"/%5Cevil.example",
	"/\t/evil.example",
	"/\n/evil.example",
	"/\r/evil.example",
	"java\tscript:alert(1)",
	" //evil.example",
	"\njavascript:alert(1)",
	"\x00//evil.example",
	"\x19////evil.example",
	"\x08//evil.example",
	"https://good.example@evil.example",
	"https://good.example:pw@evil.example",
	"//good.example@evil.example",
	`https://evil.example\@good.example`,
	`https://evil.example\.good.example`,
	"https://good.example.evil.example",
	"https://evilgood.example",
	"https://evil.example/good.example",
	"https://evil.example?x=good.example",
	"https://evil.example#good.example",
	"http://good.example/x",
	"ftp://good.example/x",
	"https://evil\u3002example",
	"https://evil.example/",
	"http://[::1",
	"/" + strings.Repeat("a", 3000),
	// Policy choices of §2.5: rejected.
	"//good.example/x",
	"?q=1",
	"#frag",
	"relative/path",
	"",
}

// mustAccept are the values of research/security.md §2.5 with the Location
// each one gives.
var mustAccept = []struct{ next, want string }{
	{"/", "/"},
	{"/dashboard", "/dashboard"},
	{"/a/b?c=d#e", "/a/b?c=d#e"},
	{"/search?q=//evil.example", "/search?q=//evil.example"},
	{"/view/?param=https://evil.example", "/view/?param=https://evil.example"},
	{"/url%20with%20spaces/", "/url%20with%20spaces/"},
	{"/confirm/me@example.com", "/confirm/me@example.com"},
	{"/caf%C3%A9", "/caf%C3%A9"},
	{"/café", "/caf%C3%A9"},
	{"/%2F/x", "/%2F/x"},
	{"https://good.example/x", "https://good.example/x"},
	{"HTTPS://GOOD.example/x", "https://good.example/x"},
	{"https://good.example:443/x", "https://good.example/x"},
	{"https://good.eXAmple#0", "https://good.example#0"},
	{"https://good.example?q=1", "https://good.example?q=1"},
	{"https://good.example", "https://good.example"},
}

func goodExample(c *fwk.Config) { c.ServerName = "good.example" }

func TestRedirectNextMustReject(t *testing.T) {
	for _, next := range mustReject {
		for _, via := range []string{"query", "form"} {
			tc := redirectCase{edit: goodExample, tls: true, host: "good.example", where: "/fallback", want: "/fallback"}
			if via == "query" {
				tc.query = q(next)
			} else {
				tc.form = form(next)
			}
			t.Run(via+" "+strings.ToValidUTF8(next[:min(len(next), 40)], "?"), func(t *testing.T) { checkRedirect(t, tc) })
		}
	}
}

func TestRedirectNextMustAccept(t *testing.T) {
	for _, c := range mustAccept {
		for _, via := range []string{"query", "form"} {
			tc := redirectCase{edit: goodExample, tls: true, host: "good.example", where: "/fallback", want: c.want}
			if via == "query" {
				tc.query = q(c.next)
			} else {
				tc.form = form(c.next)
			}
			t.Run(via+" "+c.next, func(t *testing.T) { checkRedirect(t, tc) })
		}
	}
}

// TestRedirectWhereMustReject feeds the §2.4 values as where: a URL given
// as text is checked like next (the values without '/' are not URLs and do
// not resolve as endpoints either).
func TestRedirectWhereMustReject(t *testing.T) {
	for _, where := range mustReject {
		tc := redirectCase{edit: goodExample, tls: true, host: "good.example", where: where,
			args: []any{fwk.Default("/fallback")}, want: "/fallback"}
		t.Run(strings.ToValidUTF8(where[:min(len(where), 40)], "?"), func(t *testing.T) { checkRedirect(t, tc) })
	}
}

// LoginController is the controller of the Redirect example.
type LoginController struct{ fwk.Controller }

func (c *LoginController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Login, "/login", fwk.Methods("GET", "POST"))}}
}

// Login sends the user back to next, if it is safe, else to Home.
func (c *LoginController) Login(ctx *fwk.Ctx) error {
	return ctx.Redirect("Home", fwk.RedirectStatus(http.StatusSeeOther))
}

func (c *LoginController) Home(ctx *fwk.Ctx) error { return ctx.NoContent() }

type loginBundle struct{}

func (loginBundle) Name() string         { return "login" }
func (loginBundle) Routes() []*fwk.Route { return routes.Controller("", &LoginController{}) }

// Redirect follows a safe next value and falls back to its target otherwise.
func ExampleCtx_Redirect() {
	cfg := fwk.DefaultConfig()
	cfg.ServerName = "blog.example"
	app, err := fwk.New(cfg, loginBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, target := range []string{
		"/login",
		"/login?next=/account/settings",
		"/login?next=http://blog.example/a%20b",
		"/login?next=http://localhost/a%20b",
		"/login?next=//evil.example",
		"/login?next=https://evil.example/",
		"/login?next=javascript:alert(1)",
	} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest("POST", target, nil))
		fmt.Println(rec.Code, rec.Header().Get("Location"))
	}
	// Output:
	// 303 /home
	// 303 /account/settings
	// 303 http://blog.example/a%20b
	// 303 /home
	// 303 /home
	// 303 /home
	// 303 /home
}

// onAppHost reports whether loc is an https URL whose authority is exactly
// good.example (SERVER_NAME and the request's host) or docs.example.com (a
// rule's Host, whose port the router ignores) with a port or none: the
// authority is what follows "https://" up to the first '/', '?' or '#'.
func onAppHost(loc string) bool {
	rest, ok := strings.CutPrefix(loc, "https://")
	if !ok {
		return false
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host := rest[:end]
	if host == "good.example" {
		return true
	}
	name, port, hasPort := strings.Cut(host, ":")
	return name == "docs.example.com" && (!hasPort || port != "" && strings.Trim(port, "0123456789") == "")
}

// FuzzRedirectNext: whatever next holds, the Location is the fallback, a
// local path that cannot name another host, or an https URL on a host of
// the app (onAppHost); it never holds a control byte or a space.
func FuzzRedirectNext(f *testing.F) {
	for _, s := range mustReject {
		f.Add(s)
	}
	for _, c := range mustAccept {
		f.Add(c.next)
	}
	f.Add("https://docs.example.com/x")
	f.Add("https://DOCS.example.com:8443?q")
	app := newNavApp(f, goodExample, func(ctx *fwk.Ctx) error { return ctx.Redirect("/fallback") })
	f.Fuzz(func(t *testing.T, next string) {
		for _, via := range []string{"query", "form"} {
			var req *http.Request
			if via == "query" {
				req = httptest.NewRequest(http.MethodGet, "https://good.example/probe?"+q(next), nil)
			} else {
				req = httptest.NewRequest(http.MethodPost, "https://good.example/probe", strings.NewReader(form(next).Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			}
			rec := httptest.NewRecorder()
			app.ServeHTTP(rec, req)
			loc := rec.Header().Get("Location")
			local := strings.HasPrefix(loc, "/") && !strings.HasPrefix(loc, "//") && !strings.HasPrefix(loc, `/\`)
			if rec.Code != http.StatusFound || !local && !onAppHost(loc) {
				t.Fatalf("next %q via %s: %d %q", next, via, rec.Code, loc)
			}
			if strings.ContainsFunc(loc, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '\\' }) {
				t.Fatalf("next %q via %s: Location %q holds a control byte, space or backslash", next, via, loc)
			}
		}
	})
}

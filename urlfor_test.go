package fwk_test

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

// NavController serves the URL-building and redirect tests: Probe runs the
// function the test put in probe, inside a real request.
type NavController struct {
	fwk.Controller
	probe func(*fwk.Ctx) error
}

func (c *NavController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/"),
		fwk.View(c.Article, "/articles/<int:year>/<slug>"),
		fwk.View(c.Probe, "/probe", fwk.Methods("GET", "POST")),
	}}
}

func (c *NavController) Index(ctx *fwk.Ctx) error   { return ctx.NoContent() }
func (c *NavController) AboutUs(ctx *fwk.Ctx) error { return ctx.NoContent() }
func (c *NavController) Probe(ctx *fwk.Ctx) error   { return c.probe(ctx) }
func (c *NavController) Article(ctx *fwk.Ctx, year int, slug string) error {
	return ctx.NoContent()
}

// MemberResource is a CRUD resource whose Create redirects to Get (case 90).
type MemberResource struct{ fwk.Resource }

func (r *MemberResource) List(ctx *fwk.Ctx) error          { return ctx.NoContent() }
func (r *MemberResource) Get(ctx *fwk.Ctx, id int) error   { return ctx.NoContent() }
func (r *MemberResource) Create(ctx *fwk.Ctx) error        { return ctx.Redirect("Get", "id", 1) }
func (r *MemberResource) Patch(ctx *fwk.Ctx, id int) error { return ctx.NoContent() }

func noContent(ctx *fwk.Ctx) error { return ctx.NoContent() }

// navBundle is the app bundle of the URL tests.
type navBundle struct {
	nav   *NavController
	plain http.Handler // served at /plain
}

func (navBundle) Name() string { return "nav" }
func (b navBundle) Routes() []*fwk.Route {
	plain := b.plain
	if plain == nil {
		plain = http.NotFoundHandler()
	}
	return routes.Tree(
		routes.Controller("", b.nav),
		routes.Resource("/members", &MemberResource{}),
		routes.Func("/some-endpoint", noContent, fwk.Endpoint("some.endpoint")),
		routes.Func("/foo/<string:slug>", noContent, fwk.Endpoint("foo.slug")),
		routes.Func("/items", noContent, fwk.Endpoint("items")),
		routes.Func("/items/new", noContent, fwk.Endpoint("items"), fwk.Methods("POST")),
		routes.Func("/docs", noContent, fwk.Endpoint("docs"), fwk.Host("docs.example.com")),
		routes.Func("/plain", plain, fwk.Endpoint("plain")),
	)
}

// navConfig is the configuration of the URL tests; edit may change it.
func navConfig(edit func(*fwk.Config)) fwk.Config {
	cfg := quietConfig()
	cfg.Values = map[string]string{
		"MY_CONFIG_KEY": "/path",
		"MY_KEY":        "some.endpoint",
		"ABOUT_KEY":     "NavController.AboutUs",
		"BAD_EP_KEY":    "no.such.endpoint",
	}
	if edit != nil {
		edit(&cfg)
	}
	return cfg
}

// newNavApp builds the app of the URL tests with probe as the body of the
// Probe view.
func newNavApp(t testing.TB, edit func(*fwk.Config), probe func(*fwk.Ctx) error) *fwk.App {
	t.Helper()
	app, err := fwk.New(navConfig(edit), navBundle{nav: &NavController{probe: probe}})
	if err != nil {
		t.Fatalf("fwk.New: %v", err)
	}
	return app
}

// urlCase is one URLFor call and its expected result: want, or an error
// matching wantErr (and holding wantMsg, if set).
type urlCase struct {
	name    string
	target  string
	args    []any
	want    string
	wantErr error
	wantMsg string
}

func checkURL(t *testing.T, tc urlCase, got string, err error) {
	t.Helper()
	if tc.wantErr != nil {
		if !errors.Is(err, tc.wantErr) {
			t.Fatalf("URLFor(%q, %v) = %q, %v; want error %v", tc.target, tc.args, got, err, tc.wantErr)
		}
		if !strings.HasPrefix(err.Error(), "fwk: url_for ") || strings.Count(err.Error(), "fwk:") != 1 {
			t.Errorf("URLFor(%q) error %q: want one \"fwk: url_for\" prefix", tc.target, err)
		}
		if tc.wantMsg != "" && !strings.Contains(err.Error(), tc.wantMsg) {
			t.Errorf("URLFor(%q) error %q: want it to contain %q", tc.target, err, tc.wantMsg)
		}
		return
	}
	if err != nil || got != tc.want {
		t.Fatalf("URLFor(%q, %v) = %q, %v; want %q", tc.target, tc.args, got, err, tc.want)
	}
}

func TestAppURLFor(t *testing.T) {
	app := newNavApp(t, nil, nil)
	navType := reflect.TypeFor[NavController]()
	tests := []urlCase{
		// Reference cases 75-84, with the fixes of DESIGN §11.
		{name: "url verbatim", target: "/foobar", want: "/foobar"},
		{name: "url with values verbatim", target: "/foobar", args: []any{"x", 1, fwk.Anchor("a")}, want: "/foobar"},
		{name: "empty target", target: "", wantErr: fwk.ErrUnknownTarget},
		{name: "config key url", target: "MY_CONFIG_KEY", want: "/path"},
		{name: "config key endpoint", target: "MY_KEY", want: "/some-endpoint"},
		{name: "config key controller key", target: "ABOUT_KEY", want: "/about-us"},
		{name: "config key unset", target: "MISSING_KEY", wantErr: fwk.ErrUnknownTarget, wantMsg: "config key not set"},
		{name: "config value unknown endpoint", target: "BAD_EP_KEY", wantErr: router.ErrUnknownEndpoint, wantMsg: `config value "no.such.endpoint"`},
		{name: "upper-case url is a url", target: "/ABOUT", want: "/ABOUT"},
		{name: "cls method", target: "AboutUs", args: []any{fwk.Cls(&NavController{})}, want: "/about-us"},
		{name: "cls snake method", target: "about_us", args: []any{fwk.Cls(navType)}, want: "/about-us"},
		{name: "cls value not pointer", target: "Index", args: []any{fwk.Cls(NavController{})}, want: "/"},
		{name: "cls resource get", target: "Get", args: []any{"id", 1, fwk.Cls(&MemberResource{})}, want: "/members/1"},
		{name: "cls resource no delete", target: "Delete", args: []any{"id", 1, fwk.Cls(&MemberResource{})}, wantErr: router.ErrUnknownEndpoint},
		{name: "cls missing param", target: "Get", args: []any{fwk.Cls(&MemberResource{})}, wantErr: router.ErrMissingParam, wantMsg: `"id"`},
		{name: "cls not a controller", target: "Get", args: []any{fwk.Cls(42)}, wantErr: fwk.ErrBadOption},
		{name: "bare method without cls", target: "AboutUs", wantErr: router.ErrUnknownEndpoint},
		{name: "endpoint string param", target: "foo.slug", args: []any{"slug", "hi"}, want: "/foo/hi"},
		{name: "query value", target: "some.endpoint", args: []any{"foo", "b a"}, want: "/some-endpoint?foo=b+a"},
		{name: "sorted query", target: "some.endpoint", args: []any{"z", 1, "a", "x"}, want: "/some-endpoint?a=x&z=1"},
		{name: "drop unknown", target: "some.endpoint", args: []any{"z", 1, fwk.DropUnknown()}, want: "/some-endpoint"},
		{name: "did you mean", target: "some.endpointt", wantErr: router.ErrUnknownEndpoint, wantMsg: `did you mean "some.endpoint"?`},
		{name: "anchor", target: "some.endpoint", args: []any{fwk.Anchor("top")}, want: "/some-endpoint#top"},
		{name: "external", target: "some.endpoint", args: []any{fwk.External()}, want: "http://localhost/some-endpoint"},
		{name: "external https", target: "some.endpoint", args: []any{fwk.External(), fwk.Scheme("https")}, want: "https://localhost/some-endpoint"},
		{name: "scheme without external", target: "some.endpoint", args: []any{fwk.Scheme("https")}, wantErr: fwk.ErrSchemeNotExternal},
		{name: "external host bare", target: "some.endpoint", args: []any{fwk.ExternalHost("example.com")}, want: "http://example.com/some-endpoint"},
		{name: "external host scheme", target: "some.endpoint", args: []any{fwk.ExternalHost("example.com"), fwk.Scheme("https")}, want: "https://example.com/some-endpoint"},
		{name: "external host with scheme", target: "some.endpoint", args: []any{fwk.ExternalHost("https://example.com/")}, want: "https://example.com/some-endpoint"},
		{name: "external host scheme swapped", target: "some.endpoint", args: []any{fwk.ExternalHost("https://example.com"), fwk.Scheme("http")}, want: "http://example.com/some-endpoint"},
		{name: "external host port", target: "foo.slug", args: []any{"slug", "a b", fwk.ExternalHost("example.com:8080")}, want: "http://example.com:8080/foo/a%20b"},
		{name: "protocol relative", target: "some.endpoint", args: []any{fwk.External(), fwk.Scheme("")}, want: "//localhost/some-endpoint"},
		{name: "bad external host", target: "some.endpoint", args: []any{fwk.ExternalHost("evil.com/x")}, wantErr: fwk.ErrBadOption},
		{name: "bad scheme", target: "some.endpoint", args: []any{fwk.External(), fwk.Scheme("ht tp")}, wantErr: fwk.ErrBadOption},
		// Endpoints, controller keys, params.
		{name: "controller key", target: "NavController.AboutUs", want: "/about-us"},
		{name: "endpoint of controller", target: "nav_controller.about_us", want: "/about-us"},
		{name: "two params", target: "nav_controller.article", args: []any{"year", 2024, "slug", "go"}, want: "/articles/2024/go"},
		{name: "controller key params", target: "NavController.Article", args: []any{"slug", "go", "year", 7}, want: "/articles/7/go"},
		{name: "missing param", target: "nav_controller.article", args: []any{"slug", "go"}, wantErr: router.ErrMissingParam, wantMsg: `"year"`},
		{name: "bad int", target: "nav_controller.article", args: []any{"year", "abc", "slug", "x"}, wantErr: router.ErrInvalidValue},
		{name: "unknown endpoint", target: "nope.endpoint", wantErr: router.ErrUnknownEndpoint},
		{name: "odd values", target: "some.endpoint", args: []any{"id"}, wantErr: router.ErrInvalidValue},
		{name: "method picks rule", target: "items", args: []any{fwk.Method("post")}, want: "/items/new"},
		{name: "method default", target: "items", want: "/items"},
		{name: "method none", target: "items", args: []any{fwk.Method("DELETE")}, wantErr: router.ErrMethodNotAllowed},
		{name: "other host rule is absolute", target: "docs", want: "http://docs.example.com/docs"},
		{name: "redirect option", target: "some.endpoint", args: []any{fwk.Default("/x")}, wantErr: fwk.ErrBadOption},
		{name: "status option", target: "some.endpoint", args: []any{fwk.RedirectStatus(301)}, wantErr: fwk.ErrBadOption},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := app.URLFor(tc.target, tc.args...)
			checkURL(t, tc, got, err)
		})
	}
}

func TestAppURLForConfig(t *testing.T) {
	tests := []struct {
		name string
		edit func(*fwk.Config)
		urlCase
	}{
		{"no server name", func(c *fwk.Config) { c.ServerName = "" },
			urlCase{target: "some.endpoint", args: []any{fwk.External()}, wantErr: fwk.ErrNoHost}},
		{"server name port", func(c *fwk.Config) { c.ServerName = "app.test:8000" },
			urlCase{target: "some.endpoint", args: []any{fwk.External()}, want: "http://app.test:8000/some-endpoint"}},
		{"preferred scheme", func(c *fwk.Config) { c.PreferredURLScheme = "https" },
			urlCase{target: "some.endpoint", args: []any{fwk.External()}, want: "https://localhost/some-endpoint"}},
		{"preferred scheme for external host", func(c *fwk.Config) { c.PreferredURLScheme = "https" },
			urlCase{target: "some.endpoint", args: []any{fwk.ExternalHost("cdn.test")}, want: "https://cdn.test/some-endpoint"}},
		{"external server name", func(c *fwk.Config) { c.Values["EXTERNAL_SERVER_NAME"] = "https://public.test" },
			urlCase{target: "some.endpoint", args: []any{fwk.External()}, want: "https://public.test/some-endpoint"}},
		{"external server name only when external", func(c *fwk.Config) { c.Values["EXTERNAL_SERVER_NAME"] = "https://public.test" },
			urlCase{target: "some.endpoint", want: "/some-endpoint"}},
		{"rule host is this server", func(c *fwk.Config) { c.ServerName = "docs.example.com" },
			urlCase{target: "docs", want: "/docs"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newNavApp(t, tc.edit, nil)
			got, err := app.URLFor(tc.target, tc.args...)
			checkURL(t, tc.urlCase, got, err)
		})
	}
}

// probeRequest serves req through the Probe view running f and returns the
// recorder.
func probeRequest(t *testing.T, app *fwk.App, req *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	return rec
}

func TestCtxURLFor(t *testing.T) {
	tlsReq := func(r *http.Request) { r.TLS = &tls.ConnectionState{} }
	host := func(h string) func(*http.Request) { return func(r *http.Request) { r.Host = h } }
	noServerName := func(c *fwk.Config) { c.ServerName = "" }
	tests := []struct {
		name string
		edit func(*fwk.Config)
		req  func(*http.Request)
		urlCase
	}{
		{name: "bare method of current controller", urlCase: urlCase{target: "AboutUs", want: "/about-us"}},
		{name: "bare snake method", urlCase: urlCase{target: "about_us", want: "/about-us"}},
		{name: "bare method with params", urlCase: urlCase{target: "Article", args: []any{"year", 1999, "slug", "x y"}, want: "/articles/1999/x%20y"}},
		{name: "cls overrides current", urlCase: urlCase{target: "Get", args: []any{"id", 3, fwk.Cls(&MemberResource{})}, want: "/members/3"}},
		{name: "not a method falls to endpoint", urlCase: urlCase{target: "items", want: "/items"}},
		{name: "unknown bare name", urlCase: urlCase{target: "Nope", wantErr: router.ErrUnknownEndpoint}},
		{name: "external plain", urlCase: urlCase{target: "AboutUs", args: []any{fwk.External()}, want: "http://localhost/about-us"}},
		{name: "external tls", req: tlsReq, urlCase: urlCase{target: "AboutUs", args: []any{fwk.External()}, want: "https://localhost/about-us"}},
		{name: "forwarded proto not trusted", req: func(r *http.Request) { r.Header.Set("X-Forwarded-Proto", "https") },
			urlCase: urlCase{target: "AboutUs", args: []any{fwk.External()}, want: "http://localhost/about-us"}},
		{name: "external host uses preferred scheme", req: tlsReq,
			urlCase: urlCase{target: "AboutUs", args: []any{fwk.ExternalHost("cdn.test")}, want: "http://cdn.test/about-us"}},
		{name: "served host without server name", edit: noServerName, req: host("docs.example.com"),
			urlCase: urlCase{target: "AboutUs", args: []any{fwk.External()}, want: "http://docs.example.com/about-us"}},
		{name: "served host with port", edit: noServerName, req: host("DOCS.example.com:8443"),
			urlCase: urlCase{target: "AboutUs", args: []any{fwk.External()}, want: "http://docs.example.com:8443/about-us"}},
		{name: "foreign host header not trusted", edit: noServerName, req: host("evil.example"),
			urlCase: urlCase{target: "AboutUs", args: []any{fwk.External()}, wantErr: fwk.ErrNoHost}},
		{name: "rule host from its own host", req: host("docs.example.com"), urlCase: urlCase{target: "docs", want: "/docs"}},
		{name: "rule host from another host", urlCase: urlCase{target: "docs", want: "http://docs.example.com/docs"}},
		{name: "rule host external tls", req: func(r *http.Request) { tlsReq(r); r.Host = "docs.example.com" },
			urlCase: urlCase{target: "docs", args: []any{fwk.External()}, want: "https://docs.example.com/docs"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var (
				got string
				err error
				ran bool
			)
			app := newNavApp(t, tc.edit, func(ctx *fwk.Ctx) error {
				ran = true
				got, err = ctx.URLFor(tc.target, tc.args...)
				return ctx.NoContent()
			})
			req := httptest.NewRequest(http.MethodGet, "http://localhost/probe", nil)
			if tc.req != nil {
				tc.req(req)
			}
			probeRequest(t, app, req)
			if !ran {
				t.Fatal("the probe view did not run")
			}
			checkURL(t, tc.urlCase, got, err)
		})
	}
}

// BlogController is the controller of the URLFor examples.
type BlogController struct{ fwk.Controller }

func (c *BlogController) Meta() fwk.Meta {
	return fwk.Meta{URLPrefix: "/blog", Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/"),
		fwk.View(c.Post, "/<int:year>/<slug>"),
	}}
}

func (c *BlogController) Index(ctx *fwk.Ctx) error {
	for _, target := range []string{"Post", "blog_controller.post", "BlogController.Post"} {
		u, _ := ctx.URLFor(target, "year", 2024, "slug", "hello world", fwk.Anchor("comments"))
		fmt.Println(u)
	}
	u, _ := ctx.URLFor("Post", "year", 2024, "slug", "go", "page", 2, fwk.External())
	fmt.Println(u)
	_, err := ctx.URLFor("Post", "slug", "go")
	fmt.Println(err)
	return ctx.NoContent()
}

func (c *BlogController) Post(ctx *fwk.Ctx, year int, slug string) error { return ctx.NoContent() }

type blogBundle struct{}

func (blogBundle) Name() string         { return "blog" }
func (blogBundle) Routes() []*fwk.Route { return routes.Controller("", &BlogController{}) }

// A view builds URLs from a method name of its own controller, an endpoint
// or a controller key; extra values go to the query string.
func ExampleCtx_URLFor() {
	app, err := fwk.New(fwk.DefaultConfig(), blogBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "https://localhost/blog", nil))
	// Output:
	// /blog/2024/hello%20world#comments
	// /blog/2024/hello%20world#comments
	// /blog/2024/hello%20world#comments
	// https://localhost/blog/2024/go?page=2
	// fwk: url_for "Post": build "blog_controller.post" with values [slug]: missing parameter: the closest rule is "/blog/<int:year>/<slug>"; did you forget to specify values ["year"]?
}

// Without a request, App.URLFor builds paths, and absolute URLs from
// SERVER_NAME and PREFERRED_URL_SCHEME (or an external host).
func ExampleApp_URLFor() {
	cfg := fwk.DefaultConfig()
	cfg.ServerName = "example.com"
	cfg.Values = map[string]string{"HOME_URL": "/blog/"}
	app, err := fwk.New(cfg, blogBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, args := range [][]any{
		{"BlogController.Post", "year", 1999, "slug", "party"},
		{"BlogController.Index", fwk.External()},
		{"Post", "year", 2000, "slug", "y2k", fwk.Cls(&BlogController{}), fwk.ExternalHost("cdn.example.net"), fwk.Scheme("https")},
		{"HOME_URL"},
	} {
		u, err := app.URLFor(args[0].(string), args[1:]...)
		fmt.Println(u, err)
	}
	_, err = app.URLFor("blog_controller.index", fwk.Scheme("https"))
	fmt.Println(errors.Is(err, fwk.ErrSchemeNotExternal))
	// Output:
	// /blog/1999/party <nil>
	// http://example.com/blog <nil>
	// https://cdn.example.net/blog/2000/y2k <nil>
	// /blog/ <nil>
	// true
}

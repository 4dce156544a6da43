package fwk_test

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// tplVendor is a bundle with templates only.
type tplVendor struct{ tpl fs.FS }

func (tplVendor) Name() string       { return "vendor" }
func (b tplVendor) Templates() fs.FS { return b.tpl }

// renderName renders the template named by the query argument "name".
func renderName(ctx *fwk.Ctx) error {
	return ctx.Render(ctx.Request().URL.Query().Get("name"))
}

// PlainController has the default template folder ("plain") and extension.
type PlainController struct{ fwk.Controller }

func (c *PlainController) Show(ctx *fwk.Ctx) error { return renderName(ctx) }

// FoobarController uses folder "foobar" and the extension ".html.j2" (case 34).
type FoobarController struct{ fwk.Controller }

func (c *FoobarController) Meta() fwk.Meta {
	return fwk.Meta{TemplateFolder: "foobar", TemplateFileExtension: ".html.j2"}
}
func (c *FoobarController) Show(ctx *fwk.Ctx) error { return renderName(ctx) }

// TxtController uses an extension the Config's does not cover.
type TxtController struct{ fwk.Controller }

func (c *TxtController) Meta() fwk.Meta          { return fwk.Meta{TemplateFileExtension: ".tmpl"} }
func (c *TxtController) Show(ctx *fwk.Ctx) error { return renderName(ctx) }

// pathFS returns a MapFS whose files hold their own path.
func pathFS(paths ...string) fstest.MapFS {
	m := fstest.MapFS{}
	for _, p := range paths {
		m[p] = &fstest.MapFile{Data: []byte("T:" + p)}
	}
	return m
}

func TestRenderResolvesNames(t *testing.T) {
	fsys := pathFS("plain/index.html", "foobar/index.html.j2", "other/page.html", "site/page.html",
		"txt/index.tmpl", "top.html", "plain/x.html.j2")
	app := mustNew(t, quietCfg(), tplApp{tpl: fsys}.with(
		routes.Controller("/plain", &PlainController{}),
		routes.Controller("/foobar", &FoobarController{}),
		routes.Controller("/txt", &TxtController{}),
		routes.Func("/func", renderName),
	))
	tests := []struct {
		path, name, want string
	}{
		{"/plain/show", "index", "plain/index.html"},                    // case 33: folder from the type name
		{"/foobar/show", "index", "foobar/index.html.j2"},               // case 34
		{"/foobar/show", "index.html.j2", "foobar/index.html.j2"},       // case 34: extension given
		{"/plain/show", "foobar/index.html.j2", "foobar/index.html.j2"}, // case 35: a full path
		{"/plain/show", "other/page", "other/page.html"},                // a '/': no folder, extension added
		{"/plain/show", "x.html.j2", "plain/x.html.j2"},                 // a dot: no extension added
		{"/txt/show", "index", "txt/index.tmpl"},                        // a Meta extension of its own
		{"/func", "site/page", "site/page.html"},                        // plain funcs have no folder
		{"/func", "top", "top.html"},
	}
	for _, tt := range tests {
		rec := hreq(app, "GET", tt.path+"?name="+tt.name)
		if got := rec.Body.String(); rec.Code != http.StatusOK || got != "T:"+tt.want {
			t.Errorf("GET %s Render(%q) = %d %q, want 200 %q", tt.path, tt.name, rec.Code, got, "T:"+tt.want)
		}
	}
}

func TestRenderOverridesAcrossBundles(t *testing.T) {
	vendor := fstest.MapFS{
		"site/index.html":   {Data: []byte("vendor index")},
		"site/about.html":   {Data: []byte("vendor about")},
		"layouts/base.html": {Data: []byte(`<main>{{block "content" .}}vendor{{end}}</main>`)},
	}
	app := fstest.MapFS{
		"site/index.html": {Data: []byte("app index")},
		"site/base.html":  {Data: []byte(`{{template "layouts/base.html" .}}{{define "content"}}app content{{end}}`)},
	}
	a := mustNew(t, fwk.DefaultConfig(), tplVendor{vendor}, tplApp{tpl: app}.with(routes.Func("/r", renderName)))
	tests := []struct{ name, want string }{
		{"site/index", "app index"},    // the app bundle overrides
		{"site/about", "vendor about"}, // the vendor bundle still serves what the app lacks
		{"site/base", "<main>app content</main>"},
	}
	for _, tt := range tests {
		rec := hreq(a, "GET", "/r?name="+tt.name)
		if got := rec.Body.String(); got != tt.want {
			t.Errorf("Render(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestRenderLayoutsAndPartials(t *testing.T) {
	fsys := fstest.MapFS{
		"layouts/base.html":  {Data: []byte(`<title>{{block "title" .}}Site{{end}}</title>{{template "partials/nav.html" .}}{{block "content" .}}{{end}}`)},
		"partials/nav.html":  {Data: []byte(`<nav>{{.user}}</nav>`)},
		"pages/home.html":    {Data: []byte(`{{template "layouts/base.html" .}}{{define "title"}}Home{{end}}{{define "content"}}<p>hi {{.user}}</p>{{end}}`)},
		"pages/default.html": {Data: []byte(`{{template "layouts/base.html" .}}{{define "content"}}plain{{end}}`)},
	}
	app := mustNew(t, fwk.DefaultConfig(), tplApp{tpl: fsys}.with(
		routes.Func("/<page>", func(ctx *fwk.Ctx, page string) error {
			return ctx.Render("pages/"+page, "user", "<ann>")
		})))
	tests := []struct{ page, want string }{
		{"home", "<title>Home</title><nav>&lt;ann&gt;</nav><p>hi &lt;ann&gt;</p>"},
		{"default", "<title>Site</title><nav>&lt;ann&gt;</nav>plain"},
	}
	for _, tt := range tests {
		rec := hreq(app, "GET", "/"+tt.page)
		if got := rec.Body.String(); got != tt.want {
			t.Errorf("GET /%s = %q, want %q", tt.page, got, tt.want)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET /%s Content-Type = %q, want text/html; charset=utf-8", tt.page, ct)
		}
	}
}

func TestRenderData(t *testing.T) {
	type page struct{ Title string }
	fsys := fstest.MapFS{
		"m.html":     {Data: []byte(`{{.a}}-{{.b}}`)},
		"s.html":     {Data: []byte(`{{.Title}}`)},
		"empty.html": {Data: []byte(`[{{.missing}}]`)},
	}
	tests := []struct {
		name   string
		render func(*fwk.Ctx) error
		code   int
		want   string
	}{
		{"M", func(c *fwk.Ctx) error { return c.Render("m", fwk.M{"a": 1, "b": "x"}) }, 200, "1-x"},
		{"map", func(c *fwk.Ctx) error { return c.Render("m", map[string]int{"a": 2, "b": 3}) }, 200, "2-3"},
		{"pairs", func(c *fwk.Ctx) error { return c.Render("m", "a", 4, "b", "y") }, 200, "4-y"},
		{"struct", func(c *fwk.Ctx) error { return c.Render("s", page{"T"}) }, 200, "T"},
		{"nothing", func(c *fwk.Ctx) error { return c.Render("empty") }, 200, "[]"},
		{"odd pairs", func(c *fwk.Ctx) error { return c.Render("m", "a", 1, "b") }, 500, ""},
		{"non-string key", func(c *fwk.Ctx) error { return c.Render("m", 1, 2) }, 500, ""},
	}
	for _, tt := range tests {
		app := mustNew(t, quietCfg(), tplApp{tpl: fsys}.with(routes.Func("/", tt.render)))
		rec := hreq(app, "GET", "/")
		if rec.Code != tt.code || tt.code == 200 && rec.Body.String() != tt.want {
			t.Errorf("%s: got %d %q, want %d %q", tt.name, rec.Code, rec.Body.String(), tt.code, tt.want)
		}
	}
}

func TestRenderFuncs(t *testing.T) {
	cfg := quietCfg()
	cfg.SecretKey = sessKey
	cfg.Values = map[string]string{"SITE_NAME": "Demo"}
	fsys := fstest.MapFS{
		"url.html":    {Data: []byte(`<a href="{{urlFor "item" "id" 7 "q" "a b"}}">`)},
		"config.html": {Data: []byte(`{{config "SITE_NAME"}} {{config "TEMPLATE_FILE_EXTENSION"}}`)},
		"flash.html":  {Data: []byte(`[{{range flashes}}{{.Message}}{{end}}][{{range flashes "error"}}x{{end}}]`)},
		"csrf.html":   {Data: []byte(`<input value="{{if csrfToken}}ok{{end}}">`)},
		// A constant broken target fails fwk.New (TestTemplateLinkCheck); a
		// computed one fails the render.
		"badurl.html": {Data: []byte(`{{urlFor (print "no" "pe")}}`)},
	}
	app := mustNew(t, cfg, tplApp{tpl: fsys}.with(
		routes.Func("/items/<int:id>", func(*fwk.Ctx) error { return nil }, fwk.Endpoint("item")),
		routes.Func("/r/<name>", func(ctx *fwk.Ctx, name string) error { return ctx.Render(name) }),
	))
	tests := []struct {
		name string
		code int
		want string
	}{
		{"url", 200, `<a href="/items/7?q=a&#43;b">`},
		{"config", 200, "Demo .html"},
		{"flash", 200, "[][]"}, // no flashed message
		{"csrf", 200, `<input value="ok">`},
		{"badurl", 500, ""},
	}
	for _, tt := range tests {
		rec := hreq(app, "GET", "/r/"+tt.name)
		if rec.Code != tt.code || tt.code == 200 && rec.Body.String() != tt.want {
			t.Errorf("render %s = %d %q, want %d %q", tt.name, rec.Code, rec.Body.String(), tt.code, tt.want)
		}
	}
}

func TestRenderFailureWritesNothing(t *testing.T) {
	cfg, logs := logConfig()
	fsys := fstest.MapFS{
		// The error comes after some output: none of it may reach the client.
		"half.html": {Data: []byte(`<p>first part</p>{{index .list 5}}`)},
	}
	var renderErr error
	app := mustNew(t, cfg, tplApp{tpl: fsys}.with(
		routes.Func("/<name>", func(ctx *fwk.Ctx, name string) error {
			renderErr = ctx.Render(name, "list", []int{1})
			return renderErr
		})))
	tests := []struct {
		name, accept, wantCT, inLog string
	}{
		{"half", "", "text/html; charset=utf-8", `half.html`},
		{"missing", "", "text/html; charset=utf-8", `missing.html`},
		{"missing", "application/json", "application/json", `missing.html`},
	}
	for _, tt := range tests {
		logs.Reset()
		rec := hreq(app, "GET", "/"+tt.name, "Accept", tt.accept)
		body := rec.Body.String()
		if rec.Code != http.StatusInternalServerError || strings.Contains(body, "first part") {
			t.Errorf("GET /%s = %d %q, want a 500 without the partial page", tt.name, rec.Code, body)
		}
		if ct := rec.Header().Get("Content-Type"); ct != tt.wantCT {
			t.Errorf("GET /%s (Accept %q) Content-Type = %q, want %q", tt.name, tt.accept, ct, tt.wantCT)
		}
		if !strings.Contains(logs.String(), tt.inLog) {
			t.Errorf("GET /%s: log %q does not name %q", tt.name, logs.String(), tt.inLog)
		}
	}
	if !errors.Is(renderErr, fs.ErrNotExist) && !strings.Contains(renderErr.Error(), "not found") {
		t.Errorf("Render of a missing template = %v, want a not-found error", renderErr)
	}
}

func TestRenderKeepsContentType(t *testing.T) {
	fsys := fstest.MapFS{"p.txt.html": {Data: []byte(`{{.}}`)}}
	app := mustNew(t, fwk.DefaultConfig(), tplApp{tpl: fsys}.with(routes.Func("/", func(ctx *fwk.Ctx) error {
		ctx.Writer().Header().Set("Content-Type", "text/plain; charset=utf-8")
		return ctx.Render("p.txt.html", "a&b")
	})))
	rec := hreq(app, "GET", "/")
	if ct := rec.Header().Get("Content-Type"); ct != "text/plain; charset=utf-8" {
		t.Errorf("Content-Type = %q, want the one the view set", ct)
	}
}

func TestTemplateStartupError(t *testing.T) {
	tests := []struct {
		name   string
		vendor fs.FS
		app    fs.FS
		want   []string
	}{
		{"app bundle", nil, fstest.MapFS{"site/bad.html": {Data: []byte("line 1\nline 2\n{{if}}\n")}},
			[]string{`"app"`, "site/bad.html:3"}},
		{"vendor bundle", fstest.MapFS{"layouts/x.html": {Data: []byte("\n{{end}}")}}, fstest.MapFS{},
			[]string{`"vendor"`, "layouts/x.html:2"}},
		{"unknown function", nil, fstest.MapFS{"f.html": {Data: []byte("{{nope 1}}")}},
			[]string{`"app"`, "f.html:1", `"nope"`}},
	}
	for _, tt := range tests {
		bundles := []fwk.Bundle{tplApp{tpl: tt.app}.with(routes.Func("/", renderName))}
		if tt.vendor != nil {
			bundles = append([]fwk.Bundle{tplVendor{tt.vendor}}, bundles...)
		}
		_, err := fwk.New(quietCfg(), bundles...)
		if err == nil {
			t.Errorf("%s: fwk.New succeeded, want a template error", tt.name)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: fwk.New error %q does not contain %q", tt.name, err, w)
			}
		}
	}
}

func TestRenderDebugReload(t *testing.T) {
	for _, debug := range []bool{false, true} {
		fsys := fstest.MapFS{"p.html": {Data: []byte("v1")}}
		cfg := quietCfg()
		cfg.Debug = debug
		app := mustNew(t, cfg, tplApp{tpl: fsys}.with(routes.Func("/<name>", func(ctx *fwk.Ctx, name string) error {
			return ctx.Render(name)
		})))
		if got := hreq(app, "GET", "/p").Body.String(); got != "v1" {
			t.Fatalf("debug=%v: first render = %q, want v1", debug, got)
		}
		fsys["p.html"] = &fstest.MapFile{Data: []byte("v2")}
		fsys["new.html"] = &fstest.MapFile{Data: []byte("added")}
		want, wantNew := "v1", http.StatusInternalServerError
		if debug {
			want, wantNew = "v2", http.StatusOK
		}
		if got := hreq(app, "GET", "/p").Body.String(); got != want {
			t.Errorf("debug=%v: render after an edit = %q, want %q", debug, got, want)
		}
		if got := hreq(app, "GET", "/new").Code; got != wantNew {
			t.Errorf("debug=%v: render of an added file = %d, want %d", debug, got, wantNew)
		}
	}
}

func TestRenderConcurrent(t *testing.T) {
	fsys := fstest.MapFS{"n.html": {Data: []byte(`{{.n}}:{{urlFor "n" "n" .n}}`)}}
	app := mustNew(t, fwk.DefaultConfig(), tplApp{tpl: fsys}.with(
		routes.Func("/n/<int:n>", func(ctx *fwk.Ctx, n int) error { return ctx.Render("n", "n", n) }, fwk.Endpoint("n"))))
	srv := httptest.NewServer(app)
	defer srv.Close()
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			for i := range 25 {
				n := g*100 + i
				res, err := http.Get(fmt.Sprintf("%s/n/%d", srv.URL, n))
				if err != nil {
					errs <- err
					return
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if want := fmt.Sprintf("%d:/n/%d", n, n); string(body) != want {
					errs <- fmt.Errorf("GET /n/%d = %q, want %q", n, body, want)
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// ArticleController renders "article/show.html" with the article of its
// URL.
type ArticleController struct{ fwk.Controller }

func (c *ArticleController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Show, "/<slug>")}}
}

func (c *ArticleController) Show(ctx *fwk.Ctx, slug string) error {
	return ctx.Render("show", fwk.M{"title": strings.ToUpper(slug)})
}

type articleBundle struct{}

func (articleBundle) Name() string { return "articles" }
func (articleBundle) Templates() fs.FS {
	return fstest.MapFS{
		"layouts/base.html": {Data: []byte(`<h1>{{block "title" .}}{{end}}</h1>`)},
		"article/show.html": {Data: []byte(`{{template "layouts/base.html" .}}{{define "title"}}{{.title}}{{end}}`)},
	}
}
func (articleBundle) Routes() []*fwk.Route {
	return routes.Controller("/articles", &ArticleController{})
}

func ExampleCtx_Render() {
	app, err := fwk.New(fwk.DefaultConfig(), articleBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/articles/hello", nil))
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	fmt.Println(rec.Body.String())
	// Output:
	// 200 text/html; charset=utf-8
	// <h1>HELLO</h1>
}

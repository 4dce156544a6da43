package fwk_test

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

// LinkSiteController is routed under the "site" endpoint prefix.
type LinkSiteController struct{ fwk.Controller }

func (*LinkSiteController) Meta() fwk.Meta       { return fwk.Meta{EndpointPrefix: "site"} }
func (*LinkSiteController) Index(*fwk.Ctx) error { return nil }
func (*LinkSiteController) About(*fwk.Ctx) error { return nil }

// linkBundle is an app bundle with templates and static files.
type linkBundle struct{ tpl, static fs.FS }

func (linkBundle) Name() string       { return "app" }
func (b linkBundle) Templates() fs.FS { return b.tpl }
func (b linkBundle) Static() fs.FS    { return b.static }
func (linkBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Controller("/", &LinkSiteController{}))
}

func linkConfig() fwk.Config {
	cfg := fwk.DefaultConfig()
	cfg.Values = map[string]string{"HOME_URL": "/", "ABOUT_PAGE": "site.about"}
	return cfg
}

func TestTemplateLinkCheck(t *testing.T) {
	static := fstest.MapFS{"x.css": &fstest.MapFile{Data: []byte("")}}
	if _, err := fwk.New(linkConfig(), linkBundle{tpl: os.DirFS("testdata/goodlinks"), static: static}); err != nil {
		t.Fatalf("good links: %v", err)
	}
	_, err := fwk.New(linkConfig(), linkBundle{tpl: os.DirFS("testdata/brokenlink"), static: static})
	want := `fwk: template link: urlFor "site.abuot" (declared at site/index.html:3 of bundle "app"): broken link: unknown endpoint; did you mean "site.about"?`
	if err == nil || err.Error() != want || !errors.Is(err, fwk.ErrBrokenLink) || !errors.Is(err, router.ErrUnknownEndpoint) {
		t.Errorf("broken link: error %v,\nwant %s", err, want)
	}
	tests := []struct {
		text string
		is   error
	}{
		{`{{urlFor "UNSET_KEY"}}`, fwk.ErrUnknownTarget},
		{`{{urlFor "Nope"}}`, router.ErrUnknownEndpoint},
		{`{{if .}}{{range .}}{{with urlFor "LinkSiteController.Nope"}}{{.}}{{end}}{{end}}{{end}}`, router.ErrUnknownEndpoint},
		{`{{block "b" .}}{{urlFor "HOME_URL" | urlFor}}{{urlFor ""}}{{end}}`, fwk.ErrUnknownTarget},
	}
	for _, tt := range tests {
		_, err := fwk.New(linkConfig(), linkBundle{tpl: fstest.MapFS{"site/x.html": &fstest.MapFile{Data: []byte(tt.text)}}, static: static})
		if !errors.Is(err, fwk.ErrBrokenLink) || !errors.Is(err, tt.is) || !strings.Contains(err.Error(), "site/x.html:1") {
			t.Errorf("%s: error %v, want %v at site/x.html:1", tt.text, err, tt.is)
		}
	}
}

// tagView serves several rules of one endpoint.
var tagView = http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})

// paramBundle routes views whose rules have URL parameters, and renders
// the template text.
type paramBundle struct{ text string }

func (paramBundle) Name() string { return "app" }
func (b paramBundle) Templates() fs.FS {
	return fstest.MapFS{"site/x.html": &fstest.MapFile{Data: []byte(b.text)}}
}
func (paramBundle) Routes() []*fwk.Route {
	view := func(ctx *fwk.Ctx, id int) error { return nil }
	return routes.Tree(
		routes.Controller("/", &LinkSiteController{}),
		routes.Func("/posts/<int:id>", view, fwk.Endpoint("post")),
		routes.Func("/list", tagView, fwk.Endpoint("list"), fwk.Defaults(map[string]any{"id": 1})),
		routes.Func("/list/<int:id>", tagView, fwk.Endpoint("list")),
		routes.Func("/tag/<int:id>", tagView, fwk.Endpoint("tag")),
		routes.Func("/tag/<name>/<int:id>", tagView, fwk.Endpoint("tag")),
	)
}

// TestTemplateLinkParamsCheck: a constant urlFor target whose every rule
// needs a URL parameter the link does not give fails fwk.New, naming the
// parameter, the rule and the place; a rule that fits, a default, or keys
// the check cannot read (a variable, a piped value) pass.
func TestTemplateLinkParamsCheck(t *testing.T) {
	for _, text := range []string{
		`{{urlFor "post" "id" 1}}`,
		`{{urlFor "post" "page" 2 "id" .ID}}`,
		`{{urlFor "list"}}`,                    // the default gives id
		`{{urlFor "tag" "id" 3}}`,              // one rule of two fits
		`{{urlFor "post" .Key 1}}`,             // a key the check cannot read
		`{{.ID | urlFor "post" "id"}}`,         // the value is piped in
		`{{urlFor "HOME_URL"}}{{urlFor "/x"}}`, // not views
	} {
		if _, err := fwk.New(linkConfig(), paramBundle{text}); err != nil {
			t.Errorf("%s: %v", text, err)
		}
	}
	_, err := fwk.New(linkConfig(), paramBundle{"\n{{urlFor \"post\" \"page\" 2}}"})
	want := `fwk: template link: urlFor "post" (declared at site/x.html:2 of bundle "app"): broken link: ` +
		`missing parameter: "id" of /posts/<int:id> (app.post) has no value: give it as urlFor "post" "id" <value>`
	if err == nil || err.Error() != want || !errors.Is(err, fwk.ErrBrokenLink) || !errors.Is(err, router.ErrMissingParam) {
		t.Errorf("missing parameter: error %v,\nwant %s", err, want)
	}
	_, err = fwk.New(linkConfig(), paramBundle{`{{urlFor "tag" "name" "go"}}`})
	if !errors.Is(err, router.ErrMissingParam) {
		t.Errorf("no rule of tag fits: error %v", err)
	}
}

// TestTemplateLinkDidYouMean: an unknown view name in a template link
// suggests the nearest known one: a method, a controller key, an endpoint.
func TestTemplateLinkDidYouMean(t *testing.T) {
	for text, want := range map[string]string{
		`{{urlFor "Indx"}}`:                    `did you mean "Index"?`,
		`{{urlFor "LinkSiteControler.About"}}`: `did you mean "LinkSiteController.About"?`,
		`{{urlFor "pots" "id" 1}}`:             `did you mean "post"?`,
		`{{urlFor "Contact"}}`:                 "unknown endpoint",
	} {
		_, err := fwk.New(linkConfig(), paramBundle{text})
		if !errors.Is(err, router.ErrUnknownEndpoint) || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: error %v, want one ending in %s", text, err, want)
		}
	}
}

func TestWrappedFS(t *testing.T) {
	embedded := fstest.MapFS{"templates/site/index.html": &fstest.MapFile{Data: []byte("hi")}}
	_, err := fwk.New(fwk.DefaultConfig(), linkBundle{tpl: embedded})
	want := `fwk: bundle: "app" Templates(): file system wrapped in its own folder: its only entry is the folder "templates"; return fs.Sub(fsys, "templates") so that names start inside it`
	if err == nil || err.Error() != want || !errors.Is(err, fwk.ErrWrappedFS) {
		t.Errorf("templates: %v\nwant %s", err, want)
	}
	_, err = fwk.New(fwk.DefaultConfig(), linkBundle{static: fstest.MapFS{"static/app.css": &fstest.MapFile{Data: []byte("")}}})
	if !errors.Is(err, fwk.ErrWrappedFS) || !strings.Contains(err.Error(), `fs.Sub(fsys, "static")`) {
		t.Errorf("static: %v", err)
	}
	sub, _ := fs.Sub(embedded, "templates")
	if _, err := fwk.New(fwk.DefaultConfig(), linkBundle{tpl: sub}); err != nil {
		t.Errorf("after fs.Sub: %v", err)
	}
}

// A broken link in a template is an error from fwk.New naming the file and
// line.
func ExampleErrBrokenLink() {
	tpl := fstest.MapFS{"site/index.html": {Data: []byte("<h1>Home</h1>\n<a href=\"{{urlFor \"site.abuot\"}}\">about</a>\n")}}
	_, err := fwk.New(linkConfig(), linkBundle{tpl: tpl})
	fmt.Println(err)
	fmt.Println(errors.Is(err, fwk.ErrBrokenLink))
	// Output:
	// fwk: template link: urlFor "site.abuot" (declared at site/index.html:2 of bundle "app"): broken link: unknown endpoint; did you mean "site.about"?
	// true
}

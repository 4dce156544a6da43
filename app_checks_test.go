package fwk_test

import (
	"errors"
	"fmt"
	"io/fs"
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
	want := `fwk: template link: urlFor "site.abuot" (declared at site/index.html:3 of bundle "app"): broken link: unknown endpoint`
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
	// fwk: template link: urlFor "site.abuot" (declared at site/index.html:2 of bundle "app"): broken link: unknown endpoint
	// true
}

package fwk_test

import (
	"fmt"
	"io/fs"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// ShelfController renders shelf/index.html.
type ShelfController struct{ fwk.Controller }

func (*ShelfController) Index(c *fwk.Ctx) error { return c.Render("index", "count", 3) }

// shelfVendor is a reusable bundle: its page has blocks meant to be
// overridden.
type shelfVendor struct{}

func (shelfVendor) Name() string { return "shelf" }
func (shelfVendor) Templates() fs.FS {
	return fstest.MapFS{
		"shelf/index.html": {Data: []byte(
			`<h1>{{block "title" .}}Shelf{{end}}</h1><p>{{.count}} books</p>{{block "footer" .}}by shelf{{end}}`)},
	}
}

// shelfApp overrides shelf/index.html and still uses the vendor's page:
// inside a template, its own name means the same-named template of the
// bundles before it.
type shelfApp struct{}

func (shelfApp) Name() string { return "app" }
func (shelfApp) Templates() fs.FS {
	return fstest.MapFS{
		"shelf/index.html": {Data: []byte(
			`{{define "title"}}My books{{end}}{{template "shelf/index.html" .}}`)},
	}
}
func (shelfApp) Routes() []*fwk.Route { return routes.Controller("/", &ShelfController{}) }

func ExampleCtx_Render_extend() {
	app, err := fwk.New(fwk.DefaultConfig(), shelfVendor{}, shelfApp{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/index", nil))
	fmt.Println(rec.Body.String())
	// Output:
	// <h1>My books</h1><p>3 books</p>by shelf
}

func TestRenderExtendsEarlierBundle(t *testing.T) {
	for _, debug := range []bool{false, true} {
		cfg := fwk.DefaultConfig()
		cfg.Debug = debug
		app := mustNew(t, cfg, shelfVendor{}, shelfApp{})
		rec := hreq(app, "GET", "/index")
		if want := "<h1>My books</h1><p>3 books</p>by shelf"; rec.Code != 200 || rec.Body.String() != want {
			t.Errorf("debug=%v: %d %q, want %q", debug, rec.Code, rec.Body.String(), want)
		}
	}
	// Without the vendor bundle there is nothing to extend.
	if _, err := fwk.New(fwk.DefaultConfig(), shelfApp{}); err == nil {
		t.Error("an app template extending itself with no earlier bundle: no error")
	}
}

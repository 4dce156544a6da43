package fwk_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// RendersController declares the template its view renders.
type RendersController struct {
	fwk.Controller
	name string
}

func (c *RendersController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Index, "/", fwk.Renders(c.name))}}
}

func (c *RendersController) Index(ctx *fwk.Ctx) error { return ctx.Render(c.name) }

func rendersApp(name string) (*fwk.App, error) {
	tpl := fstest.MapFS{"renders/index.html": {Data: []byte("home")}, "renders/about.html": {Data: []byte("about")}}
	return fwk.New(quietCfg(), tplApp{tpl: tpl}.with(routes.Controller("", &RendersController{name: name})))
}

// TestRendersCheckedAtStartup: a template a view declares with fwk.Renders
// must exist when fwk.New returns; a missing one fails it, naming the view,
// the template and the nearest one.
func TestRendersCheckedAtStartup(t *testing.T) {
	app, err := rendersApp("index")
	if err != nil {
		t.Fatalf("a template that exists: %v", err)
	}
	if got := hreq(app, "GET", "/").Body.String(); got != "home" {
		t.Errorf("GET / = %q", got)
	}
	_, err = rendersApp("indx")
	if !errors.Is(err, fwk.ErrTemplateNotFound) {
		t.Fatalf("a missing template: error %v, want ErrTemplateNotFound", err)
	}
	for _, want := range []string{"RendersController.Index", `fwk.Renders("indx")`, `"renders/indx.html"`, `did you mean "renders/index.html"?`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %s", err, want)
		}
	}
}

// TestRenderMissingWrapsErrTemplateNotFound: without Renders, a missing
// template is found by the render, whose error wraps ErrTemplateNotFound.
func TestRenderMissingWrapsErrTemplateNotFound(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{tpl: fstest.MapFS{"a.html": {Data: []byte("a")}}}.with(
		routes.Func("/", func(ctx *fwk.Ctx) error {
			err := ctx.Render("b")
			if !errors.Is(err, fwk.ErrTemplateNotFound) {
				t.Errorf("Render error %v does not wrap ErrTemplateNotFound", err)
			}
			return ctx.Respond(200, "ok")
		})))
	hreq(app, "GET", "/")
}

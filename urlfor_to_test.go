package fwk_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

// ToController names its targets with fwk.To.
type ToController struct{ fwk.Controller }

func (c *ToController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Index, "/"), fwk.View(c.Post, "/posts/<int:id>")}}
}

func (c *ToController) Index(ctx *fwk.Ctx) error { return ctx.Respond(200, "index") }

func (c *ToController) Post(ctx *fwk.Ctx, id int) error { return ctx.Respond(200, "post") }

// Back redirects with a method value.
func (c *ToController) Back(ctx *fwk.Ctx) error { return ctx.Redirect(fwk.To(c.Index)) }

// Link builds URLs with a method value, a method expression and a func.
func (c *ToController) Link(ctx *fwk.Ctx) error {
	var out []string
	for _, target := range []string{fwk.To(c.Post), fwk.To((*ToController).Post), fwk.To(toHealth)} {
		u, err := ctx.URLFor(target, "id", 7)
		if err != nil {
			return err
		}
		out = append(out, u)
	}
	return ctx.Respond(200, strings.Join(out, " "))
}

// Typo renders and links names that do not exist.
func (c *ToController) Typo(ctx *fwk.Ctx) error {
	if _, err := ctx.URLFor("Indx"); err != nil {
		return err
	}
	return nil
}

func (c *ToController) Missing(ctx *fwk.Ctx) error { return ctx.Render("indx") }

func toHealth(ctx *fwk.Ctx) error { return ctx.Respond(200, "ok") }

func toApp(t *testing.T, debug bool) *fwk.App {
	t.Helper()
	cfg := quietCfg()
	cfg.Debug = debug
	return mustNew(t, cfg, tplApp{tpl: fstest.MapFS{"to/index.html": {Data: []byte("hi")}}}.with(
		routes.Controller("", &ToController{}), routes.Func("/health", toHealth)))
}

// TestTo: fwk.To turns method values, method expressions and named funcs
// into targets URLFor and Redirect resolve.
func TestTo(t *testing.T) {
	app := toApp(t, false)
	if rec := hreq(app, "GET", "/back"); rec.Code != http.StatusFound || rec.Header().Get("Location") != "/" {
		t.Errorf("Redirect(fwk.To(c.Index)) = %d %q, want 302 /", rec.Code, rec.Header().Get("Location"))
	}
	if got := hreq(app, "GET", "/link").Body.String(); got != "/posts/7 /posts/7 /health?id=7" {
		t.Errorf("URLFor with fwk.To = %q", got)
	}
	for _, tt := range []struct {
		view any
		want string
	}{
		{(&ToController{}).Index, "ToController.Index"},
		{(*ToController).Post, "ToController.Post"},
		{toHealth, "to_health"},
		{func(*fwk.Ctx) error { return nil }, "a closure has no name"},
		{42, "fwk.To(int): not a func"},
		{nil, "not a func"},
	} {
		if got := fwk.To(tt.view); !strings.Contains(got, tt.want) {
			t.Errorf("fwk.To(%T) = %q, want %q", tt.view, got, tt.want)
		}
	}
}

// TestDidYouMeanAtRequest: a typo'd endpoint in URLFor, or template name
// in Render, fails with the nearest known name in the error.
func TestDidYouMeanAtRequest(t *testing.T) {
	app := toApp(t, true) // Debug shows the error in the page
	var err error
	app.HandleError(http.StatusInternalServerError, func(ctx *fwk.Ctx, e error) error { err = e; return ctx.Respond(500, e.Error()) })
	for path, want := range map[string]string{
		"/typo":    `did you mean "Index"?`,
		"/missing": `did you mean "to/index.html"?`,
	} {
		err = nil
		hreq(app, "GET", path)
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("GET %s: error %v, want one ending in %s", path, err, want)
		}
	}
	hreq(app, "GET", "/typo")
	if !errors.Is(err, router.ErrUnknownEndpoint) {
		t.Errorf("the error %v does not wrap router.ErrUnknownEndpoint", err)
	}
}

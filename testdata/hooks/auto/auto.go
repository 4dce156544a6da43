// Package auto is an app bundle without declarative routes: its routes are
// collected from its controllers and route values, including the vendor's.
package auto

import (
	"net/http"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
	"github.com/fwkgo/fwk/testdata/hooks/vendorbundle"
)

// Bundle is the app bundle.
type Bundle struct{}

// Name returns "auto_route_app".
func (Bundle) Name() string { return "auto_route_app" }

// Controllers lists the bundle's views.
func (Bundle) Controllers() []any {
	return []any{
		&SiteController{},
		routes.Func("", viewOne, fwk.Endpoint("views.view_one")),
		routes.Func("/two", viewTwo, fwk.Endpoint("views.view_two")),
		vendorbundle.Routes(),
	}
}

// SiteController has an index at "/" and an implicit about page.
type SiteController struct{ fwk.Controller }

// Meta declares the index rule.
func (c *SiteController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Index, "/")}}
}

// Index renders the index.
func (c *SiteController) Index(ctx *fwk.Ctx) error {
	return ctx.Respond(http.StatusOK, "index rendered")
}

// About renders the about page.
func (c *SiteController) About(ctx *fwk.Ctx) error {
	return ctx.Respond(http.StatusOK, "about rendered")
}

func viewOne(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "view_one rendered") }

func viewTwo(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "view_two rendered") }

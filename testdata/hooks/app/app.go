// Package app is an app bundle with declarative routes: two views in
// blueprints "one" and "two" (URL prefix /two), plus the routes of the
// vendor and warning bundles.
package app

import (
	"net/http"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
	"github.com/fwkgo/fwk/testdata/hooks/vendorbundle"
	"github.com/fwkgo/fwk/testdata/hooks/warning"
)

// One and Two are the app's blueprints.
var (
	One = fwk.NewBlueprint("one", "")
	Two = fwk.NewBlueprint("two", "/two")
)

// Bundle is the app bundle.
type Bundle struct{}

// Name returns "app".
func (Bundle) Name() string { return "app" }

// Blueprints returns the app's legacy blueprints.
func (Bundle) Blueprints() []*fwk.Blueprint { return []*fwk.Blueprint{One, Two} }

// Routes is the app's routes module.
func (Bundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Func("", viewOne, fwk.InBlueprint(One)),
		routes.Func("", viewTwo, fwk.InBlueprint(Two)),
		routes.Include("", vendorbundle.Routes()),
		routes.Include("", warning.Routes()),
	)
}

func viewOne(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "view_one rendered") }

func viewTwo(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "view_two rendered") }

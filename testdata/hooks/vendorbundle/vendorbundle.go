// Package vendorbundle is a vendor bundle: two views in blueprints "three" and
// "four" (URL prefix /four), which the app bundle includes.
package vendorbundle

import (
	"net/http"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Three and Four are the vendor's blueprints.
var (
	Three = fwk.NewBlueprint("three", "")
	Four  = fwk.NewBlueprint("four", "/four")
)

// Bundle is the vendor bundle.
type Bundle struct{}

// Name returns "vendor_bundle".
func (Bundle) Name() string { return "vendor_bundle" }

// Routes returns the vendor's routes.
func (Bundle) Routes() []*fwk.Route { return Routes() }

// Blueprints returns the vendor's legacy blueprints.
func (Bundle) Blueprints() []*fwk.Blueprint { return []*fwk.Blueprint{Three, Four} }

// Routes is the vendor's routes module.
func Routes() []*fwk.Route {
	return routes.Tree(
		routes.Func("", viewThree, fwk.InBlueprint(Three)),
		routes.Func("", viewFour, fwk.InBlueprint(Four)),
	)
}

func viewThree(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "view_three rendered") }

func viewFour(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "view_four rendered") }

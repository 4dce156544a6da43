// Package warning is a bundle whose only route is registered only if false,
// and whose blueprint list holds a nil entry (skipped with a warning).
package warning

import (
	"net/http"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Bundle is the warning bundle.
type Bundle struct{}

// Name returns "warning_bundle".
func (Bundle) Name() string { return "warning_bundle" }

// Blueprints returns a list with a missing blueprint.
func (Bundle) Blueprints() []*fwk.Blueprint { return []*fwk.Blueprint{nil} }

// Routes is the bundle's routes module.
func Routes() []*fwk.Route {
	return routes.Func("", sillyCondition, fwk.OnlyIf(false))
}

func sillyCondition(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "silly_condition") }

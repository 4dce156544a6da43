package fwk

import (
	"net/http"

	"github.com/fwkgo/fwk/naming"
)

// Blueprint is a legacy group of plain net/http handlers (Flask's blueprint, as
// Flask-Unchained keeps it). A bundle lists its blueprints with a Blueprints()
// []*Blueprint method; the "blueprints" hook registers them, the app bundle's
// first.
//
// Every rule added to a Blueprint is served under URLPrefix (trailing slashes
// of the prefix dropped) with the endpoint "<Name>.<endpoint>".
//
// Plumbing, kept for code ported from Flask: new code groups views with
// routes.Prefix (see Plumbing in the package doc).
type Blueprint struct {
	// Name prefixes the endpoints of the blueprint's rules.
	Name string
	// URLPrefix is put in front of every rule; "" means none.
	URLPrefix string

	routes []*Route
}

// NewBlueprint returns an empty blueprint with the given name and URL prefix.
func NewBlueprint(name, urlPrefix string) *Blueprint {
	return &Blueprint{Name: name, URLPrefix: urlPrefix}
}

// Handle adds h, served at rule (relative to URLPrefix; a missing leading
// "/" is added). Options set the methods (default GET), the endpoint (default:
// the snake-cased name of the handler's function or type) and the other
// route options; middleware given with Use wraps h.
func (bp *Blueprint) Handle(rule string, h http.Handler, opts ...ViewOption) {
	bp.routes = append(bp.routes, NewRoute(rule, h, opts...))
}

// HandleFunc is Handle for a handler function.
func (bp *Blueprint) HandleFunc(rule string, f func(http.ResponseWriter, *http.Request), opts ...ViewOption) {
	bp.routes = append(bp.routes, NewRoute(rule, f, opts...))
}

// Routes returns the routes added to the blueprint, in order.
func (bp *Blueprint) Routes() []*Route { return append([]*Route(nil), bp.routes...) }

// localEndpoint is the endpoint of r within the blueprint: the Endpoint
// option, else the snake-cased name of the handler.
func (bp *Blueprint) localEndpoint(r *Route) string {
	if r.endpoint != "" {
		return r.endpoint
	}
	return naming.SnakeCase(r.MethodName())
}

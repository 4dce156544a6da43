package fwk

import "net/http"

// Blueprint is a legacy group of plain net/http handlers (SPEC's base-framework
// blueprint). A bundle lists its blueprints with a Blueprints() []*Blueprint
// method; the "blueprints" hook registers them, app bundle first.
//
// Every rule added to a Blueprint is served under URLPrefix (trailing slashes
// of the prefix are dropped) and gets the endpoint "<Name>.<endpoint>".
type Blueprint struct {
	// Name prefixes the endpoints of the blueprint's rules ("<Name>.<endpoint>").
	Name string
	// URLPrefix is put in front of every rule; "" means none.
	URLPrefix string

	routes []*Route
}

// NewBlueprint returns an empty blueprint with the given name and URL prefix.
func NewBlueprint(name, urlPrefix string) *Blueprint {
	return &Blueprint{Name: name, URLPrefix: urlPrefix}
}

// Handle adds a plain handler served at rule (relative to URLPrefix). Without
// an Endpoint option the endpoint is the rule's kebab-free last segment
// derived name; give Endpoint to choose it. Methods default to GET.
func (bp *Blueprint) Handle(rule string, h http.Handler, opts ...ViewOption) {
	r := &Route{rule: rule, view: h, handler: h, blueprint: bp}
	for _, o := range opts {
		o(r)
	}
	bp.routes = append(bp.routes, r)
}

// HandleFunc is Handle for a handler function.
func (bp *Blueprint) HandleFunc(rule string, f func(http.ResponseWriter, *http.Request), opts ...ViewOption) {
	bp.Handle(rule, http.HandlerFunc(f), opts...)
}

// Routes returns the routes added to the blueprint, in order.
func (bp *Blueprint) Routes() []*Route { return append([]*Route(nil), bp.routes...) }

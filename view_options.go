package fwk

import (
	"net/http"
	"strings"
)

// ViewOption customises the route of a view: give them to View, NewRoute and
// the functions of the routes package.
type ViewOption func(*Route)

// Methods sets the HTTP methods of a route (default GET; GET also serves HEAD).
// Names are upper-cased.
func Methods(methods ...string) ViewOption {
	upper := make([]string, len(methods))
	for i, m := range methods {
		upper[i] = strings.ToUpper(m)
	}
	return func(r *Route) { r.methods = upper; r.set |= setMethods }
}

// Endpoint sets the endpoint name used by URLFor.
func Endpoint(name string) ViewOption {
	return func(r *Route) { r.endpoint = name; r.set |= setEndpoint }
}

// Defaults sets default values for parameters of the rule (Werkzeug defaults).
func Defaults(values map[string]any) ViewOption {
	return func(r *Route) { r.defaults = values; r.set |= setDefaults }
}

// OnlyIf registers the route only when ok is true.
func OnlyIf(ok bool) ViewOption {
	return func(r *Route) { r.onlyIf = ok; r.set |= setOnlyIf }
}

// OnlyIfFunc registers the route only when f returns true for the configured app.
func OnlyIfFunc(f func(*App) bool) ViewOption {
	return func(r *Route) { r.onlyIf = f; r.set |= setOnlyIf }
}

// IsMember marks a resource view as a member route: it is routed at
// <prefix>/<member_param>/<kebab-method-name>.
func IsMember() ViewOption {
	return func(r *Route) { r.isMember = true; r.set |= setIsMember }
}

// Use wraps the view in net/http middleware; the first listed is outermost.
// Controller Meta.Decorators wrap outside of these.
func Use(middleware ...func(http.Handler) http.Handler) ViewOption {
	return func(r *Route) {
		r.middleware = append(r.middleware[:len(r.middleware):len(r.middleware)], middleware...)
		r.set |= setUse
	}
}

// ServesJSON declares that the view answers JSON: its error responses
// (Abort, returned errors, panics) are JSON whatever the client's Accept,
// as for every view of a Resource and of a controller whose Meta sets
// ServesJSON, and the view is in the OpenAPI document (App.OpenAPI).
func ServesJSON() ViewOption {
	return func(r *Route) { r.servesJSON = true }
}

// InBlueprint puts the route in a legacy blueprint (Flask-Unchained's blueprint
// argument): its rule is served under the blueprint's URLPrefix and a derived
// endpoint gets the blueprint's name in front ("bp.view").
//
// Plumbing, kept for code ported from Flask: new code groups views with
// routes.Prefix (see Plumbing in the package doc).
func InBlueprint(bp *Blueprint) ViewOption {
	return func(r *Route) { r.blueprint = bp; r.set |= setBlueprint }
}

// StrictSlashes sets Werkzeug's strict_slashes for the rule (default true: a
// rule ending in "/" redirects the slash-less URL with 308).
func StrictSlashes(strict bool) ViewOption {
	return func(r *Route) { changeCopy(&r.rulOpts, func(o *ruleOptions) { o.strictSlashes = &strict }) }
}

// MergeSlashes sets Werkzeug's merge_slashes for the rule (default true: a
// request whose path matches the rule once repeated slashes are merged is
// redirected to it with 308). False answers such requests 404. (Rules
// joined by fwk never keep repeated slashes; router.Rule.MergeSlashes false
// also keeps empty segments in a rule given to the router directly.)
func MergeSlashes(merge bool) ViewOption {
	return func(r *Route) { changeCopy(&r.rulOpts, func(o *ruleOptions) { o.mergeSlashes = &merge }) }
}

// Alias makes the rule a second URL of its endpoint (Werkzeug's alias): a
// request to it is redirected with 308 to the URL built for the endpoint
// with the same values, and URL building uses it only when no other rule of
// the endpoint fits. View(c.Index, "/index.html", Alias()) beside
// View(c.Index, "/") redirects /index.html to /.
func Alias() ViewOption {
	return func(r *Route) { changeCopy(&r.rulOpts, func(o *ruleOptions) { o.alias = true }) }
}

// RedirectTo makes the rule answer with a 308 redirect to target (a rule with
// the same params, or a URL).
func RedirectTo(target string) ViewOption {
	return func(r *Route) { changeCopy(&r.rulOpts, func(o *ruleOptions) { o.redirectTo = target }) }
}

// BuildOnly makes the rule usable for URL building only; it never matches.
func BuildOnly() ViewOption {
	return func(r *Route) { changeCopy(&r.rulOpts, func(o *ruleOptions) { o.buildOnly = true }) }
}

// Host restricts the rule to requests for host (case-insensitive), which
// may hold params ("<lang>.example.com"). Host and Subdomain are one
// option: a route giving either replaces both of its view's declaration, and
// giving both fails New (ErrInvalidOption).
func Host(host string) ViewOption {
	return func(r *Route) { changeCopy(&r.rulOpts, func(o *ruleOptions) { o.host = host }) }
}

// Subdomain restricts the rule to requests for subdomain of
// Config.ServerName (SERVER_NAME), which must then be set: a Subdomain with
// an empty SERVER_NAME, or beside Host, fails New (ErrInvalidOption).
func Subdomain(sub string) ViewOption {
	return func(r *Route) { changeCopy(&r.rulOpts, func(o *ruleOptions) { o.subdomain = sub }) }
}

// CSRFExempt exempts the view from CSRF protection (Flask-WTF's
// csrf.exempt): its unsafe requests need no CSRF token and skip the origin
// check. Use it for webhooks and APIs authenticated by a header rather than
// a cookie.
func CSRFExempt() ViewOption {
	return func(r *Route) { r.csrfExempt = true; r.set |= setCSRFExempt }
}

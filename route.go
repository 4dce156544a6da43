package fwk

// This file holds the Route record and its properties (those of
// Flask-Unchained's Route).
//
// A Route goes through two states:
//
//   - declared: built by NewRoute, View or the routes package. It knows its
//     partial rule, its options and its view, which may still be unbound (a
//     method name or a method expression waiting for a controller).
//   - finalised: ControllerRoutes / ResourceRoutes copied it, bound the view
//     to a controller value and computed its rule; PrefixRoutes and
//     subresources may still prepend to the rule. Plain funcs and handlers are
//     bound from the start.
//
// Helpers for the code that registers routes (the "routes" hook):
//
//	r.Err()            the declaration error (a *DeclarationError), nil when the
//	                   route can be registered; an unbound view is an error.
//	r.FullRule()       the rule to register (blueprint prefix included).
//	r.Endpoint()       the endpoint name; r.Methods(), r.Defaults().
//	r.controllerKey()  "SiteController.AboutUs" for controller routes, else "".
//	r.routerOptions()  Werkzeug rule options (strict slashes, redirect, build
//	                   only, host); r.subdomain() the subdomain option.
//	r.fn               the bound method value (controller routes) or the func;
//	r.handler          the http.Handler view; exactly one of fn/handler is set.
//	r.middleware       Meta.Decorators then the view's Use middleware,
//	                   outermost first.
//	r.controller, r.ctrlType, r.meta  the controller value, its pointer type and
//	                   its resolved Meta (defaults applied; TemplateFileExtension
//	                   is left "" when the controller does not set it).
//	r.declaredAt       "file.go:42" of the user's declaration.
//	discoverRoutes(ctrls)  implicit routes of a bundle's Controllers().

import (
	"net/http"
	"reflect"
	"strings"

	"github.com/fwkgo/fwk/naming"
)

// Route is the record of one route: Flask-Unchained's semi-private intermediate
// representation. Routes are built by the routes package (fwk/routes), by View
// declarations and by implicit discovery; fwk.New registers them.
//
// A Route is not modified once returned: the functions that nest or prefix
// routes work on copies. The zero value is not useful; use NewRoute or the
// routes package.
type Route struct {
	// Declared values. set records which options were given explicitly so that
	// routes.Rule & co. can inherit the others from the view's own declaration.
	rule       string
	view       any // method name string, method value/expression, func, http.Handler
	methodName string
	endpoint   string
	methods    []string
	defaults   map[string]any
	jsonArea   string // the prefix of the JSONRoutes group holding the route
	onlyIf     any    // nil, bool or func(*App) bool
	middleware []func(http.Handler) http.Handler
	blueprint  *Blueprint
	rulOpts    *ruleOptions // StrictSlashes & co.; nil: none
	maxBody    int64        // MaxBodyBytes view option; 0: Config.MaxBodyBytes
	doc        *opDoc       // Summary, Description, Deprecated; nil: none
	// The flags side by side, and what few routes say behind pointers
	// (changeCopy): every serving app keeps every Route, and its size class
	// (416 bytes, TestRouteRecordSize) is heap the collector scans in every
	// cycle.
	isMember    bool
	servesJSON  bool // ServesJSON; inherited like buildOnly
	csrfExempt  bool // CSRFExempt
	acceptForms bool // AcceptForms; inherited like servesJSON
	set         optionSet

	// Controller/resource routes.
	controller any           // the controller value (a pointer), nil for plain funcs
	ctrlType   reflect.Type  // its type (pointer type)
	meta       *Meta         // resolved Meta of the controller (defaults applied)
	res        *resourceSpec // nil but for resource routes (setResource)
	fullRule   string

	// Binding: exactly one of fn / handler is set once the route is finalised.
	fn      reflect.Value // bound method value or plain func
	handler http.Handler

	src        funcName // what the view func's name says (funcs only)
	call       string   // "routes.Controller": the call that declared the route
	declaredAt string   // "file.go:42" of the call that declared the route
	// registeredEndpoint caches Endpoint() once fwk.New has filed the route;
	// routes are frozen from then on.
	registeredEndpoint string
	err                error // a bad declaration; reported by fwk.New
}

type ruleOptions struct {
	strictSlashes *bool
	mergeSlashes  *bool
	redirectTo    string
	buildOnly     bool
	alias         bool
	host          string
	subdomain     string
}

// sameBool reports whether two optional booleans are equal.
func sameBool(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

type optionSet uint16

const (
	setMethods optionSet = 1 << iota
	setEndpoint
	setDefaults
	setIsMember
	setOnlyIf
	setBlueprint
	setUse
	setCSRFExempt
)

// NewRoute returns the route of view at rule (Flask-Unchained's Route constructor).
//
// view is one of:
//   - a func, such as func(*fwk.Ctx) error, or a method value (c.Index) used
//     as a plain func;
//   - an http.Handler or a func(http.ResponseWriter, *http.Request);
//   - a method name ("Index") or a method expression ((*SiteController).Index):
//     such a route is bound to a controller by routes.Controller rules (or
//     ControllerRoutes) and is an error when registered on its own.
//
// An empty rule is derived from the view's name (naming.MethodNameToURL). A
// rule that does not start with '/' gets one. A bad view does not panic: the
// route carries an error, reported by Err and by fwk.New.
func NewRoute(rule string, view any, opts ...ViewOption) *Route {
	r := &Route{view: view}
	r.call, r.declaredAt = callSite()
	r.setRule(rule)
	for _, o := range opts {
		if o != nil {
			o(r)
		}
	}
	if err := r.bindView(); err != nil {
		r.err = r.declError(err)
	}
	r.fullRule = r.FullRule()
	return r
}

// bindView sets methodName, src and, for funcs and handlers, fn or handler.
func (r *Route) bindView() error {
	view := unwrapView(r.view) // a ParamConverter view keeps its converters in r.view
	switch v := view.(type) {
	case nil:
		return errorf(ErrInvalidView, "view is nil")
	case string:
		if v == "" {
			return errorf(ErrInvalidView, "view is an empty method name")
		}
		r.methodName = v
		return nil
	case http.Handler:
		r.handler = v
		r.methodName = handlerName(v)
		if fv := reflect.ValueOf(v); fv.Kind() == reflect.Func {
			r.src = parseFuncName(fv)
		}
		return nil
	case func(http.ResponseWriter, *http.Request):
		r.handler = http.HandlerFunc(v)
		r.src = parseFuncName(reflect.ValueOf(v))
		r.methodName = r.src.methodName()
		return nil
	}
	fv := reflect.ValueOf(view)
	if fv.Kind() != reflect.Func {
		return errorf(ErrInvalidView, "view of type %T is not a func, an http.Handler or a method name", view)
	}
	if fv.IsNil() {
		return errorf(ErrInvalidView, "view is a nil %T", view)
	}
	r.src = parseFuncName(fv)
	r.methodName = r.src.methodName()
	if !r.src.isMethodExpr(fv.Type()) {
		r.fn = fv
	}
	return nil
}

// setRule is Flask-Unchained's rule setter: a rule not starting with '/' gets one; ""
// stays "".
func (r *Route) setRule(rule string) {
	if rule != "" && rule[0] != '/' {
		rule = "/" + rule
	}
	r.rule = rule
	r.fullRule = r.FullRule()
}

// Rule returns the partial rule of the route. It is the declared rule, or
// when none was given, the one derived from the view's method name; once the
// route comes out of routes.Controller or routes.Resource it is the final
// rule relative to any blueprint.
func (r *Route) Rule() string {
	if r.rule != "" {
		return r.rule
	}
	if r.methodName == "" && r.view == nil {
		return ""
	}
	return naming.MethodNameToURL(r.MethodName())
}

// FullRule returns the rule the route is registered at: Rule under the
// blueprint's URL prefix, if the route belongs to a blueprint. A trailing
// slash of Rule is kept, and the result always starts with '/'.
func (r *Route) FullRule() string {
	rule := r.Rule()
	prefix := ""
	if r.blueprint != nil {
		prefix = r.blueprint.URLPrefix
	}
	if strings.HasSuffix(rule, "/") {
		return naming.JoinTrailingSlash(prefix, rule)
	}
	return naming.Join(prefix, rule)
}

// Endpoint returns the endpoint name of the route: the one given with the
// Endpoint option, else for controller routes
// "<Meta.EndpointPrefix>.<snake_case method>" (site_controller.about_us),
// else the snake-cased name of the view func; a closure is named after the
// function holding it and its rule ("app.routes.posts_id"). A blueprint's
// name is put in front of derived names ("bp.view").
func (r *Route) Endpoint() string {
	if r.endpoint != "" {
		return r.endpoint
	}
	if r.registeredEndpoint != "" {
		return r.registeredEndpoint
	}
	if holder := r.closureHolder(); holder != "" && r.blueprint == nil {
		return r.closureEndpoint(holder)
	}
	return r.runtimeEndpoint()
}

// runtimeEndpoint is the endpoint derived from the view's name.
func (r *Route) runtimeEndpoint() string {
	name := naming.SnakeCase(r.MethodName())
	if r.meta != nil {
		name = r.meta.EndpointPrefix + "." + name
	}
	if r.blueprint != nil && r.blueprint.Name != "" {
		name = r.blueprint.Name + "." + name
	}
	return name
}

// Methods returns the HTTP methods of the route: the fixed method of a
// resource's List/Create/Get/Patch/Put/Delete view, else the methods given
// with the Methods option, else GET. The slice is a copy.
func (r *Route) Methods() []string {
	switch {
	case r.res != nil && r.res.crudMethod != "":
		return []string{r.res.crudMethod}
	case len(r.methods) > 0:
		return append([]string(nil), r.methods...)
	}
	return []string{http.MethodGet}
}

// Defaults returns the default values of the rule's parameters; never nil.
// The map is a copy.
func (r *Route) Defaults() map[string]any {
	out := make(map[string]any, len(r.defaults))
	for k, v := range r.defaults {
		out[k] = v
	}
	return out
}

// IsMember reports whether the route was declared a resource member route
// with the IsMember option.
func (r *Route) IsMember() bool { return r.isMember }

// MethodName returns the Go name of the view: the controller method name
// ("AboutUs"), the func name, or the handler's type name. Closures are named
// after the function holding them ("TestX.func1").
func (r *Route) MethodName() string {
	if r.methodName == "" && r.view != nil {
		if h, ok := r.view.(http.Handler); ok {
			return handlerName(h)
		}
	}
	return r.methodName
}

// ModuleName returns the Go package path where the view is defined: the
// controller type's package, or the func's or handler's.
func (r *Route) ModuleName() string {
	switch {
	case r.ctrlType != nil:
		return r.ctrlType.Elem().PkgPath()
	case r.src.pkg != "":
		return r.src.pkg
	case r.handler != nil:
		return indirect(reflect.TypeOf(r.handler)).PkgPath()
	}
	return ""
}

// FullName returns the full name of the view: "pkgpath.Type.Method" for
// controller and method views, "pkgpath.func" for funcs.
func (r *Route) FullName() string {
	if r.ctrlType != nil {
		return r.ctrlType.Elem().PkgPath() + "." + r.ctrlType.Elem().Name() + "." + r.methodName
	}
	if r.src.pkg != "" {
		return r.src.fullName()
	}
	if r.handler != nil {
		t := indirect(reflect.TypeOf(r.handler))
		return t.PkgPath() + "." + t.Name()
	}
	return r.methodName
}

// ShouldRegister reports whether the route is registered with app, from its
// OnlyIf option: true without one, the value given to OnlyIf, or the result
// of the OnlyIfFunc function called with app.
func (r *Route) ShouldRegister(app *App) bool {
	switch v := r.onlyIf.(type) {
	case bool:
		return v
	case func(*App) bool:
		return v == nil || v(app)
	}
	return true
}

// Err returns the error of a bad declaration (a *DeclarationError naming the
// call and where it was made), or nil when the route can be registered. A
// route whose view is still a method name or a method expression outside of
// a controller is an error.
func (r *Route) Err() error {
	if r.err != nil {
		return r.err
	}
	if !r.fn.IsValid() && r.handler == nil {
		return r.declError(errorf(ErrUnboundView,
			"view %s names a controller method: declare it in the rules of routes.Controller or routes.Resource", r.viewString()))
	}
	return nil
}

// DeclaredAt returns "file.go:42", where the route was declared, or "" when
// unknown.
func (r *Route) DeclaredAt() string { return r.declaredAt }

// controllerKey returns "<TypeName>.<Method>" for controller routes, "" for
// others.
func (r *Route) controllerKey() string {
	if r.ctrlType == nil {
		return ""
	}
	return r.ctrlType.Elem().Name() + "." + r.methodName
}

// routerOptions returns the Werkzeug rule options of the route; a nil
// strictSlashes means the router default.
func (r *Route) routerOptions() (strictSlashes *bool, redirectTo string, buildOnly bool, host string) {
	o := r.ruleOpts()
	return o.strictSlashes, o.redirectTo, o.buildOnly, o.host
}

// subdomain returns the Subdomain option of the route.
func (r *Route) subdomain() string { return r.ruleOpts().subdomain }

// resourceSpec is what a route of a resource (or of a controller nested in
// one) says beyond a controller route.
type resourceSpec struct {
	memberParam    string
	uniqueMember   string
	parentResource reflect.Type
	parentMember   string
	isMemberMethod bool   // a resource CRUD member method (Get/Patch/Put/Delete)
	crudMethod     string // the fixed HTTP method of a resource CRUD view
}

// resource returns the resource part of the route (zero for other routes).
func (r *Route) resource() resourceSpec {
	if r.res == nil {
		return resourceSpec{}
	}
	return *r.res
}

// setResource changes the resource part of the route through f, on a copy
// (changeCopy); nil again when f leaves it empty.
func (r *Route) setResource(f func(*resourceSpec)) {
	changeCopy(&r.res, f)
	if *r.res == (resourceSpec{}) {
		r.res = nil
	}
}

// ruleOpts returns the rule options of the route.
func (r *Route) ruleOpts() ruleOptions {
	if r.rulOpts == nil {
		return ruleOptions{}
	}
	return *r.rulOpts
}

// changeCopy sets *p to a copy of what it points to (the zero T when nil)
// changed by f: routes are copied by value (clone), and a copy must not
// write into what it shares with its original. The rarely given options
// live behind such pointers because every serving app keeps every Route.
func changeCopy[T any](p **T, f func(*T)) {
	v := new(T)
	if *p != nil {
		*v = **p
	}
	f(v)
	*p = v
}

// clone returns a shallow copy of r. Slices and maps are shared and never
// modified in place.
func (r *Route) clone() *Route {
	c := *r
	return &c
}

// viewString describes the view for error messages.
func (r *Route) viewString() string {
	switch v := unwrapView(r.view).(type) {
	case string:
		return `"` + v + `"`
	case nil:
		return "<nil>"
	}
	if r.src.pkg != "" {
		return r.src.String()
	}
	return reflect.TypeOf(unwrapView(r.view)).String()
}

// declError wraps err with the route's call and declaration site.
func (r *Route) declError(err error) error {
	return &DeclarationError{Call: r.call, At: r.declaredAt, Err: err}
}

// handlerName names a handler view: its func name, or its type name.
func handlerName(h http.Handler) string {
	v := reflect.ValueOf(h)
	if v.Kind() == reflect.Func && !v.IsNil() {
		return parseFuncName(v).methodName()
	}
	return indirect(reflect.TypeOf(h)).Name()
}

// indirect dereferences pointer types.
func indirect(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// servesJSONView reports whether the route's view serves JSON: declared
// with ServesJSON, on a controller whose Meta sets ServesJSON, or on a
// Resource.
func (r *Route) servesJSONView() bool {
	if r.servesJSON || r.meta != nil && r.meta.ServesJSON {
		return true
	}
	_, isResource := r.controller.(resourceMarker)
	return isResource
}

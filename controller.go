package fwk

import (
	"net/http"
)

// Controller marks a type as a controller when embedded in it. Every exported
// method of the embedding type is a view unless declared with NoRoute; the
// methods of Controller itself (and Meta) are never views.
//
// One controller value serves every request: keep request state in *Ctx.
type Controller struct{}

func (Controller) fwkController() {}

// ControllerSuffixes returns the suffixes naming.ControllerName strips from a
// controller's type name: "Controller" and "View".
func (Controller) ControllerSuffixes() []string { return []string{"Controller", "View"} }

// Resource marks a type as a RESTful resource when embedded in it. Methods named
// List, Create, Get, Patch, Put and Delete get fixed rules (see package doc);
// other exported methods are controller-style views under the resource prefix.
type Resource struct{ Controller }

func (Resource) fwkResource() {}

// ControllerSuffixes returns the suffixes naming.ControllerName strips from a
// resource's type name: "Resource", "MethodView", "Controller" and "View".
func (Resource) ControllerSuffixes() []string {
	return []string{"Resource", "MethodView", "Controller", "View"}
}

type controllerMarker interface{ fwkController() }
type resourceMarker interface{ fwkResource() }

// Meta holds a controller's or resource's options. A controller declares it
// with a method `Meta() fwk.Meta`; every field is optional.
type Meta struct {
	// Abstract controllers are never routed.
	Abstract bool
	// Decorators wrap every view of the controller; the first listed is outermost.
	Decorators []func(http.Handler) http.Handler
	// TemplateFolder is the folder Render looks in; default naming.ControllerName(type).
	TemplateFolder string
	// TemplateFileExtension is appended by Render to names without one; default Config.TemplateFileExtension.
	TemplateFileExtension string
	// URLPrefix is put in front of every rule of the controller (kept verbatim).
	// For resources the default is "/" + the pluralised kebab-cased controller name.
	URLPrefix string
	// EndpointPrefix is the first part of every endpoint; default the snake-cased type name.
	EndpointPrefix string
	// MemberParam is a resource's member rule fragment; default "<int:id>".
	MemberParam string
	// UniqueMemberParam names the member param when the resource is a parent of
	// subresources; default "<type:controllername_name>" built from MemberParam.
	UniqueMemberParam string
	// ServesJSON makes the error responses of every view of the controller
	// JSON whatever the client's Accept (see the ServesJSON view option);
	// always on for resources.
	ServesJSON bool
	// Description describes the controller in the OpenAPI document: the
	// description (CommonMark) of its tag, which its views' operations
	// carry.
	Description string
	// Security declares how the requests of the controller's views
	// authenticate, for the OpenAPI document, as the Secured view option
	// does: a decorator checks, this documents.
	Security []Auth
	// PathParams document path parameters of the controller's views in
	// the OpenAPI document, as the PathParam view option does for one
	// view: a resource's member param ("id") once for Get, Patch, Put,
	// Delete and member actions. fwk.New fails (ErrUnknownParam) for a
	// name no rule of the controller has.
	PathParams []ParamDoc
	// Views declares routes of views (Flask-Unchained's route decorator), listed
	// first.
	Views []ViewSpec
	// CSRFExempt exempts every view of the controller from CSRF protection
	// (Flask-WTF's csrf.exempt on a blueprint), for APIs authenticated by
	// a header rather than a cookie.
	CSRFExempt bool
	// AcceptForms lets the views of a CSRFExempt controller bind
	// url-encoded and multipart bodies, as the AcceptForms view option
	// does: give it to an API authenticated by a header, which a
	// cross-site form cannot send. Without it they bind JSON only.
	AcceptForms bool
	// Model holds the options of a resource embedding fwk.ModelResource
	// (the reference's ModelResource Meta); nil for the defaults.
	Model *ModelMeta
}

// MetaProvider is implemented by controllers that declare options.
type MetaProvider interface{ Meta() Meta }

// ViewSpec declares the route of one view; build it with View or NoRoute.
type ViewSpec struct {
	view       any    // method value, method expression or method name
	rule       string // "" = derived from the method name
	opts       []ViewOption
	noRoute    bool
	call       string // "fwk.View" or "fwk.NoRoute"
	declaredAt string // "file.go:42" of the call
}

// View declares a route for a controller method: view is a method value
// (c.Index), a method expression ((*C).Index) or a method name ("Index").
// Several View specs for one method give several rules under one endpoint.
//
// The rule is relative to the controller's prefix; "" derives it from the
// method name. Options not given here are the defaults: GET, the endpoint
// "<Meta.EndpointPrefix>.<snake_case method>".
func View(view any, rule string, opts ...ViewOption) ViewSpec {
	s := ViewSpec{view: view, rule: rule, opts: opts}
	s.call, s.declaredAt = callSite()
	return s
}

// NoRoute declares that an exported method is not a view. view is a method
// value, a method expression or a method name, as for View.
func NoRoute(view any) ViewSpec {
	s := ViewSpec{view: view, noRoute: true}
	s.call, s.declaredAt = callSite()
	return s
}

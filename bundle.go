package fwk

import (
	"io/fs"
	"net/http"
	"reflect"
	"strings"
)

// Bundle is a unit of an application: a name plus any of the optional parts
// below, found by type assertion. The last bundle given to New is the app
// bundle; the ControllerBundle is always installed first.
//
//	type AppBundle struct{}
//
//	func (AppBundle) Name() string              { return "app" }
//	func (AppBundle) Routes() []*fwk.Route      { return routes.Tree(...) }
//	func (AppBundle) Services() []any           { return []any{mailer} }
type Bundle interface{ Name() string }

// RoutesBundle is a bundle with declarative routes (Flask-Unchained's routes
// module). Only the app bundle's routes are registered; it includes the routes
// of other bundles with routes.Include.
type RoutesBundle interface {
	Bundle
	Routes() []*Route
}

// ControllersBundle is a bundle whose routes are collected from controllers and
// resources (Flask-Unchained's implicit discovery from views modules), used when
// the app bundle has no Routes method. Items may also be *Route or []*Route.
type ControllersBundle interface {
	Bundle
	Controllers() []any
}

// TemplatesBundle is a bundle with templates. Later bundles override the
// templates of earlier ones.
type TemplatesBundle interface {
	Bundle
	Templates() fs.FS
}

// StaticBundle is a bundle with static files, served under
// /<bundle name>/static/ (endpoint "<bundle name>.static").
type StaticBundle interface {
	Bundle
	Static() fs.FS
}

// BlueprintsBundle is a bundle with legacy blueprints of plain handlers.
//
// Plumbing, kept for code ported from Flask: new code groups views with
// routes.Prefix (see Plumbing in the package doc).
type BlueprintsBundle interface {
	Bundle
	Blueprints() []*Blueprint
}

// ServicesBundle is a bundle providing values for dependency injection into
// fields tagged `fwk:"inject"`.
type ServicesBundle interface {
	Bundle
	Services() []any
}

// MiddlewareBundle is a bundle with app-wide middleware: it wraps every
// request the app serves, matched routes and misses alike (404, 405,
// redirects, static files). The middleware of all bundles form one chain,
// bundles in the order given to New, and within a bundle the first listed is
// the outermost. A nil middleware, or one that returns a nil handler, fails
// New naming the bundle. Package fwk/middleware holds the usual ones.
type MiddlewareBundle interface {
	Bundle
	Middleware() []func(http.Handler) http.Handler
}

// BeforeInitApper is a bundle that prepares the app before the start-up hooks
// run. An error aborts New.
//
// Plumbing: apps never need it (see Plumbing in the package doc).
type BeforeInitApper interface {
	Bundle
	BeforeInitApp(app *App) error
}

// AfterInitApper is a bundle that finishes the app after the start-up hooks
// ran. An error aborts New.
//
// Plumbing: apps never need it (see Plumbing in the package doc).
type AfterInitApper interface {
	Bundle
	AfterInitApp(app *App) error
}

// ControllerBundle is the bundle of the controller machinery. It is always
// installed first (give your own *ControllerBundle to New to keep a reference;
// App.ControllerBundle returns it too). Its lookups are filled by the "routes"
// hook and read-only once New has returned. They hold the endpoints as
// declared: a bundle-owned route declared with an endpoint without a "."
// ("health") is registered with the router as "<bundle name>.health".
type ControllerBundle struct {
	// Endpoints lists the registered routes by endpoint name.
	Endpoints map[string][]*Route
	// ControllerEndpoints lists controller routes by "<TypeName>.<Method>".
	ControllerEndpoints map[string][]*Route
	// BundleRoutes lists the routes owned by each bundle, by bundle name: a
	// route belongs to the bundle whose Go package contains its view.
	BundleRoutes map[string][]*Route
	// OtherRoutes lists the routes no bundle owns, registered on the app.
	OtherRoutes []*Route
}

// Name returns "controller_bundle".
func (*ControllerBundle) Name() string { return "controller_bundle" }

// BeforeInitApp resets the lookups and prepares the template environment.
func (b *ControllerBundle) BeforeInitApp(app *App) error {
	b.Endpoints = map[string][]*Route{}
	b.ControllerEndpoints = map[string][]*Route{}
	b.BundleRoutes = map[string][]*Route{}
	b.OtherRoutes = nil
	return app.initTemplates()
}

// bundlePkgPath is the Go package path a bundle's type was declared in.
func bundlePkgPath(b Bundle) string {
	t := reflect.TypeOf(b)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath()
}

// underPkg reports whether package path p is pkg or below it.
func underPkg(p, pkg string) bool {
	return pkg != "" && (p == pkg || strings.HasPrefix(p, pkg+"/"))
}

// hasViews reports whether a bundle declares routes or controllers.
func hasViews(b Bundle) bool {
	switch b.(type) {
	case RoutesBundle, ControllersBundle:
		return true
	}
	return false
}

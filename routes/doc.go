// Package routes is the declarative routing DSL of fwk: a bundle's Routes
// method returns a tree of routes built with these functions.
//
//	func (b *AppBundle) Routes() []*fwk.Route {
//		return routes.Tree(
//			routes.Controller("", &SiteController{}),
//			routes.Controller("/admin", &AdminController{}, routes.Rules(
//				routes.Get("/", "Index"),
//				routes.Rule("/edit/<int:id>", (*AdminController).Edit, fwk.Methods("GET", "POST")),
//			)),
//			routes.Resource("/users", &UserResource{}, routes.Subresources(
//				routes.Resource("/roles", &RoleResource{}),
//			)),
//			routes.Func("/health", health),
//			routes.Prefix("/api/v1", routes.Include("", api.Routes(), routes.Exclude("api.internal"))),
//		)
//	}
//
// Every function returns []*fwk.Route and takes route lists as arguments,
// flattened in order, so trees nest freely. Nothing is registered here:
// fwk.New registers the routes and reports any route carrying an error.
//
// # Controllers and resources
//
// [Controller] takes the routes of a controller's views; with [Rules] only
// the listed ones, customised. [Resource] does the same for a resource and
// nests [Subresources] under its member rule, renaming the parent's member
// param so that parent and child params differ:
//
//	call                                                 rules
//	Resource("", &UserResource{})                        /users  /users/<int:id>
//	Resource("/u", &UserResource{}, MemberParam("<string:slug>"))  /u  /u/<string:slug>
//	Resource("/foo", &FooResource{},                     /foo  /foo/<int:id>
//	    Subresources(Resource("", &BarResource{})))      /foo/<int:foo_id>/bars  /foo/<int:foo_id>/bars/<int:id>
//
// A prefix of "" means the controller's Meta.URLPrefix (for resources by
// default "/" plus the plural kebab-cased controller name). A view whose rule
// is "/" gets the bare prefix: Controller("/p", c) serves Index at "/p".
//
// # Rules
//
// [Rule], [Get], [Post], [Put], [Patch] and [Delete] name a controller view
// by method name ("Index") or method expression ((*AdminController).Edit);
// outside of a controller's rules they also take a func, like [Func]. Inside
// Rules, every option a rule does not give is inherited from the view's own
// fwk.View declaration: methods, endpoint, defaults, IsMember, OnlyIf,
// middleware and rule options. Get and the others always use their one
// HTTP method.
//
// # Prefixes and includes
//
// [Prefix] puts a prefix in front of every rule of its children, keeping a
// trailing slash: a rule "/" under Prefix("/app", ...) is "/app/" (unlike
// Controller("/app", ...), which gives "/app"). [Include] inserts a route
// list made elsewhere, filtered by endpoint with [Only] or [Exclude], and
// prefixed when its prefix is not "".
//
// # Errors
//
// Bad calls never panic: a call without controller, an unknown method name,
// an option that does not apply, a Resource given to Controller, ... give a
// route whose Err method returns a *fwk.DeclarationError naming the call and
// the file:line it was made at; fwk.New fails with it.
package routes

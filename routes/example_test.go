package routes_test

import (
	"fmt"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

func show(rs []*fwk.Route) {
	for _, r := range rs {
		if err := r.Err(); err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(r.Endpoint(), r.FullRule(), r.Methods())
	}
}

func health(*fwk.Ctx) error { return nil }

// A bundle's route tree.
func ExampleTree() {
	show(routes.Tree(
		routes.Controller("", &SiteController{}),
		routes.Controller("/admin", &AdminController{}, routes.Rules(
			routes.Get("/", "Index"),
			routes.Rule("/edit/<int:id>", (*AdminController).Edit),
		)),
		routes.Resource("/users", &UserResource{}, routes.Subresources(
			routes.Resource("/roles", &RoleResource{}),
		)),
		routes.Func("/health", health),
	))
	// Output:
	// site_controller.index / [GET]
	// site_controller.about /about [GET]
	// site_controller.about_us /about-us [GET]
	// admin_controller.index /admin [GET]
	// admin.edit /admin/edit/<int:id> [GET POST]
	// user_resource.get /users/<int:id> [GET]
	// user_resource.list /users [GET]
	// role_resource.get /users/<int:user_id>/roles/<int:id> [GET]
	// role_resource.list /users/<int:user_id>/roles [GET]
	// health /health [GET]
}

// Rules pick and customise a controller's views; options they do not give
// come from the view's own declaration (here Edit's methods and endpoint).
func ExampleRules() {
	show(routes.Controller("/admin", &AdminController{}, routes.Rules(
		routes.Rule("/e/<int:id>", "Edit"),
		routes.Post("/e2/<int:id>", "Edit", fwk.Endpoint("admin.edit_post")),
	)))
	// Output:
	// admin.edit /admin/e/<int:id> [GET POST]
	// admin.edit_post /admin/e2/<int:id> [POST]
}

// Prefix keeps the trailing slash of a "/" rule; a controller prefix does not.
func ExamplePrefix() {
	show(routes.Prefix("/app", routes.Controller("", &SiteController{}, routes.Rules(routes.Rule("/", "Index")))))
	show(routes.Controller("/app", &SiteController{}, routes.Rules(routes.Rule("/", "Index"))))
	// Output:
	// site_controller.index /app/ [GET]
	// site_controller.index /app [GET]
}

// Include filters another route list by endpoint and prefixes it.
func ExampleInclude() {
	show(routes.Include("/v1", otherRoutes(), routes.Exclude("views.two")))
	// Output:
	// views.one /v1/one [GET]
	// views.three /v1/three [GET POST]
}

// Subresources nest to any depth; each level renames its own member param.
func ExampleSubresources() {
	show(routes.Resource("/foo", &FooResource{}, routes.Rules(), routes.Subresources(
		routes.Resource("", &BarResource{}, routes.Rules(routes.Get("", "Get")), routes.Subresources(
			routes.Resource("", &BazResource{}, routes.Rules(routes.Get("", "Get"))),
		)),
	)))
	// Output:
	// foo_resource.get /foo/<int:id> [GET]
	// foo_resource.list /foo [GET]
	// bar_resource.get /foo/<int:foo_id>/bars/<int:id> [GET]
	// bar_resource.list /foo/<int:foo_id>/bars [GET]
	// baz_resource.get /foo/<int:foo_id>/bars/<int:bar_id>/bazs/<int:id> [GET]
	// baz_resource.list /foo/<int:foo_id>/bars/<int:bar_id>/bazs [GET]
}

// A bad call does not panic: it gives a route carrying an error that names
// the call and its position.
func ExampleController_error() {
	r := routes.Controller("/admin", nil)[0]
	fmt.Println(r.Err() != nil, r.DeclaredAt() != "")
	// Output:
	// true true
}

// JSON groups a JSON API: under its prefix even a miss answers JSON.
func ExampleJSON() {
	show(routes.JSON("/api", routes.Resource("/users", &UserResource{})))
	// Output:
	// user_resource.get /api/users/<int:id> [GET]
	// user_resource.list /api/users [GET]
}

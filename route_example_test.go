package fwk_test

import (
	"errors"
	"fmt"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type SiteController struct{ fwk.Controller }

func (c *SiteController) Meta() fwk.Meta {
	return fwk.Meta{
		URLPrefix: "/site",
		Views: []fwk.ViewSpec{
			fwk.View(c.Index, "/"),
			fwk.View(c.Contact, "/contact", fwk.Methods("GET", "POST")),
			fwk.NoRoute(c.Helper),
		},
	}
}

func (c *SiteController) Index(*fwk.Ctx) error   { return nil }
func (c *SiteController) Contact(*fwk.Ctx) error { return nil }
func (c *SiteController) AboutUs(*fwk.Ctx) error { return nil }
func (c *SiteController) Helper() int            { return 42 }

type UserResource struct{ fwk.Resource }

func (r *UserResource) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(r.Approve, "", fwk.IsMember(), fwk.Methods("POST"))}}
}

func (r *UserResource) List(*fwk.Ctx) error         { return nil }
func (r *UserResource) Create(*fwk.Ctx) error       { return nil }
func (r *UserResource) Get(*fwk.Ctx, int) error     { return nil }
func (r *UserResource) Delete(*fwk.Ctx, int) error  { return nil }
func (r *UserResource) Approve(*fwk.Ctx, int) error { return nil }
func (r *UserResource) Export(*fwk.Ctx) error       { return nil }

type RoleResource struct{ fwk.Resource }

func (r *RoleResource) List(*fwk.Ctx) error     { return nil }
func (r *RoleResource) Get(*fwk.Ctx, int) error { return nil }

type GreetController struct{ fwk.Controller }

func (c *GreetController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Hello, "/hello/<name>"),
		fwk.View(c.Hello, "/hello/", fwk.Defaults(map[string]any{"name": "world"})),
	}}
}

func (c *GreetController) Hello(*fwk.Ctx, string) error { return nil }

func health(*fwk.Ctx) error { return nil }

// Every exported method of a controller is a view: declared Views first,
// then the others by name at their kebab-cased names.
func ExampleController() {
	for _, r := range routes.Controller("", &SiteController{}) {
		fmt.Println(r.Endpoint(), r.FullRule(), r.Methods())
	}
	// Output:
	// site_controller.index /site [GET]
	// site_controller.contact /site/contact [GET POST]
	// site_controller.about_us /site/about-us [GET]
}

// A resource's CRUD methods get fixed rules under the plural prefix; an
// IsMember view goes under the member param; subresources rename it.
func ExampleResource() {
	rs := routes.Resource("", &UserResource{}, routes.Subresources(routes.Resource("", &RoleResource{})))
	for _, r := range rs {
		fmt.Println(r.Endpoint(), r.FullRule(), r.Methods())
	}
	// Output:
	// user_resource.approve /users/<int:id>/approve [POST]
	// user_resource.create /users [POST]
	// user_resource.delete /users/<int:id> [DELETE]
	// user_resource.export /users/export [GET]
	// user_resource.get /users/<int:id> [GET]
	// user_resource.list /users [GET]
	// role_resource.get /users/<int:user_id>/roles/<int:id> [GET]
	// role_resource.list /users/<int:user_id>/roles [GET]
}

// Several View declarations of one method give several rules under one
// endpoint.
func ExampleView() {
	for _, r := range fwk.ControllerRoutes("", &GreetController{}, nil) {
		fmt.Println(r.Endpoint(), r.FullRule(), r.Defaults())
	}
	// Output:
	// greet_controller.hello /hello/<name> map[]
	// greet_controller.hello /hello/ map[name:world]
}

// NewRoute records a plain view; a bad view gives a route carrying an error
// instead of a panic.
func ExampleNewRoute() {
	r := fwk.NewRoute("", health, fwk.Methods("GET", "HEAD"))
	fmt.Println(r.Endpoint(), r.FullRule(), r.Methods(), r.FullName())

	bad := fwk.NewRoute("/x", 42)
	fmt.Println(errors.Is(bad.Err(), fwk.ErrInvalidView))
	// Output:
	// health /health [GET HEAD] github.com/fwkgo/fwk_test.health
	// true
}

// Command routes-table builds a small fwk application (a controller, a
// resource with a subresource and a plain function view), prints its route
// table and a few URLs built from endpoints:
//
//	go run ./examples/routes-table
//
// Add "serve" to serve it on :8080 instead ("serve -addr :9000" to choose
// the address).
package main

import (
	"fmt"
	"net/http"
	"os"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// SiteController serves the pages of the site.
type SiteController struct{ fwk.Controller }

// Meta puts Index at "/" and keeps Helper from being a view.
func (c *SiteController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/"),
		fwk.NoRoute(c.Helper),
	}}
}

// Index is the home page (GET /).
func (c *SiteController) Index(ctx *fwk.Ctx) error {
	return ctx.Respond(http.StatusOK, "home")
}

// AboutUs is routed by its name: GET /about-us.
func (c *SiteController) AboutUs(ctx *fwk.Ctx) error {
	return ctx.Respond(http.StatusOK, "about us")
}

// Helper is an exported method that is not a view.
func (c *SiteController) Helper() string { return "not a view" }

// UserResource is a RESTful resource at /users.
type UserResource struct{ fwk.Resource }

// Meta declares Approve as a member view: POST /users/<int:id>/approve.
func (r *UserResource) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(r.Approve, "", fwk.IsMember(), fwk.Methods("POST"))}}
}

// List answers GET /users.
func (r *UserResource) List(ctx *fwk.Ctx) error { return ctx.JSON(fwk.M{"users": []int{1, 2}}) }

// Create answers POST /users.
func (r *UserResource) Create(ctx *fwk.Ctx) error {
	return ctx.JSON(fwk.M{"user": fwk.M{"id": 3}}, http.StatusCreated)
}

// Get answers GET /users/<int:id>.
func (r *UserResource) Get(ctx *fwk.Ctx, id int) error {
	return ctx.JSON(fwk.M{"user": fwk.M{"id": id}})
}

// Delete answers DELETE /users/<int:id>.
func (r *UserResource) Delete(ctx *fwk.Ctx, id int) error { return ctx.NoContent() }

// Approve answers POST /users/<int:id>/approve.
func (r *UserResource) Approve(ctx *fwk.Ctx, id int) error { return ctx.JSON(fwk.M{"approved": id}) }

// RoleResource is nested under a user: /users/<int:user_id>/roles.
type RoleResource struct{ fwk.Resource }

// List answers GET /users/<int:user_id>/roles.
func (r *RoleResource) List(ctx *fwk.Ctx, userID int) error {
	return ctx.JSON(fwk.M{"user": userID, "roles": []string{"admin"}})
}

// Get answers GET /users/<int:user_id>/roles/<int:id>.
func (r *RoleResource) Get(ctx *fwk.Ctx, userID, id int) error {
	return ctx.JSON(fwk.M{"user": userID, "role": id})
}

// health is a plain function view.
func health(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "ok") }

// App is the app bundle.
type App struct{}

// Name returns "app".
func (App) Name() string { return "app" }

// Routes declares the routes of the app.
func (App) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Controller("", &SiteController{}),
		routes.Resource("/users", &UserResource{}, routes.Subresources(
			routes.Resource("/roles", &RoleResource{}),
		)),
		routes.Func("/health", health),
	)
}

func main() {
	app, err := fwk.New(fwk.DefaultConfig(), App{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if len(os.Args) > 1 {
		if err := app.Run(os.Args); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if err := app.Run([]string{os.Args[0], "urls"}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println()
	for _, b := range []struct {
		endpoint string
		values   []any
	}{
		{"site_controller.about_us", nil},
		{"user_resource.get", []any{"id", 42}},
		{"user_resource.approve", []any{"id", 42}},
		{"role_resource.get", []any{"user_id", 42, "id", 7}},
		{"user_resource.list", []any{"page", 2, "q", "a b"}},
		{"user_resource.get", nil}, // missing param: an error, never a panic
	} {
		url, err := app.Router().Build(b.endpoint, b.values...)
		if err != nil {
			url = "error: " + err.Error()
		}
		fmt.Printf("Build(%q, %v) = %s\n", b.endpoint, b.values, url)
	}
}

// Package integration_test holds the route trees of Flask-Unchained's
// tests/bundles/controller/test_routes_integration.py (implicit, explicit
// and deep) with their fixtures, translated to Go.
package integration_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type SiteController struct{ fwk.Controller }

func (c *SiteController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Index, "/")}}
}
func (c *SiteController) Index(*fwk.Ctx) error  { return nil }
func (c *SiteController) About(*fwk.Ctx) error  { return nil }
func (c *SiteController) Terms(*fwk.Ctx) error  { return nil }
func (c *SiteController) Foobar(*fwk.Ctx) error { return nil }

type UserResource struct{ fwk.Resource }

func (r *UserResource) List(*fwk.Ctx) error        { return nil }
func (r *UserResource) Create(*fwk.Ctx) error      { return nil }
func (r *UserResource) Get(*fwk.Ctx, int) error    { return nil }
func (r *UserResource) Patch(*fwk.Ctx, int) error  { return nil }
func (r *UserResource) Put(*fwk.Ctx, int) error    { return nil }
func (r *UserResource) Delete(*fwk.Ctx, int) error { return nil }
func (r *UserResource) Foobar(*fwk.Ctx) error      { return nil }

type RoleResource struct{ fwk.Resource }

func (r *RoleResource) List(*fwk.Ctx) error        { return nil }
func (r *RoleResource) Create(*fwk.Ctx) error      { return nil }
func (r *RoleResource) Get(*fwk.Ctx, int) error    { return nil }
func (r *RoleResource) Patch(*fwk.Ctx, int) error  { return nil }
func (r *RoleResource) Put(*fwk.Ctx, int) error    { return nil }
func (r *RoleResource) Delete(*fwk.Ctx, int) error { return nil }

type ProductController struct{ fwk.Controller }

func (c *ProductController) Meta() fwk.Meta {
	return fwk.Meta{URLPrefix: "/products", Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/"),
		fwk.NoRoute(c.NoRouteMethod),
	}}
}
func (c *ProductController) Index(*fwk.Ctx) error  { return nil }
func (c *ProductController) Good(*fwk.Ctx) error   { return nil }
func (c *ProductController) Better(*fwk.Ctx) error { return nil }
func (c *ProductController) Best(*fwk.Ctx) error   { return nil }
func (c *ProductController) NoRouteMethod() string { return "" }

//lint:ignore U1000 an unexported method: never a view, so never called.
func (c *ProductController) private() string { return "" }

type AnotherResource struct{ fwk.Resource }

func (r *AnotherResource) Meta() fwk.Meta          { return fwk.Meta{URLPrefix: "another"} }
func (r *AnotherResource) List(*fwk.Ctx) error     { return nil }
func (r *AnotherResource) Get(*fwk.Ctx, int) error { return nil }

func simple(*fwk.Ctx) error { return nil }
func one(*fwk.Ctx) error    { return nil }
func two(*fwk.Ctx) error    { return nil }
func three(*fwk.Ctx) error  { return nil }

func otherRoutes() []*fwk.Route {
	return routes.Tree(
		routes.Func("/one", one, fwk.Endpoint("views.one")),
		routes.Func("/two", two, fwk.Endpoint("views.two")),
		routes.Func("/three", three, fwk.Endpoint("views.three"), fwk.Methods("GET", "POST")),
	)
}

func recursiveRoutes() []*fwk.Route {
	return routes.Tree(routes.Include("", otherRoutes()), routes.Include("/deep", otherRoutes()))
}

func implicitRoutes() []*fwk.Route {
	return routes.Tree(
		routes.Controller("", &SiteController{}),
		routes.Resource("", &UserResource{}, routes.Subresources(routes.Resource("", &RoleResource{}))),
		routes.Controller("", &ProductController{}),
		routes.Func("", simple, fwk.Endpoint("views.simple")),
		routes.Include("", otherRoutes()),
	)
}

func explicitRoutes() []*fwk.Route {
	return routes.Tree(
		routes.Controller("/", &SiteController{}, routes.Rules(
			routes.Rule("/", "Index"),
			routes.Rule("/about", (*SiteController).About),
			routes.Rule("/terms", "Terms"),
		)),
		routes.Resource("/users", &UserResource{}, routes.Rules(), routes.Subresources(
			routes.Resource("/roles", &RoleResource{}),
		)),
		routes.Controller("/products", &ProductController{}, routes.Rules(
			routes.Rule("/", "Index"),
			routes.Rule("/good", "Good"),
			routes.Rule("/better", "Better"),
			routes.Rule("/best", "Best"),
		)),
		routes.Func("/simple", simple, fwk.Endpoint("views.simple")),
		routes.Include("", otherRoutes()),
	)
}

func deepRoutes() []*fwk.Route {
	return routes.Prefix("/app",
		routes.Controller("/site", &SiteController{}),
		routes.Prefix("/pre",
			routes.Resource("", &UserResource{}, routes.Subresources(
				routes.Resource("", &RoleResource{}, routes.Subresources(
					routes.Func("", simple, fwk.Endpoint("views.simple")),
					routes.Resource("", &AnotherResource{}),
					routes.Include("", recursiveRoutes()),
				)),
			)),
		),
	)
}

func rows(t *testing.T, rs []*fwk.Route) []string {
	t.Helper()
	out := make([]string, len(rs))
	for i, r := range rs {
		if err := r.Err(); err != nil {
			t.Fatalf("route %d: %v", i, err)
		}
		out[i] = fmt.Sprintf("%s %s %s", r.Endpoint(), r.FullRule(), strings.Join(r.Methods(), ","))
	}
	return out
}

func crud(endpoint, prefix, member string) []string {
	return []string{
		endpoint + ".create " + prefix + " POST",
		endpoint + ".delete " + prefix + "/" + member + " DELETE",
		endpoint + ".get " + prefix + "/" + member + " GET",
		endpoint + ".list " + prefix + " GET",
		endpoint + ".patch " + prefix + "/" + member + " PATCH",
		endpoint + ".put " + prefix + "/" + member + " PUT",
	}
}

// concat joins row lists.
func concat(lists ...[]string) []string { return slices.Concat(lists...) }

func TestImplicitRoutes(t *testing.T) {
	users := crud("user_resource", "/users", "<int:id>")
	users = slices.Insert(users, 2, "user_resource.foobar /users/foobar GET")
	want := concat(
		[]string{
			"site_controller.index / GET",
			"site_controller.about /about GET",
			"site_controller.foobar /foobar GET",
			"site_controller.terms /terms GET",
		},
		users,
		crud("role_resource", "/users/<int:user_id>/roles", "<int:id>"),
		[]string{
			"product_controller.index /products GET",
			"product_controller.best /products/best GET",
			"product_controller.better /products/better GET",
			"product_controller.good /products/good GET",
			"views.simple /simple GET",
			"views.one /one GET",
			"views.two /two GET",
			"views.three /three GET,POST",
		},
	)
	check(t, "implicitRoutes()", rows(t, implicitRoutes()), want)
}

func TestExplicitRoutes(t *testing.T) {
	want := concat(
		[]string{
			"site_controller.index / GET",
			"site_controller.about /about GET",
			"site_controller.terms /terms GET",
		},
		crud("user_resource", "/users", "<int:id>"),
		crud("role_resource", "/users/<int:user_id>/roles", "<int:id>"),
		[]string{
			"product_controller.index /products GET",
			"product_controller.good /products/good GET",
			"product_controller.better /products/better GET",
			"product_controller.best /products/best GET",
			"views.simple /simple GET",
			"views.one /one GET",
			"views.two /two GET",
			"views.three /three GET,POST",
		},
	)
	got := rows(t, explicitRoutes())
	check(t, "explicitRoutes()", got, want)

	// The same routes as the implicit tree, minus the foobar views.
	var implicit []string
	for _, r := range rows(t, implicitRoutes()) {
		if !strings.Contains(r, ".foobar ") {
			implicit = append(implicit, r)
		}
	}
	slices.Sort(implicit)
	slices.Sort(got)
	check(t, "sorted explicitRoutes()", got, implicit)
}

func TestDeepRoutes(t *testing.T) {
	users := crud("user_resource", "/app/pre/users", "<int:id>")
	users = slices.Insert(users, 2, "user_resource.foobar /app/pre/users/foobar GET")
	role := "/app/pre/users/<int:user_id>/roles/<int:role_id>"
	others := func(prefix string) []string {
		return []string{
			"views.one " + prefix + "/one GET",
			"views.two " + prefix + "/two GET",
			"views.three " + prefix + "/three GET,POST",
		}
	}
	want := concat(
		[]string{
			"site_controller.index /app/site GET",
			"site_controller.about /app/site/about GET",
			"site_controller.foobar /app/site/foobar GET",
			"site_controller.terms /app/site/terms GET",
		},
		users,
		crud("role_resource", "/app/pre/users/<int:user_id>/roles", "<int:id>"),
		[]string{
			"views.simple " + role + "/simple GET",
			"another_resource.get " + role + "/another/<int:id> GET",
			"another_resource.list " + role + "/another GET",
		},
		others(role),
		others(role+"/deep"),
	)
	check(t, "deepRoutes()", rows(t, deepRoutes()), want)
}

func check(t *testing.T, name string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s =\n\t%s\nwant\n\t%s", name, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

package routes_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// The fixtures of Flask-Unchained's tests/bundles/controller/test_routes.py,
// in Go.

type SiteController struct{ fwk.Controller }

func (c *SiteController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Index, "/")}}
}
func (c *SiteController) Index(*fwk.Ctx) error   { return nil }
func (c *SiteController) About(*fwk.Ctx) error   { return nil }
func (c *SiteController) AboutUs(*fwk.Ctx) error { return nil }

type UserResource struct{ fwk.Resource }

func (r *UserResource) List(*fwk.Ctx) error     { return nil }
func (r *UserResource) Get(*fwk.Ctx, int) error { return nil }

type RoleResource struct{ fwk.Resource }

func (r *RoleResource) List(*fwk.Ctx) error     { return nil }
func (r *RoleResource) Get(*fwk.Ctx, int) error { return nil }

type FooResource struct{ fwk.Resource }

func (r *FooResource) List(*fwk.Ctx) error     { return nil }
func (r *FooResource) Get(*fwk.Ctx, int) error { return nil }

type BarResource struct{ fwk.Resource }

func (r *BarResource) List(*fwk.Ctx) error     { return nil }
func (r *BarResource) Get(*fwk.Ctx, int) error { return nil }

type BazResource struct{ fwk.Resource }

func (r *BazResource) Meta() fwk.Meta          { return fwk.Meta{UniqueMemberParam: "<string:baz>"} }
func (r *BazResource) List(*fwk.Ctx) error     { return nil }
func (r *BazResource) Get(*fwk.Ctx, int) error { return nil }

// MultiRouteController.Hello has two View declarations: both are routed
// under one endpoint (the reference registers only the first).
type MultiRouteController struct{ fwk.Controller }

func (c *MultiRouteController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Hello, "/hello/<string:param>/"),
		fwk.View(c.Hello, "/hello/", fwk.Defaults(map[string]any{"param": "DEFAULT"})),
	}}
}
func (c *MultiRouteController) Hello(*fwk.Ctx, string) error { return nil }

// TrailingController.Trailing declares rule options that rules inherit.
type TrailingController struct{ fwk.Controller }

func (c *TrailingController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Trailing, "/x/", fwk.Endpoint("trail.x"), fwk.Methods("GET", "PUT")),
	}}
}
func (c *TrailingController) Trailing(*fwk.Ctx) error { return nil }

// AdminController: Edit declares methods and an endpoint that rules inherit.
type AdminController struct{ fwk.Controller }

func (c *AdminController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Edit, "/edit/<int:id>", fwk.Methods("GET", "POST"), fwk.Endpoint("admin.edit"),
			fwk.Defaults(map[string]any{"id": 1})),
	}}
}
func (c *AdminController) Index(*fwk.Ctx) error     { return nil }
func (c *AdminController) Edit(*fwk.Ctx, int) error { return nil }

// ResourceFull has every CRUD method plus two other views.
type ResourceFull struct{ fwk.Resource }

func (r *ResourceFull) Meta() fwk.Meta {
	return fwk.Meta{URLPrefix: "/users", Views: []fwk.ViewSpec{
		fwk.View(r.Approve, "", fwk.IsMember(), fwk.Methods("POST")),
		fwk.View(r.Search, "/search", fwk.Methods("GET", "POST")),
		fwk.NoRoute("Helper"),
	}}
}
func (r *ResourceFull) List(*fwk.Ctx) error         { return nil }
func (r *ResourceFull) Create(*fwk.Ctx) error       { return nil }
func (r *ResourceFull) Get(*fwk.Ctx, int) error     { return nil }
func (r *ResourceFull) Patch(*fwk.Ctx, int) error   { return nil }
func (r *ResourceFull) Put(*fwk.Ctx, int) error     { return nil }
func (r *ResourceFull) Delete(*fwk.Ctx, int) error  { return nil }
func (r *ResourceFull) Approve(*fwk.Ctx, int) error { return nil }
func (r *ResourceFull) Search(*fwk.Ctx) error       { return nil }
func (r *ResourceFull) Foobar(*fwk.Ctx) error       { return nil }
func (r *ResourceFull) Helper() int                 { return 42 }

// OrderedResource defines Delete, Extra, Get, List.
type OrderedResource struct{ fwk.Resource }

func (r *OrderedResource) Delete(*fwk.Ctx, int) error { return nil }
func (r *OrderedResource) Extra(*fwk.Ctx) error       { return nil }
func (r *OrderedResource) Get(*fwk.Ctx, int) error    { return nil }
func (r *OrderedResource) List(*fwk.Ctx) error        { return nil }

// StatusResource shows the inflector: /statuses (the reference gives "/status ").
type StatusResource struct{ fwk.Resource }

func (r *StatusResource) List(*fwk.Ctx) error { return nil }

// A > B > C: A and B both name their member param <int:pk> in their children.
type AResource struct{ fwk.Resource }

func (r *AResource) List(*fwk.Ctx) error { return nil }

type BResource struct{ fwk.Resource }

func (r *BResource) Meta() fwk.Meta          { return fwk.Meta{UniqueMemberParam: "<int:pk>"} }
func (r *BResource) List(*fwk.Ctx) error     { return nil }
func (r *BResource) Get(*fwk.Ctx, int) error { return nil }

type CResource struct{ fwk.Resource }

func (r *CResource) List(*fwk.Ctx) error     { return nil }
func (r *CResource) Get(*fwk.Ctx, int) error { return nil }

func undecoratedView(*fwk.Ctx) error { return nil }
func decoBp(*fwk.Ctx) error          { return nil }
func one(*fwk.Ctx) error             { return nil }
func two(*fwk.Ctx) error             { return nil }
func three(*fwk.Ctx) error           { return nil }

// otherRoutes is the reference's fixtures/other_routes.py.
func otherRoutes() []*fwk.Route {
	return []*fwk.Route{
		fwk.NewRoute("/one", one, fwk.Endpoint("views.one")),
		fwk.NewRoute("/two", two, fwk.Endpoint("views.two")),
		fwk.NewRoute("/three", three, fwk.Endpoint("views.three"), fwk.Methods("GET", "POST")),
	}
}

// rows describes routes as "endpoint full-rule METHODS" lines and fails the
// test on a route carrying an error.
func rows(t *testing.T, rs []*fwk.Route) []string {
	t.Helper()
	out := make([]string, len(rs))
	for i, r := range rs {
		if err := r.Err(); err != nil {
			t.Fatalf("route %d: unexpected error: %v", i, err)
		}
		out[i] = fmt.Sprintf("%s %s %s", r.Endpoint(), r.FullRule(), strings.Join(r.Methods(), ","))
	}
	return out
}

// sameRows reports a difference between two row lists.
func sameRows(t *testing.T, name string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s =\n\t%s\nwant\n\t%s", name, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// line returns the line of its caller.
func line() int {
	_, _, l, _ := runtime.Caller(1)
	return l
}

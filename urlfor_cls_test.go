package fwk_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

// UnroutedSiteController and UnroutedSiteResource are classes the app
// does not route: Cls names them for their default endpoint names only
// (Flask-Unchained's url_for(..., _cls=C)).
type UnroutedSiteController struct{ fwk.Controller }

func (*UnroutedSiteController) AboutUs(*fwk.Ctx) error { return nil }

type UnroutedSiteResource struct{ fwk.Resource }

func (*UnroutedSiteResource) Get(*fwk.Ctx, int) error { return nil }

// clsApp routes rules under the classes' default endpoint names, as the
// reference's add_url_rule(..., endpoint="site_controller.about_us").
func clsApp(t *testing.T) *fwk.App {
	t.Helper()
	return mustNew(t, sessConfig(nil), routesBundle{rs: routes.Tree(
		routes.Func("/about-us", okView, fwk.Endpoint("unrouted_site_controller.about_us")),
		routes.Func("/sites/<int:id>", idView, fwk.Endpoint("unrouted_site_resource.get")),
		routes.Func("/foo/<string:slug>", func(ctx *fwk.Ctx, slug string) error { return ctx.NoContent() }, fwk.Endpoint("some.endpoint")),
		routes.Func("/go", func(ctx *fwk.Ctx) error {
			return ctx.Redirect("about_us", fwk.Cls(&UnroutedSiteController{}))
		}),
		routes.Func("/link", func(ctx *fwk.Ctx) error {
			u, err := ctx.URLFor("get", "id", 1, fwk.Cls(&UnroutedSiteResource{}))
			if err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, u)
		}),
	)})
}

// TestURLForUnroutedCls: test_it_works_with_controller_method_names,
// test_it_works_with_url_for_kwargs and
// test_it_falls_through_if_class_endpoint_not_found of Flask-Unchained's
// tests/bundles/controller/test_utils.py, for classes the app does not
// route.
func TestURLForUnroutedCls(t *testing.T) {
	app := clsApp(t)
	for _, tc := range []urlCase{
		{name: "method name", target: "about_us", args: []any{fwk.Cls(&UnroutedSiteController{})}, want: "/about-us"},
		{name: "Go method name", target: "AboutUs", args: []any{fwk.Cls(&UnroutedSiteController{})}, want: "/about-us"},
		{name: "kwargs", target: "get", args: []any{"id", 1, fwk.Cls(&UnroutedSiteResource{})}, want: "/sites/1"},
		{name: "endpoint kwargs", target: "some.endpoint", args: []any{"slug", "hi"}, want: "/foo/hi"},
		{name: "falls through", target: "delete", args: []any{"id", 1, fwk.Cls(&UnroutedSiteResource{})}, wantErr: router.ErrUnknownEndpoint},
		{name: "missing param", target: "get", args: []any{fwk.Cls(&UnroutedSiteResource{})}, wantErr: router.ErrMissingParam},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := app.URLFor(tc.target, tc.args...)
			checkURL(t, tc, got, err)
		})
	}
	srv := newServer(t, app)
	cl := jarClient(t)
	if code, _, res := call(t, cl, "GET", srv.URL+"/go", nil); code != http.StatusFound || res.Header.Get("Location") != "/about-us" {
		t.Errorf("Redirect(about_us, Cls) = %d %q, want 302 /about-us", code, res.Header.Get("Location"))
	}
	if code, body := sget(t, cl, srv.URL+"/link"); code != http.StatusOK || body != "/sites/1" {
		t.Errorf("ctx.URLFor(get, Cls) = %d %q, want /sites/1", code, body)
	}
}

// Cls names a view by its method, even for a controller the app does not
// route: its default endpoint (here "unrouted_site_controller.about_us")
// is built when a rule has it.
func ExampleCls() {
	cfg := fwk.DefaultConfig()
	app, err := fwk.New(cfg, exampleBundle{routes.Func("/about-us",
		func(ctx *fwk.Ctx) error { return ctx.NoContent() }, fwk.Endpoint("unrouted_site_controller.about_us"))})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(app.URLFor("about_us", fwk.Cls(&UnroutedSiteController{})))
	// Output:
	// /about-us <nil>
}

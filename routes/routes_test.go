package routes_test

import (
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// The cases of research/flask_unchained.md §2.3, numbered as there, with
// the fixes of DESIGN §11. Views of a controller come in a deterministic
// order: declared Views first, then the other methods by name.
func TestRouteTrees(t *testing.T) {
	bp := fwk.NewBlueprint("bp", "/bp")
	tests := []struct {
		name string
		got  func() []*fwk.Route
		want []string
	}{
		{"43 stacked views", func() []*fwk.Route { return routes.Controller("", &MultiRouteController{}) }, []string{
			"multi_route_controller.hello /hello/<string:param>/ GET",
			"multi_route_controller.hello /hello/ GET",
		}},
		{"44 controller", func() []*fwk.Route { return routes.Controller("", &SiteController{}) }, []string{
			"site_controller.index / GET",
			"site_controller.about /about GET",
			"site_controller.about_us /about-us GET",
		}},
		{"45 controller with prefix", func() []*fwk.Route { return routes.Controller("/prefix", &SiteController{}) }, []string{
			"site_controller.index /prefix GET",
			"site_controller.about /prefix/about GET",
			"site_controller.about_us /prefix/about-us GET",
		}},
		{"47 func", func() []*fwk.Route { return routes.Func("", undecoratedView) }, []string{
			"undecorated_view /undecorated-view GET",
		}},
		{"48 func with options", func() []*fwk.Route {
			return routes.Func("/a/<id>", undecoratedView, fwk.InBlueprint(bp), fwk.Endpoint("overridden.endpoint"),
				fwk.Methods("GET", "POST"))
		}, []string{
			"overridden.endpoint /bp/a/<id> GET,POST",
		}},
		{"56 include only", func() []*fwk.Route { return routes.Include("", otherRoutes(), routes.Only("views.one")) }, []string{
			"views.one /one GET",
		}},
		{"56 include exclude", func() []*fwk.Route { return routes.Include("", otherRoutes(), routes.Exclude("views.three")) }, []string{
			"views.one /one GET",
			"views.two /two GET",
		}},
		{"56 include empty only", func() []*fwk.Route { return routes.Include("/x", otherRoutes(), routes.Only()) }, []string{
			"views.one /x/one GET",
			"views.two /x/two GET",
			"views.three /x/three GET,POST",
		}},
		{"57 resource", func() []*fwk.Route { return routes.Resource("", &UserResource{}) }, []string{
			"user_resource.get /users/<int:id> GET",
			"user_resource.list /users GET",
		}},
		{"57 resource with prefix", func() []*fwk.Route { return routes.Resource("/prefix", &UserResource{}) }, []string{
			"user_resource.get /prefix/<int:id> GET",
			"user_resource.list /prefix GET",
		}},
		{"58 member param", func() []*fwk.Route {
			return routes.Resource("", &UserResource{}, routes.MemberParam("<string:slug>"))
		}, []string{
			"user_resource.get /users/<string:slug> GET",
			"user_resource.list /users GET",
		}},
		{"59 subresource", func() []*fwk.Route {
			return routes.Resource("/foo", &FooResource{}, routes.Subresources(routes.Resource("", &BarResource{})))
		}, []string{
			"foo_resource.get /foo/<int:id> GET",
			"foo_resource.list /foo GET",
			"bar_resource.get /foo/<int:foo_id>/bars/<int:id> GET",
			"bar_resource.list /foo/<int:foo_id>/bars GET",
		}},
		{"60 same member param", func() []*fwk.Route {
			return routes.Resource("", &UserResource{}, routes.MemberParam("<string:slug>"), routes.Subresources(
				routes.Resource("", &RoleResource{}, routes.MemberParam("<string:slug>"))))
		}, []string{
			"user_resource.get /users/<string:slug> GET",
			"user_resource.list /users GET",
			"role_resource.get /users/<string:user_slug>/roles/<string:slug> GET",
			"role_resource.list /users/<string:user_slug>/roles GET",
		}},
		{"61 Meta unique member param", func() []*fwk.Route {
			return routes.Resource("/baz", &BazResource{}, routes.Subresources(routes.Resource("", &BarResource{})))
		}, []string{
			"baz_resource.get /baz/<int:id> GET",
			"baz_resource.list /baz GET",
			"bar_resource.get /baz/<string:baz>/bars/<int:id> GET",
			"bar_resource.list /baz/<string:baz>/bars GET",
		}},
		{"62 unique member param collision", func() []*fwk.Route {
			return routes.Resource("/baz", &BazResource{}, routes.UniqueMemberParam("<int:pk>"), routes.Subresources(
				routes.Resource("", &BarResource{}, routes.MemberParam("<int:pk>"))))
		}, []string{
			"baz_resource.get /baz/<int:id> GET",
			"baz_resource.list /baz GET",
			"bar_resource.get /baz/<int:baz_pk>/bars/<int:pk> GET",
			"bar_resource.list /baz/<int:pk>/bars GET",
		}},
		{"63 other member param", func() []*fwk.Route {
			return routes.Resource("", &UserResource{}, routes.MemberParam("<string:slug>"), routes.Subresources(
				routes.Resource("", &RoleResource{}, routes.MemberParam("<string:slug2>"))))
		}, []string{
			"user_resource.get /users/<string:slug> GET",
			"user_resource.list /users GET",
			"role_resource.get /users/<string:user_slug>/roles/<string:slug2> GET",
			"role_resource.list /users/<string:user_slug>/roles GET",
		}},
		{"64 four levels", func() []*fwk.Route {
			return routes.Resource("", &UserResource{}, routes.MemberParam("<string:slug>"), routes.Subresources(
				routes.Resource("", &RoleResource{}, routes.Subresources(
					routes.Resource("", &FooResource{}, routes.MemberParam("<string:slug>"), routes.Subresources(
						routes.Resource("", &BarResource{})))))))
		}, []string{
			"user_resource.get /users/<string:slug> GET",
			"user_resource.list /users GET",
			"role_resource.get /users/<string:user_slug>/roles/<int:id> GET",
			"role_resource.list /users/<string:user_slug>/roles GET",
			"foo_resource.get /users/<string:user_slug>/roles/<int:role_id>/foos/<string:slug> GET",
			"foo_resource.list /users/<string:user_slug>/roles/<int:role_id>/foos GET",
			"bar_resource.get /users/<string:user_slug>/roles/<int:role_id>/foos/<string:foo_slug>/bars/<int:id> GET",
			"bar_resource.list /users/<string:user_slug>/roles/<int:role_id>/foos/<string:foo_slug>/bars GET",
		}},
		{"66 subresource with prefixes", func() []*fwk.Route {
			return routes.Resource("/one", &UserResource{}, routes.Subresources(routes.Resource("/two", &RoleResource{})))
		}, []string{
			"user_resource.get /one/<int:id> GET",
			"user_resource.list /one GET",
			"role_resource.get /one/<int:user_id>/two/<int:id> GET",
			"role_resource.list /one/<int:user_id>/two GET",
		}},
		{"66 subresource table unchanged", func() []*fwk.Route {
			routes.Resource("/one", &UserResource{}, routes.Subresources(routes.Resource("/two", &RoleResource{})))
			return routes.Resource("", &RoleResource{})
		}, []string{
			"role_resource.get /roles/<int:id> GET",
			"role_resource.list /roles GET",
		}},
		{"67 rule inherits options", func() []*fwk.Route {
			return routes.Controller("", &TrailingController{}, routes.Rules(routes.Rule("/t", "Trailing")))
		}, []string{
			"trail.x /t GET,PUT",
		}},
		{"67 rule overrides endpoint", func() []*fwk.Route {
			return routes.Controller("", &TrailingController{}, routes.Rules(routes.Rule("/t", "Trailing", fwk.Endpoint("tt"))))
		}, []string{
			"tt /t GET,PUT",
		}},
		{"68 get forces GET", func() []*fwk.Route {
			return routes.Controller("", &SiteController{}, routes.Rules(routes.Get("/ab", "AboutUs", fwk.Methods("POST"))))
		}, []string{
			"site_controller.about_us /ab GET",
		}},
		{"69 prefix keeps the trailing slash", func() []*fwk.Route {
			return routes.Prefix("/app", routes.Controller("", &SiteController{}))
		}, []string{
			"site_controller.index /app/ GET",
			"site_controller.about /app/about GET",
			"site_controller.about_us /app/about-us GET",
		}},
		{"69 controller prefix does not", func() []*fwk.Route { return routes.Controller("/app", &SiteController{}) }, []string{
			"site_controller.index /app GET",
			"site_controller.about /app/about GET",
			"site_controller.about_us /app/about-us GET",
		}},
		{"70 empty rules keep CRUD only", func() []*fwk.Route { return routes.Resource("", &ResourceFull{}, routes.Rules()) }, []string{
			"resource_full.create /users POST",
			"resource_full.delete /users/<int:id> DELETE",
			"resource_full.get /users/<int:id> GET",
			"resource_full.list /users GET",
			"resource_full.patch /users/<int:id> PATCH",
			"resource_full.put /users/<int:id> PUT",
		}},
		{"71 rules first, then the other CRUD methods", func() []*fwk.Route {
			return routes.Resource("", &ResourceFull{}, routes.Rules(routes.Get("/all", (*ResourceFull).List)))
		}, []string{
			"resource_full.list /users/all GET",
			"resource_full.create /users POST",
			"resource_full.delete /users/<int:id> DELETE",
			"resource_full.get /users/<int:id> GET",
			"resource_full.patch /users/<int:id> PATCH",
			"resource_full.put /users/<int:id> PUT",
		}},
		{"72 order by name", func() []*fwk.Route { return routes.Resource("", &OrderedResource{}) }, []string{
			"ordered_resource.delete /ordereds/<int:id> DELETE",
			"ordered_resource.extra /ordereds/extra GET",
			"ordered_resource.get /ordereds/<int:id> GET",
			"ordered_resource.list /ordereds GET",
		}},
		{"73 child member param named like the renamed parent", func() []*fwk.Route {
			return routes.Resource("", &UserResource{}, routes.Subresources(
				routes.Resource("", &RoleResource{}, routes.MemberParam("<int:user_id>"))))
		}, []string{
			"user_resource.get /users/<int:id> GET",
			"user_resource.list /users GET",
			"role_resource.get /users/<int:user_role_user_id>/roles/<int:user_id> GET",
			"role_resource.list /users/<int:user_id>/roles GET",
		}},
		{"73 the collision is by param name, whatever the converter", func() []*fwk.Route {
			return routes.Resource("", &UserResource{}, routes.Subresources(
				routes.Resource("", &RoleResource{}, routes.MemberParam("<string(length=2):user_id>"))))
		}, []string{
			"user_resource.get /users/<int:id> GET",
			"user_resource.list /users GET",
			"role_resource.get /users/<string(length=2):user_role_user_id>/roles/<string(length=2):user_id> GET",
			"role_resource.list /users/<int:user_id>/roles GET",
		}},
		{"74 func in a blueprint", func() []*fwk.Route {
			return routes.Func("/d2/", decoBp, fwk.InBlueprint(bp), fwk.Methods("POST"), fwk.OnlyIf(false))
		}, []string{
			"bp.deco_bp /bp/d2/ POST",
		}},
		{"74 blueprint prefix stays outermost", func() []*fwk.Route {
			return routes.Prefix("/pre", routes.Func("/d2/", decoBp, fwk.InBlueprint(bp), fwk.Methods("POST")))
		}, []string{
			"bp.deco_bp /bp/pre/d2/ POST",
		}},
		{"fix: every view of a resource, IsMember, declared methods kept", func() []*fwk.Route {
			return routes.Resource("", &ResourceFull{})
		}, []string{
			"resource_full.approve /users/<int:id>/approve POST",
			"resource_full.search /users/search GET,POST",
			"resource_full.create /users POST",
			"resource_full.delete /users/<int:id> DELETE",
			"resource_full.foobar /users/foobar GET",
			"resource_full.get /users/<int:id> GET",
			"resource_full.list /users GET",
			"resource_full.patch /users/<int:id> PATCH",
			"resource_full.put /users/<int:id> PUT",
		}},
		{"fix: non-CRUD rules keep their methods, IsMember inherited", func() []*fwk.Route {
			return routes.Resource("", &ResourceFull{}, routes.Rules(
				routes.Post("/foo", "Foobar"),
				routes.Rule("/ok", "Approve"),
				routes.Rule("/s", "Search", fwk.Methods("PUT")),
			))
		}, []string{
			"resource_full.foobar /users/foo POST",
			"resource_full.approve /users/<int:id>/ok POST",
			"resource_full.search /users/s PUT",
			"resource_full.create /users POST",
			"resource_full.delete /users/<int:id> DELETE",
			"resource_full.get /users/<int:id> GET",
			"resource_full.list /users GET",
			"resource_full.patch /users/<int:id> PATCH",
			"resource_full.put /users/<int:id> PUT",
		}},
		{"fix: the last rule of a resource method wins", func() []*fwk.Route {
			return routes.Resource("/r", &RoleResource{}, routes.Rules(
				routes.Get("/first", "List"), routes.Get("/", "Get"), routes.Get("/last", "List")))
		}, []string{
			"role_resource.list /r/last GET",
			"role_resource.get /r GET",
		}},
		{"fix: IsMember in a subresource", func() []*fwk.Route {
			return routes.Resource("/teams", &RoleResource{}, routes.Rules(), routes.Subresources(
				routes.Resource("", &ResourceFull{}, routes.Rules(routes.Rule("", "Approve")))))
		}, []string{
			"role_resource.get /teams/<int:id> GET",
			"role_resource.list /teams GET",
			"resource_full.approve /teams/<int:role_id>/users/<int:id>/approve POST",
			"resource_full.create /teams/<int:role_id>/users POST",
			"resource_full.delete /teams/<int:role_id>/users/<int:id> DELETE",
			"resource_full.get /teams/<int:role_id>/users/<int:id> GET",
			"resource_full.list /teams/<int:role_id>/users GET",
			"resource_full.patch /teams/<int:role_id>/users/<int:id> PATCH",
			"resource_full.put /teams/<int:role_id>/users/<int:id> PUT",
		}},
		{"fix: pluralisation by an inflector", func() []*fwk.Route { return routes.Resource("", &StatusResource{}) }, []string{
			"status_resource.list /statuses GET",
		}},
		{"rules name views by method expression or method value", func() []*fwk.Route {
			c := &AdminController{}
			return routes.Controller("/admin", c, routes.Rules(
				routes.Get("/", (*AdminController).Index),
				routes.Rule("/e/<int:id>", (*AdminController).Edit),
				routes.Rule("/edit2/<int:id>", c.Edit, fwk.Endpoint("admin.edit2")),
			))
		}, []string{
			"admin_controller.index /admin GET",
			"admin.edit /admin/e/<int:id> GET,POST",
			"admin.edit2 /admin/edit2/<int:id> GET,POST",
		}},
		{"nested prefixes apply inside out", func() []*fwk.Route {
			return routes.Prefix("/a", routes.Prefix("/b", routes.Func("/c", one), routes.Func("c2/", two)))
		}, []string{
			"one /a/b/c GET",
			"two /a/b/c2/ GET",
		}},
		{"tree flattens in order", func() []*fwk.Route {
			return routes.Tree(routes.Func("/one", one), nil, []*fwk.Route{nil}, routes.Get("/two", two), routes.Delete("/three", three))
		}, []string{
			"one /one GET",
			"two /two GET",
			"three /three DELETE",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sameRows(t, tt.name, rows(t, tt.got()), tt.want)
		})
	}
}

// Case 47/48: the other properties of a func route.
func TestFuncRouteProperties(t *testing.T) {
	r := routes.Func("", undecoratedView)[0]
	if got := r.Defaults(); got == nil || len(got) != 0 {
		t.Errorf("Func(undecoratedView).Defaults() = %v, want {}", got)
	}
	if !r.ShouldRegister(nil) {
		t.Errorf("Func(undecoratedView).ShouldRegister(nil) = false, want true")
	}
	if got, want := r.MethodName(), "undecoratedView"; got != want {
		t.Errorf("Func(undecoratedView).MethodName() = %q, want %q", got, want)
	}
	r = routes.Func("/a/<id>", undecoratedView, fwk.Defaults(map[string]any{"id": 1}), fwk.OnlyIf(false))[0]
	if got := r.Defaults(); len(got) != 1 || got["id"] != 1 {
		t.Errorf("Func with Defaults: Defaults() = %v, want map[id:1]", got)
	}
	if r.ShouldRegister(nil) {
		t.Errorf("Func with OnlyIf(false): ShouldRegister(nil) = true, want false")
	}
}

// Case 43: the second View of Hello keeps its own defaults.
func TestStackedViewDefaults(t *testing.T) {
	rs := routes.Controller("", &MultiRouteController{})
	if len(rs) != 2 {
		t.Fatalf("Controller(MultiRouteController) gave %d routes, want 2", len(rs))
	}
	if got := rs[0].Defaults(); len(got) != 0 {
		t.Errorf("first route Defaults() = %v, want {}", got)
	}
	if got := rs[1].Defaults(); got["param"] != "DEFAULT" {
		t.Errorf("second route Defaults() = %v, want map[param:DEFAULT]", got)
	}
}

// Rules inherit Defaults and OnlyIf from the view's declaration.
func TestRuleInheritsDefaultsAndOnlyIf(t *testing.T) {
	rs := routes.Controller("", &AdminController{}, routes.Rules(routes.Rule("/e/<int:id>", "Edit")))
	if got := rs[0].Defaults(); got["id"] != 1 {
		t.Errorf("inherited Defaults() = %v, want map[id:1]", got)
	}
	rs = routes.Controller("", &AdminController{}, routes.Rules(
		routes.Rule("/e/<int:id>", "Edit", fwk.Defaults(map[string]any{"id": 2}), fwk.OnlyIf(false))))
	if got := rs[0].Defaults(); got["id"] != 2 {
		t.Errorf("overridden Defaults() = %v, want map[id:2]", got)
	}
	if rs[0].ShouldRegister(nil) {
		t.Errorf("rule with OnlyIf(false): ShouldRegister(nil) = true, want false")
	}
}

// OnlyIfFunc receives the app.
func TestOnlyIfFunc(t *testing.T) {
	var seen []bool
	f := func(app *fwk.App) bool { seen = append(seen, app == nil); return false }
	r := routes.Func("/x", one, fwk.OnlyIfFunc(f))[0]
	if r.ShouldRegister(nil) || len(seen) != 1 || !seen[0] {
		t.Errorf("OnlyIfFunc: ShouldRegister(nil) = true or f not called with nil (calls %v)", seen)
	}
}

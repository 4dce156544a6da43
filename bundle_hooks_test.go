package fwk_test

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/testdata/hooks/app"
	"github.com/fwkgo/fwk/testdata/hooks/auto"
	"github.com/fwkgo/fwk/testdata/hooks/empty"
	"github.com/fwkgo/fwk/testdata/hooks/vendorbundle"
	"github.com/fwkgo/fwk/testdata/hooks/warning"
)

// checkServes checks that each path answers 200 with its body.
func checkServes(t *testing.T, h http.Handler, bodies map[string]string) {
	t.Helper()
	for _, path := range slices.Sorted(maps.Keys(bodies)) {
		rec := get(h, http.MethodGet, path)
		if rec.Code != http.StatusOK || rec.Body.String() != bodies[path] {
			t.Errorf("GET %s = %d %q, want 200 %q", path, rec.Code, rec.Body.String(), bodies[path])
		}
	}
}

// Case 102: explicit routes of the app bundle, including a vendor's and a
// route registered only if false.
func TestRegisterRoutesHookExplicit(t *testing.T) {
	var hook fwk.RegisterRoutesHook
	discovered, err := hook.GetExplicitRoutes(app.Bundle{})
	if err != nil {
		t.Fatalf("GetExplicitRoutes: %v", err)
	}
	if len(discovered) != 5 {
		t.Errorf("GetExplicitRoutes(app) gave %d routes, want 5", len(discovered))
	}

	a := newApp(t, vendorbundle.Bundle{}, app.Bundle{})
	want := []string{"four.view_four", "one.view_one", "three.view_three", "two.view_two"}
	if got := slices.Sorted(maps.Keys(a.ControllerBundle().Endpoints)); !slices.Equal(got, want) {
		t.Errorf("Endpoints = %q, want %q", got, want)
	}
	var registered []string
	for _, info := range a.RouteTable() {
		registered = append(registered, info.Endpoint)
	}
	slices.Sort(registered)
	if !slices.Equal(registered, want) {
		t.Errorf("registered endpoints = %q, want %q", registered, want)
	}
	checkServes(t, a, map[string]string{
		"/view-one":       "view_one rendered",
		"/two/view-two":   "view_two rendered",
		"/view-three":     "view_three rendered",
		"/four/view-four": "view_four rendered",
	})
	if rec := get(a, http.MethodGet, "/silly-condition"); rec.Code != http.StatusNotFound {
		t.Errorf("GET /silly-condition = %d, want 404 (OnlyIf(false))", rec.Code)
	}

	// Ownership by Go package: the vendor's views belong to the vendor bundle.
	cb := a.ControllerBundle()
	if got := endpointsOf(cb.BundleRoutes["vendor_bundle"]); !slices.Equal(got, []string{"four.view_four", "three.view_three"}) {
		t.Errorf(`BundleRoutes["vendor_bundle"] = %q`, got)
	}
	if got := endpointsOf(cb.BundleRoutes["app"]); !slices.Equal(got, []string{"one.view_one", "two.view_two"}) {
		t.Errorf(`BundleRoutes["app"] = %q`, got)
	}
	if len(cb.OtherRoutes) != 0 {
		t.Errorf("OtherRoutes = %q, want none", endpointsOf(cb.OtherRoutes))
	}
}

// Without the vendor bundle installed, its included routes belong to no
// bundle and are registered as other routes.
func TestRegisterRoutesHookOtherRoutes(t *testing.T) {
	a := newApp(t, app.Bundle{})
	cb := a.ControllerBundle()
	if got := endpointsOf(cb.OtherRoutes); !slices.Equal(got, []string{"four.view_four", "three.view_three"}) {
		t.Errorf("OtherRoutes = %q", got)
	}
	checkServes(t, a, map[string]string{"/view-three": "view_three rendered"})
}

func endpointsOf(rs []*fwk.Route) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Endpoint())
	}
	slices.Sort(out)
	return out
}

// Case 103: implicit routes collected from the app bundle's controllers.
func TestRegisterRoutesHookImplicit(t *testing.T) {
	a := newApp(t, vendorbundle.Bundle{}, auto.Bundle{})
	want := []string{
		"four.view_four", "site_controller.about", "site_controller.index",
		"three.view_three", "views.view_one", "views.view_two",
	}
	if got := slices.Sorted(maps.Keys(a.ControllerBundle().Endpoints)); !slices.Equal(got, want) {
		t.Errorf("Endpoints = %q, want %q", got, want)
	}
	if got := slices.Sorted(maps.Keys(a.ControllerBundle().ControllerEndpoints)); !slices.Equal(got,
		[]string{"SiteController.About", "SiteController.Index"}) {
		t.Errorf("ControllerEndpoints = %q", got)
	}
	checkServes(t, a, map[string]string{
		"/":           "index rendered",
		"/about":      "about rendered",
		"/view-one":   "view_one rendered",
		"/two":        "view_two rendered",
		"/view-three": "view_three rendered",
	})
}

// Case 104: a bundle without routes.
func TestGetExplicitRoutesWithoutRoutes(t *testing.T) {
	var hook fwk.RegisterRoutesHook
	_, err := hook.GetExplicitRoutes(empty.Bundle{})
	if !errors.Is(err, fwk.ErrNoRoutes) {
		t.Errorf("GetExplicitRoutes(empty) error = %v, want ErrNoRoutes", err)
	}
	rs, err := hook.CollectFromBundle(empty.Bundle{})
	if err != nil || len(rs) != 0 {
		t.Errorf("CollectFromBundle(empty) = %d routes, %v; want none", len(rs), err)
	}
	// An app bundle without routes is fine: nothing is served.
	a := newApp(t, empty.Bundle{})
	if n := len(a.RouteTable()); n != 0 {
		t.Errorf("RouteTable of an empty app has %d rules", n)
	}
}

func TestRegisterRoutesHookTypeCheck(t *testing.T) {
	tests := []struct {
		name string
		obj  any
		want bool
	}{
		{"controller", &auto.SiteController{}, true},
		{"route", fwk.NewRoute("/x", func(*fwk.Ctx) error { return nil }), true},
		{"nil route", (*fwk.Route)(nil), false},
		{"string", "str", false},
		{"int", 1, false},
		{"nil", nil, false},
		{"func", func() {}, false},
	}
	var hook fwk.RegisterRoutesHook
	for _, tt := range tests {
		if got := hook.TypeCheck(tt.obj); got != tt.want {
			t.Errorf("TypeCheck(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Case 105: legacy blueprints, the app bundle's first, and a warning for a
// missing one.
func TestRegisterBlueprintsHook(t *testing.T) {
	var hook fwk.RegisterBlueprintsHook
	if got := names(hook.CollectFromBundle(app.Bundle{})); !slices.Equal(got, []string{"one", "two"}) {
		t.Errorf("CollectFromBundle(app) = %q", got)
	}
	if got := names(hook.CollectFromBundle(empty.Bundle{})); len(got) != 0 {
		t.Errorf("CollectFromBundle(empty) = %q", got)
	}
	a := newApp(t, vendorbundle.Bundle{}, app.Bundle{})
	if got := names(a.Blueprints()); !slices.Equal(got, []string{"one", "two", "three", "four"}) {
		t.Errorf("registered blueprints = %q, want one two three four", got)
	}
	for _, obj := range []any{nil, "str", 1, func() {}} {
		if hook.TypeCheck(obj) {
			t.Errorf("TypeCheck(%#v) = true", obj)
		}
	}
	if !hook.TypeCheck(app.One) {
		t.Error("TypeCheck(blueprint) = false")
	}

	var logs bytes.Buffer
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	if _, err := fwk.New(cfg, warning.Bundle{}, app.Bundle{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(logs.String(), "level=WARN"); n != 1 {
		t.Errorf("warnings = %d, want 1; logs:\n%s", n, logs.String())
	}
}

func names(bps []*fwk.Blueprint) []string {
	var out []string
	for _, bp := range bps {
		out = append(out, bp.Name)
	}
	return out
}

// Blueprint handlers are served under the blueprint prefix with endpoints
// named after the blueprint.
func TestBlueprintHandlers(t *testing.T) {
	bp := fwk.NewBlueprint("legacy", "/legacy/")
	bp.HandleFunc("/ping", bpPing)
	bp.Handle("/items/<int:id>", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "item "+r.PathValue("id"))
	}), fwk.Endpoint("item"), fwk.Methods("GET", "POST"))
	a := newApp(t, blueprintBundle{bp})
	checkServes(t, a, map[string]string{"/legacy/ping": "pong", "/legacy/items/7": "item 7"})
	if rec := get(a, http.MethodPost, "/legacy/items/7"); rec.Body.String() != "item 7" {
		t.Errorf("POST /legacy/items/7 = %q", rec.Body.String())
	}
	var got []string
	for _, info := range a.RouteTable() {
		got = append(got, info.Endpoint+" "+info.Rule)
	}
	want := []string{"legacy.item /legacy/items/<int:id>", "legacy.bp_ping /legacy/ping"}
	if !slices.Equal(got, want) {
		t.Errorf("route table = %q, want %q", got, want)
	}
}

func bpPing(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "pong") }

type blueprintBundle struct{ bp *fwk.Blueprint }

func (blueprintBundle) Name() string                   { return "bp_app" }
func (b blueprintBundle) Blueprints() []*fwk.Blueprint { return []*fwk.Blueprint{b.bp} }

func TestDefaultHooks(t *testing.T) {
	var got []string
	for _, h := range fwk.DefaultHooks() {
		got = append(got, h.Name())
	}
	if want := []string{"routes", "blueprints", "bundle_blueprints"}; !slices.Equal(got, want) {
		t.Errorf("DefaultHooks names = %q, want %q", got, want)
	}
}

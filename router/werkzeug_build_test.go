package router_test

// Werkzeug's tests of defaults, values and query arguments in building
// (test_routing.py: test_double_defaults, test_adapter_url_parameter_sorting,
// test_rule_templates), ported case by case.

import (
	"fmt"
	"slices"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func TestWerkzeugDoubleDefaults(t *testing.T) {
	for _, prefix := range []string{"", "/aaa"} {
		r := newRouter(t,
			router.Rule{Path: prefix + "/", Endpoint: "x", Defaults: map[string]any{"foo": 1, "bar": false}},
			router.Rule{Path: prefix + "/<int:foo>", Endpoint: "x", Defaults: map[string]any{"bar": false}},
			router.Rule{Path: prefix + "/bar/", Endpoint: "x", Defaults: map[string]any{"foo": 1, "bar": true}},
			router.Rule{Path: prefix + "/bar/<int:foo>", Endpoint: "x", Defaults: map[string]any{"bar": true}},
		)
		checkLookups(t, r, "", []lookupCase{
			{"GET", prefix + "/", "200 x bar=false foo=1"},
			{"GET", prefix + "/2", "200 x foo=2 bar=false"},
			{"GET", prefix + "/bar/", "200 x bar=true foo=1"},
			{"GET", prefix + "/bar/2", "200 x foo=2 bar=true"},
		})
		checkBuilds(t, r, []buildCase{
			{endpoint: "x", values: []any{"foo", 1, "bar", false}, want: prefix + "/"},
			{endpoint: "x", values: []any{"foo", 2, "bar", false}, want: prefix + "/2"},
			{endpoint: "x", values: []any{"bar", false}, want: prefix + "/"},
			{endpoint: "x", values: []any{"foo", 1, "bar", true}, want: prefix + "/bar/"},
			{endpoint: "x", values: []any{"foo", 2, "bar", true}, want: prefix + "/bar/2"},
			{endpoint: "x", values: []any{"bar", true}, want: prefix + "/bar/"},
		})
	}
}

// Werkzeug sorts query arguments only with Map(sort_parameters=True), by a
// sort_key of the caller's choice. fwk always sorts them by key (stable
// for repeated keys), so that one set of values gives one URL; a custom
// order is not offered.
func TestWerkzeugAdapterURLParameterSorting(t *testing.T) {
	r := newRouter(t, rule("/", "index"))
	checkBuilds(t, r, []buildCase{
		{endpoint: "index", values: []any{"x", 20, "y", 10, "z", 30}, want: "/?x=20&y=10&z=30"},
		{endpoint: "index", values: []any{"z", 30, "y", 10, "x", 20}, want: "/?x=20&y=10&z=30"},
		{endpoint: "index", values: []any{"b", 2, "a", []any{3, 1}, "b", 1}, want: "/?a=3&a=1&b=2&b=1"},
	})
}

// RuleTemplate fills "$app" into the rules of Submount, EndpointPrefix and
// Subdomain factories. Go has no such factories: a function of app
// returning the rules is the template. The port checks what the router
// must do with the result: the same paths under several subdomains and
// the same endpoint on several rules are no conflict.
func TestWerkzeugRuleTemplates(t *testing.T) {
	template := func(app string) []router.Rule {
		var rules []router.Rule
		for _, n := range []string{"foo", "bar", "baz"} {
			rules = append(rules, rule("/test/"+app+"/"+n+"/", "handle_"+n))
		}
		rules = append(rules, rule("/"+app+"-blah", app+"bar"), rule("/"+app+"-meh", app+"baz"))
		return append(rules, subRule("/blah", "x_bar", app), subRule("/meh", "x_baz", app))
	}
	var rules []router.Rule
	for i := 1; i <= 4; i++ {
		rules = append(rules, template(fmt.Sprint("test", i))...)
	}
	r := serverRouter(t, "localhost", rules...)
	var got []string
	for _, rt := range r.Routes() {
		got = append(got, rt.Path()+" "+rt.Host()+" "+rt.Endpoint())
	}
	slices.Sort(got)
	want := []string{"/blah test1.localhost x_bar", "/blah test2.localhost x_bar", "/blah test3.localhost x_bar", "/blah test4.localhost x_bar",
		"/meh test1.localhost x_baz", "/meh test2.localhost x_baz", "/meh test3.localhost x_baz", "/meh test4.localhost x_baz"}
	for i := 1; i <= 4; i++ {
		for _, n := range []string{"bar", "baz", "foo"} {
			want = append(want, fmt.Sprintf("/test/test%d/%s/  handle_%s", i, n, n))
		}
	}
	for i := 1; i <= 4; i++ {
		want = append(want, fmt.Sprintf("/test%d-blah  test%dbar", i, i), fmt.Sprintf("/test%d-meh  test%dbaz", i, i))
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("rules:\n%q\nwant\n%q", got, want)
	}
	checkHostLookups(t, r, []hostLookup{{"test3.localhost", "/meh", "200 x_baz"}, {"localhost", "/test/test2/baz/", "200 handle_baz"}})
}

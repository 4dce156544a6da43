package router_test

// Werkzeug's tests of defaults, values and query arguments in building
// (test_routing.py: test_double_defaults, test_adapter_url_parameter_sorting,
// test_rule_templates), ported case by case.

import (
	"errors"
	"fmt"
	"slices"
	"strings"
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

// listConverter is the ListConverter of test_build_values_*: it renders a
// []any as its elements joined by '.', and refuses any other value.
type listConverter struct{}

func (listConverter) Match(s string) bool           { return s != "" }
func (listConverter) ToValue(s string) (any, error) { return strings.Split(s, "."), nil }
func (listConverter) ToURL(v any) (string, error) {
	l, ok := v.([]any)
	if !ok {
		return "", fmt.Errorf("not a list: %T", v)
	}
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = fmt.Sprint(e)
	}
	return strings.Join(parts, "."), nil
}

// Werkzeug has two tables, for a dict and for a MultiDict of values. Go has
// one kind of values, read as a MultiDict: a list of one value is that
// value, an empty list is no value, a longer list goes to the converter as
// is. So the dict rows ("int", [1]) -> TypeError and ("list", [1]) -> "/1"
// become "/1" and an error; the MultiDict table holds as it is.
func TestWerkzeugBuildValues(t *testing.T) {
	r := router.New()
	if err := r.AddConverter("list", func(router.Args) (router.Converter, error) { return listConverter{}, nil }); err != nil {
		t.Fatal(err)
	}
	for _, rl := range []router.Rule{rule("/<int:v>", "int"), rule("/<list:v>", "list"), rule("/", "index")} {
		if _, err := r.Add(rl); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		endpoint string
		value    any
		want     string // the URL, or the error it wraps
	}{
		{"int", 1, "/1"},
		{"int", nil, "missing parameter"},
		{"int", []any{1}, "/1"},
		{"int", []string{"7"}, "/7"},
		{"int", []any{}, "missing parameter"},
		{"int", []string{}, "missing parameter"},
		{"int", []any{nil}, "invalid value"},
		{"int", []any{1, 2}, "invalid value"},
		{"list", 1, "invalid value"},
		{"list", []any{1}, "invalid value"},
		{"list", []any{[]any{1}}, "/1"},
		{"list", []any{1, nil, 2}, "/1.%3Cnil%3E.2"},
		// Other keys form the query: a list repeats its key, nil is dropped.
		{"index", []any{1, nil, 2}, "/?v=1&v=2"},
		{"index", []string{"a b", "c"}, "/?v=a+b&v=c"},
		{"index", []any{}, "/"},
		{"index", []any{nil}, "/"},
	} {
		got, err := r.Build(c.endpoint, "v", c.value)
		if wantErr := map[string]error{"missing parameter": router.ErrMissingParam, "invalid value": router.ErrInvalidValue}[c.want]; wantErr != nil {
			if !errors.Is(err, wantErr) {
				t.Errorf("Build(%s, v=%#v) = %q, %v, want an error wrapping %v", c.endpoint, c.value, got, err, wantErr)
			}
		} else if err != nil || got != c.want {
			t.Errorf("Build(%s, v=%#v) = %q, %v, want %q", c.endpoint, c.value, got, err, c.want)
		}
	}
}

// suggested returns the BuildError.Suggested of building endpoint.
func suggested(t *testing.T, r *router.Router, method, endpoint string, vals ...any) *router.Route {
	t.Helper()
	_, _, err := r.AppendBuild(nil, endpoint, &router.BuildOptions{Method: method}, vals...)
	var be *router.BuildError
	if !errors.As(err, &be) || be.Endpoint != endpoint || be.Method != method {
		t.Fatalf("Build(%s %s) = %v, want a *BuildError", method, endpoint, err)
	}
	return be.Suggested
}

// test_finding_closest_match_by_method, and the Suggested rule of
// test_finding_closest_match_by_values and _when_none_exist (their
// messages are checked by TestWerkzeugErrorMessageSuggestion).
func TestWerkzeugFindingClosestMatchByMethod(t *testing.T) {
	r := newRouter(t,
		withMethods(rule("/post/", "foobar"), "POST"),
		withMethods(rule("/get/", "foobar"), "GET"),
		withMethods(rule("/put/", "foobar"), "PUT"),
	)
	for _, m := range []string{"POST", "GET", "PUT"} {
		if rt := suggested(t, r, m, "invalid"); rt == nil || rt.Path() != "/"+strings.ToLower(m)+"/" {
			t.Errorf("%s: suggested %v", m, rt)
		}
	}
	// A known endpoint: the rule serving the method that lacks fewest values.
	r = newRouter(t, withMethods(rule("/a/<id>", "e"), "POST"), withMethods(rule("/b/<id>/<x>", "e"), "GET"))
	if rt := suggested(t, r, "GET", "e"); rt == nil || rt.Path() != "/b/<id>/<x>" {
		t.Errorf("suggested %v", rt)
	}
	r = newRouter(t, rule("/user/id/<id>/", "users"), rule("/user/<slug>/", "users"), rule("/user/emails/<email>/", "users"))
	if rt := suggested(t, r, "", "x", "slug", ""); rt == nil || rt.Path() != "/user/<slug>/" {
		t.Errorf("by values: suggested %v", rt)
	}
	if rt := suggested(t, router.New(), "", "invalid"); rt != nil {
		t.Errorf("no rules: suggested %v", rt)
	}
}

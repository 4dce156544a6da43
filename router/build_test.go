package router_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func buildRouter(t *testing.T) *router.Router {
	return newRouter(t,
		router.Rule{Path: "/users/<int:id>", Endpoint: "user"},
		router.Rule{Path: "/users/<slug>/x", Endpoint: "slug"},
		router.Rule{Path: "/files/<path:p>", Endpoint: "files"},
		router.Rule{Path: "/list/", Endpoint: "list"},
		router.Rule{Path: "/list/<int:page>", Endpoint: "list"},
		router.Rule{Path: "/all/", Endpoint: "all", Defaults: map[string]any{"page": 1}},
		router.Rule{Path: "/all/page/<int:page>", Endpoint: "all"},
		router.Rule{Path: "/feed", Endpoint: "feed", Defaults: map[string]any{"format": "rss"}},
		router.Rule{Path: "/post", Endpoint: "form", Methods: []string{"POST"}},
		router.Rule{Path: "/get", Endpoint: "form"},
		router.Rule{Path: "/u/<uuid:u>/<float:f>/<any(a, b):k>", Endpoint: "typed"},
		router.Rule{Path: "/static/<path:f>", Endpoint: "static", BuildOnly: true},
		router.Rule{Path: "/f/<name>.<ext>", Endpoint: "nameext"},
		router.Rule{Path: "/a b/<x>", Endpoint: "space"},
		router.Rule{Path: "/n/<int(fixed_digits=3):n>", Endpoint: "fixed"},
	)
}

func TestBuild(t *testing.T) {
	r := buildRouter(t)
	u := [16]byte{0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3, 0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00}
	tests := []struct {
		endpoint string
		values   []any
		want     string
	}{
		{"user", []any{"id", 5}, "/users/5"},
		{"user", []any{"id", "42"}, "/users/42"},
		{"slug", []any{"slug", "a b/c"}, "/users/a%20b%2Fc/x"},
		{"slug", []any{"slug", "ä?#%&"}, "/users/%C3%A4%3F%23%25&/x"},
		{"files", []any{"p", "a/b c"}, "/files/a/b%20c"},
		{"list", nil, "/list/"},
		{"list", []any{"page", 2}, "/list/2"},
		{"all", nil, "/all/"},
		{"all", []any{"page", 1}, "/all/"},
		{"all", []any{"page", int64(1)}, "/all/"},
		{"all", []any{"page", 1.0}, "/all/"},
		{"all", []any{"page", 2}, "/all/page/2"},
		{"feed", nil, "/feed"},
		{"feed", []any{"format", "rss"}, "/feed"},
		{"form", nil, "/get"},
		{"typed", []any{"u", u, "f", 1.5, "k", "b"}, "/u/123e4567-e89b-12d3-a456-426614174000/1.5/b"},
		{"static", []any{"f", "css/site.css"}, "/static/css/site.css"},
		{"nameext", []any{"name", "a.b", "ext", "txt"}, "/f/a.b.txt"},
		{"space", []any{"x", "y"}, "/a%20b/y"},
		{"fixed", []any{"n", 7}, "/n/007"},
		{"user", []any{"id", 5, "q", "a b", "a", 1, "z", nil}, "/users/5?a=1&q=a+b"},
		{"user", []any{"id", 5, "tag", []string{"x", "y"}, "b", true}, "/users/5?b=true&tag=x&tag=y"},
		{"user", []any{"id", 5, "k&=", "v&=+#", "f", 2.5}, "/users/5?f=2.5&k%26%3D=v%26%3D%2B%23"},
		{"user", []any{"id", 5, "s", stringer("x/y?z")}, "/users/5?s=x/y?z"},
		{"user", []any{"id", 5, "l", []any{1, nil, "two"}}, "/users/5?l=1&l=two"},
		{"user", []any{"id", 5, "w", struct{ A int }{3}}, "/users/5?w=%7B3%7D"},
	}
	for _, tt := range tests {
		got, err := r.Build(tt.endpoint, tt.values...)
		if err != nil || got != tt.want {
			t.Errorf("Build(%q, %v) = %q, %v, want %q", tt.endpoint, tt.values, got, err, tt.want)
		}
	}
}

func TestAppendBuild(t *testing.T) {
	r := buildRouter(t)
	dst := []byte("https://example.com")
	out, rt, err := r.AppendBuild(dst, "user", &router.BuildOptions{Anchor: "top section#2"}, "id", 3)
	if err != nil || string(out) != "https://example.com/users/3#top%20section#2" || rt == nil || rt.Path() != "/users/<int:id>" {
		t.Errorf("AppendBuild = %q, %v, %v", out, rt, err)
	}
	tests := []struct {
		method, want string
		err          error
	}{
		{"", "/get", nil},
		{"GET", "/get", nil},
		{"HEAD", "/get", nil},
		{"POST", "/post", nil},
		{"PUT", "", router.ErrMethodNotAllowed},
	}
	for _, tt := range tests {
		out, _, err := r.AppendBuild(nil, "form", &router.BuildOptions{Method: tt.method})
		if string(out) != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("AppendBuild(form, Method %q) = %q, %v, want %q, %v", tt.method, out, err, tt.want, tt.err)
		}
	}
	out, rt, err = r.AppendBuild([]byte("keep"), "user", nil, "id", "x")
	if string(out) != "keep" || rt != nil || err == nil {
		t.Errorf("failing AppendBuild = %q, %v, %v; want dst unchanged and an error", out, rt, err)
	}
}

func TestBuildPrefersGET(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/p", Endpoint: "e", Methods: []string{"POST"}},
		router.Rule{Path: "/g", Endpoint: "e"},
	)
	if got, err := r.Build("e"); got != "/g" || err != nil {
		t.Errorf("Build(e) = %q, %v, want the GET rule", got, err)
	}
	r2 := newRouter(t, router.Rule{Path: "/p", Endpoint: "e", Methods: []string{"POST"}})
	if got, err := r2.Build("e"); got != "/p" || err != nil {
		t.Errorf("Build(e) without a GET rule = %q, %v, want /p", got, err)
	}
}

func TestBuildErrors(t *testing.T) {
	r := buildRouter(t)
	tests := []struct {
		endpoint string
		values   []any
		want     error
		msg      []string
	}{
		{"nope", nil, router.ErrUnknownEndpoint, []string{`"nope"`}},
		{"", nil, router.ErrUnknownEndpoint, nil},
		{"user", nil, router.ErrMissingParam, []string{`"id"`, `"/users/<int:id>"`}},
		{"user", []any{"id", nil}, router.ErrMissingParam, []string{`"id"`}},
		{"user", []any{"id", "x"}, router.ErrInvalidValue, []string{`"int"`, `"x"`}},
		{"user", []any{"id", -1}, router.ErrInvalidValue, []string{`"int"`, "-1"}},
		{"user", []any{"id"}, router.ErrInvalidValue, []string{"odd number"}},
		{"user", []any{5, "id"}, router.ErrInvalidValue, []string{"not a string"}},
		{"feed", []any{"format", "atom"}, router.ErrInvalidValue, []string{`"atom"`, "default"}},
		{"files", []any{"p", "a/../b"}, router.ErrInvalidValue, []string{`"path"`}},
		{"slug", []any{"slug", "."}, router.ErrInvalidValue, []string{"dot segment"}},
		{"typed", []any{"u", "nope", "f", 1.0, "k", "a"}, router.ErrInvalidValue, []string{`"uuid"`}},
		{"typed", []any{"u", [16]byte{}, "f", 1.0, "k", "c"}, router.ErrInvalidValue, []string{`"any"`}},
		{"fixed", []any{"n", 1234}, router.ErrInvalidValue, []string{"3 digits"}},
	}
	for _, tt := range tests {
		got, err := r.Build(tt.endpoint, tt.values...)
		if !errors.Is(err, tt.want) || got != "" {
			t.Errorf("Build(%q, %v) = %q, %v, want %v", tt.endpoint, tt.values, got, err, tt.want)
			continue
		}
		for _, m := range tt.msg {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("Build(%q, %v) error %q does not mention %s", tt.endpoint, tt.values, err, m)
			}
		}
		if !strings.HasPrefix(err.Error(), "fwk: build ") {
			t.Errorf("Build(%q) error %q lacks the fwk: prefix", tt.endpoint, err)
		}
	}
}

// TestBuildMatchesBack builds every rule of a router with sample values and
// matches the result back to the same rule with the same values.
func TestBuildMatchesBack(t *testing.T) {
	r := buildRouter(t)
	samples := map[string]any{"id": 12, "slug": "a b/ç", "p": "x/y z", "page": 3, "format": "rss", "u": "123e4567-e89b-12d3-a456-426614174000", "f": 0.25, "k": "a", "name": "a.b", "ext": "c", "x": "%", "n": 5}
	for _, rt := range r.Routes() {
		if rt.Rule().BuildOnly || rt.Endpoint() == "" {
			continue
		}
		var vals []any
		for _, name := range rt.ParamNames() {
			vals = append(vals, name, samples[name])
		}
		method := rt.Methods()[0]
		out, got, err := r.AppendBuild(nil, rt.Endpoint(), &router.BuildOptions{Method: method}, vals...)
		if err != nil || got != rt {
			t.Errorf("AppendBuild(%q) = %q via %v, %v; want rule %q", rt.Endpoint(), out, got, err, rt.Path())
			continue
		}
		var m router.Match
		r.Lookup(method, "", string(out), &m)
		if m.Route != rt || m.Status != 200 {
			t.Errorf("Lookup(%q) = %v (%d), want rule %q", out, m.Route, m.Status, rt.Path())
			continue
		}
		for _, name := range rt.ParamNames() {
			c := rt.Converter(name)
			want, _ := c.ToURL(samples[name])
			if got := m.Params.Get(name); got != want {
				t.Errorf("Lookup(%q) param %s = %q, want %q", out, name, got, want)
			}
		}
	}
}

// TestBuildOrderIncremental checks that the build order is the same whether
// the endpoint index is built once at the end or kept up to date by Add
// after an early Build.
func TestBuildOrderIncremental(t *testing.T) {
	rules := []router.Rule{
		{Path: "/a", Endpoint: "e"},
		{Path: "/b/<x>", Endpoint: "e"},
		{Path: "/c/<x>/<y>", Endpoint: "e", Methods: []string{"POST"}},
		{Path: "/d/<x>", Endpoint: "e", Defaults: map[string]any{"y": 1}},
		{Path: "/f/<y>", Endpoint: "f"},
		{Path: "/g/<x>", Endpoint: "e", BuildOnly: true},
	}
	args := [][]any{nil, {"x", "1"}, {"x", "1", "y", "2"}, {"x", "1", "y", 1}, {"y", "3"}}
	built := func(early int) []string {
		r := router.New()
		var out []string
		for i, rule := range rules {
			if i == early {
				s, _ := r.Build("e", "x", "0")
				out = append(out, s)
			}
			if _, err := r.Add(rule); err != nil {
				t.Fatal(err)
			}
		}
		for _, ep := range []string{"e", "f"} {
			for _, a := range args {
				s, err := r.Build(ep, a...)
				out = append(out, fmt.Sprint(s, err))
			}
			out = append(out, fmt.Sprint(r.RoutesFor(ep)))
		}
		return out
	}
	want := built(-1)
	for early := 0; early < len(rules); early++ {
		if got := built(early); !reflect.DeepEqual(got[1:], want) {
			t.Errorf("Build before rule %d: got %q, want %q", early, got[1:], want)
		}
	}
}

// TestBuildFloatValues: floats render as Python's str does (Werkzeug
// builds "?v=1.0" for 1.0), in the query and in defaults.
func TestBuildFloatValues(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/q", Endpoint: "q"},
		router.Rule{Path: "/d", Endpoint: "d", Defaults: map[string]any{"v": 2.0}},
	)
	tests := []struct {
		v    any
		want string
	}{
		{1.0, "/q?v=1.0"},
		{0.5, "/q?v=0.5"},
		{-3.0, "/q?v=-3.0"},
		{float32(1.5), "/q?v=1.5"},
		{1e16, "/q?v=1e%2B16"},
		{123456789012345.0, "/q?v=123456789012345.0"},
		{0.0001, "/q?v=0.0001"},
		{0.00001, "/q?v=1e-05"},
	}
	for _, tt := range tests {
		if got, err := r.Build("q", "v", tt.v); err != nil || got != tt.want {
			t.Errorf("Build(q, v=%v) = %q, %v, want %q", tt.v, got, err, tt.want)
		}
	}
	if got := outcome(r, "GET", "", "/d"); got != "200 d v=2.0" {
		t.Errorf("Lookup(/d) = %q, want the default as 2.0", got)
	}
}

package router_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// FuzzQuickMatch: on a router without hosts, where ServeHTTP and LookupURL
// take their quick walk for a path without escapes, both answer as Lookup
// does on the escaped path (the general matcher), with a Match reused from
// one input to the next as the router's pool reuses it.
func FuzzQuickMatch(f *testing.F) {
	for _, s := range []string{
		"/", "/users/new", "/users/42", "/users/42/", "/users/new/x", "/users/a/b/c", "/docs", "/lax", "/lax/",
		"/f/a.b.c", "/p/a/b/edit", "/t/-1.5/123e4567-e89b-12d3-a456-426614174000", "/a/y%20z/007", "/s/ab/cd",
		"//evil.com", "/a/../users/1", "/users/%00", "/users/caf%C3%A9", "/old/7", "/all/1", "/all/", "/vp/v1/a/b/",
		"/fr/x", "/en/users", "/users/%2e%2e", "/x/./y/", "/users/%2541", "/users/é", "/users//1",
	} {
		f.Add("GET", s)
	}
	f.Add("POST", "/users/1")
	f.Add("PUT", "/users/1")
	f.Add("OPTIONS", "/users/1")
	f.Add("HEAD", "/users/new")
	rules := slices.DeleteFunc(fuzzRules(), func(r router.Rule) bool { return r.Host != "" })
	r := routerOf(f, rules)
	var reused router.Match
	f.Fuzz(func(t *testing.T, method, target string) {
		u, err := url.ParseRequestURI(target)
		if err != nil || u.Host != "" || !isToken(method) {
			return
		}
		var full router.Match
		r.Lookup(method, "example.com", u.EscapedPath(), &full)
		r.LookupURL(method, "example.com", u, &reused)
		if got, want := describeMatch(&reused), describeMatch(&full); got != want {
			t.Fatalf("LookupURL(%s %q) = %s, Lookup(%q) = %s", method, target, got, u.EscapedPath(), want)
		}
		if u.RawQuery != "" || u.Fragment != "" || u.EscapedPath() != target {
			return
		}
		if got, ok := servedAs(r, method, "example.com", target); ok && full.Route != nil {
			if want := lookedUpAs(r, method, "example.com", target); !sameOutcome(got, want) {
				t.Fatalf("ServeHTTP(%s %q) = %q, Lookup = %q", method, target, got, want)
			}
		}
	})
}

// describeMatch gives every field of m a reader can see.
func describeMatch(m *router.Match) string {
	s := fmt.Sprintf("%d loc=%q host=%q allow=%q", m.Status, m.Location, m.Host, m.Allow)
	if m.Route != nil {
		s += " route=" + m.Route.String()
	}
	for i := range m.Params.Len() {
		p := m.Params.At(i)
		s += fmt.Sprintf(" %s=%q", p.Key, p.Value)
		if n, ok := m.Params.IntAt(i); ok {
			s += fmt.Sprintf("(%d)", n)
		}
	}
	if m.Status == http.StatusOK && m.Route != nil && m.Err() != nil {
		s += " err"
	}
	return s
}

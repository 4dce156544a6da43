package router_test

import (
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// Host parameters are cut as path segments are: each takes the longest
// host text of its converter's class that lets the rest match, then each
// value is checked by its converter; a refusal fails the host instead of
// making the value shorter.
func TestHostConverterChecksTheCut(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/", Endpoint: "e", Host: "<any(en, de):lang>.<site>.example.com"})
	checkHostLookups(t, r, []hostLookup{
		{"en.blog.example.com", "/", "200 e lang=en site=blog"},
		{"EN.Blog.Example.COM:80", "/", "200 e lang=en site=blog"},
		{"fr.blog.example.com", "/", "404"},
		// lang is cut as "en.blog", which any refuses (the search this
		// replaced took lang "en", site "blog.eu").
		{"en.blog.eu.example.com", "/", "404"},
	})
	// An int's class holds digits only, so the cut never reaches a dot.
	r = newRouter(t, router.Rule{Path: "/", Endpoint: "e", Host: "<a>.<int:n>.test"})
	checkHostLookups(t, r, []hostLookup{{"x.y.7.test", "/", "200 e a=x.y n=7"}})
}

// A literal may occur twice, overlapping: the search that split replaced
// skipped the second occurrence and missed this match.
func TestHostOverlappingLiteral(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/", Endpoint: "e", Host: "b-<string(minlength=3):p>.x.<string(maxlength=2):q>.ex.com"})
	checkHostLookups(t, r, []hostLookup{{"b-a-..x.x.ex.com", "/", "200 e p=a-. q=x"}})
}

// The longest host against the most parameters matches without
// allocating, even when it does not match.
func TestHostLongestZeroAlloc(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/", Endpoint: "e", Host: "<a>.<b>.<int:c>"})
	for _, host := range []string{hostileHost + "ab", strings.Repeat("a.", 127) + "7"} {
		var m router.Match
		if n := testing.AllocsPerRun(20, func() { r.Lookup("GET", host, "/", &m) }); n != 0 {
			t.Errorf("%d-byte host: %v allocations", len(host), n)
		}
	}
}

// A converter's arguments in a host may hold ':' without making the rule's
// host one with a port (the request's port was not ignored, so "en.app.test:80"
// was a 404).
func TestHostColonInConverter(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/", Endpoint: "lang", Host: "<any(en, de):lang>.app.test"},
		router.Rule{Path: "/", Endpoint: "port", Host: "app.test:<int:port>"})
	checkHostLookups(t, r, []hostLookup{
		{"en.app.test:80", "/", "200 lang lang=en"},
		{"en.app.test", "/", "200 lang lang=en"},
		{"app.test:8080", "/", "200 port port=8080"},
		{"app.test", "/", "404"},
	})
}

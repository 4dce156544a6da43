package router_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func TestPrecedence(t *testing.T) {
	// Registered in the "wrong" order on purpose: precedence must not
	// depend on registration order.
	r := newRouter(t,
		router.Rule{Path: "/users/<path:rest>", Endpoint: "path"},
		router.Rule{Path: "/users/<slug>", Endpoint: "slug"},
		router.Rule{Path: "/users/<slug>/x", Endpoint: "slugx"},
		router.Rule{Path: "/users/<int:id>", Endpoint: "int"},
		router.Rule{Path: "/users/new", Endpoint: "new"},
		router.Rule{Path: "/users/<any(me, you):who>", Endpoint: "any"},
		router.Rule{Path: "/users/<uuid:u>", Endpoint: "uuid"},
		router.Rule{Path: "/users/<float:f>", Endpoint: "float"},
		router.Rule{Path: "/f/<name>.<ext>", Endpoint: "nameext"},
		router.Rule{Path: "/f/<name>", Endpoint: "name"},
		router.Rule{Path: "/f/v<int:n>", Endpoint: "vn"},
		router.Rule{Path: "/p/<path:p>/edit", Endpoint: "pedit"},
		router.Rule{Path: "/p/<path:p>", Endpoint: "p"},
		router.Rule{Path: "/p/<path:a>/x/<path:b>", Endpoint: "pxp"},
		router.Rule{Path: "/g/<a>-<b>", Endpoint: "greedy"},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/users/new", "200 new"},
		{"GET", "/users/42", "200 int id=42"},
		{"GET", "/users/4.5", "200 float f=4.5"},
		{"GET", "/users/me", "200 any who=me"},
		{"GET", "/users/123e4567-e89b-12d3-a456-426614174000", "200 uuid u=123e4567-e89b-12d3-a456-426614174000"},
		{"GET", "/users/bob", "200 slug slug=bob"},
		{"GET", "/users/new/x", "200 slugx slug=new"},
		{"GET", "/users/42/x", "200 slugx slug=42"},
		{"GET", "/users/new/y", "200 path rest=new/y"},
		{"GET", "/users/a/b/c", "200 path rest=a/b/c"},
		{"GET", "/f/a.b.c", "200 nameext name=a.b ext=c"},
		{"GET", "/f/abc", "200 name name=abc"},
		{"GET", "/f/v12", "200 vn n=12"},
		{"GET", "/f/vx", "200 name name=vx"},
		{"GET", "/f/.x", "200 name name=.x"},
		{"GET", "/p/a/b/edit", "200 pedit p=a/b"},
		{"GET", "/p/a/edit/b/edit", "200 pedit p=a/edit/b"},
		{"GET", "/p/a/b", "200 p p=a/b"},
		{"GET", "/p/a/x/b/x/c", "200 pxp a=a b=b/x/c"},
		{"GET", "/g/a-b-c", "200 greedy a=a-b b=c"},
		{"GET", "/g/a", "404"},
	})
}

func TestMethods(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/items/<int:id>", Endpoint: "get"},
		router.Rule{Path: "/items/<int:id>", Endpoint: "post", Methods: []string{"POST"}},
		router.Rule{Path: "/items/<int:id>", Endpoint: "head", Methods: []string{"HEAD"}},
		router.Rule{Path: "/other", Endpoint: "other", Methods: []string{"PUT", "PURGE"}},
		router.Rule{Path: "/opt", Endpoint: "opt", Methods: []string{"OPTIONS", "GET"}},
		router.Rule{Path: "/getonly", Endpoint: "g"},
		// A method mismatch on the static branch backtracks to the
		// dynamic one, as in Werkzeug.
		router.Rule{Path: "/m/new", Endpoint: "mnew", Methods: []string{"POST"}},
		router.Rule{Path: "/m/<slug>", Endpoint: "mslug"},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/items/1", "200 get id=1"},
		{"HEAD", "/items/1", "200 head id=1"},
		{"POST", "/items/1", "200 post id=1"},
		{"DELETE", "/items/1", "405 GET, HEAD, POST"},
		{"get", "/items/1", "405 GET, HEAD, POST"},
		{"OPTIONS", "/items/1", "200 GET, HEAD, POST"},
		{"HEAD", "/getonly", "200 g"},
		{"POST", "/getonly", "405 GET, HEAD"},
		{"PURGE", "/other", "200 other"},
		{"purge", "/other", "405 PURGE, PUT"},
		{"GET", "/other", "405 PURGE, PUT"},
		{"OPTIONS", "/other", "200 PURGE, PUT"},
		{"OPTIONS", "/opt", "200 opt"},
		{"GET", "/m/new", "200 mslug slug=new"},
		{"POST", "/m/new", "200 mnew"},
		{"PUT", "/m/new", "405 GET, HEAD, POST"},
		{"PUT", "/m/x", "405 GET, HEAD"},
		{"GET", "/nothing", "404"},
	})
	r.HandleOPTIONS = false
	r.HandleMethodNotAllowed = false
	checkLookups(t, r, "", []lookupCase{
		{"OPTIONS", "/items/1", "404"},
		{"DELETE", "/items/1", "404"},
		{"OPTIONS", "/opt", "200 opt"},
	})
	r.HandleMethodNotAllowed = true
	checkLookups(t, r, "", []lookupCase{{"OPTIONS", "/items/1", "405 GET, HEAD, POST"}})
}

func TestTrailingSlashes(t *testing.T) {
	f := false
	r := newRouter(t,
		router.Rule{Path: "/docs/", Endpoint: "docs", Methods: []string{"GET", "POST"}},
		router.Rule{Path: "/getdocs/", Endpoint: "getdocs"},
		router.Rule{Path: "/items/<id>", Endpoint: "item"},
		router.Rule{Path: "/lax/", Endpoint: "lax", StrictSlashes: &f},
		router.Rule{Path: "/lax2", Endpoint: "lax2", StrictSlashes: &f},
		router.Rule{Path: "/both", Endpoint: "both"},
		router.Rule{Path: "/both/", Endpoint: "both/"},
		router.Rule{Path: "/files/<path:p>/", Endpoint: "dir"},
		router.Rule{Path: "/tree/<path:p>", Endpoint: "tree", StrictSlashes: &f},
		router.Rule{Path: "/", Endpoint: "root"},
		router.Rule{Path: "/<page>", Endpoint: "page"},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/docs/", "200 docs"},
		{"GET", "/docs", "308 /docs/"},
		{"POST", "/docs", "308 /docs/"},
		{"POST", "/getdocs", "405 GET, HEAD"},
		{"DELETE", "/getdocs", "405 GET, HEAD"},
		{"GET", "/items/42", "200 item id=42"},
		{"GET", "/items/42/", "404"},
		{"GET", "/lax", "200 lax"},
		{"GET", "/lax/", "200 lax"},
		{"GET", "/lax2/", "200 lax2"},
		{"GET", "/lax2", "200 lax2"},
		{"GET", "/both", "200 both"},
		{"GET", "/both/", "200 both/"},
		{"GET", "/files/a/b/", "200 dir p=a/b"},
		{"GET", "/files/a/b", "308 /files/a/b/"},
		{"GET", "/tree/a/b/", "200 tree p=a/b/"}, // Werkzeug keeps the slash
		{"GET", "/", "200 root"},
		{"GET", "", "200 root"},
		{"GET", "/x", "200 page page=x"},
		{"GET", "/x/", "404"},
	})
	r.RedirectTrailingSlash = false
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/docs", "200 page page=docs"},
		{"GET", "/files/a/b", "404"},
		{"GET", "/lax", "200 lax"},
	})
}

func TestCleanPathRedirects(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/b", Endpoint: "b"},
		router.Rule{Path: "/items/<int:id>", Endpoint: "item"},
		router.Rule{Path: "/admin/", Endpoint: "admin"},
		router.Rule{Path: "/dir/", Endpoint: "dir"},
		router.Rule{Path: "/files/<path:p>", Endpoint: "files"},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/a/../b", "308 /b"},
		{"GET", "/./b", "308 /b"},
		{"GET", "//items/42", "308 /items/42"},
		{"GET", "/items//42", "308 /items/42"},
		{"POST", "//items/42", "308 /items/42"},
		{"GET", "/./admin/", "308 /admin/"},
		{"GET", "/x/../dir", "308 /dir/"},
		{"GET", "/files/a/../b", "308 /files/b"},
		{"GET", "/files/a//b", "200 files p=a//b"}, // Werkzeug: a path value keeps "//"
		{"GET", "/files/./a", "308 /files/a"},
		{"GET", "/a/../nothing", "404"},
		{"GET", "/items/..", "404"},
		{"GET", "/items/.", "404"},
	})
	r.RedirectCleanPath = false
	checkLookups(t, r, "", []lookupCase{{"GET", "/a/../b", "404"}})
}

func TestEscapedRouting(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/items/<id>", Endpoint: "item"},
		router.Rule{Path: "/items/<a>/<b>", Endpoint: "two"},
		router.Rule{Path: "/files/<path:p>", Endpoint: "files"},
		router.Rule{Path: "/a b/c", Endpoint: "space"},
		router.Rule{Path: "/pct/100%", Endpoint: "pct"},
		router.Rule{Path: "/f/<name>.txt", Endpoint: "txt"},
	)
	checkLookups(t, r, "", []lookupCase{
		// /items/a/b reaches "two": the encoded slash may not reach "item".
		{"GET", "/items/a%2Fb", "404"},
		{"GET", "/items/a%2fb", "404"},
		{"GET", "/items/a%2Fb%2Fc", "200 item id=a/b/c"}, // /items/a/b/c routes nowhere
		{"GET", "/items/a/b", "200 two a=a b=b"},
		{"GET", "/items/caf%C3%A9", "200 item id=café"},
		{"GET", "/items/café", "200 item id=café"},
		{"GET", "/items/%252e%252e", "200 item id=%2e%2e"},
		{"GET", "/files/a%2Fb/c", "200 files p=a/b/c"},
		{"GET", "/a%20b/c", "200 space"},
		{"GET", "/a b/c", "200 space"},
		{"GET", "/%61%20b/%63", "200 space"},
		{"GET", "/pct/100%25", "200 pct"},
		{"GET", "/f/a%2Etxt", "200 txt name=a"},
		{"GET", "/f/a%2Ftxt", "404"},
		{"GET", "/items/%2e%2e", "404"},
		{"GET", "/items/%2E", "404"},
		{"GET", "/files/a%2F..%2Fb", "404"},
		{"GET", "/items/%00", "400"},
		{"GET", "/items/%ff", "400"},
		{"GET", "/items/\xff\xfe", "400"},
		{"GET", "/items/a\x00b", "400"},
		{"GET", "/items/%zz", "400"},
		{"GET", "/items/%4", "400"},
		{"GET", "/files/ok/%C0%AF", "400"},
	})
}

func TestHosts(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/", Endpoint: "any"},
		router.Rule{Path: "/", Endpoint: "api", Host: "API.example.com"},
		router.Rule{Path: "/", Endpoint: "api8080", Host: "api.example.com:8080"},
		router.Rule{Path: "/only", Endpoint: "only", Host: "a.example.com"},
		router.Rule{Path: "/v6", Endpoint: "v6", Host: "[::1]"},
	)
	tests := []struct{ host, path, want string }{
		{"example.com", "/", "200 any"},
		{"api.example.com", "/", "200 api"},
		{"API.EXAMPLE.COM:443", "/", "200 api"},
		{"api.example.com:8080", "/", "200 api8080"},
		{"a.example.com", "/only", "200 only"},
		{"a.example.com:81", "/only", "200 only"},
		{"b.example.com", "/only", "404"},
		{"[::1]:8080", "/v6", "200 v6"},
		{"[::2]", "/v6", "404"},
	}
	for _, tt := range tests {
		if got := outcome(r, "GET", tt.host, tt.path); got != tt.want {
			t.Errorf("Lookup(GET %s%s) = %q, want %q", tt.host, tt.path, got, tt.want)
		}
	}
	if got := outcome(r, "POST", "b.example.com", "/only"); got != "404" {
		t.Errorf("POST on another host's rule = %q, want 404", got)
	}
	if got := outcome(r, "POST", "a.example.com", "/only"); got != "405 GET, HEAD" {
		t.Errorf("POST on the host's rule = %q, want 405", got)
	}
}

func TestDefaultsAndRedirects(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/all/", Endpoint: "all", Defaults: map[string]any{"page": 1}},
		router.Rule{Path: "/all/page/<int:page>", Endpoint: "all"},
		router.Rule{Path: "/feed", Endpoint: "feed", Defaults: map[string]any{"format": "rss", "n": 10}},
		router.Rule{Path: "/old/<int:id>", RedirectTo: "/new/<int:id>"},
		router.Rule{Path: "/oldslug/<slug>", RedirectTo: "/n/<slug>/<format>", Defaults: map[string]any{"format": "a b"}},
		router.Rule{Path: "/new/<int:id>", Endpoint: "new"},
		router.Rule{Path: "/static/<path:f>", Endpoint: "static", BuildOnly: true},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/all/", "200 all page=1"},
		{"GET", "/all/page/1", "308 /all/"},
		{"GET", "/all/page/01", "308 /all/"},
		{"GET", "/all/page/2", "200 all page=2"},
		{"GET", "/feed", "200 feed format=rss n=10"},
		{"GET", "/old/007", "308 /new/7"},
		{"GET", "/oldslug/x%2Fy", "308 /n/x%2Fy/a%20b"},
		{"GET", "/static/a.css", "404"},
	})
	var m router.Match
	r.Lookup("GET", "", "/old/7", &m)
	if m.Route == nil || m.Route.Rule().RedirectTo != "/new/<int:id>" || m.Params.Get("id") != "7" {
		t.Errorf("Lookup(/old/7) route = %v, id = %q; want the redirecting rule and its params", m.Route, m.Params.Get("id"))
	}
	r.RedirectDefaults = false
	checkLookups(t, r, "", []lookupCase{{"GET", "/all/page/1", "200 all page=1"}})
}

func TestParamsAccess(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/<a>/<b>", Endpoint: "ab", Defaults: map[string]any{"c": 3.5, "d": nil}})
	var m router.Match
	r.Lookup("GET", "", "/x/y", &m)
	ps := &m.Params
	if ps.Len() != 4 || ps.Get("a") != "x" || ps.Get("b") != "y" || ps.Get("c") != "3.5" {
		t.Errorf("Params = %d %q %q %q", ps.Len(), ps.Get("a"), ps.Get("b"), ps.Get("c"))
	}
	if v, ok := ps.Lookup("d"); !ok || v != "" {
		t.Errorf("Lookup(d) = %q, %v, want \"\", true", v, ok)
	}
	if _, ok := ps.Lookup("zz"); ok || ps.Get("zz") != "" {
		t.Error("Lookup(zz) found a value")
	}
	if p := ps.At(0); p != (router.Param{Key: "a", Value: "x"}) {
		t.Errorf("At(0) = %v", p)
	}
	if p := ps.At(9); p != (router.Param{}) || ps.At(-1) != (router.Param{}) {
		t.Errorf("At(out of range) = %v", p)
	}
	ps.Reset()
	if ps.Len() != 0 || ps.Get("a") != "" {
		t.Errorf("after Reset: Len %d, a %q", ps.Len(), ps.Get("a"))
	}
	// A failed lookup leaves no parameters behind.
	r.Lookup("GET", "", "/x/y", &m)
	r.Lookup("GET", "", "/nope", &m)
	if m.Params.Len() != 0 || m.Route != nil || m.Err() != router.ErrNotFound {
		t.Errorf("after a miss: %d params, route %v, err %v", m.Params.Len(), m.Route, m.Err())
	}
}

func TestManyParams(t *testing.T) {
	const n = 40
	var rule, path strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&rule, "/<p%d>", i)
		fmt.Fprintf(&path, "/v%d", i)
	}
	r := newRouter(t, router.Rule{Path: rule.String(), Endpoint: "many"})
	var m router.Match
	for round := 0; round < 2; round++ {
		r.Lookup("GET", "", path.String(), &m)
		if m.Status != http.StatusOK || m.Params.Len() != n {
			t.Fatalf("Lookup = %d with %d params, want 200 with %d", m.Status, m.Params.Len(), n)
		}
		for i := 0; i < n; i++ {
			if p := m.Params.At(i); p.Key != fmt.Sprintf("p%d", i) || p.Value != fmt.Sprintf("v%d", i) {
				t.Errorf("At(%d) = %v", i, p)
			}
		}
	}
	if got := m.Params.Get("p39"); got != "v39" {
		t.Errorf("Get(p39) = %q", got)
	}
}

func TestMatchErr(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/a/<x>", Endpoint: "a"}, router.Rule{Path: "/d/", Endpoint: "d"})
	tests := []struct {
		method, path string
		want         error
	}{
		{"GET", "/a/1", nil},
		{"GET", "/d", nil},
		{"POST", "/a/1", router.ErrMethodNotAllowed},
		{"GET", "/a/%00", router.ErrBadRequest},
		{"GET", "/zz", router.ErrNotFound},
		{"GET", "*", router.ErrNotFound},
	}
	for _, tt := range tests {
		var m router.Match
		r.Lookup(tt.method, "", tt.path, &m)
		if got := m.Err(); got != tt.want {
			t.Errorf("Lookup(%s %q).Err() = %v, want %v", tt.method, tt.path, got, tt.want)
		}
	}
}

// TestOrderIndependence registers the same rules in several orders and
// expects the same answers: precedence never depends on registration order.
func TestOrderIndependence(t *testing.T) {
	f := false
	rules := []router.Rule{
		{Path: "/users/new", Endpoint: "new"},
		{Path: "/users/<int:id>", Endpoint: "int"},
		{Path: "/users/<slug>", Endpoint: "slug"},
		{Path: "/users/<slug>/x", Endpoint: "slugx"},
		{Path: "/users/<path:rest>", Endpoint: "rest"},
		{Path: "/users/<any(a, b):k>", Endpoint: "any"},
		{Path: "/users/v<int:n>", Endpoint: "vn"},
		{Path: "/users/<a>.<b>", Endpoint: "dot"},
		{Path: "/docs/", Endpoint: "docs"},
		{Path: "/<page>", Endpoint: "page"},
		{Path: "/lax/", Endpoint: "lax", StrictSlashes: &f},
		{Path: "/m/<x>", Endpoint: "mget"},
		{Path: "/m/<int:x>", Endpoint: "mpost", Methods: []string{"POST"}},
	}
	paths := []string{"/users/new", "/users/7", "/users/bob", "/users/new/x", "/users/a", "/users/v2", "/users/a.b",
		"/users/x/y/z", "/docs", "/docs/", "/about", "/lax", "/m/5", "/nothing/here/at/all"}
	want := map[string]string{}
	r0 := newRouter(t, rules...)
	for _, p := range paths {
		for _, method := range []string{"GET", "POST"} {
			want[method+p] = outcome(r0, method, "", p)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 20; round++ {
		perm := append([]router.Rule(nil), rules...)
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		r := newRouter(t, perm...)
		for _, p := range paths {
			for _, method := range []string{"GET", "POST"} {
				if got := outcome(r, method, "", p); got != want[method+p] {
					t.Errorf("round %d: Lookup(%s %s) = %q, want %q", round, method, p, got, want[method+p])
				}
			}
		}
	}
}

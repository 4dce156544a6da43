package router_test

// Werkzeug's host and subdomain tests (test_routing.py: TestHostMatching,
// TestSubdomainMatching, test_request_redirect_default_subdomain,
// test_build_url_same_endpoint_multiple_hosts), ported case by case.

import (
	"errors"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// hostRule is a rule restricted to host.
func hostRule(path, endpoint, host string) router.Rule {
	return router.Rule{Path: path, Endpoint: endpoint, Host: host}
}

// subRule is a rule restricted to a subdomain of the server name.
func subRule(path, endpoint, sub string) router.Rule {
	return router.Rule{Path: path, Endpoint: endpoint, Subdomain: sub}
}

// serverRouter is newRouter with Router.ServerName set.
func serverRouter(t *testing.T, server string, rules ...router.Rule) *router.Router {
	t.Helper()
	r := router.New()
	r.ServerName = server
	for _, rule := range rules {
		if _, err := r.Add(rule); err != nil {
			t.Fatalf("Add(%q) = %v", rule.Path, err)
		}
	}
	return r
}

func TestWerkzeugHostMatching(t *testing.T) {
	page := hostRule("/page/", "page", "app.<domain>")
	page.Defaults = map[string]any{"page": 1}
	r := newRouter(t,
		hostRule("/", "index", "app.test"),
		hostRule("/", "lang", "<lang>.app.test"),
		page,
		hostRule("/page/<int:page>/", "page", "pages.<domain>"),
	)
	checkHostLookups(t, r, []hostLookup{
		{"app.test", "/", "200 index"},
		{"somewhere.test", "/", "404"},
		{"en.app.test", "/", "200 lang lang=en"},
		{"EN.App.Test:8080", "/", "200 lang lang=en"},
		{"app.personal.test", "/page/", "200 page domain=personal.test page=1"},
		// test_match_redirect_trailing_slash: same host, path-only Location.
		{"app.other.test", "/page", "308 /page/"},
		{"pages.other.test", "/page/2/", "200 page page=2 domain=other.test"},
		{"pages.other.test", "/page/", "404"},
	})
	// test_match_redirect_defaults: /page/1/ on pages.<domain> is the
	// default of app.<domain>'s /page/, on another host.
	w := serve(r, "GET", "/page/1/", "pages.other.test")
	if w.Code != 308 || w.Header().Get("Location") != "http://app.other.test/page/" {
		t.Errorf("defaults redirect = %d %q", w.Code, w.Header().Get("Location"))
	}
	checkHostBuilds(t, r, []hostBuild{
		{"app.test", "index", nil, "/", ""},
		{"pages.other.test", "index", nil, "/", "app.test"}, // test_build_other_host
		{"app.personal.test", "page", []any{"domain", "personal.test"}, "/page/", ""},
		{"app.test", "page", []any{"domain", "personal.test"}, "/page/", "app.personal.test"},
		{"app.test", "lang", []any{"lang", "de"}, "/", "de.app.test"},
		{"fr.app.test", "page", []any{"domain", "x.test", "page", 3}, "/page/3/", "pages.x.test"},
		{"app.x.test", "page", []any{"domain", "x.test"}, "/page/", ""},
		{"app.y.test", "page", []any{"domain", "x.test"}, "/page/", "app.x.test"},
	})
}

func TestWerkzeugSubdomainMatching(t *testing.T) {
	r := serverRouter(t, "app.test",
		rule("/", "index"),
		subRule("/", "static", "static"),
		subRule("/<word>", "lookup", "<lang>"),
	)
	checkHostLookups(t, r, []hostLookup{
		{"app.test", "/", "200 index"},
		{"static.app.test", "/", "200 static"},
		{"jp.app.test", "/%E9%81%93%E5%85%B7", "200 lookup word=道具 lang=jp"},
		// test_warn_other_domain: any other host gets the host-less rules.
		{"static.other.test", "/", "200 index"},
		{"jp.other.test", "/x", "404"},
	})
	if _, err := router.New().Add(subRule("/", "x", "a")); !errors.Is(err, router.ErrBadRule) {
		t.Errorf("Subdomain without ServerName: %v", err)
	}
	both := subRule("/", "x", "a")
	both.Host = "b.test"
	fresh := router.New()
	fresh.ServerName = "app.test"
	if _, err := fresh.Add(both); !errors.Is(err, router.ErrBadRule) {
		t.Errorf("Host and Subdomain: %v", err)
	}
}

func TestWerkzeugRequestRedirectDefaultSubdomain(t *testing.T) {
	foo := subRule("/foo", "foo", "test")
	foo.Defaults = map[string]any{"bar": 42}
	r := serverRouter(t, "localhost", foo, subRule("/foo/<int:bar>", "foo", "other"))
	w := serve(r, "GET", "/foo/42", "other.localhost")
	if w.Code != 308 || w.Header().Get("Location") != "http://test.localhost/foo" {
		t.Errorf("redirect = %d %q", w.Code, w.Header().Get("Location"))
	}
}

// TestDefaultSubdomain: the rules of TestSubdomainMatching under
// Map(default_subdomain="static"). Werkzeug's explicit subdomain="" (the
// bare server name) is Host: ServerName.
func TestWerkzeugDefaultSubdomain(t *testing.T) {
	r := router.New()
	r.ServerName, r.DefaultSubdomain = "app.test", "static"
	var static *router.Route
	for _, rl := range []router.Rule{hostRule("/", "index", "app.test"), rule("/", "static"), subRule("/<word>", "lookup", "<lang>")} {
		rt, err := r.Add(rl)
		if err != nil {
			t.Fatal(err)
		}
		if rl.Endpoint == "static" {
			static = rt
		}
	}
	if static.Host() != "static.app.test" {
		t.Errorf("static rule host %q", static.Host())
	}
	checkHostLookups(t, r, []hostLookup{
		{"app.test", "/", "200 index"},
		{"static.app.test", "/", "200 static"},
		{"jp.app.test", "/%E9%81%93%E5%85%B7", "200 lookup word=道具 lang=jp"},
		// test_warn_other_domain: a host outside the server name gets the
		// default subdomain's rules.
		{"other.test", "/", "200 static"},
		{"127.0.0.1:5000", "/", "200 static"},
		{"xapp.test", "/", "200 static"},
		{"other.test", "/x", "200 lookup word=x lang=static"},
		// Under the server name, another subdomain has no default.
		{"www.app.test", "/", "404"},
	})
	fresh := router.New()
	fresh.DefaultSubdomain = "static"
	if _, err := fresh.Add(rule("/", "x")); !errors.Is(err, router.ErrBadRule) || !strings.Contains(err.Error(), "DefaultSubdomain") {
		t.Errorf("DefaultSubdomain without ServerName: %v", err)
	}
}

// A Host rule outside the server name keeps its host; the default
// subdomain serves what it does not.
func TestDefaultSubdomainForeignHosts(t *testing.T) {
	r := router.New()
	r.ServerName, r.DefaultSubdomain = "app.test", "www"
	for _, rl := range []router.Rule{rule("/", "home"), rule("/docs/", "docs"), hostRule("/", "api", "api.other.test")} {
		if _, err := r.Add(rl); err != nil {
			t.Fatal(err)
		}
	}
	checkHostLookups(t, r, []hostLookup{
		{"api.other.test", "/", "200 api"},
		{"api.other.test", "/docs/", "200 docs"},
		{"api.other.test", "/docs", "308 /docs/"},
		{"WWW.APP.TEST", "/docs", "308 /docs/"},
		{"app.test", "/docs/", "404"},
	})
	if w := serve(r, "POST", "/", "10.0.0.1"); w.Code != 405 {
		t.Errorf("POST on an address: %d", w.Code)
	}
}

func TestWerkzeugServerNameCasing(t *testing.T) {
	r := serverRouter(t, "example.com", subRule("/", "index", "foo"))
	checkHostLookups(t, r, []hostLookup{
		{"FOO.EXAMPLE.COM", "/", "200 index"},
		{"Foo.Example.Com:80", "/", "200 index"},
		// Reached by address, the host is not under the server name.
		{"127.0.0.1:5000", "/", "404"},
	})
}

// An alias on one host redirects to its endpoint's rule on another.
func TestHostAliasRedirect(t *testing.T) {
	alias := hostRule("/index.html", "home", "<lang>.old.test")
	alias.Alias = true
	r := newRouter(t, hostRule("/", "home", "<lang>.new.test"), alias)
	w := serve(r, "GET", "/index.html", "de.old.test")
	if w.Code != 308 || w.Header().Get("Location") != "http://de.new.test/" {
		t.Errorf("alias redirect = %d %q", w.Code, w.Header().Get("Location"))
	}
	checkHostLookups(t, r, []hostLookup{{"de.new.test", "/", "200 home lang=de"}, {"de.new.test", "/index.html", "404"}})
}

func TestWerkzeugBuildURLSameEndpointMultipleHosts(t *testing.T) {
	r := newRouter(t,
		hostRule("/", "index", "alpha.example.com"),
		hostRule("/", "index", "beta.example.com"),
		hostRule("/", "gamma", "gamma.example.com"),
	)
	checkHostBuilds(t, r, []hostBuild{
		{"alpha.example.com", "index", nil, "/", ""},
		{"alpha.example.com", "gamma", nil, "/", "gamma.example.com"},
		{"AlPhA.ExAmPlE.CoM", "index", nil, "/", ""},
		{"AlPhA.ExAmPlE.CoM", "gamma", nil, "/", "gamma.example.com"},
		{"beta.example.com", "index", nil, "/", ""},
		{"BeTa.ExAmPlE.CoM", "index", nil, "/", ""},
	})
}

// hostBuild builds endpoint with values for a request to current: want is
// the path and wantHost the host of the rule used when it is not current
// ("" when it is).
type hostBuild struct {
	current, endpoint string
	values            []any
	want, wantHost    string
}

func checkHostBuilds(t *testing.T, r *router.Router, cases []hostBuild) {
	t.Helper()
	for _, c := range cases {
		b, rt, err := r.AppendBuild(nil, c.endpoint, &router.BuildOptions{Host: c.current}, c.values...)
		if err != nil {
			t.Errorf("build %s on %s: %v", c.endpoint, c.current, err)
			continue
		}
		host, err := rt.BuildHost(c.current, c.values...)
		if err != nil {
			t.Errorf("BuildHost(%s): %v", c.endpoint, err)
		}
		if string(b) != c.want || host != c.wantHost {
			t.Errorf("build %s on %s = %q on %q, want %q on %q", c.endpoint, c.current, b, host, c.want, c.wantHost)
		}
	}
}

func TestHostRuleErrors(t *testing.T) {
	for _, host := range []string{
		"<a><b>.test",          // parameters must be separated
		"<path:p>.test",        // spans '/'
		"<a>.<b>.<c>.<d>.test", // too many
		"<id>.test",            // duplicate of the path's parameter
		"bad host.test",
		"<a.test",
		"é.test",
	} {
		if _, err := router.New().Add(hostRule("/<id>", "x", host)); !errors.Is(err, router.ErrBadRule) {
			t.Errorf("host %q: %v", host, err)
		}
	}
}

func TestHostParamsHostile(t *testing.T) {
	r := newRouter(t, hostRule("/", "lang", "<lang>.app.test"), hostRule("/", "two", "<a>.<b>.two.test"), rule("/", "index"))
	long := strings.Repeat("a.", 200) + "two.test"
	checkHostLookups(t, r, []hostLookup{
		{"evil.com/x.app.test", "/", "200 index"},
		{"a_b.app.test", "/", "200 index"},
		{".app.test", "/", "200 index"},
		{long, "/", "200 index"},
		{"x.y.z.two.test", "/", "200 two a=x.y b=z"},
		{strings.Repeat("a.", 100) + "two.test", "/", "200 two a=" + strings.Repeat("a.", 98) + "a b=a"},
	})
}

// hostLookup is a GET of path on host and its outcome.
type hostLookup struct{ host, path, want string }

func checkHostLookups(t *testing.T, r *router.Router, cases []hostLookup) {
	t.Helper()
	for _, c := range cases {
		if got := outcome(r, "GET", c.host, c.path); got != c.want {
			t.Errorf("Lookup(%.40s %s) = %.80q, want %.80q", c.host, c.path, got, c.want)
		}
	}
}

// FuzzHostMatch matches hostile hosts against host patterns: no panic, and
// a captured host value is host text.
func FuzzHostMatch(f *testing.F) {
	for _, s := range []string{"en.app.test", "x.y.z.two.test", "a/b.app.test", "EN.APP.TEST:80", "..two.test"} {
		f.Add(s)
	}
	r := newRouter(f, hostRule("/", "lang", "<lang>.app.test"), hostRule("/", "two", "<a>.<int:b>.two.test"))
	f.Fuzz(func(t *testing.T, host string) {
		var m router.Match
		r.Lookup("GET", host, "/", &m)
		for i := range m.Params.Len() {
			v := m.Params.At(i).Value
			if v == "" || strings.Trim(v, "abcdefghijklmnopqrstuvwxyz0123456789-.") != "" {
				t.Fatalf("host %q: param %q", host, v)
			}
		}
	})
}

func TestServesHost(t *testing.T) {
	r := newRouter(t, hostRule("/", "lang", "<lang>.app.test"), hostRule("/", "api", "api.test:8080"), rule("/x", "x"))
	for host, want := range map[string]bool{
		"en.app.test": true, "EN.APP.TEST:443": true, "app.test": false, "a/b.app.test": false,
		"api.test:8080": true, "api.test": false, "other.test": false, "": false,
	} {
		if got := r.ServesHost(host); got != want {
			t.Errorf("ServesHost(%q) = %v, want %v", host, got, want)
		}
	}
}

// A lower-case request host with parameters matches without allocating.
func TestHostParamsZeroAlloc(t *testing.T) {
	r := newRouter(t, hostRule("/docs/<page>", "docs", "<lang>.app.test"), rule("/x", "x"))
	var m router.Match
	n := testing.AllocsPerRun(200, func() { r.Lookup("GET", "de.app.test:8080", "/docs/intro", &m) })
	if n != 0 || m.Params.Get("lang") != "de" || m.Params.Get("page") != "intro" {
		t.Errorf("%v allocations, lang %q page %q", n, m.Params.Get("lang"), m.Params.Get("page"))
	}
}

package router_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fwkgo/fwk/router"
)

// FuzzParseRule: Add never panics, refusals are *RuleError values with a
// sane offset, and an accepted rule is accepted again by a fresh router
// with the same parameters. ParseRule agrees with Add (see
// checkParseRule).
func FuzzParseRule(f *testing.F) {
	for _, s := range []string{
		"/", "/users/<int:id>", "/<a>/<b>", "/<string(length=2):x>", "/<int(4, max=9999, signed=True):n>",
		"/p/<path:rest>/edit/", "/f/<n>.<e>", "/<any(a, 'b c', \"d)\"):k>", "/<float(min=-1.5):f>", "/<uuid:u>",
		"/a//b", "/<", "/<int(", "/<int(min=):x>", "/./x", "/a\x00", "/<x><y>", "/v<int:n>-<int:m>", "/é/<é>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rule string) {
		r := router.New()
		rt, err := r.Add(router.Rule{Path: rule, Endpoint: "e"})
		checkParseRule(t, rule, rt)
		if err != nil {
			var re *router.RuleError
			if !errors.As(err, &re) || re.Rule != rule || re.Offset < -1 || re.Offset > len(rule) {
				t.Fatalf("Add(%q) = %#v: want a *RuleError with an offset in the rule", rule, err)
			}
			if !errors.Is(err, router.ErrBadRule) && !errors.Is(err, router.ErrUnknownConverter) {
				t.Fatalf("Add(%q) = %v: want ErrBadRule or ErrUnknownConverter", rule, err)
			}
			return
		}
		rt2, err := router.New().Add(router.Rule{Path: rt.Path()})
		if err != nil {
			t.Fatalf("re-Add(%q) = %v", rt.Path(), err)
		}
		if !reflect.DeepEqual(rt.ParamNames(), rt2.ParamNames()) {
			t.Fatalf("ParamNames %q then %q", rt.ParamNames(), rt2.ParamNames())
		}
		// Matching the rule text itself must not panic.
		var m router.Match
		r.Lookup("GET", "", rule, &m)
	})
}

// checkParseRule checks ParseRule(rule) against the route Add made of it
// (nil when Add refused it): every parameter's offsets delimit its text in
// the rule, and a rule Add accepts as written (no "//" to merge) is accepted
// by ParseRule with the same parameter names.
func checkParseRule(t *testing.T, rule string, rt *router.Route) {
	t.Helper()
	pr, err := router.ParseRule(rule)
	if err != nil {
		var re *router.RuleError
		if !errors.As(err, &re) || re.Offset < -1 || re.Offset > len(rule) {
			t.Fatalf("ParseRule(%q) = %#v: want a *RuleError with an offset in the rule", rule, err)
		}
		if rt != nil && !strings.Contains(rule, "//") {
			t.Fatalf("ParseRule(%q) = %v, but Add accepted it", rule, err)
		}
		return
	}
	names := []string{}
	for _, p := range pr.Params {
		if p.Start < 0 || p.End > len(rule) || p.Start >= p.End {
			t.Fatalf("ParseRule(%q): %+v out of the rule", rule, p)
		}
		text := rule[p.Start:p.End]
		if text[0] != '<' || !strings.HasSuffix(text, p.Name+">") || !strings.HasPrefix(text[1:], p.Converter) {
			t.Fatalf("ParseRule(%q): %+v does not describe %q", rule, p, text)
		}
		names = append(names, p.Name)
	}
	if rt != nil && !strings.Contains(rule, "//") && !reflect.DeepEqual(names, append([]string{}, rt.ParamNames()...)) {
		t.Fatalf("ParseRule(%q) names %q, Add %q", rule, names, rt.ParamNames())
	}
}

// fuzzRouter holds rules of every kind.
func fuzzRouter(tb testing.TB) *router.Router {
	return routerOf(tb, fuzzRules())
}

// routerOf returns a router of the rules, each handled by echo.
func routerOf(tb testing.TB, rules []router.Rule) *router.Router {
	r := router.New()
	for _, rule := range rules {
		rule.Handler = echo(rule.Endpoint)
		if _, err := r.Add(rule); err != nil {
			tb.Fatal(err)
		}
	}
	return r
}

// fuzzRules are rules of every kind.
func fuzzRules() []router.Rule {
	f := false
	return []router.Rule{
		{Path: "/", Endpoint: "root"},
		{Path: "/users/new", Endpoint: "new"},
		{Path: "/users/<int:id>", Endpoint: "user", Methods: []string{"GET", "POST"}},
		{Path: "/users/<slug>", Endpoint: "slug"},
		{Path: "/users/<slug>/x", Endpoint: "slugx"},
		{Path: "/users/<path:rest>", Endpoint: "rest"},
		{Path: "/docs/", Endpoint: "docs"},
		{Path: "/lax/", Endpoint: "lax", StrictSlashes: &f},
		{Path: "/f/<name>.<ext>", Endpoint: "nameext"},
		{Path: "/p/<path:p>/edit", Endpoint: "pedit"},
		{Path: "/t/<float(signed=True):f>/<uuid:u>", Endpoint: "typed"},
		{Path: "/a/<any(x, 'y z'):k>/<int(fixed_digits=3):n>", Endpoint: "anyn"},
		{Path: "/s/<string(length=2):s>/<str(upper=True):u>", Endpoint: "strs"},
		{Path: "/h", Endpoint: "host", Host: "example.com"},
		{Path: "/old/<int:id>", RedirectTo: "/users/<int:id>"},
		{Path: "/all/", Endpoint: "all", Defaults: map[string]any{"page": 1}},
		{Path: "/all/<int:page>", Endpoint: "all"},
		{Path: "/vp/v<int:n>/<path:p>/", Endpoint: "vp"},
		{Path: "/<any(en, fr):lang>/<page>", Endpoint: "lang"},
	}
}

// servedAs describes what ServeHTTP does with a request, in the terms of
// echo: the body for a handled route, else the status and Location.
func servedAs(r http.Handler, method, host, target string) (string, bool) {
	u, err := url.ParseRequestURI(target)
	if err != nil || u.Host != "" || u.RawQuery != "" || u.Fragment != "" || strings.Contains(target, "?") {
		return "", false
	}
	req := &http.Request{Method: method, URL: u, Host: host, RequestURI: target, Header: http.Header{}}
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	if w.Code == http.StatusOK && w.Body.Len() > 0 {
		return w.Body.String(), true
	}
	return fmt.Sprintf("%d %s", w.Code, w.Header().Get("Location")), true
}

// lookedUpAs describes a Lookup the way servedAs describes ServeHTTP.
func lookedUpAs(r *router.Router, method, host, path string) string {
	var m router.Match
	r.Lookup(method, host, path, &m)
	if m.Status == http.StatusOK && m.Route != nil {
		var b strings.Builder
		b.WriteString(m.Route.Endpoint())
		for i := 0; i < m.Params.Len(); i++ {
			p := m.Params.At(i)
			b.WriteString(" " + p.Key + "=" + p.Value)
		}
		if method != http.MethodGet {
			b.WriteString(" method=" + method)
		}
		return b.String()
	}
	return fmt.Sprintf("%d %s", m.Status, m.Location)
}

// FuzzMatch: Lookup never panics, every Location is a single-slash local
// path, parameters hold no NUL and are valid UTF-8, and building a matched
// route from its matched parameters gives a path that matches it again.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{
		"/", "/users/new", "/users/42", "/users/a%2Fb", "/users/new/x", "/users/a/b/c", "/docs", "/lax",
		"/f/a.b.c", "/p/a/b/edit", "/t/-1.5/123e4567-e89b-12d3-a456-426614174000", "/a/y%20z/007", "/s/ab/cd",
		"//evil.com", `/\evil.com`, "/a/../users/1", "/users/%00", "/users/%ff", "/old/7", "/all/1", "/vp/v1/a/b", "/fr/x", "/en/users",
		"/users/%2e%2e", "/users/caf%C3%A9", "/%2F%2Fx", "/x/./y/", "*", "/users/%2541", "/p/a%25/b/edit", "/users%252F1",
	} {
		f.Add("GET", "example.com", s)
	}
	f.Add("POST", "", "/users/1/")
	f.Add("OPTIONS", "EXAMPLE.com:80", "/h")
	r := fuzzRouter(f)
	f.Fuzz(func(t *testing.T, method, host, path string) {
		var m router.Match
		r.Lookup(method, host, path, &m)
		// ServeHTTP (with its fast path) must agree with Lookup.
		if got, ok := servedAs(r, method, host, path); ok && isToken(method) {
			if u, _ := url.ParseRequestURI(path); u.EscapedPath() == path {
				if want := lookedUpAs(r, method, host, path); !sameOutcome(got, want) && !(m.Status == http.StatusOK && m.Route == nil) {
					t.Fatalf("ServeHTTP(%s %q) = %q, Lookup = %q", method, path, got, want)
				}
			}
		}
		// The fast path must agree with the general matcher, which the
		// same path with one byte escaped goes through.
		if pe, ok := escapeOne(path); ok {
			want, slow := lookedUpAs(r, method, host, path), lookedUpAs(r, method, host, pe)
			if slow != want && !(strings.HasPrefix(want, "308 ") && strings.HasPrefix(slow, "308 ")) {
				t.Fatalf("Lookup(%s %q) = %q, but Lookup(%q) = %q", method, path, want, pe, slow)
			}
		}
		if loc := m.Location; loc != "" {
			if loc[0] != '/' || len(loc) > 1 && (loc[1] == '/' || loc[1] == '\\') || strings.ContainsAny(loc, "\\\x00\r\n\t ") {
				t.Fatalf("Lookup(%q) Location %q", path, loc)
			}
		}
		if m.Status != http.StatusOK || m.Route == nil {
			return
		}
		// An encoded slash never reaches another rule than a real one.
		if dp := strings.NewReplacer("%2F", "/", "%2f", "/").Replace(path); dp != path {
			var d router.Match
			r.Lookup(method, host, dp, &d)
			if d.Status != http.StatusNotFound && d.Status != http.StatusBadRequest && d.Route != m.Route {
				t.Fatalf("Lookup(%q) matched %q, but %q gives %d %v", path, m.Route.Path(), dp, d.Status, d.Route)
			}
		}
		var vals []any
		for i := 0; i < m.Params.Len(); i++ {
			p := m.Params.At(i)
			if strings.IndexByte(p.Value, 0) >= 0 || !utf8.ValidString(p.Value) {
				t.Fatalf("Lookup(%q) param %s = %q", path, p.Key, p.Value)
			}
			vals = append(vals, p.Key, p.Value)
		}
		rt := m.Route
		if rt.Endpoint() == "" {
			return
		}
		out, got, err := r.AppendBuild(nil, rt.Endpoint(), &router.BuildOptions{Method: rt.Methods()[0]}, vals...)
		if err != nil {
			t.Fatalf("Lookup(%q) matched %q with %v, but building it failed: %v", path, rt.Path(), vals, err)
		}
		if got != rt {
			return // another rule of the endpoint builds first (defaults)
		}
		var again router.Match
		r.Lookup(rt.Methods()[0], host, string(out), &again)
		if again.Route == nil && again.Status == http.StatusNotFound && strings.Contains(string(out), "%2F") {
			return // the value's '/' makes the URL reach another rule: refused
		}
		if again.Route != rt {
			t.Fatalf("Lookup(%q) matched %q; built %q matches %v (status %d)", path, rt.Path(), out, again.Route, again.Status)
		}
	})
}

// FuzzBuild: building with any value never panics, and a built URL
// matches its rule back with the converter's text of the value. The rules
// do not overlap, so the rule built is the one matched. (A value holding
// the literal that separates two converters of one segment, like an ext
// of "a.b" in <name>.<ext>, is ambiguous by nature and is not tried.)
func FuzzBuild(f *testing.F) {
	for _, s := range []string{"a", "a b", "a/b", "a//b", ".", "..", "%", "%2F", "é", "\x00", "\xff", "-1", "12", "1.5", "x y", "123e4567-e89b-12d3-a456-426614174000", "a.b", "?#&=", "a/./b"} {
		f.Add(s)
	}
	r := newRouter(f,
		router.Rule{Path: "/s/<slug>", Endpoint: "slug"},
		router.Rule{Path: "/r/<path:rest>", Endpoint: "rest"},
		router.Rule{Path: "/n/<name>.<ext>", Endpoint: "nameext"},
		router.Rule{Path: "/e/<path:p>/edit", Endpoint: "pedit"},
		router.Rule{Path: "/i/<int(signed=True):id>", Endpoint: "int"},
		router.Rule{Path: "/f/<float(signed=True):f>", Endpoint: "float"},
		router.Rule{Path: "/u/<str(upper=True):u>", Endpoint: "upper"},
		router.Rule{Path: "/v<int:n>/<path:p>/", Endpoint: "vp"},
		router.Rule{Path: "/a/<any(a, 'x y', 'a/b'):k>", Endpoint: "any"},
		router.Rule{Path: "/l/<string(minlength=2, maxlength=3):l>", Endpoint: "len"},
	)
	endpoints := []struct{ endpoint, param string }{
		{"slug", "slug"}, {"rest", "rest"}, {"nameext", "name"}, {"pedit", "p"}, {"int", "id"},
		{"float", "f"}, {"upper", "u"}, {"vp", "p"}, {"any", "k"}, {"len", "l"},
	}
	f.Fuzz(func(t *testing.T, v string) {
		for _, e := range endpoints {
			vals := []any{e.param, v, "name", "n", "ext", "e", "n", 1, "q", v}
			out, rt, err := r.AppendBuild(nil, e.endpoint, nil, vals...)
			if err != nil {
				if !errors.Is(err, router.ErrInvalidValue) {
					t.Fatalf("Build(%s, %q) = %v, want ErrInvalidValue", e.endpoint, v, err)
				}
				continue
			}
			path, query, _ := strings.Cut(string(out), "?")
			if q, err := url.ParseQuery(query); err != nil || q.Get("q") != v {
				t.Fatalf("Build(%s, %q) = %q: query decodes to %q, %v", e.endpoint, v, out, q.Get("q"), err)
			}
			var m router.Match
			r.Lookup("GET", "", path, &m)
			if m.Route == nil && m.Status == http.StatusNotFound && strings.Contains(path, "%2F") {
				continue // the value's '/' would reach another rule: refused
			}
			if m.Route != rt {
				t.Fatalf("Build(%s, %q) = %q, which matches %v (status %d), not %q", e.endpoint, v, out, m.Route, m.Status, rt.Path())
			}
			want, _ := rt.Converter(e.param).ToURL(v)
			if got := m.Params.Get(e.param); got != want {
				t.Fatalf("Build(%s, %q) = %q, which matches %s=%q, want %q", e.endpoint, v, out, e.param, got, want)
			}
		}
	})
}

// isToken reports whether s is a non-empty RFC 7230 token.
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || strings.IndexByte("\"(),/:;<=>?@[\\]{}", c) >= 0 {
			return false
		}
	}
	return s != ""
}

// sameOutcome compares two outcomes of servedAs or lookedUpAs; redirects
// are the same when their Locations decode to the same path (ServeHTTP may
// route on the decoded path, so a Location can differ in what it escapes).
func sameOutcome(a, b string) bool {
	if a == b {
		return true
	}
	if !strings.HasPrefix(a, "308 ") || !strings.HasPrefix(b, "308 ") {
		return false
	}
	la, errA := url.PathUnescape(a[4:])
	lb, errB := url.PathUnescape(b[4:])
	return errA == nil && errB == nil && la == lb
}

package router_test

// Werkzeug's tests of non-ASCII and reserved characters in rules and
// redirects (test_routing.py: test_redirect_path_quoting,
// test_unicode_rules, test_request_direct_charset_bug), ported case by case.
// The IDNA host of test_unicode_rules (xn--n3h.example.com) belongs to
// fwk's absolute URLs; the router's part is the path.

import (
	"testing"

	"github.com/fwkgo/fwk/router"
)

// checkRedirects serves GET target and compares the Location of the 308.
func checkRedirects(t *testing.T, r *router.Router, cases map[string]string) {
	t.Helper()
	for target, want := range cases {
		w := serve(r, "GET", target, "")
		if w.Code != 308 || w.Header().Get("Location") != want {
			t.Errorf("GET %s = %d %q, want 308 %q", target, w.Code, w.Header().Get("Location"), want)
		}
	}
}

func TestWerkzeugRedirectPathQuoting(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/<category>", Endpoint: "category", Defaults: map[string]any{"page": 1}},
		rule("/<category>/page/<int:page>", "category"),
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/foo%20bar/page/1", "308 /foo%20bar"},
		{"GET", "/foo%20bar/page/2", "200 category category=foo bar page=2"},
	})
	checkRedirects(t, r, map[string]string{
		"/foo%20bar/page/1":       "/foo%20bar",
		"/a%2Fb%3F%23/page/1?q=1": "/a%2Fb%3F%23?q=1",
	})
}

func TestWerkzeugUnicodeRules(t *testing.T) {
	const enter = "/%D0%B2%D0%BE%D0%B9%D1%82%D0%B8/"
	r := newRouter(t, rule("/войти/", "enter"), rule("/foo+bar/", "foobar"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/войти", "308 " + enter},
		{"GET", enter[:len(enter)-1], "308 " + enter},
		{"GET", "/войти/", "200 enter"},
		{"GET", enter, "200 enter"},
		{"GET", "/foo+bar", "308 /foo+bar/"},
		{"GET", "/foo+bar/", "200 foobar"},
		{"GET", "/foo%2Bbar/", "200 foobar"},
		{"GET", "/foo%20bar/", "404"},
	})
	checkRedirects(t, r, map[string]string{"/войти": enter, "/foo+bar": "/foo+bar/"})
	checkBuilds(t, r, []buildCase{
		{endpoint: "enter", want: enter},
		{endpoint: "foobar", want: "/foo+bar/"},
	})
}

func TestWerkzeugRequestDirectCharsetBug(t *testing.T) {
	r := newRouter(t, rule("/öäü/", "x"))
	checkRedirects(t, r, map[string]string{"/öäü": "/%C3%B6%C3%A4%C3%BC/"})
}

package fwk_test

// The absolute-URL parts of Werkzeug's test_routing.py, which the router
// leaves to URLFor: test_basic_building (force_external, url_scheme),
// test_external_building_with_port(_bind_to_environ), the force_external
// part of test_protocol_joining_bug and test_http_host_before_server_name.
// Werkzeug's MapAdapter is bound to a server name: here SERVER_NAME.

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// externalApp is an app with SERVER_NAME set to server and the rules of
// test_basic_building, plus /<foo> as "x" and a wiki subdomain.
func externalApp(t *testing.T, server string) *fwk.App {
	t.Helper()
	cfg := quietConfig()
	cfg.ServerName = server
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(
		routes.Func("/", okView, fwk.Endpoint("index")),
		routes.Func("/foo", okView, fwk.Endpoint("foo")),
		routes.Func("/bar/<baz>", okView, fwk.Endpoint("bar")),
		routes.Func("/x/<foo>", okView, fwk.Endpoint("x")),
		routes.Func("/", okView, fwk.Endpoint("wiki"), fwk.Subdomain("wiki")),
	)})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestWerkzeugExternalBuilding(t *testing.T) {
	a := externalApp(t, "example.org")
	for _, c := range []struct {
		endpoint string
		args     []any
		want     string
	}{
		{"foo", nil, "/foo"},
		{"foo", []any{fwk.External()}, "http://example.org/foo"},
		{"foo", []any{fwk.External(), fwk.Scheme("")}, "//example.org/foo"},
		{"foo", []any{fwk.External(), fwk.Scheme("https")}, "https://example.org/foo"},
		{"bar", []any{"baz", "blub", fwk.External()}, "http://example.org/bar/blub"},
		{"x", []any{"foo", "x:y", fwk.External()}, "http://example.org/x/x:y"}, // test_protocol_joining_bug
		{"wiki", []any{fwk.External()}, "http://wiki.example.org/"},            // test_http_host_before_server_name
	} {
		if got, err := a.URLFor(c.endpoint, c.args...); err != nil || got != c.want {
			t.Errorf("URLFor(%s %v) = %q, %v, want %q", c.endpoint, c.args, got, err, c.want)
		}
	}
	// test_external_building_with_port: the port stays in the URL.
	a = externalApp(t, "example.org:5000")
	if got, err := a.URLFor("index", fwk.External()); err != nil || got != "http://example.org:5000/" {
		t.Errorf("with port: URLFor = %q, %v", got, err)
	}
}

// TestSubdomainServerNameDefaultPort: test_server_name_match_default_port
// through an app. With SERVER_NAME "example.org:80", a Subdomain rule
// serves "wiki.example.org" (the default port counts as none) and builds
// its absolute URL without ":80".
func TestSubdomainServerNameDefaultPort(t *testing.T) {
	for _, server := range []string{"example.org:80"} {
		a := externalApp(t, server)
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Host = "wiki.example.org"
		rec := httptest.NewRecorder()
		a.ServeHTTP(rec, req)
		if rec.Code != http.StatusNoContent {
			t.Errorf("%s: GET wiki.example.org/ = %d, want 204", server, rec.Code)
		}
		if got, err := a.URLFor("wiki", fwk.External()); err != nil || got != "http://wiki.example.org/" {
			t.Errorf("%s: URLFor(wiki) = %q, %v, want http://wiki.example.org/", server, got, err)
		}
		// The scheme's default port is left out of absolute URLs; another
		// scheme keeps it.
		for _, c := range []struct {
			args []any
			want string
		}{
			{[]any{fwk.External()}, "http://example.org/foo"},
			{[]any{fwk.External(), fwk.Scheme("https")}, "https://example.org:80/foo"},
			{[]any{fwk.ExternalHost("https://works.com:443")}, "https://works.com/foo"},
			{[]any{fwk.ExternalHost("https://works.com:8443")}, "https://works.com:8443/foo"},
		} {
			if got, err := a.URLFor("foo", c.args...); err != nil || got != c.want {
				t.Errorf("%s: URLFor(foo %v) = %q, %v, want %q", server, c.args, got, err, c.want)
			}
		}
	}
}

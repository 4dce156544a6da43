package fwk

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// The router must answer a URL (Router.LookupURL, what App.ServeHTTP asks)
// exactly as it answers its escaped path: same status, same route, same
// decoded params.
func TestRoutingPath(t *testing.T) {
	a, err := New(DefaultConfig(), aliasBundle{})
	if err != nil {
		t.Fatal(err)
	}
	r := a.Router()
	for _, rule := range []string{"/p/<x>", "/a b/<x>", "/café", "/f/<path:rest>", "/n/<int:id>"} {
		if _, err := r.Add(router.Rule{Path: rule, Endpoint: "t" + rule, Handler: http.NotFoundHandler()}); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{
		"/p/abc", "/p/a%20b", "/p/a%2Fb", "/p/%00", "/p/a%00b", "/p/%ff", "/p/caf%C3%A9", "/p/100%25",
		"/a%20b/x", "/caf%C3%A9", "/f/a/b%2Fc", "/f/a%2F..%2Fb", "/n/42", "/n/4%32", "/p/%2e%2e",
		"/p/a+b", "/p/a;b", "/p/*", "/health", "/x/", "//p/a", "/p/./a", "/unknown/%7E",
	}
	for _, raw := range paths {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatalf("url.Parse(%q): %v", raw, err)
		}
		var got, want router.Match
		r.LookupURL("GET", "", u, &got)
		r.Lookup("GET", "", u.EscapedPath(), &want)
		if got.Status != want.Status || got.Route != want.Route || got.Location != want.Location {
			t.Errorf("%q: LookupURL gives %d %v %q, escaped path %q gives %d %v %q", raw,
				got.Status, got.Route, got.Location, u.EscapedPath(), want.Status, want.Route, want.Location)
			continue
		}
		if got.Params.Len() != want.Params.Len() {
			t.Errorf("%q: %d params, want %d", raw, got.Params.Len(), want.Params.Len())
			continue
		}
		for i := 0; i < got.Params.Len(); i++ {
			if got.Params.At(i) != want.Params.At(i) {
				t.Errorf("%q: param %d = %+v, want %+v", raw, i, got.Params.At(i), want.Params.At(i))
			}
		}
	}
}

func aliasHealth(ctx *Ctx) error { return ctx.NoContent() }

// A bundle-owned route with a bare endpoint is registered under
// "<bundle>.<endpoint>"; routerEndpoint maps the bare name to it.
func TestRouterEndpoint(t *testing.T) {
	a, err := New(DefaultConfig(), aliasBundle{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"alias_health", "alias.alias_health"},
		{"a.b", "a.b"},
		{"unknown", "unknown"},
	}
	for _, tt := range tests {
		if got := a.routerEndpoint(tt.in); got != tt.want {
			t.Errorf("routerEndpoint(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if tt.in != "unknown" {
			if _, err := a.Router().Build(a.routerEndpoint(tt.in)); err != nil {
				t.Errorf("Build(%q): %v", a.routerEndpoint(tt.in), err)
			}
		}
	}
	if _, ok := a.ControllerBundle().Endpoints["alias_health"]; !ok {
		t.Error("ControllerBundle.Endpoints lacks the bare endpoint")
	}
}

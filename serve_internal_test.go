package fwk

import (
	"net/url"
	"strings"
	"testing"
)

// escapedPath must agree with url.URL.EscapedPath, and take its shortcut
// exactly for the bytes EscapedPath leaves alone.
func TestEscapedPath(t *testing.T) {
	for c := 0; c < 256; c++ {
		// Every byte at every place of paths of 1 to 9 bytes, so that both
		// the four-byte steps and the tail see it.
		for n := 1; n <= 9; n++ {
			for at := 0; at < n; at++ {
				b := []byte(strings.Repeat("a", n))
				b[at] = byte(c)
				p := string(b)
				u := &url.URL{Path: p}
				if got, want := escapedPath(u), u.EscapedPath(); got != want {
					t.Errorf("escapedPath(%q) = %q, want %q", p, got, want)
				}
				// EscapedPath keeps "*" as it is; needsPathEscape may be stricter.
				if got, want := needsPathEscape(p), u.EscapedPath() != p; got != want && p != "*" {
					t.Errorf("needsPathEscape(%q) = %v, want %v", p, got, want)
				}
			}
		}
	}
	u, err := url.Parse("/a%2Fb/c%20d")
	if err != nil {
		t.Fatal(err)
	}
	if got := escapedPath(u); got != "/a%2Fb/c%20d" {
		t.Errorf("escapedPath(%q) = %q", u, got)
	}
}

type aliasBundle struct{}

func (aliasBundle) Name() string { return "alias" }
func (aliasBundle) Routes() []*Route {
	return []*Route{NewRoute("/health", aliasHealth), NewRoute("/x", aliasHealth, Endpoint("a.b"))}
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

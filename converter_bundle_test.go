package fwk_test

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

// hexConverter matches lower-case hex text (a custom converter).
type hexConverter struct{}

func (hexConverter) Match(s string) bool {
	return s != "" && strings.Trim(s, "0123456789abcdef") == ""
}
func (hexConverter) ToValue(s string) (any, error) { return s, nil }
func (hexConverter) ToURL(v any) (string, error) {
	s, ok := v.(string)
	if !ok || !(hexConverter{}).Match(s) {
		return "", errors.New("not hex")
	}
	return s, nil
}

// hexBundle registers the converter in BeforeInitApp, which runs before the
// start-up hooks add the bundles' rules, and uses it in a rule.
type hexBundle struct{}

func (hexBundle) Name() string { return "hex" }
func (hexBundle) BeforeInitApp(a *fwk.App) error {
	return a.Router().AddConverter("hex", func(router.Args) (router.Converter, error) { return hexConverter{}, nil })
}
func (hexBundle) Routes() []*fwk.Route {
	return routes.Func("/c/<hex:v>", func(ctx *fwk.Ctx, v string) error { return ctx.Respond(200, "hex "+v) }, fwk.Endpoint("color"))
}

// TestCustomConverterBeforeRules: a converter registered by a bundle's
// BeforeInitApp serves the rules New adds, for matching and building.
func TestCustomConverterBeforeRules(t *testing.T) {
	a, err := fwk.New(fwk.DefaultConfig(), hexBundle{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		code int
		body string
	}{{"/c/ff00aa", 200, "hex ff00aa"}, {"/c/xyz", 404, ""}} {
		w := httptest.NewRecorder()
		a.ServeHTTP(w, httptest.NewRequest("GET", tt.path, nil))
		if w.Code != tt.code || tt.body != "" && w.Body.String() != tt.body {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, w.Code, w.Body.String(), tt.code, tt.body)
		}
	}
	if u, err := a.URLFor("color", "v", "0a"); err != nil || u != "/c/0a" {
		t.Errorf("URLFor(color) = %q, %v", u, err)
	}
}

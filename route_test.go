package fwk_test

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

func plainView(*fwk.Ctx) error { return nil }

func healthHandler(w http.ResponseWriter, _ *http.Request) {}

type statusHandler struct{}

func (statusHandler) ServeHTTP(http.ResponseWriter, *http.Request) {}

type SomeController struct{ fwk.Controller }

func (c *SomeController) Index(*fwk.Ctx) error { return nil }

// line returns the line of its caller.
func line() int {
	_, _, l, _ := runtime.Caller(1)
	return l
}

// Route properties of routes made by NewRoute (research §1.9).
func TestNewRouteProperties(t *testing.T) {
	bp := fwk.NewBlueprint("bp", "/bp/")
	some := &SomeController{}
	tests := []struct {
		name                                     string
		route                                    *fwk.Route
		rule, fullRule, endpoint, method, module string
		fullName, methods                        string
	}{
		{"func", fwk.NewRoute("/path", plainView),
			"/path", "/path", "plain_view", "plainView", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.plainView", "GET"},
		{"rule derived from the name", fwk.NewRoute("", plainView),
			"/plain-view", "/plain-view", "plain_view", "plainView", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.plainView", "GET"},
		{"rule setter adds the leading slash", fwk.NewRoute("nolead", plainView),
			"/nolead", "/nolead", "plain_view", "plainView", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.plainView", "GET"},
		{"options", fwk.NewRoute("/x/", plainView, fwk.Endpoint("my.ep"), fwk.Methods("get", "post")),
			"/x/", "/x/", "my.ep", "plainView", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.plainView", "GET,POST"},
		{"blueprint", fwk.NewRoute("/x/", plainView, fwk.InBlueprint(bp)),
			"/x/", "/bp/x/", "bp.plain_view", "plainView", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.plainView", "GET"},
		{"blueprint and root rule", fwk.NewRoute("/", plainView, fwk.InBlueprint(bp)),
			"/", "/bp/", "bp.plain_view", "plainView", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.plainView", "GET"},
		{"method value used as a func", fwk.NewRoute("/i", some.Index),
			"/i", "/i", "index", "Index", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.SomeController.Index", "GET"},
		{"handler func", fwk.NewRoute("", healthHandler),
			"/health-handler", "/health-handler", "health_handler", "healthHandler", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.healthHandler", "GET"},
		{"http.HandlerFunc", fwk.NewRoute("/h", http.HandlerFunc(healthHandler)),
			"/h", "/h", "health_handler", "healthHandler", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.healthHandler", "GET"},
		{"http.Handler", fwk.NewRoute("", statusHandler{}, fwk.Methods("GET", "HEAD")),
			"/status-handler", "/status-handler", "status_handler", "statusHandler", "github.com/fwkgo/fwk_test",
			"github.com/fwkgo/fwk_test.statusHandler", "GET,HEAD"},
	}
	for _, tt := range tests {
		r := tt.route
		if err := r.Err(); err != nil {
			t.Errorf("%s: Err() = %v, want nil", tt.name, err)
			continue
		}
		for _, c := range []struct{ what, got, want string }{
			{"Rule", r.Rule(), tt.rule},
			{"FullRule", r.FullRule(), tt.fullRule},
			{"Endpoint", r.Endpoint(), tt.endpoint},
			{"MethodName", r.MethodName(), tt.method},
			{"ModuleName", r.ModuleName(), tt.module},
			{"FullName", r.FullName(), tt.fullName},
			{"Methods", strings.Join(r.Methods(), ","), tt.methods},
		} {
			if c.got != c.want {
				t.Errorf("%s: %s() = %q, want %q", tt.name, c.what, c.got, c.want)
			}
		}
		if r.IsMember() {
			t.Errorf("%s: IsMember() = true, want false", tt.name)
		}
	}
}

// Cases 40 and 41: ShouldRegister.
func TestShouldRegister(t *testing.T) {
	identity := func(app *fwk.App) bool { return app != nil }
	app := new(fwk.App)
	tests := []struct {
		name string
		opts []fwk.ViewOption
		app  *fwk.App
		want bool
	}{
		{"no OnlyIf", nil, nil, true},
		{"OnlyIf(true)", []fwk.ViewOption{fwk.OnlyIf(true)}, nil, true},
		{"OnlyIf(false)", []fwk.ViewOption{fwk.OnlyIf(false)}, app, false},
		{"OnlyIfFunc true", []fwk.ViewOption{fwk.OnlyIfFunc(identity)}, app, true},
		{"OnlyIfFunc false", []fwk.ViewOption{fwk.OnlyIfFunc(identity)}, nil, false},
		{"OnlyIfFunc(nil)", []fwk.ViewOption{fwk.OnlyIfFunc(nil)}, nil, true},
	}
	for _, tt := range tests {
		r := fwk.NewRoute("/path", plainView, tt.opts...)
		if got := r.ShouldRegister(tt.app); got != tt.want {
			t.Errorf("NewRoute(%s).ShouldRegister() = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Defaults is never nil and is a copy; Methods is a copy.
func TestRouteAccessorsCopy(t *testing.T) {
	r := fwk.NewRoute("/a/<id>", plainView, fwk.Defaults(map[string]any{"id": 1}), fwk.Methods("PUT"))
	r.Defaults()["id"] = 2
	r.Methods()[0] = "DELETE"
	if got := r.Defaults()["id"]; got != 1 {
		t.Errorf("Defaults()[id] after changing a copy = %v, want 1", got)
	}
	if got := r.Methods(); !reflect.DeepEqual(got, []string{"PUT"}) {
		t.Errorf("Methods() after changing a copy = %v, want [PUT]", got)
	}
	if got := fwk.NewRoute("/b", plainView).Defaults(); got == nil {
		t.Errorf("Defaults() without defaults = nil, want {}")
	}
}

// Bad views do not panic: the route carries an error naming the call and
// the line.
func TestNewRouteBadViews(t *testing.T) {
	var nilFunc func(*fwk.Ctx) error
	tests := []struct {
		name  string
		route *fwk.Route
		line  int
		want  error
		msg   string
	}{
		{"nil", fwk.NewRoute("/x", nil), line(), fwk.ErrInvalidView, "view is nil"},
		{"nil func", fwk.NewRoute("/x", nilFunc), line(), fwk.ErrInvalidView, "nil func(*fwk.Ctx) error"},
		{"int", fwk.NewRoute("/x", 42), line(), fwk.ErrInvalidView, "view of type int"},
		{"empty name", fwk.NewRoute("/x", ""), line(), fwk.ErrInvalidView, "empty method name"},
		{"method name", fwk.NewRoute("/x", "Index"), line(), fwk.ErrUnboundView, `view "Index" names a controller method`},
		{"method expression", fwk.NewRoute("/x", (*SomeController).Index), line(), fwk.ErrUnboundView, "(*SomeController).Index"},
	}
	for _, tt := range tests {
		err := tt.route.Err()
		if !errors.Is(err, tt.want) {
			t.Errorf("NewRoute(%s).Err() = %v, want errors.Is %v", tt.name, err, tt.want)
			continue
		}
		at := fmt.Sprintf("route_test.go:%d", tt.line)
		if want := "fwk: fwk.NewRoute at " + at + ": "; !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("NewRoute(%s).Err() = %q, want the prefix %q and %q", tt.name, err, want, tt.msg)
		}
		if got := tt.route.DeclaredAt(); got != at {
			t.Errorf("NewRoute(%s).DeclaredAt() = %q, want %q", tt.name, got, at)
		}
	}
}

// Case 42: FullName of a controller route.
func TestControllerRouteNames(t *testing.T) {
	rs := fwk.ControllerRoutes("", &SomeController{}, nil)
	if len(rs) != 1 {
		t.Fatalf("ControllerRoutes(SomeController) gave %d routes, want 1", len(rs))
	}
	r := rs[0]
	for _, c := range []struct{ what, got, want string }{
		{"FullName", r.FullName(), "github.com/fwkgo/fwk_test.SomeController.Index"},
		{"ModuleName", r.ModuleName(), "github.com/fwkgo/fwk_test"},
		{"MethodName", r.MethodName(), "Index"},
		{"Endpoint", r.Endpoint(), "some_controller.index"},
		{"Rule", r.Rule(), "/index"},
	} {
		if c.got != c.want {
			t.Errorf("SomeController.Index route %s() = %q, want %q", c.what, c.got, c.want)
		}
	}
	if err := r.Err(); err != nil {
		t.Errorf("SomeController.Index route Err() = %v, want nil", err)
	}
}

// DeclarationError formats and unwraps.
func TestDeclarationError(t *testing.T) {
	tests := []struct {
		err  *fwk.DeclarationError
		want string
	}{
		{&fwk.DeclarationError{Call: "routes.Get", At: "a.go:3", Err: fwk.ErrUnknownView}, "fwk: routes.Get at a.go:3: unknown view"},
		{&fwk.DeclarationError{Call: "routes.Get", Err: fwk.ErrUnknownView}, "fwk: routes.Get: unknown view"},
		{&fwk.DeclarationError{At: "a.go:3", Err: fwk.ErrUnknownView}, "fwk: at a.go:3: unknown view"},
		{&fwk.DeclarationError{Err: fwk.ErrUnknownView}, "fwk: unknown view"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%#v.Error() = %q, want %q", tt.err, got, tt.want)
		}
		if !errors.Is(tt.err, fwk.ErrUnknownView) {
			t.Errorf("errors.Is(%q, ErrUnknownView) = false, want true", tt.err.Error())
		}
	}
}

// PrefixRoutes never panics and always gives a clean rule: a leading '/',
// no empty segment, the trailing slash of the original rule kept.
func FuzzPrefixRoutes(f *testing.F) {
	for _, s := range [][2]string{{"/app", "/"}, {"", "x/"}, {"a//b/", "//c"}, {"/", ""}, {"http://x", "<int:id>/"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, prefix, rule string) {
		orig := fwk.NewRoute(rule, plainView)
		before := orig.FullRule()
		rs := fwk.PrefixRoutes(prefix, []*fwk.Route{orig})
		if len(rs) != 1 {
			t.Fatalf("PrefixRoutes(%q, [%q]) gave %d routes, want 1", prefix, rule, len(rs))
		}
		got := rs[0].FullRule()
		if !strings.HasPrefix(got, "/") || strings.Contains(got, "//") {
			t.Errorf("PrefixRoutes(%q, [%q]).FullRule() = %q, want a leading '/' and no '//'", prefix, rule, got)
		}
		if strings.HasSuffix(orig.Rule(), "/") != strings.HasSuffix(got, "/") {
			t.Errorf("PrefixRoutes(%q, [%q]).FullRule() = %q: trailing slash of %q not kept", prefix, rule, got, orig.Rule())
		}
		if orig.FullRule() != before {
			t.Errorf("PrefixRoutes changed its argument: %q -> %q", before, orig.FullRule())
		}
	})
}

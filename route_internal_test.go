package fwk

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// The binding information the routes hook reads from finalised routes.

var errShown = errors.New("shown")

type bindController struct {
	Controller
	shown int
}

func (c *bindController) Meta() Meta {
	return Meta{
		Decorators: []func(http.Handler) http.Handler{mark("d1"), mark("d2")},
		Views: []ViewSpec{
			View(c.Show, "/show/", Use(mark("m1"), mark("m2")), StrictSlashes(false), RedirectTo("/x"),
				BuildOnly(), Host("example.com"), Subdomain("api")),
		},
	}
}
func (c *bindController) Show(*Ctx) error  { c.shown++; return errShown }
func (c *bindController) Plain(*Ctx) error { return nil }

type bindResource struct{ Resource }

func (r *bindResource) List(*Ctx) error { return nil }

type abstractBindController struct{ Controller }

func (c *abstractBindController) Meta() Meta       { return Meta{Abstract: true} }
func (c *abstractBindController) Index(*Ctx) error { return nil }

// mark returns middleware that appends name to the X-Order header.
func mark(name string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Add("X-Order", name)
			next.ServeHTTP(w, r)
		})
	}
}

// order runs the middleware of r around an empty handler and returns the
// order they ran in.
func order(r *Route) string {
	var h http.Handler = http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	for i := len(r.middleware) - 1; i >= 0; i-- {
		h = r.middleware[i](h)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	return strings.Join(w.Header().Values("X-Order"), ",")
}

func findRoute(t *testing.T, rs []*Route, endpoint string) *Route {
	t.Helper()
	for _, r := range rs {
		if r.Err() == nil && r.Endpoint() == endpoint {
			return r
		}
	}
	t.Fatalf("no route %q in %d routes", endpoint, len(rs))
	return nil
}

func TestControllerRouteBinding(t *testing.T) {
	c := &bindController{}
	r := findRoute(t, ControllerRoutes("", c, nil), "bind_controller.show")
	if r.controller != c || r.ctrlType != reflect.TypeOf(c) {
		t.Errorf("controller, ctrlType = %v, %v, want the given %p, *bindController", r.controller, r.ctrlType, c)
	}
	if r.meta == nil || r.meta.TemplateFolder != "bind" || r.meta.EndpointPrefix != "bind_controller" {
		t.Errorf("meta = %+v, want TemplateFolder bind, EndpointPrefix bind_controller", r.meta)
	}
	if r.handler != nil || !r.fn.IsValid() {
		t.Fatalf("handler, fn = %v, %v, want nil and the bound method", r.handler, r.fn)
	}
	f, ok := r.fn.Interface().(func(*Ctx) error)
	if !ok {
		t.Fatalf("fn has type %v, want func(*Ctx) error", r.fn.Type())
	}
	if err := f(nil); err != errShown || c.shown != 1 {
		t.Errorf("calling fn = %v with %d calls on the controller, want errShown and 1", err, c.shown)
	}
	if got, want := order(r), "d1,d2,m1,m2"; got != want {
		t.Errorf("middleware order = %q, want %q", got, want)
	}
	if got, want := r.controllerKey(), "bindController.Show"; got != want {
		t.Errorf("controllerKey() = %q, want %q", got, want)
	}
	strict, redirect, buildOnly, host := r.routerOptions()
	if strict == nil || *strict || redirect != "/x" || !buildOnly || host != "example.com" || r.subdomain() != "api" {
		t.Errorf("routerOptions() = %v, %q, %v, %q; subdomain %q; want false, /x, true, example.com; api",
			strict, redirect, buildOnly, host, r.subdomain())
	}
	if r.fullRule != "/show/" {
		t.Errorf("fullRule = %q, want /show/", r.fullRule)
	}
	plain := findRoute(t, ControllerRoutes("", c, nil), "bind_controller.plain")
	if got := order(plain); got != "d1,d2" {
		t.Errorf("Plain middleware order = %q, want d1,d2", got)
	}
}

// Case 67: a rule inherits the rule options and middleware of the view's
// declaration; options it sets win.
func TestRuleInheritsRuleOptions(t *testing.T) {
	c := &bindController{}
	rs := ControllerRoutes("/p", c, []*Route{
		NewRoute("/t", "Show", Endpoint("tt")),
		NewRoute("/u", "Show", Endpoint("uu"), Use(mark("m3")), StrictSlashes(true), Host("other.org")),
	})
	tt := findRoute(t, rs, "tt")
	strict, redirect, buildOnly, host := tt.routerOptions()
	if strict == nil || *strict || redirect != "/x" || !buildOnly || host != "example.com" {
		t.Errorf("inherited routerOptions() = %v, %q, %v, %q, want false, /x, true, example.com", strict, redirect, buildOnly, host)
	}
	if tt.FullRule() != "/p/t" || order(tt) != "d1,d2,m1,m2" {
		t.Errorf("tt: FullRule() = %q, middleware %q, want /p/t, d1,d2,m1,m2", tt.FullRule(), order(tt))
	}
	uu := findRoute(t, rs, "uu")
	strict, _, _, host = uu.routerOptions()
	if strict == nil || !*strict || host != "other.org" || order(uu) != "d1,d2,m3" {
		t.Errorf("uu: strict %v, host %q, middleware %q, want true, other.org, d1,d2,m3", strict, host, order(uu))
	}
}

func TestPlainRouteBinding(t *testing.T) {
	f := func(*Ctx) error { return nil }
	r := NewRoute("/f", f)
	if !r.fn.IsValid() || r.handler != nil || r.controller != nil || r.controllerKey() != "" {
		t.Errorf("func route: fn %v, handler %v, controller %v, key %q; want the func only", r.fn, r.handler, r.controller, r.controllerKey())
	}
	h := NewRoute("/h", http.NotFoundHandler())
	if h.fn.IsValid() || h.handler == nil || h.Err() != nil {
		t.Errorf("handler route: fn %v, handler %v, err %v; want the handler only", h.fn, h.handler, h.Err())
	}
	p := PrefixRoutes("/pre", []*Route{r})[0]
	if p.fullRule != "/pre/f" || r.fullRule != "/f" {
		t.Errorf("fullRule after PrefixRoutes = %q (original %q), want /pre/f (/f)", p.fullRule, r.fullRule)
	}
}

func TestDiscoverRoutes(t *testing.T) {
	rs := discoverRoutes([]any{
		&bindController{},
		&abstractBindController{},
		&bindResource{},
		func(*Ctx) error { return nil },
		42,
	})
	var got []string
	for _, r := range rs {
		if err := r.Err(); err != nil {
			if !errors.Is(err, ErrNotController) || !strings.Contains(err.Error(), "Controllers() lists int") {
				t.Errorf("error route: %v, want ErrNotController naming int", err)
			}
			got = append(got, "error")
			continue
		}
		got = append(got, r.Endpoint()+" "+r.FullRule())
	}
	want := []string{
		"bind_controller.show /show/",
		"bind_controller.plain /plain",
		"bind_resource.list /binds",
		"test_discover_routes.func1 /test-discover-routes.func1",
		"error",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("discoverRoutes() =\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

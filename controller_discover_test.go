package fwk_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// Fixtures of view discovery (research §1.6-§1.8, §2.2).

// DefaultController has no Meta: every exported method is a GET view.
type DefaultController struct{ fwk.Controller }

func (c *DefaultController) Index(*fwk.Ctx) error   { return nil }
func (c *DefaultController) AboutUs(*fwk.Ctx) error { return nil }

//lint:ignore U1000 an unexported method: never a view, so never called.
func (c *DefaultController) getHTTPStuff() {}
func (c DefaultController) ValueView(*fwk.Ctx) error {
	return nil
}

// DefaultResource has every CRUD method plus Extra (cases 36-38).
type DefaultResource struct{ fwk.Resource }

func (r *DefaultResource) List(*fwk.Ctx) error        { return nil }
func (r *DefaultResource) Create(*fwk.Ctx) error      { return nil }
func (r *DefaultResource) Get(*fwk.Ctx, int) error    { return nil }
func (r *DefaultResource) Patch(*fwk.Ctx, int) error  { return nil }
func (r *DefaultResource) Put(*fwk.Ctx, int) error    { return nil }
func (r *DefaultResource) Delete(*fwk.Ctx, int) error { return nil }
func (r *DefaultResource) Extra(*fwk.Ctx) error       { return nil }

// Shared is embedded: its exported methods are promoted views.
type Shared struct{}

func (Shared) Ping(*fwk.Ctx) error { return nil }

// DeclaredController declares its views: declared ones come first, in
// declaration order, then the others by name; NoRoute hides Helper; Meta
// and the methods of fwk.Controller are never views.
type DeclaredController struct {
	fwk.Controller
	Shared
}

func (c *DeclaredController) Meta() fwk.Meta {
	return fwk.Meta{
		URLPrefix:      "foobar",
		EndpointPrefix: "decl",
		Views: []fwk.ViewSpec{
			fwk.View(c.Zeta, "/z", fwk.Methods("POST")),
			fwk.View((*DeclaredController).Alpha, "/a"),
			fwk.View("Zeta", "/z2"),
			fwk.View(c.Ping, "/ping"),
			fwk.NoRoute(c.Helper),
			fwk.NoRoute((*DeclaredController).Other),
		},
	}
}
func (c *DeclaredController) Alpha(*fwk.Ctx) error { return nil }
func (c *DeclaredController) Beta(*fwk.Ctx) error  { return nil }
func (c *DeclaredController) Zeta(*fwk.Ctx) error  { return nil }
func (c *DeclaredController) Other(*fwk.Ctx) error { return nil }
func (c *DeclaredController) Helper() int          { return 42 }

// CRUDViewsResource declares Views on CRUD methods: only the first counts,
// its rule and methods are ignored, its endpoint kept.
type CRUDViewsResource struct{ fwk.Resource }

func (r *CRUDViewsResource) Meta() fwk.Meta {
	return fwk.Meta{MemberParam: "<string:slug>", Views: []fwk.ViewSpec{
		fwk.View(r.Get, "/ignored", fwk.Endpoint("custom.get"), fwk.Methods("POST")),
		fwk.View(r.Get, "/second"),
		fwk.View(r.Promote, "/promote", fwk.IsMember(), fwk.Methods("POST")),
	}}
}
func (r *CRUDViewsResource) Get(*fwk.Ctx, string) error     { return nil }
func (r *CRUDViewsResource) Promote(*fwk.Ctx, string) error { return nil }

type AbstractController struct{ fwk.Controller }

func (c *AbstractController) Meta() fwk.Meta       { return fwk.Meta{Abstract: true} }
func (c *AbstractController) Index(*fwk.Ctx) error { return nil }

type BadFolderController struct{ fwk.Controller }

func (c *BadFolderController) Meta() fwk.Meta { return fwk.Meta{TemplateFolder: "a/b"} }

type MemberParamController struct{ fwk.Controller }

func (c *MemberParamController) Meta() fwk.Meta { return fwk.Meta{MemberParam: "<int:id>"} }

type BadMemberResource struct{ fwk.Resource }

func (r *BadMemberResource) Meta() fwk.Meta { return fwk.Meta{MemberParam: "id"} }

type NilDecoratorController struct{ fwk.Controller }

func (c *NilDecoratorController) Meta() fwk.Meta {
	return fwk.Meta{Decorators: []func(http.Handler) http.Handler{nil}}
}

type PanickyController struct{ fwk.Controller }

func (c *PanickyController) Meta() fwk.Meta { panic("boom") }

type ForeignViewController struct{ fwk.Controller }

func (c *ForeignViewController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View((&DefaultController{}).Index, "/")}}
}
func (c *ForeignViewController) Index(*fwk.Ctx) error { return nil }

type UnknownViewController struct{ fwk.Controller }

func (c *UnknownViewController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View("Missing", "/")}}
}

// describe returns "endpoint rule METHODS" rows; errors become "error: ...".
func describe(rs []*fwk.Route) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		if err := r.Err(); err != nil {
			out[i] = "error: " + err.Error()
			continue
		}
		out[i] = fmt.Sprintf("%s %s %s", r.Endpoint(), r.FullRule(), strings.Join(r.Methods(), ","))
	}
	return out
}

func TestControllerRoutes(t *testing.T) {
	tests := []struct {
		name   string
		prefix string
		ctrl   any
		rules  []*fwk.Route
		want   []string
	}{
		{"28 defaults: GET at the kebab-cased name, by name", "", &DefaultController{}, nil, []string{
			"default_controller.about_us /about-us GET",
			"default_controller.index /index GET",
			"default_controller.value_view /value-view GET",
		}},
		{"29 Meta.URLPrefix kept verbatim; declared views first", "", &DeclaredController{}, nil, []string{
			"decl.zeta /foobar/z POST",
			"decl.zeta /foobar/z2 GET",
			"decl.alpha /foobar/a GET",
			"decl.ping /foobar/ping GET",
			"decl.beta /foobar/beta GET",
		}},
		{"prefix argument beats Meta.URLPrefix", "/p", &DeclaredController{}, nil, []string{
			"decl.zeta /p/z POST",
			"decl.zeta /p/z2 GET",
			"decl.alpha /p/a GET",
			"decl.ping /p/ping GET",
			"decl.beta /p/beta GET",
		}},
		{"rules may route a NoRoute method", "/p", &DeclaredController{}, []*fwk.Route{
			fwk.NewRoute("/h", "Other"), fwk.NewRoute("", (*DeclaredController).Alpha),
		}, []string{
			"decl.other /p/h GET",
			"decl.alpha /p/a GET",
		}},
		{"empty rules route nothing", "", &DefaultController{}, []*fwk.Route{}, []string{}},
	}
	for _, tt := range tests {
		got := describe(fwk.ControllerRoutes(tt.prefix, tt.ctrl, tt.rules))
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: ControllerRoutes(%q, %T) =\n\t%s\nwant\n\t%s", tt.name, tt.prefix, tt.ctrl,
				strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
		}
	}
}

func TestResourceRoutes(t *testing.T) {
	tests := []struct {
		name   string
		prefix string
		res    any
		opt    fwk.ResourceOptions
		want   []string
	}{
		{"36-38 defaults: /defaults, <int:id>, fixed methods, Extra routed", "", &DefaultResource{}, fwk.ResourceOptions{}, []string{
			"default_resource.create /defaults POST",
			"default_resource.delete /defaults/<int:id> DELETE",
			"default_resource.extra /defaults/extra GET",
			"default_resource.get /defaults/<int:id> GET",
			"default_resource.list /defaults GET",
			"default_resource.patch /defaults/<int:id> PATCH",
			"default_resource.put /defaults/<int:id> PUT",
		}},
		{"3.9 a CRUD view keeps only its endpoint; IsMember with a rule", "", &CRUDViewsResource{}, fwk.ResourceOptions{}, []string{
			"custom.get /crud-views/<string:slug> GET",
			"crud_views_resource.promote /crud-views/<string:slug>/promote POST",
		}},
		{"member param option", "/r", &CRUDViewsResource{}, fwk.ResourceOptions{MemberParam: "<uuid:key>"}, []string{
			"custom.get /r/<uuid:key> GET",
			"crud_views_resource.promote /r/<uuid:key>/promote POST",
		}},
		{"subresources", "/d", &DefaultResource{}, fwk.ResourceOptions{
			Rules:        []*fwk.Route{},
			Subresources: fwk.ResourceRoutes("", &CRUDViewsResource{}, fwk.ResourceOptions{}),
		}, []string{
			"default_resource.create /d POST",
			"default_resource.delete /d/<int:id> DELETE",
			"default_resource.get /d/<int:id> GET",
			"default_resource.list /d GET",
			"default_resource.patch /d/<int:id> PATCH",
			"default_resource.put /d/<int:id> PUT",
			"custom.get /d/<int:default_id>/crud-views/<string:slug> GET",
			"crud_views_resource.promote /d/<int:default_id>/crud-views/<string:slug>/promote POST",
		}},
	}
	for _, tt := range tests {
		got := describe(fwk.ResourceRoutes(tt.prefix, tt.res, tt.opt))
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: ResourceRoutes(%q, %T) =\n\t%s\nwant\n\t%s", tt.name, tt.prefix, tt.res,
				strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
		}
	}
}

// Controllers that cannot be routed give one route carrying the error.
func TestControllerErrors(t *testing.T) {
	tests := []struct {
		name string
		ctrl any
		want error
		msg  string
	}{
		{"abstract", &AbstractController{}, fwk.ErrNotController, "AbstractController is abstract"},
		{"template folder path", &BadFolderController{}, fwk.ErrInvalidMeta, `TemplateFolder "a/b" must be a folder name`},
		{"member param on a controller", &MemberParamController{}, fwk.ErrInvalidMeta, "MemberParam and UniqueMemberParam are resource options"},
		{"39 member param format", &BadMemberResource{}, fwk.ErrInvalidMeta, `MemberParam "id" must be in the format <converter:name>`},
		{"nil decorator", &NilDecoratorController{}, fwk.ErrInvalidMeta, "Decorators[0] is nil"},
		{"Meta panics", &PanickyController{}, fwk.ErrInvalidMeta, "PanickyController.Meta panicked: boom"},
		{"view of another controller", &ForeignViewController{}, fwk.ErrUnknownView,
			"ForeignViewController Meta.Views[0]: unknown view: (*DefaultController).Index is not a method of ForeignViewController"},
		{"unknown view name", &UnknownViewController{}, fwk.ErrUnknownView, `UnknownViewController has no view method "Missing"`},
	}
	for _, tt := range tests {
		var rs []*fwk.Route
		if _, ok := tt.ctrl.(*BadMemberResource); ok {
			rs = fwk.ResourceRoutes("", tt.ctrl, fwk.ResourceOptions{})
		} else {
			rs = fwk.ControllerRoutes("", tt.ctrl, nil)
		}
		if len(rs) != 1 {
			t.Errorf("%s: got %d routes, want 1 carrying an error", tt.name, len(rs))
			continue
		}
		err := rs[0].Err()
		if !errors.Is(err, tt.want) || !strings.Contains(fmt.Sprint(err), tt.msg) {
			t.Errorf("%s: Err() = %v, want errors.Is %v and %q", tt.name, err, tt.want, tt.msg)
		}
	}
}

// A member param is one rule parameter and nothing else, as the router
// parses it.
func TestMemberParamFormat(t *testing.T) {
	for _, tt := range []struct {
		param string
		ok    bool
	}{
		{"<int:id>", true},
		{"<slug>", true},
		{"<string(length=2):code>", true},
		{"<int(min=1, max=9):n>", true},
		{"<any(a, 'b)c'):kind>", true},
		{"id", false},
		{"<int:id>/", false},
		{"x<id>", false},
		{"<a><b>", false},
		{"<int:id", false},
		{"<int(:id>", false},
		{"<int(min=):id>", false},
		{"<>", false},
		{"<1x>", false},
	} {
		rs := fwk.ResourceRoutes("/r", &CRUDViewsResource{}, fwk.ResourceOptions{MemberParam: tt.param})
		err := rs[0].Err()
		if tt.ok != (err == nil) || err != nil && (!errors.Is(err, fwk.ErrInvalidMeta) || !strings.Contains(err.Error(), "must be in the format")) {
			t.Errorf("MemberParam %q: Err() = %v, want ok %v", tt.param, err, tt.ok)
		}
	}
}

// A View declaration error names the View call and the line in Meta.
func TestViewDeclarationSite(t *testing.T) {
	rs := fwk.ControllerRoutes("", &UnknownViewController{}, nil)
	var de *fwk.DeclarationError
	if !errors.As(rs[0].Err(), &de) {
		t.Fatalf("Err() = %v, want a *fwk.DeclarationError", rs[0].Err())
	}
	if de.Call != "fwk.View" || !strings.HasPrefix(de.At, "controller_discover_test.go:") {
		t.Errorf("declared by %s at %s, want fwk.View at controller_discover_test.go:<line of the View call>", de.Call, de.At)
	}
	// Implicit views are declared where their method is defined.
	rs = fwk.ControllerRoutes("", &DefaultController{}, nil)
	if got := rs[1].DeclaredAt(); !strings.HasPrefix(got, "controller_discover_test.go:") {
		t.Errorf("DefaultController.Index DeclaredAt() = %q, want controller_discover_test.go:<line>", got)
	}
}

package routes_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Bad calls return one route carrying a *fwk.DeclarationError that names
// the call and the line it was made at (cases 46, 50, 65 and more).
func TestBadCalls(t *testing.T) {
	type result struct {
		rs   []*fwk.Route
		line int
	}
	tests := []struct {
		name string
		got  result
		call string
		want error
		msg  string // part of the message
	}{
		{"46 controller prefix without controller", result{routes.Controller("/fail", nil), line()},
			"routes.Controller", fwk.ErrMissingController, `the controller argument is required with the prefix "/fail"`},
		{"46 controller without prefix and controller", result{routes.Controller("", nil), line()},
			"routes.Controller", fwk.ErrMissingController, "neither a prefix nor a controller"},
		{"46 controller given a resource", result{routes.Controller("", &UserResource{}), line()},
			"routes.Controller", fwk.ErrNotController, "UserResource is a resource: use routes.Resource"},
		{"controller not a pointer", result{routes.Controller("", SiteController{}), line()},
			"routes.Controller", fwk.ErrNotController, "pass &SiteController{}"},
		{"controller nil pointer", result{routes.Controller("", (*SiteController)(nil)), line()},
			"routes.Controller", fwk.ErrMissingController, "nil *routes_test.SiteController"},
		{"controller not embedding fwk.Controller", result{routes.Controller("", &struct{ X int }{}), line()},
			"routes.Controller", fwk.ErrNotController, "does not embed fwk.Controller"},
		{"50 func without view", result{routes.Func("/fail", nil), line()},
			"routes.Func", fwk.ErrInvalidView, "view is nil"},
		{"50 func with a non-func view", result{routes.Func("/fail", 42), line()},
			"routes.Func", fwk.ErrInvalidView, "view of type int"},
		{"func with a method name", result{routes.Func("/fail", "Index"), line()},
			"routes.Func", fwk.ErrInvalidView, `not the method name "Index"`},
		{"rule with a method name outside of a controller", result{routes.Rule("/x", "Index"), line()},
			"routes.Rule", fwk.ErrUnboundView, `view "Index" names a controller method`},
		{"get with a method expression outside of a controller", result{routes.Get("/x", (*SiteController).Index), line()},
			"routes.Get", fwk.ErrUnboundView, "view (*SiteController).Index names a controller method"},
		{"65 resource prefix without resource", result{routes.Resource("/fail", nil), line()},
			"routes.Resource", fwk.ErrMissingController, "controller argument is required"},
		{"65 resource without prefix and resource", result{routes.Resource("", nil), line()},
			"routes.Resource", fwk.ErrMissingController, "neither a prefix nor a controller"},
		{"resource given a controller", result{routes.Resource("", &SiteController{}), line()},
			"routes.Resource", fwk.ErrNotController, "SiteController is not a resource"},
		{"39 bad member param", result{routes.Resource("", &UserResource{}, routes.MemberParam("id")), line()},
			"routes.Resource", fwk.ErrInvalidMeta, `MemberParam "id" must be in the format <converter:name>`},
		{"39 member param with two params", result{routes.Resource("", &UserResource{}, routes.MemberParam("<int:a>/<int:b>")), line()},
			"routes.Resource", fwk.ErrInvalidMeta, "<converter:name>"},
		{"bad unique member param", result{routes.Resource("", &UserResource{}, routes.UniqueMemberParam("<a><b>")), line()},
			"routes.Resource", fwk.ErrInvalidMeta, "UniqueMemberParam"},
		{"option for another call", result{routes.Controller("", &SiteController{}, routes.MemberParam("<int:x>")), line()},
			"routes.Controller", fwk.ErrInvalidOption, "MemberParam does not apply to routes.Controller"},
		{"include with a resource option", result{routes.Include("", otherRoutes(), routes.Subresources()), line()},
			"routes.Include", fwk.ErrInvalidOption, "Subresources does not apply to routes.Include"},
		{"resource with an include option", result{routes.Resource("", &UserResource{}, routes.Exclude("x")), line()},
			"routes.Resource", fwk.ErrInvalidOption, "Exclude does not apply"},
		{"IsMember on a controller", result{routes.Controller("", &SiteController{}, routes.Rules(
			routes.Rule("/x", "About", fwk.IsMember()))), line()},
			"routes.Rule", fwk.ErrInvalidOption, "SiteController.About: IsMember is for resource views"},
		{"3.10 fix: param collision on a non-member route", result{routes.Resource("/as", &AResource{},
			routes.UniqueMemberParam("<int:pk>"),
			routes.Subresources(routes.Resource("", &BResource{}, routes.Subresources(routes.Resource("", &CResource{}))))), line() - 2},
			"routes.Resource", fwk.ErrParamCollision, "already holds <int:pk>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var bad *fwk.Route
			for _, r := range tt.got.rs {
				if r.Err() != nil {
					bad = r
					break
				}
			}
			if bad == nil {
				t.Fatalf("%s: no route carries an error (got %d routes)", tt.name, len(tt.got.rs))
			}
			err := bad.Err()
			if !errors.Is(err, tt.want) {
				t.Errorf("%s: Err() = %v, want errors.Is %v", tt.name, err, tt.want)
			}
			var de *fwk.DeclarationError
			if !errors.As(err, &de) {
				t.Fatalf("%s: Err() = %T, want *fwk.DeclarationError", tt.name, err)
			}
			at := fmt.Sprintf("errors_test.go:%d", tt.got.line)
			if de.Call != tt.call || de.At != at {
				t.Errorf("%s: declared by %s at %s, want %s at %s", tt.name, de.Call, de.At, tt.call, at)
			}
			if !strings.Contains(err.Error(), tt.msg) || !strings.HasPrefix(err.Error(), "fwk: "+tt.call+" at "+at+": ") {
				t.Errorf("%s: Err().Error() = %q, want the prefix %q and %q", tt.name, err, "fwk: "+tt.call+" at "+at, tt.msg)
			}
		})
	}
}

// An unknown method name in the rules: the error names the rule's call and
// the controller.
func TestUnknownRuleView(t *testing.T) {
	tests := []struct {
		view any
		want string
	}{
		{"Nope", `AdminController has no view method "Nope"`},
		{"Meta", `AdminController has no view method "Meta"`},
		{"ControllerSuffixes", `AdminController has no view method "ControllerSuffixes"`},
		{(*SiteController).About, "(*SiteController).About is not a method of AdminController"},
		{undecoratedView, "routes_test.undecoratedView is not a method of AdminController"},
		{func(*fwk.Ctx) error { return nil }, "is not a method of AdminController"},
		{42, "view of type int is not a func"},
	}
	for _, tt := range tests {
		rs := routes.Controller("", &AdminController{}, routes.Rules(routes.Get("/x", tt.view)))
		if len(rs) != 1 || rs[0].Err() == nil {
			t.Errorf("Controller(AdminController, Rules(Get(\"/x\", %v))) gave no error route", tt.view)
			continue
		}
		err := rs[0].Err()
		if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "routes.Get at errors_test.go:") {
			t.Errorf("Rules(Get(%v)).Err() = %q, want it to hold %q", tt.view, err, tt.want)
		}
	}
}

// Errors pass through Prefix, Include filters and Subresources unchanged.
func TestErrorsAreKept(t *testing.T) {
	bad := routes.Controller("", nil)
	rs := routes.Tree(
		routes.Prefix("/p", bad),
		routes.Include("/i", bad, routes.Only("nothing")),
		routes.Resource("", &UserResource{}, routes.Subresources(bad)),
	)
	n := 0
	for _, r := range rs {
		if r.Err() != nil {
			n++
			if !errors.Is(r.Err(), fwk.ErrMissingController) {
				t.Errorf("kept error = %v, want ErrMissingController", r.Err())
			}
		}
	}
	if n != 3 {
		t.Errorf("error routes kept = %d, want 3", n)
	}
}

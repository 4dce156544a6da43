package naming_test

import (
	"reflect"
	"testing"

	"github.com/fwkgo/fwk/naming"
)

// Stand-ins for fwk.Controller and fwk.Resource, which report their suffix
// lists through naming.SuffixRemover.
type (
	Controller struct{}
	Resource   struct{}
)

func (Controller) ControllerSuffixes() []string { return []string{"Controller", "View"} }
func (*Resource) ControllerSuffixes() []string {
	return []string{"Resource", "MethodView", "Controller", "View"}
}

type (
	UserController             struct{ Controller }
	APIController              struct{ Controller }
	SomeView                   struct{ Controller }
	MoreThanOneWordController  struct{ Controller }
	SomeCtrl                   struct{ Controller }
	HTTPSProxyController       struct{ Controller }
	OAuthController            struct{ Controller }
	FooViewController          struct{ Controller }
	UserResource               struct{ Resource }
	RoleMethodView             struct{ Resource }
	RoleViewControllerResource struct{ Resource }
	UsersController            struct{ Resource }
	PlainView                  struct{}              // no SuffixRemover: default list
	PlainResource              struct{}              // "Resource" is not a default suffix
	PointerEmbedController     struct{ *Controller } // nil embedded pointer
	NoSuffixesController       struct{}
	Box[T any]                 struct{ V T }
	BoxController[T any]       struct{ Controller }
	IntController              int
	ControllerFunc             func()
	NilSliceSuffixesController struct{}
)

// BaseCtl is a user's abstract base: its own name goes in front of the
// inherited list (research 2.1 #10).
type BaseCtl struct{ Controller }

func (BaseCtl) ControllerSuffixes() []string {
	return append([]string{"BaseCtl"}, Controller{}.ControllerSuffixes()...)
}

type FooBaseCtl struct{ BaseCtl }

func (NoSuffixesController) ControllerSuffixes() []string        { return []string{} }
func (*NilSliceSuffixesController) ControllerSuffixes() []string { return nil }

func TestControllerName(t *testing.T) {
	userPtr := &UserController{}
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"UserController", UserController{}, "user"},                                         // research 2.1 #1
		{"APIController", APIController{}, "api"},                                            // #2
		{"SomeView", SomeView{}, "some"},                                                     // #3
		{"MoreThanOneWordController", MoreThanOneWordController{}, "more_than_one_word"},     // #4
		{"UserResource", UserResource{}, "user"},                                             // #5
		{"RoleMethodView", RoleMethodView{}, "role"},                                         // #6
		{"RoleViewControllerResource", RoleViewControllerResource{}, "role_view_controller"}, // #7
		{"SomeCtrl", SomeCtrl{}, "some_ctrl"},                                                // #8
		{"FooBaseCtl", FooBaseCtl{}, "foo"},                                                  // #10
		{"HTTPSProxyController", HTTPSProxyController{}, "https_proxy"},
		{"OAuthController", OAuthController{}, "o_auth"},
		{"FooViewController", FooViewController{}, "foo_view"}, // one suffix only
		{"UsersController on a Resource", UsersController{}, "users"},
		{"pointer", userPtr, "user"},
		{"pointer to pointer", &userPtr, "user"},
		{"nil pointer", (*UserResource)(nil), "user"},
		{"reflect.Type", reflect.TypeFor[RoleMethodView](), "role"},
		{"reflect.Type of pointer", reflect.TypeFor[*RoleMethodView](), "role"},
		{"reflect.Value", reflect.ValueOf(UserResource{}), "user"},
		{"no SuffixRemover", PlainView{}, "plain"},
		{"no SuffixRemover, Resource", PlainResource{}, "plain_resource"},
		{"nil embedded pointer", PointerEmbedController{}, "pointer_embed"},
		{"empty suffix list", NoSuffixesController{}, "no_suffixes_controller"},
		{"nil suffix list", NilSliceSuffixesController{}, "nil_slice_suffixes_controller"},
		{"generic", Box[int]{}, "box"},
		{"generic controller", BoxController[string]{}, "box"},
		{"named int", IntController(1), "int"},
		{"named func", ControllerFunc(nil), "controller_func"}, // strip "Controller" from the end only
		{"string has no default suffixes", "UserController", "user_controller"},
		{"string", "SomeView", "some_view"},
		{"nil", nil, ""},
		{"invalid reflect.Value", reflect.Value{}, ""},
		{"unnamed type", []int{1}, ""},
		{"anonymous struct", struct{ Controller }{}, ""},
	}
	for _, tt := range tests {
		if got := naming.ControllerName(tt.in); got != tt.want {
			t.Errorf("%s: ControllerName(%T) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestControllerNameSuffixes(t *testing.T) {
	tests := []struct {
		in       any
		suffixes []string
		want     string
	}{
		{"FooViewController", []string{"Controller", "View"}, "foo_view"}, // research 2.1 #9
		{"OAuthController", []string{"Controller", "View"}, "o_auth"},
		{"FooViewController", []string{"View", "Controller"}, "foo_view"},
		{"FooView", []string{"Controller", "View"}, "foo"},
		{"ViewFoo", []string{"View"}, "view_foo"}, // only a suffix is removed
		{"Controller", []string{"Controller"}, ""},
		{"FooBar", []string{"", "Bar"}, "foo"},                // empty suffixes are skipped
		{UserResource{}, []string{"Source"}, "user_resource"}, // case-sensitive
		{&RoleMethodView{}, []string{"View"}, "role_method"},  // the list given wins
		{reflect.TypeFor[SomeCtrl](), []string{"Ctrl"}, "some"},
	}
	for _, tt := range tests {
		if got := naming.ControllerName(tt.in, tt.suffixes...); got != tt.want {
			t.Errorf("ControllerName(%v, %q) = %q, want %q", tt.in, tt.suffixes, got, tt.want)
		}
	}
}

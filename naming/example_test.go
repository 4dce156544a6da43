package naming_test

import (
	"fmt"

	"github.com/fwkgo/fwk/naming"
)

func ExampleSnakeCase() {
	fmt.Println(naming.SnakeCase("FoobarAPIController"))
	fmt.Println(naming.SnakeCase("getHTTPResponse"))
	fmt.Println(naming.SnakeCase("OAuth"))
	// Output:
	// foobar_api_controller
	// get_http_response
	// o_auth
}

func ExampleKebabCase() {
	fmt.Println(naming.KebabCase("AboutUs"))
	fmt.Println(naming.KebabCase("__a private_prefix"))
	// Output:
	// about-us
	// --a-private-prefix
}

func ExampleMethodNameToURL() {
	for _, name := range []string{"AboutUs", "Index", "getHTTPResponse", "page2Foo", "_FooBar_baz-booFoo_"} {
		fmt.Println(name, naming.MethodNameToURL(name))
	}
	// Output:
	// AboutUs /about-us
	// Index /index
	// getHTTPResponse /get-http-response
	// page2Foo /page2-foo
	// _FooBar_baz-booFoo_ /foo-bar-baz-boo-foo
}

// Base is an abstract controller base of a user's own: it asks for its name
// to be stripped too.
type Base struct{}

func (Base) ControllerSuffixes() []string { return []string{"Base", "Controller", "View"} }

type AdminBase struct{ Base }

type SiteController struct{}

func ExampleControllerName() {
	fmt.Println(naming.ControllerName(&SiteController{}))
	fmt.Println(naming.ControllerName(AdminBase{}))
	fmt.Println(naming.ControllerName("FooViewController", "Controller", "View"))
	fmt.Println(naming.ControllerName("FooViewController")) // strings get no default suffixes
	// Output:
	// site
	// admin
	// foo_view
	// foo_view_controller
}

func ExamplePluralize() {
	for _, w := range []string{"user", "status", "person", "category", "user-role", "mother-in-law"} {
		fmt.Println(naming.Pluralize(w))
	}
	// Output:
	// users
	// statuses
	// people
	// categories
	// user-roles
	// mothers-in-law
}

func ExampleJoin() {
	fmt.Println(naming.Join("/", "/api/", "", "/users/"))
	fmt.Println(naming.Join("", "users", "<int:id>"))
	fmt.Println(naming.Join("", ""))
	// Output:
	// /api/users
	// /users/<int:id>
	// /
}

func ExampleJoinTrailingSlash() {
	fmt.Println(naming.JoinTrailingSlash("/api", "users"))
	fmt.Println(naming.JoinTrailingSlash("/"))
	// Output:
	// /api/users/
	// /
}

func ExampleParamTuples() {
	for _, p := range naming.ParamTuples("/<string(length=2):lang>/users/<int:id>/<slug>") {
		fmt.Printf("converter %q, name %q\n", p[0], p[1])
	}
	// Output:
	// converter "string", name "lang"
	// converter "int", name "id"
	// converter "", name "slug"
}

func ExampleLastParamName() {
	fmt.Printf("%q\n", naming.LastParamName("/users/<int:id>"))
	fmt.Printf("%q\n", naming.LastParamName("/users/<int:id>/roles"))
	// Output:
	// "id"
	// ""
}

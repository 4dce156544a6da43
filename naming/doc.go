// Package naming holds the string helpers that turn Go identifiers into
// controller names, endpoint names and URL paths, plus small helpers for
// joining URL paths and reading the parameters of a rule.
//
// It is a port of the path and string helpers of Flask-Unchained's
// controller bundle, with Go-cased inputs in mind. It has no dependency on
// the rest of fwk and keeps no mutable state.
//
// # Case conversion
//
// [SnakeCase] and [KebabCase] split camel-cased words by two left-to-right
// rules, applied to ASCII letters and digits only, and then lower-case the
// whole string:
//
//  1. a lower-case letter or digit followed by an upper-case letter:
//     "fooBar" -> "foo_bar", "page2Foo" -> "page2_foo";
//  2. an upper-case letter followed by an upper-case letter and a lower-case
//     letter (the end of an acronym): "HTTPResponse" -> "http_response".
//
// Nothing else splits words, so acronyms that are not followed by a
// lower-case letter stay whole, and a single capital inside an acronym is
// not recognised:
//
//	input                  SnakeCase               KebabCase
//	"AboutUs"              "about_us"              "about-us"
//	"getHTTPResponse"      "get_http_response"     "get-http-response"
//	"FoobarAPIController"  "foobar_api_controller" "foobar-api-controller"
//	"OAuth"                "o_auth"                "o-auth"
//	"_an underscore-x"     "_an_underscore_x"      "-an-underscore-x"
//
// [MethodNameToURL] is "/" + KebabCase with leading and trailing dashes
// removed: it is how a controller method without an explicit rule gets its
// URL ("AboutUs" -> "/about-us", "Index" -> "/index").
//
// # Controller names
//
// [ControllerName] snake-cases the name of a controller type after removing
// one suffix: the first suffix of the list that the name ends with. The list
// is the one passed in, otherwise the one the type reports through
// [SuffixRemover], otherwise "Controller" and "View".
// fwk.Controller and fwk.Resource implement SuffixRemover, so any type that
// embeds them gets the right list:
//
//	type                        suffixes                                   name
//	UserController              Controller, View                           "user"
//	SomeView                    Controller, View                           "some"
//	APIController               Controller, View                           "api"
//	RoleMethodView              Resource, MethodView, Controller, View     "role"
//	RoleViewControllerResource  Resource, MethodView, Controller, View     "role_view_controller"
//	SomeCtrl                    Controller, View                           "some_ctrl"
//
// # Plurals
//
// [Pluralize] uses the github.com/gobuffalo/flect inflector for the last
// word of a compound ("status" -> "statuses", "person" -> "people",
// "bar-bar" -> "bar-bars"), or for the first word when the second one is a
// preposition ("mother-in-law" -> "mothers-in-law"). Resources use it for
// their default URL prefix.
//
// # Paths and rules
//
// [Join] and [JoinTrailingSlash] glue URL path parts together the way the
// declarative routing functions need: empty parts are ignored, runs of '/'
// collapse to one, and the result never ends with '/' (Join) or always does
// (JoinTrailingSlash), except that an empty result is "/".
//
// [ParamTuples] and [LastParamName] read the parameters of a Werkzeug-style rule
// such as "/users/<int:id>/roles/<string(length=2):lang>". They only describe a
// rule, leniently (text that is no parameter is skipped), as Flask-Unchained's
// get_param_tuples and get_last_param_name do; validating it is the router's
// job. fwk itself reads rules with router.ParseRule, which parses them with the
// router's own grammar.
package naming

package naming

import "strings"

// SnakeCase converts s to snake_case: dashes and spaces become underscores,
// camel-cased words are split with underscores (see the package doc for the
// two rules) and the result is lower-cased. "" stays "".
//
// Examples: "FoobarAPIController" -> "foobar_api_controller",
// "getHTTPResponse" -> "get_http_response", "_an underscore-prefix" ->
// "_an_underscore_prefix".
func SnakeCase(s string) string {
	return deCamel(s, '_', '-')
}

// KebabCase converts s to kebab-case: underscores and spaces become dashes,
// camel-cased words are split with dashes (see the package doc for the two
// rules) and the result is lower-cased. "" stays "".
//
// Examples: "FoobarAPIController" -> "foobar-api-controller",
// "__a private-prefix" -> "--a-private-prefix".
func KebabCase(s string) string {
	return deCamel(s, '-', '_')
}

// MethodNameToURL converts the name of a controller method to the URL path
// it is served at by default: "/" followed by the kebab-cased name with
// leading and trailing dashes removed. Inner runs of dashes are kept.
//
// Examples: "AboutUs" -> "/about-us", "Index" -> "/index",
// "getHTTPResponse" -> "/get-http-response", "_FooBar_baz-booFoo_" ->
// "/foo-bar-baz-boo-foo", "foo__bar" -> "/foo--bar".
func MethodNameToURL(name string) string {
	return "/" + strings.Trim(KebabCase(name), "-")
}

// deCamel changes spaces and the byte other to sep, splits camel-cased words
// with sep and lower-cases the result.
//
// The reference applies two regular expressions one after the other:
// ([a-z0-9])([A-Z]) and then ([A-Z])([A-Z][a-z]), each left to right without
// overlapping matches. Neither pattern can overlap itself (the second byte
// of the first one is upper-case, the last byte of the second one is
// lower-case) and the separators inserted by the first cannot create or
// break a match of the second, so both reduce to a test of the bytes around
// each position of the original string:
//
//	position i gets sep before it when     example
//	s[i-1] in [a-z0-9] and s[i] in [A-Z]   "fooBar" -> "foo_bar"
//	s[i-1], s[i] in [A-Z], s[i+1] in [a-z] "HTTPResponse" -> "http_response"
func deCamel(s string, sep, other byte) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == other:
			c = sep
		case isUpper(c) && splitsBefore(s, i):
			b.WriteByte(sep)
		}
		if c >= 0x80 {
			ascii = false
		}
		if isUpper(c) {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	if ascii {
		return b.String()
	}
	// Non-ASCII upper-case letters are lower-cased too, as Python's
	// str.lower does; they never split words.
	return strings.ToLower(b.String())
}

// splitsBefore reports whether a separator goes before s[i], which is an
// upper-case ASCII letter.
func splitsBefore(s string, i int) bool {
	if i == 0 {
		return false
	}
	prev := s[i-1]
	if isLower(prev) || isDigit(prev) {
		return true
	}
	return isUpper(prev) && i+1 < len(s) && isLower(s[i+1])
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

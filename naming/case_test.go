package naming_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/naming"
)

func TestSnakeCase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"foo", "foo"},
		{"fooBar", "foo_bar"},
		{"FooBar", "foo_bar"},
		{"AboutUs", "about_us"},
		{"FoobarAPIController", "foobar_api_controller"},   // research 2.1 #11
		{"_an underscore-prefix", "_an_underscore_prefix"}, // #12
		{"getHTTPResponse", "get_http_response"},
		{"HTTPSProxy", "https_proxy"},
		{"OAuth", "o_auth"},
		{"API", "api"},
		{"page2Foo", "page2_foo"},
		{"Page2", "page2"},
		{"ABCdEF", "ab_cd_ef"},
		{"aBC", "a_bc"},
		{"already_snake", "already_snake"},
		{"kebab-case words", "kebab_case_words"},
		{"Über", "über"},       // non-ASCII letters never split words
		{"fooÜber", "fooüber"}, // ... but are lower-cased
		{"ÄBc", "äbc"},
	}
	for _, tt := range tests {
		if got := naming.SnakeCase(tt.in); got != tt.want {
			t.Errorf("SnakeCase(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestKebabCase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"FoobarAPIController", "foobar-api-controller"}, // research 2.1 #11
		{"__a private-prefix", "--a-private-prefix"},     // #12
		{"AboutUs", "about-us"},
		{"getHTTPResponse", "get-http-response"},
		{"snake_case words", "snake-case-words"},
		{"UserRole", "user-role"},
	}
	for _, tt := range tests {
		if got := naming.KebabCase(tt.in); got != tt.want {
			t.Errorf("KebabCase(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMethodNameToURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"fooBar", "/foo-bar"}, // research 2.1 #13
		{"foo_bar", "/foo-bar"},
		{"fooBar_baz", "/foo-bar-baz"},
		{"_FooBar_baz-booFoo_", "/foo-bar-baz-boo-foo"}, // #14
		{"foo__bar", "/foo--bar"},                       // #15
		{"getHTTPResponse", "/get-http-response"},
		{"page2Foo", "/page2-foo"},
		{"AboutUs", "/about-us"}, // DESIGN §3
		{"Index", "/index"},
		{"GetHTTPResponse", "/get-http-response"},
		{"Page2Foo", "/page2-foo"},
		{"", "/"},
		{"__", "/"},
	}
	for _, tt := range tests {
		if got := naming.MethodNameToURL(tt.in); got != tt.want {
			t.Errorf("MethodNameToURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// refDeCamel is the reference algorithm written with regular expressions:
// two non-overlapping left-to-right substitutions, then lower-casing.
var (
	refLowerUpper = regexp.MustCompile(`([a-z0-9])([A-Z])`)
	refAcronymEnd = regexp.MustCompile(`([A-Z])([A-Z][a-z])`)
)

func refCase(s, sep string, others ...string) string {
	for _, o := range others {
		s = strings.ReplaceAll(s, o, sep)
	}
	s = refLowerUpper.ReplaceAllString(s, "${1}"+sep+"${2}")
	s = refAcronymEnd.ReplaceAllString(s, "${1}"+sep+"${2}")
	return strings.ToLower(s)
}

func checkAgainstReference(t *testing.T, s string) {
	t.Helper()
	if got, want := naming.SnakeCase(s), refCase(s, "_", "-", " "); got != want {
		t.Errorf("SnakeCase(%q) = %q, want %q (regexp reference)", s, got, want)
	}
	if got, want := naming.KebabCase(s), refCase(s, "-", "_", " "); got != want {
		t.Errorf("KebabCase(%q) = %q, want %q (regexp reference)", s, got, want)
	}
}

func TestCaseMatchesRegexpReference(t *testing.T) {
	for _, s := range []string{
		"AAAbbbCCCddd", "aAaA", "A1B2c3D", "XMLHttpRequest", "ÀBcDé",
		"a-B_c D", "ABC", "AbC", "aB", "Ab", "AB1c", "\xffAb", "ID", "IDs",
	} {
		checkAgainstReference(t, s)
	}
}

func FuzzCase(f *testing.F) {
	for _, s := range []string{"FoobarAPIController", "_FooBar_baz-booFoo_", "page2Foo", "ÄBc"} {
		f.Add(s)
	}
	f.Fuzz(checkAgainstReference)
}

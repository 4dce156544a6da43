package openapi_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/openapi"
)

// TestYAMLStrings: a string is plain only when no YAML parser can read it
// as another type or structure; every other one is double-quoted, with the
// characters YAML may not hold raw escaped.
func TestYAMLStrings(t *testing.T) {
	for in, want := range map[string]string{
		`"get"`:                                  `get`,
		`"application/json"`:                     `application/json`,
		`"a_b.c-d"`:                              `a_b.c-d`,
		`"true"`:                                 `"true"`,
		`"False"`:                                `"False"`,
		`"null"`:                                 `"null"`,
		`"NO"`:                                   `"NO"`,
		`"on"`:                                   `"on"`,
		`"y"`:                                    `"y"`,
		`"~"`:                                    `"~"`,
		`"1.0"`:                                  `"1.0"`,
		`"200"`:                                  `"200"`,
		`""`:                                     `""`,
		`" x "`:                                  `" x "`,
		`"a: b"`:                                 `"a: b"`,
		`"a #b"`:                                 `"a #b"`,
		`"-"`:                                    `"-"`,
		`"{x}"`:                                  `"{x}"`,
		`"/pets/{id}"`:                           `"/pets/{id}"`,
		`"#/components"`:                         `"#/components"`,
		`"a\nb\t\"\\"`:                           `"a\nb\t\"\\"`,
		`"\u007f\u0085\u2028\u2029\ufeff\u0001"`: `"\u007F\u0085\u2028\u2029\uFEFF\u0001"`,
		`"é"`:                                    `"é"`,
	} {
		got, err := openapi.YAML([]byte(in))
		if err != nil || string(got) != want+"\n" {
			t.Errorf("YAML(%s) = %q, %v; want %q", in, got, err, want+"\n")
		}
	}
}

// TestYAMLBlock: objects and arrays in block style, keys in the JSON's
// order, numbers as written, empty collections as {} and [].
func TestYAMLBlock(t *testing.T) {
	in := `{"z":1.0,"a":[{"x":-0,"y":[1E+2,[true,null]]},[],{}],"m":{"n":{"o":false}},"e":{}}`
	want := `z: 1.0
a:
  - x: -0
    "y":
      - 1E+2
      - - true
        - null
  - []
  - {}
m:
  "n":
    o: false
e: {}
`
	got, err := openapi.YAML([]byte(in))
	if err != nil || string(got) != want {
		t.Errorf("YAML = %v\n%s\nwant\n%s", err, got, want)
	}
}

// TestYAMLLongKey: a key longer than YAML allows an implicit key to be is
// written as an explicit one.
func TestYAMLLongKey(t *testing.T) {
	long := strings.Repeat("k", 1100)
	got, err := openapi.YAML([]byte(`{"` + long + `":{"a":1}}`))
	want := "? \"" + long + "\"\n:\n  a: 1\n"
	if err != nil || string(got) != want {
		t.Errorf("YAML = %v\n%.80s", err, got)
	}
}

// TestYAMLNotJSON: input that is not one JSON value is an error wrapping
// ErrNotJSON.
func TestYAMLNotJSON(t *testing.T) {
	for _, in := range []string{``, `{`, `{"a":}`, `{"a":1} x`, `[1,]`, `{1:2}`, `1 2`} {
		if _, err := openapi.YAML([]byte(in)); !errors.Is(err, openapi.ErrNotJSON) {
			t.Errorf("YAML(%q): %v, want ErrNotJSON", in, err)
		}
	}
}

package router_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func TestParseRule(t *testing.T) {
	type rp = router.RuleParam
	tests := []struct {
		path   string
		params []rp
		slash  bool
	}{
		{"/", nil, true},
		{"/users", nil, false},
		{"/docs/", nil, true},
		{"/users/<int:id>", []rp{{Name: "id", Converter: "int", Start: 7, End: 15}}, false},
		{"/<lang>/<path:p>.html", []rp{
			{Name: "lang", Start: 1, End: 7},
			{Name: "p", Converter: "path", Start: 8, End: 16},
		}, false},
		{"/v<int(min=1):n>/", []rp{{Name: "n", Converter: "int", Args: "min=1", Start: 2, End: 16}}, true},
		{`/<any(a, "b)c"):k>`, []rp{{Name: "k", Converter: "any", Args: `a, "b)c"`, Start: 1, End: 18}}, false},
		// Converters are not looked up: a custom one parses.
		{"/<mine(x=1):m>", []rp{{Name: "m", Converter: "mine", Args: "x=1", Start: 1, End: 14}}, false},
		// Empty segments are kept as written: offsets are the text's.
		{"/a//<b>", []rp{{Name: "b", Start: 4, End: 7}}, false},
	}
	for _, tt := range tests {
		checkParsed(t, tt.path, tt.params, tt.slash)
	}
}

func checkParsed(t *testing.T, path string, params []router.RuleParam, slash bool) {
	t.Helper()
	got, err := router.ParseRule(path)
	if err != nil {
		t.Errorf("ParseRule(%q): %v", path, err)
		return
	}
	want := router.ParsedRule{Path: path, Params: params, TrailingSlash: slash}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseRule(%q) =\n %+v, want\n %+v", path, got, want)
	}
}

func TestParseRuleErrors(t *testing.T) {
	tests := []struct {
		path   string
		offset int
	}{
		{"", 0},
		{"users", 0},
		{"/<int:id", 1},
		{"/<a>/<a>", 6},
		{"/<int(min=):x>", 10},
		{"/./x", 1},
		{"/a\x00", 2},
	}
	for _, tt := range tests {
		_, err := router.ParseRule(tt.path)
		var re *router.RuleError
		if !errors.As(err, &re) || !errors.Is(err, router.ErrBadRule) || re.Rule != tt.path || re.Offset != tt.offset {
			t.Errorf("ParseRule(%q) = %v, want an ErrBadRule *RuleError at offset %d", tt.path, err, tt.offset)
		}
	}
}

// TestParseRuleFresh: results share nothing with each other.
func TestParseRuleFresh(t *testing.T) {
	a, _ := router.ParseRule("/<a>/<b>")
	b, _ := router.ParseRule("/<c>/<d>")
	a.Params[0].Name = "changed"
	if b.Params[0].Name != "c" {
		t.Fatalf("second result changed with the first: %+v", b.Params)
	}
	if a2, _ := router.ParseRule("/<a>/<b>"); a2.Params[0].Name != "a" {
		t.Fatalf("a new parse sees the old result's change: %+v", a2.Params)
	}
}

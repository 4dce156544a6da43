package naming_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/naming"
)

func TestParamTuples(t *testing.T) {
	tests := []struct {
		rule string
		want [][2]string
	}{
		{"<int:id>", [][2]string{{"int", "id"}}}, // research 2.1 #16
		{"", nil},
		{"/users/<int:user_id>/roles/<string:slug>", [][2]string{{"int", "user_id"}, {"string", "slug"}}}, // #17
		{"<id>", [][2]string{{"", "id"}}}, // #18
		// The reference skips parameters whose converter has arguments.
		{"/a/<string(length=2):l>/<path:p>", [][2]string{{"string", "l"}, {"path", "p"}}},
		{"/<int(min=1, max=99, signed=True):n>", [][2]string{{"int", "n"}}},
		{"/<any(a, b, c):kind>/x", [][2]string{{"any", "kind"}}},
		{"/<any('a)', b):kind>", [][2]string{{"any", "kind"}}}, // first ')' that ends the arguments
		{"/<re(x):a>/<re(y):b>", [][2]string{{"re", "a"}, {"re", "b"}}},
		{"/static/path", nil},
		{"/a/<b-c>/<>/<:x>/<1x>/<x:>/<x", nil},
		{"/a/<<id>>", [][2]string{{"", "id"}}},
		{"/<a><b>", [][2]string{{"", "a"}, {"", "b"}}},
		{"/<_x1:Y_2>", [][2]string{{"_x1", "Y_2"}}},
		{"/<x(a:b>", nil},
		{"/<x(\n):b>", nil}, // arguments do not span lines
		{"/<é>", nil},
	}
	for _, tt := range tests {
		if got := naming.ParamTuples(tt.rule); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParamTuples(%q) = %q, want %q", tt.rule, got, tt.want)
		}
	}
}

func TestLastParamName(t *testing.T) {
	tests := []struct{ rule, want string }{
		{"/users/<int:id>", "id"},
		{"<id>", "id"},
		{"/<lang>/<path:rest>", "rest"},
		{"/<string(length=2):lang>", "lang"},
		{"/users/<int:id>/", ""},
		{"/users/<int:id>/roles", ""},
		{"/users", ""},
		{"", ""},
		{"/users/<b-c>", ""},
		{"/users/<a>>", ""},
		{"/<a><b>", "b"},
	}
	for _, tt := range tests {
		if got := naming.LastParamName(tt.rule); got != tt.want {
			t.Errorf("LastParamName(%q) = %q, want %q", tt.rule, got, tt.want)
		}
	}
}

func FuzzParamTuples(f *testing.F) {
	for _, s := range []string{"/users/<int:user_id>/roles/<string:slug>", "/<any('a)', b):kind>", "<<a>", "/<x(:y>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rule string) {
		tuples := naming.ParamTuples(rule)
		rest := rule
		for _, p := range tuples {
			// Each parameter appears, in order, as "<conv" ... "name>".
			open := "<" + p[0]
			if p[0] == "" {
				open = "<" + p[1]
			}
			i := strings.Index(rest, open)
			if i < 0 {
				t.Fatalf("ParamTuples(%q) = %q: %q not found in order", rule, tuples, open)
			}
			j := strings.Index(rest[i:], p[1]+">")
			if j < 0 {
				t.Fatalf("ParamTuples(%q) = %q: %q not found in order", rule, tuples, p[1]+">")
			}
			rest = rest[i+j+len(p[1])+1:]
		}
		last := naming.LastParamName(rule)
		switch {
		case last == "":
		case len(tuples) == 0:
			t.Fatalf("LastParamName(%q) = %q, but ParamTuples found nothing", rule, last)
		case tuples[len(tuples)-1][1] != last || !strings.HasSuffix(rule, last+">"):
			t.Fatalf("LastParamName(%q) = %q, ParamTuples = %q", rule, last, tuples)
		}
	})
}

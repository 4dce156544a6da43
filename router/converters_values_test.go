package router_test

import (
	"math"
	"strings"
	"testing"
)

// TestConverterToURLText: number and UUID converters read a value through
// its text, so a float32 builds from its own shortest digits, decimal text
// in a []byte counts as text, and a value the converter's bounds or sign
// refuse fails whatever its Go type.
func TestConverterToURLText(t *testing.T) {
	tests := []struct {
		rule string
		in   any
		want string // "": an error is expected
	}{
		{"/<float:x>", float32(0.1), "0.1"},
		{"/<x>", float32(0.1), "0.1"},
		{"/<float:x>", []byte("2.5"), "2.5"},
		{"/<int:x>", []byte("17"), "17"},
		{"/<int:x>", 1e16, "10000000000000000"},
		{"/<int:x>", true, ""},
		{"/<int:x>", "3.0", ""},
		{"/<int(min=-5):x>", -1, ""},
		{"/<int(min=-5, signed=True):x>", -5, "-5"},
		{"/<int(min=-5, signed=True):x>", -6, ""},
		{"/<int(signed=True):x>", int64(math.MinInt64), "-9223372036854775808"},
		{"/<int(fixed_digits=3, signed=True):x>", -5, "-05"},
		{"/<float(min=-1.5, signed=True):x>", -1.5, "-1.5"},
		{"/<float(min=-1.5, signed=True):x>", -1.75, ""},
		{"/<float(min=-1.5):x>", -0.5, ""},
		{"/<float:x>", math.Inf(-1), ""},
		{"/<uuid:x>", []byte("123e4567-e89b-12d3-a456-426614174000"), "123e4567-e89b-12d3-a456-426614174000"},
	}
	for _, tt := range tests {
		got, err := converter(t, tt.rule).ToURL(tt.in)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: ToURL(%#v) = %q, want an error", tt.rule, tt.in, got)
			}
		} else if err != nil || got != tt.want {
			t.Errorf("%s: ToURL(%#v) = %q, %v, want %q", tt.rule, tt.in, got, err, tt.want)
		}
	}
}

// TestBuiltinMatchAllocs: the built-in converters' Match allocates nothing,
// even for texts beyond their range (a number too long for int64 or
// float64) or refused.
func TestBuiltinMatchAllocs(t *testing.T) {
	long := strings.Repeat("9", 400)
	for _, tt := range []struct{ rule, in string }{
		{"/<int:x>", "99999999999999999999"},
		{"/<int(signed=True, max=5):x>", "-9223372036854775809"},
		{"/<float:x>", long + ".5"},
		{"/<float(max=1):x>", "9" + long[:300] + ".0"},
		{"/<uuid:x>", "123e4567-e89b-12d3-a456-42661417400g"},
		{"/<string(length=3):x>", "héllo"},
		{"/<str(upper=True):x>", "abc"},
		{"/<any(a, b):x>", "c"},
	} {
		c := converter(t, tt.rule)
		if n := testing.AllocsPerRun(50, func() { c.Match(tt.in) }); n != 0 {
			t.Errorf("%s: Match(%.20q) allocates %v times", tt.rule, tt.in, n)
		}
	}
}

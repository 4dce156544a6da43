package router_test

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// converter returns the converter of parameter x in rule.
func converter(t testing.TB, rule string) router.Converter {
	t.Helper()
	rt, err := router.New().Add(router.Rule{Path: rule})
	if err != nil {
		t.Fatalf("Add(%q) = %v", rule, err)
	}
	c := rt.Converter("x")
	if c == nil {
		t.Fatalf("Add(%q): no converter for x", rule)
	}
	return c
}

func TestConverterMatchAndValue(t *testing.T) {
	uuidBytes := [16]byte{0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3, 0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00}
	tests := []struct {
		rule  string
		in    string
		match bool
		value any
	}{
		{"/<x>", "abc", true, "abc"},
		{"/<x>", "a/b", true, "a/b"},
		{"/<x>", "", false, nil},
		{"/<string(length=2):x>", "ab", true, "ab"},
		{"/<string(length=2):x>", "éé", true, "éé"},
		{"/<string(length=2):x>", "é", false, nil},
		{"/<string(length=2):x>", "abc", false, nil},
		{"/<string(minlength=2, maxlength=3):x>", "a", false, nil},
		{"/<string(minlength=2, maxlength=3):x>", "abc", true, "abc"},
		{"/<string(minlength=2, maxlength=3):x>", "abcd", false, nil},
		{"/<str(upper=True):x>", "ab", true, "AB"},
		{"/<int:x>", "42", true, int64(42)},
		{"/<int:x>", "0042", true, int64(42)},
		{"/<int:x>", "-1", false, nil},
		{"/<int:x>", "4a", false, nil},
		{"/<int:x>", "", false, nil},
		{"/<int:x>", "+1", false, nil},
		{"/<int:x>", "٣", false, nil},
		{"/<int:x>", "9223372036854775807", true, int64(math.MaxInt64)},
		{"/<int:x>", "9223372036854775808", false, nil},
		{"/<int:x>", "99999999999999999999999", false, nil},
		{"/<int:x>", "999999999999999999", true, int64(999999999999999999)},
		{"/<int:x>", "00000000000000000000042", true, int64(42)},
		{"/<int:x>", "09223372036854775807", true, int64(math.MaxInt64)},
		{"/<int:x>", "18446744073709551616", false, nil},
		{"/<int(signed=True):x>", "-5", true, int64(-5)},
		{"/<int(signed=True):x>", "-", false, nil},
		{"/<int(signed=True):x>", "--5", false, nil},
		{"/<int(signed=True):x>", "-9223372036854775808", true, int64(math.MinInt64)},
		{"/<int(signed=True):x>", "-9223372036854775809", false, nil},
		{"/<int(signed=True):x>", "-0009223372036854775808", true, int64(math.MinInt64)},
		{"/<int(signed=True):x>", "-999999999999999999", true, int64(-999999999999999999)},
		{"/<int(fixed_digits=4):x>", "0042", true, int64(42)},
		{"/<int(fixed_digits=4):x>", "42", false, nil},
		{"/<int(fixed_digits=4):x>", "12345", false, nil},
		{"/<int(min=1, max=99):x>", "0", false, nil},
		{"/<int(min=1, max=99):x>", "1", true, int64(1)},
		{"/<int(min=1, max=99):x>", "99", true, int64(99)},
		{"/<int(min=1, max=99):x>", "100", false, nil},
		{"/<int(min=None):x>", "0", true, int64(0)},
		{"/<float:x>", "1.5", true, 1.5},
		{"/<float:x>", "01.50", true, 1.5},
		{"/<float:x>", "1", false, nil},
		{"/<float:x>", ".5", false, nil},
		{"/<float:x>", "1.", false, nil},
		{"/<float:x>", "1e5", false, nil},
		{"/<float:x>", "-1.5", false, nil},
		{"/<float(signed=True):x>", "-1.5", true, -1.5},
		{"/<float(min=0.5, max=2):x>", "0.25", false, nil},
		{"/<float(min=0.5, max=2):x>", "2.0", true, 2.0},
		{"/<float(min=0.5, max=2):x>", "2.5", false, nil},
		{"/<float:x>", strings.Repeat("9", 400) + ".0", false, nil},
		{"/<path:x>", "a/b/c", true, "a/b/c"},
		{"/<path:x>", "", false, nil},
		{"/<uuid:x>", "123e4567-e89b-12d3-a456-426614174000", true, uuidBytes},
		{"/<uuid:x>", "123E4567-E89B-12D3-A456-426614174000", true, uuidBytes},
		{"/<uuid:x>", "123e4567e89b12d3a456426614174000", false, nil},
		{"/<uuid:x>", "123e4567-e89b-12d3-a456-42661417400g", false, nil},
		{"/<uuid:x>", "123e4567-e89b-12d3-a456-4266141740000", false, nil},
		{"/<any(a, b, 'c d'):x>", "a", true, "a"},
		{"/<any(a, b, 'c d'):x>", "c d", true, "c d"},
		{"/<any(a, b, 'c d'):x>", "x", false, nil},
	}
	for _, tt := range tests {
		c := converter(t, tt.rule)
		if got := c.Match(tt.in); got != tt.match {
			t.Errorf("%s: Match(%q) = %v, want %v", tt.rule, tt.in, got, tt.match)
		}
		v, err := c.ToValue(tt.in)
		if tt.match {
			if err != nil || !reflect.DeepEqual(v, tt.value) {
				t.Errorf("%s: ToValue(%q) = %#v, %v, want %#v", tt.rule, tt.in, v, err, tt.value)
			}
		} else if err == nil {
			t.Errorf("%s: ToValue(%q) = %#v, want an error", tt.rule, tt.in, v)
		}
		checkTypedValue(t, tt.rule, c, tt.in, v, err)
	}
}

// checkTypedValue checks that a built-in converter declares its value type
// and that Value agrees with ToValue's v, err.
func checkTypedValue(t *testing.T, rule string, c router.Converter, in string, v any, err error) {
	t.Helper()
	vt, ok := c.(router.ValueTyper)
	if !ok {
		t.Errorf("%s: %T is not a ValueTyper", rule, c)
		return
	}
	var tv any
	var terr error
	switch vt.ValueType() {
	case reflect.TypeFor[string]():
		tv, terr = router.ValueFunc[string](c)(in)
	case reflect.TypeFor[int64]():
		tv, terr = router.ValueFunc[int64](c)(in)
	case reflect.TypeFor[float64]():
		tv, terr = router.ValueFunc[float64](c)(in)
	case reflect.TypeFor[[16]byte]():
		tv, terr = router.ValueFunc[[16]byte](c)(in)
	default:
		t.Errorf("%s: ValueType() = %v", rule, vt.ValueType())
		return
	}
	if (terr != nil) != (err != nil) || err == nil && !reflect.DeepEqual(tv, v) {
		t.Errorf("%s: Value(%q) = %#v, %v; ToValue gives %#v, %v", rule, in, tv, terr, v, err)
	}
	if err == nil && reflect.TypeOf(v) != vt.ValueType() {
		t.Errorf("%s: ToValue(%q) is a %T, ValueType() %v", rule, in, v, vt.ValueType())
	}
}

// TestValueFuncOfOtherTypes: the ValueFunc of a converter whose values are
// not a T fails, and a custom converter's value comes from ToValue.
func TestValueFuncOfOtherTypes(t *testing.T) {
	if _, err := router.ValueFunc[string](converter(t, "/<int:x>"))("42"); err == nil {
		t.Error("ValueFunc[string] of the int converter: no error")
	}
	if _, err := router.ValueFunc[int64](converter(t, "/<x>"))("42"); err == nil {
		t.Error("ValueFunc[int64] of the string converter: no error")
	}
	if v, err := router.ValueFunc[string](tagConverter{})("go"); err != nil || v != "go" {
		t.Errorf("ValueFunc[string] of a custom converter = %q, %v", v, err)
	}
}

// TestValueFuncAllocs: the ValueFunc of a built-in converter does not
// allocate.
func TestValueFuncAllocs(t *testing.T) {
	ints := router.ValueFunc[int64](converter(t, "/<int:x>"))
	strs := router.ValueFunc[string](converter(t, "/<x>"))
	var sink int64
	n := testing.AllocsPerRun(100, func() {
		v, _ := ints("123456789")
		s, _ := strs("hello")
		sink += v + int64(len(s))
	})
	if n != 0 || sink == 0 {
		t.Errorf("ValueFunc: %v allocations per call, want 0", n)
	}
}

type namedUUID [16]byte

type stringer string

// Named number types without methods build as their numbers.
type (
	myInt   int16
	myUint  uint
	myFloat float32
)

func (s stringer) String() string { return string(s) }

func TestConverterToURL(t *testing.T) {
	u := [16]byte{0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3, 0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00}
	const uText = "123e4567-e89b-12d3-a456-426614174000"
	const bad = "\x00error"
	tests := []struct {
		rule string
		in   any
		want string // bad: an error is expected
	}{
		{"/<x>", "a b/c", "a b/c"},
		{"/<x>", 5, "5"},
		{"/<x>", uint8(7), "7"},
		{"/<x>", 1.5, "1.5"},
		{"/<x>", true, "true"},
		{"/<x>", stringer("st"), "st"},
		{"/<x>", "", bad},
		{"/<x>", ".", bad},
		{"/<x>", "..", bad},
		{"/<x>", struct{}{}, bad},
		{"/<x>", nil, bad},
		{"/<string(length=2):x>", "abc", bad},
		{"/<string(length=2):x>", "ab", "ab"},
		{"/<str(upper=True):x>", "ab", "AB"},
		{"/<int:x>", 5, "5"},
		{"/<int:x>", int64(7), "7"},
		{"/<int:x>", uint32(8), "8"},
		{"/<int:x>", myInt(9), "9"},
		{"/<int:x>", myUint(10), "10"},
		{"/<x>", myInt(-2), "-2"},
		{"/<float:x>", myFloat(0.25), "0.25"},
		{"/<x>", myFloat(0.25), "0.25"},
		{"/<int:x>", "17", "17"},
		{"/<int:x>", "017", "17"},
		{"/<int:x>", 3.0, "3"},
		{"/<int:x>", 3.5, bad},
		{"/<int:x>", -1, bad},
		{"/<int:x>", uint64(math.MaxUint64), bad},
		{"/<int:x>", "abc", bad},
		{"/<int:x>", []int{1}, bad},
		{"/<int(signed=True):x>", -3, "-3"},
		{"/<int(fixed_digits=4):x>", 42, "0042"},
		{"/<int(fixed_digits=4, signed=True):x>", -4, "-004"},
		{"/<int(fixed_digits=4):x>", 12345, bad},
		{"/<int(min=1, max=9):x>", 0, bad},
		{"/<int(min=1, max=9):x>", 10, bad},
		{"/<int(min=1, max=9):x>", 9, "9"},
		{"/<float:x>", 1.5, "1.5"},
		{"/<float:x>", 2.0, "2.0"},
		{"/<float:x>", 1e-5, "0.00001"},
		{"/<float:x>", 3, "3.0"},
		{"/<float:x>", "2.5", "2.5"},
		{"/<float:x>", float32(0.5), "0.5"},
		{"/<float:x>", math.Copysign(0, -1), "0.0"},
		{"/<float:x>", -1.0, bad},
		{"/<float:x>", math.NaN(), bad},
		{"/<float:x>", math.Inf(1), bad},
		{"/<float(signed=True):x>", -1.25, "-1.25"},
		{"/<float(max=1):x>", 1.5, bad},
		{"/<path:x>", "a/b c", "a/b c"},
		{"/<path:x>", "a//b", "a//b"},
		{"/<path:x>", "/a", bad},
		{"/<path:x>", "a/", "a/"},
		{"/<path:x>", "a/../b", bad},
		{"/<uuid:x>", u, uText},
		{"/<uuid:x>", namedUUID(u), uText},
		{"/<uuid:x>", strings.ToUpper(uText), uText},
		{"/<uuid:x>", stringer(uText), uText},
		{"/<uuid:x>", "nope", bad},
		{"/<uuid:x>", 5, bad},
		{"/<any(a, b):x>", "b", "b"},
		{"/<any(a, b):x>", stringer("a"), "a"},
		{"/<any(a, b):x>", "c", bad},
	}
	for _, tt := range tests {
		c := converter(t, tt.rule)
		got, err := c.ToURL(tt.in)
		if tt.want == bad {
			if err == nil {
				t.Errorf("%s: ToURL(%#v) = %q, want an error", tt.rule, tt.in, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: ToURL(%#v) = %q, %v, want %q", tt.rule, tt.in, got, err, tt.want)
		}
	}
}

// hexConverter is a custom converter: even-length lower-case hex, decoded
// to bytes.
type hexConverter struct{}

func (hexConverter) Match(s string) bool {
	if s == "" || len(s)%2 != 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'f') {
			return false
		}
	}
	return true
}
func (c hexConverter) ToValue(s string) (any, error) { return s, nil }
func (c hexConverter) ToURL(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", errors.New("not a string")
	}
	return s, nil
}
func (hexConverter) Weight() int { return 10 }

func TestCustomConverter(t *testing.T) {
	r := router.New()
	var gotArgs router.Args
	err := r.AddConverter("hex", func(a router.Args) (router.Converter, error) {
		gotArgs = a
		m, err := a.Bind("size")
		if err != nil {
			return nil, err
		}
		_ = m
		return hexConverter{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"", "1x", "a-b"} {
		if err := r.AddConverter(name, func(router.Args) (router.Converter, error) { return hexConverter{}, nil }); !errors.Is(err, router.ErrBadRule) {
			t.Errorf("AddConverter(%q) = %v, want ErrBadRule", name, err)
		}
	}
	if err := r.AddConverter("nilf", nil); !errors.Is(err, router.ErrBadRule) {
		t.Errorf("AddConverter(nil factory) = %v, want ErrBadRule", err)
	}
	if _, err := r.Add(router.Rule{Path: "/c/<x>", Endpoint: "str"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Add(router.Rule{Path: "/c/<hex(size=2):x>", Endpoint: "hex"}); err != nil {
		t.Fatal(err)
	}
	if want := (router.Args{Named: map[string]string{"size": "2"}}); !reflect.DeepEqual(gotArgs, want) {
		t.Errorf("factory args = %#v, want %#v", gotArgs, want)
	}
	if _, err := r.Add(router.Rule{Path: "/d/<hex(3, 4):x>"}); !errors.Is(err, router.ErrBadRule) {
		t.Errorf("Add with surplus converter arguments = %v, want ErrBadRule", err)
	}
	var m router.Match
	for path, want := range map[string]string{"/c/beef": "hex", "/c/bee": "str", "/c/BEEF": "str"} {
		r.Lookup("GET", "", path, &m)
		if m.Route == nil || m.Route.Endpoint() != want {
			t.Errorf("Lookup(%q) = %v, want endpoint %q", path, m.Route, want)
		}
	}
	if got, err := r.Build("hex", "x", "ab12"); got != "/c/ab12" || err != nil {
		t.Errorf("Build(hex) = %q, %v", got, err)
	}
	if _, err := r.Build("hex", "x", "xyz"); !errors.Is(err, router.ErrInvalidValue) {
		t.Errorf("Build(hex, xyz) = %v, want ErrInvalidValue (fails Match)", err)
	}
	if err := r.AddConverter("late", func(router.Args) (router.Converter, error) { return hexConverter{}, nil }); !errors.Is(err, router.ErrServing) {
		t.Errorf("AddConverter after serving = %v, want ErrServing", err)
	}
}

func TestArgsBind(t *testing.T) {
	tests := []struct {
		args  router.Args
		names []string
		want  map[string]string
		err   string
	}{
		{router.Args{Positional: []string{"1", "2"}}, []string{"a", "b", "c"}, map[string]string{"a": "1", "b": "2"}, ""},
		{router.Args{Positional: []string{"1"}, Named: map[string]string{"c": "3"}}, []string{"a", "b", "c"}, map[string]string{"a": "1", "c": "3"}, ""},
		{router.Args{Positional: []string{"1", "2"}}, []string{"a"}, nil, "at most 1 positional"},
		{router.Args{Named: map[string]string{"z": "1"}}, []string{"a"}, nil, `unknown argument "z"`},
		{router.Args{Positional: []string{"1"}, Named: map[string]string{"a": "2"}}, []string{"a"}, nil, `"a" given twice`},
	}
	for _, tt := range tests {
		got, err := tt.args.Bind(tt.names...)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%#v.Bind(%q) = %v, %v, want error %q", tt.args, tt.names, got, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%#v.Bind(%q) = %v, %v, want %v", tt.args, tt.names, got, err, tt.want)
		}
	}
}

// TestReplaceConverter overrides a built-in converter: rules added later
// use the new one, rules added before keep theirs.
func TestReplaceConverter(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/a/<int:x>", Endpoint: "a"})
	if err := r.AddConverter("int", func(router.Args) (router.Converter, error) { return hexConverter{}, nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Add(router.Rule{Path: "/b/<int:x>", Endpoint: "b"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{"/a/12", "200 a x=12"}, {"/a/beef", "404"}, {"/b/beef", "200 b x=beef"}, {"/b/123", "404"},
	}
	for _, tt := range tests {
		if got := outcome(r, "GET", "", tt.path); got != tt.want {
			t.Errorf("Lookup(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// FuzzIntConverter: the int converter accepts exactly the decimal texts
// strconv.ParseInt accepts without a '+', signed or not as declared, and
// gives the same value.
func FuzzIntConverter(f *testing.F) {
	for _, s := range []string{"0", "42", "-7", "0042", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "000000000000000000009", "+1", "-", "1a"} {
		f.Add(s)
	}
	signed, unsigned := converter(f, "/<int(signed=True):x>"), converter(f, "/<int:x>")
	f.Fuzz(func(t *testing.T, s string) {
		want, err := strconv.ParseInt(s, 10, 64)
		ok := err == nil && s[0] != '+'
		for _, c := range []struct {
			conv router.Converter
			ok   bool
		}{{signed, ok}, {unsigned, ok && s[0] != '-'}} {
			v, err := router.ValueFunc[int64](c.conv)(s)
			if (err == nil) != c.ok || c.conv.Match(s) != c.ok || c.ok && v != want {
				t.Fatalf("%q: value %d, %v, Match %v; want %d, ok %v", s, v, err, c.conv.Match(s), want, c.ok)
			}
		}
	})
}

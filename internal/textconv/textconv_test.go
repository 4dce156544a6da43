package textconv_test

import (
	"errors"
	"fmt"
	"net/netip"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk/internal/textconv"
)

type (
	myInt    int16
	myString string
	myUUID   [16]byte
	myBytes  [16]uint8
)

// level has a pointer-receiver UnmarshalText, which must win over its int kind.
type level int

var errLevel = errors.New("unknown level")

func (l *level) UnmarshalText(b []byte) error {
	switch string(b) {
	case "debug":
		*l = 0
	case "info":
		*l = 1
	default:
		return errLevel
	}
	return nil
}

// evenLen has a value-receiver UnmarshalText that only validates.
type evenLen int

var errOdd = errors.New("odd length")

func (evenLen) UnmarshalText(b []byte) error {
	if len(b)%2 != 0 {
		return errOdd
	}
	return nil
}

// textUUID is a [16]byte type with its own parsing, which must win.
type textUUID [16]byte

func (u *textUUID) UnmarshalText(b []byte) error {
	if string(b) != "nil" {
		return errLevel
	}
	*u = textUUID{}
	return nil
}

func ptr[T any](v T) *T { return &v }

var uuidBytes = [16]byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}

func TestFor(t *testing.T) {
	tests := []struct {
		typ     reflect.Type
		in      string
		want    any
		wantErr error
	}{
		{reflect.TypeFor[string](), "héllo world", "héllo world", nil},
		{reflect.TypeFor[string](), "", "", nil},
		{reflect.TypeFor[myString](), "x", myString("x"), nil},
		{reflect.TypeFor[int](), "42", 42, nil},
		{reflect.TypeFor[int](), "-42", -42, nil},
		{reflect.TypeFor[int](), "+5", 5, nil},
		{reflect.TypeFor[int](), "", nil, strconv.ErrSyntax},
		{reflect.TypeFor[int](), " 1", nil, strconv.ErrSyntax},
		{reflect.TypeFor[int](), "0x10", nil, strconv.ErrSyntax},
		{reflect.TypeFor[int](), "1_000", nil, strconv.ErrSyntax},
		{reflect.TypeFor[int](), "1.5", nil, strconv.ErrSyntax},
		{reflect.TypeFor[int](), "99999999999999999999", nil, strconv.ErrRange},
		{reflect.TypeFor[int8](), "127", int8(127), nil},
		{reflect.TypeFor[int8](), "-128", int8(-128), nil},
		{reflect.TypeFor[int8](), "128", nil, strconv.ErrRange},
		{reflect.TypeFor[int8](), "-129", nil, strconv.ErrRange},
		{reflect.TypeFor[int16](), "32768", nil, strconv.ErrRange},
		{reflect.TypeFor[int32](), "2147483647", int32(2147483647), nil},
		{reflect.TypeFor[int32](), "2147483648", nil, strconv.ErrRange},
		{reflect.TypeFor[int64](), "-9223372036854775808", int64(-9223372036854775808), nil},
		{reflect.TypeFor[myInt](), "7", myInt(7), nil},
		{reflect.TypeFor[myInt](), "40000", nil, strconv.ErrRange},
		{reflect.TypeFor[uint](), "7", uint(7), nil},
		{reflect.TypeFor[uint](), "-1", nil, strconv.ErrSyntax},
		{reflect.TypeFor[uint8](), "255", uint8(255), nil},
		{reflect.TypeFor[uint8](), "256", nil, strconv.ErrRange},
		{reflect.TypeFor[uint16](), "65536", nil, strconv.ErrRange},
		{reflect.TypeFor[uint32](), "4294967295", uint32(4294967295), nil},
		{reflect.TypeFor[uint64](), "18446744073709551615", uint64(18446744073709551615), nil},
		{reflect.TypeFor[uint64](), "18446744073709551616", nil, strconv.ErrRange},
		{reflect.TypeFor[float64](), "1.5", 1.5, nil},
		{reflect.TypeFor[float64](), "-2e3", -2000.0, nil},
		{reflect.TypeFor[float64](), "1e400", nil, strconv.ErrRange},
		{reflect.TypeFor[float64](), "NaN", nil, textconv.ErrNotFinite},
		{reflect.TypeFor[float64](), "-Inf", nil, textconv.ErrNotFinite},
		{reflect.TypeFor[float64](), "abc", nil, strconv.ErrSyntax},
		{reflect.TypeFor[float32](), "0.25", float32(0.25), nil},
		{reflect.TypeFor[float32](), "3.5e38", nil, strconv.ErrRange},
		{reflect.TypeFor[bool](), "true", true, nil},
		{reflect.TypeFor[bool](), "0", false, nil},
		{reflect.TypeFor[bool](), "T", true, nil},
		{reflect.TypeFor[bool](), "yes", nil, strconv.ErrSyntax},
		{reflect.TypeFor[[16]byte](), "6ba7b810-9dad-11d1-80b4-00c04fd430c8", uuidBytes, nil},
		{reflect.TypeFor[myUUID](), "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", myUUID(uuidBytes), nil},
		{reflect.TypeFor[myBytes](), "6ba7b8109dad11d180b400c04fd430c8", myBytes(uuidBytes), nil},
		{reflect.TypeFor[myUUID](), "6ba7b8109-dad-11d1-80b4-00c04fd430c8", nil, strconv.ErrSyntax},
		{reflect.TypeFor[myUUID](), "6ba7b810-9dad-11d1-80b4-00c04fd430cg", nil, strconv.ErrSyntax},
		{reflect.TypeFor[myUUID](), "{6ba7b810-9dad-11d1-80b4-00c04fd430c8}", nil, strconv.ErrSyntax},
		{reflect.TypeFor[myUUID](), "6ba7b810-9dad-11d1-80b4-00c04fd430c", nil, strconv.ErrSyntax},
		{reflect.TypeFor[myUUID](), "-6ba7b8109dad11d180b400c04fd430c", nil, strconv.ErrSyntax},
		{reflect.TypeFor[myUUID](), "", nil, strconv.ErrSyntax},
		{reflect.TypeFor[textUUID](), "nil", textUUID{}, nil},
		{reflect.TypeFor[textUUID](), "6ba7b810-9dad-11d1-80b4-00c04fd430c8", nil, errLevel},
		{reflect.TypeFor[level](), "info", level(1), nil},
		{reflect.TypeFor[level](), "1", nil, errLevel},
		{reflect.TypeFor[evenLen](), "ab", evenLen(0), nil},
		{reflect.TypeFor[evenLen](), "abc", nil, errOdd},
		{reflect.TypeFor[time.Time](), "2024-01-02T03:04:05Z", time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), nil},
		{reflect.TypeFor[netip.Addr](), "192.0.2.1", netip.MustParseAddr("192.0.2.1"), nil},
		{reflect.TypeFor[*int](), "5", ptr(5), nil},
		{reflect.TypeFor[*int](), "x", nil, strconv.ErrSyntax},
		{reflect.TypeFor[**int](), "6", ptr(ptr(6)), nil},
		{reflect.TypeFor[*string](), "s", ptr("s"), nil},
		{reflect.TypeFor[*level](), "debug", ptr(level(0)), nil},
		{reflect.TypeFor[*myUUID](), "6ba7b8109dad11d180b400c04fd430c8", ptr(myUUID(uuidBytes)), nil},
		{reflect.TypeFor[*time.Time](), "2024-01-02T03:04:05Z", ptr(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)), nil},
	}
	for _, tt := range tests {
		conv, err := textconv.For(tt.typ)
		if err != nil {
			t.Errorf("For(%v) error %v", tt.typ, err)
			continue
		}
		v, err := conv(tt.in)
		if tt.wantErr != nil {
			var be *textconv.Error
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &be) || be.Value != tt.in {
				t.Errorf("For(%v)(%q) error = %v, want *Error for %q wrapping %v", tt.typ, tt.in, err, tt.in, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("For(%v)(%q) error = %v, want %v", tt.typ, tt.in, err, tt.want)
			continue
		}
		if v.Type() != tt.typ || !reflect.DeepEqual(v.Interface(), tt.want) {
			t.Errorf("For(%v)(%q) = %v (%v), want %v", tt.typ, tt.in, v, v.Type(), tt.want)
		}
	}
}

// TestForFreshValues checks that each call returns its own value: a caller
// may keep or modify the result.
func TestForFreshValues(t *testing.T) {
	conv, err := textconv.For(reflect.TypeFor[*myUUID]())
	if err != nil {
		t.Fatal(err)
	}
	a, _ := conv("6ba7b8109dad11d180b400c04fd430c8")
	b, _ := conv("00000000000000000000000000000000")
	if a.Pointer() == b.Pointer() || a.Elem().Interface() == b.Elem().Interface() {
		t.Errorf("two calls share or repeat a value: %v %v", a.Elem(), b.Elem())
	}
}

func TestForUnsupported(t *testing.T) {
	for _, typ := range []reflect.Type{
		nil,
		reflect.TypeFor[struct{ A int }](),
		reflect.TypeFor[map[string]int](),
		reflect.TypeFor[[]int](),
		reflect.TypeFor[chan int](),
		reflect.TypeFor[func()](),
		reflect.TypeFor[complex128](),
		reflect.TypeFor[uintptr](),
		reflect.TypeFor[any](),
		reflect.TypeFor[[15]byte](),
		reflect.TypeFor[[16]int](),
		reflect.TypeFor[*struct{}](),
	} {
		conv, err := textconv.For(typ)
		if conv != nil || !errors.Is(err, textconv.ErrUnsupported) {
			t.Errorf("For(%v) = %v, %v, want nil, ErrUnsupported", typ, conv != nil, err)
			continue
		}
		if typ != nil && !strings.Contains(err.Error(), typ.String()) {
			t.Errorf("For(%v) error %q does not name the type", typ, err)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		err  *textconv.Error
		want string
	}{
		{&textconv.Error{Value: "abc", Err: strconv.ErrSyntax}, `fwk: invalid value "abc": invalid syntax`},
		{&textconv.Error{Param: "page", Value: "abc", Err: strconv.ErrSyntax}, `fwk: parameter "page": invalid value "abc": invalid syntax`},
		{&textconv.Error{Param: "page", Value: "abc", Err: strconv.ErrSyntax, Want: "an integer"}, `fwk: parameter "page": invalid value "abc": want an integer`},
		{&textconv.Error{Param: "q", Value: strings.Repeat("x", 100), Err: strconv.ErrRange},
			fmt.Sprintf(`fwk: parameter "q": invalid value %q: value out of range`, strings.Repeat("x", 64)+"...")},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

func TestMapConverter(t *testing.T) {
	m := map[string]any{"foo": "bar", "n": 4}
	conv := textconv.MapConverter(m)
	m["late"] = "added after"
	tests := []struct {
		in      string
		want    any
		wantErr bool
	}{
		{"foo", "bar", false},
		{"n", 4, false},
		{"late", nil, true},
		{"missing", nil, true},
		{"", nil, true},
	}
	for _, tt := range tests {
		got, err := conv(tt.in)
		if tt.wantErr {
			if !errors.Is(err, textconv.ErrUnknownValue) || !strings.Contains(err.Error(), strconv.Quote(tt.in)) {
				t.Errorf("MapConverter(%q) error = %v, want ErrUnknownValue naming the value", tt.in, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("MapConverter(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
	}
}

package textconv_test

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"testing"

	"github.com/fwkgo/fwk/internal/textconv"
)

// FuzzBind feeds arbitrary text to every kind of converter and to a query
// binder. Properties: no panic; every failure is an *Error carrying the
// input; an accepted int or UUID formats back to text that converts to the
// same value.
func FuzzBind(f *testing.F) {
	for _, s := range []string{"", "0", "-1", "+7", "127", "-129", "1e400", "NaN", "0x10", "true", "info",
		"6ba7b810-9dad-11d1-80b4-00c04fd430c8", "6ba7b8109dad11d180b400c04fd430c8", "2024-01-02T03:04:05Z", "\xff"} {
		f.Add(s)
	}
	types := []reflect.Type{
		reflect.TypeFor[string](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[uint16](),
		reflect.TypeFor[float32](), reflect.TypeFor[bool](), reflect.TypeFor[myUUID](), reflect.TypeFor[level](),
		reflect.TypeFor[*int](), reflect.TypeFor[*myUUID](),
	}
	convs := make([]textconv.Func, len(types))
	for i, typ := range types {
		conv, err := textconv.For(typ)
		if err != nil {
			f.Fatal(err)
		}
		convs[i] = conv
	}
	binder, err := textconv.Query(reflect.TypeFor[listParams]())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, conv := range convs {
			v, err := conv(s)
			var be *textconv.Error
			if err != nil {
				if !errors.As(err, &be) || be.Value != s {
					t.Fatalf("For(%v)(%q) error %v is not an *Error for the input", types[i], s, err)
				}
				continue
			}
			if v.Type() != types[i] {
				t.Fatalf("For(%v)(%q) returned a %v", types[i], s, v.Type())
			}
		}
		checkRoundTrip(t, convs[1], s, func(v reflect.Value) string { return strconv.FormatInt(v.Int(), 10) })
		checkRoundTrip(t, convs[6], s, func(v reflect.Value) string { return fmt.Sprintf("%x", v.Interface()) })
		if _, err := binder(url.Values{"page": {s}, "id": {s, "1"}, "since": {s}, "user_id": {s}}); err != nil {
			var be *textconv.Error
			if !errors.As(err, &be) || be.Param == "" {
				t.Fatalf("Query error %v is not an *Error naming the parameter", err)
			}
		}
	})
}

// checkRoundTrip converts s, formats the result and converts again.
func checkRoundTrip(t *testing.T, conv textconv.Func, s string, format func(reflect.Value) string) {
	t.Helper()
	v, err := conv(s)
	if err != nil {
		return
	}
	text := format(v)
	w, err := conv(text)
	if err != nil || !reflect.DeepEqual(v.Interface(), w.Interface()) {
		t.Fatalf("%q -> %v -> %q -> %v, %v: not a round trip", s, v, text, w, err)
	}
}

package textconv

import (
	"encoding"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"time"
)

// Func converts one string into a value of the type it was built for.
type Func = func(s string) (reflect.Value, error)

var (
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	boolType            = reflect.TypeFor[bool]()
)

// For returns a function converting one URL or query string into a value of
// type t, or an error wrapping [ErrUnsupported] when t cannot be bound. The
// returned function is safe for concurrent use; every value it returns is
// new (never shared between calls); its errors are [*Error] values with an
// empty Param.
func For(t reflect.Type) (func(s string) (reflect.Value, error), error) {
	if t == nil {
		return nil, fmt.Errorf("fwk: bind <nil>: %w", ErrUnsupported)
	}
	f := converter(t)
	if f == nil {
		return nil, fmt.Errorf("fwk: bind %v: %w", t, ErrUnsupported)
	}
	return f, nil
}

// TakesText reports whether a value of type t, or of the type t points to,
// takes any text as it is: a string kind or an encoding.TextUnmarshaler.
func TakesText(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.String || reflect.PointerTo(t).Implements(textUnmarshalerType)
}

// converter picks the conversion for t, or returns nil.
func converter(t reflect.Type) Func {
	switch {
	case reflect.PointerTo(t).Implements(textUnmarshalerType):
		return textConv(t)
	case t.Kind() == reflect.Pointer:
		if elem := converter(t.Elem()); elem != nil {
			return ptrConv(t, elem)
		}
		return nil
	case isUUIDArray(t):
		return uuidConv(t)
	}
	switch t.Kind() {
	case reflect.String:
		return stringConv(t)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intConv(t)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return uintConv(t)
	case reflect.Float32, reflect.Float64:
		return floatConv(t)
	case reflect.Bool:
		return boolConv(t)
	}
	return nil
}

func stringConv(t reflect.Type) Func {
	if t == reflect.TypeFor[string]() {
		return func(s string) (reflect.Value, error) { return reflect.ValueOf(s), nil }
	}
	return func(s string) (reflect.Value, error) {
		v := reflect.New(t).Elem()
		v.SetString(s)
		return v, nil
	}
}

// The predeclared types are boxed with reflect.ValueOf, which is cheaper
// than reflect.New plus a Set; named types need reflect.New.

func intConv(t reflect.Type) Func {
	bits := t.Bits()
	box := func(n int64) reflect.Value {
		v := reflect.New(t).Elem()
		v.SetInt(n)
		return v
	}
	switch t {
	case reflect.TypeFor[int]():
		box = func(n int64) reflect.Value { return reflect.ValueOf(int(n)) }
	case reflect.TypeFor[int64]():
		box = func(n int64) reflect.Value { return reflect.ValueOf(n) }
	}
	return func(s string) (reflect.Value, error) {
		n, err := strconv.ParseInt(s, 10, bits)
		if err != nil {
			return reflect.Value{}, valueError(s, err, wantInt(err, bits, false))
		}
		return box(n), nil
	}
}

func uintConv(t reflect.Type) Func {
	bits := t.Bits()
	box := func(n uint64) reflect.Value {
		v := reflect.New(t).Elem()
		v.SetUint(n)
		return v
	}
	switch t {
	case reflect.TypeFor[uint]():
		box = func(n uint64) reflect.Value { return reflect.ValueOf(uint(n)) }
	case reflect.TypeFor[uint64]():
		box = func(n uint64) reflect.Value { return reflect.ValueOf(n) }
	}
	return func(s string) (reflect.Value, error) {
		n, err := strconv.ParseUint(s, 10, bits)
		if err != nil {
			return reflect.Value{}, valueError(s, err, wantInt(err, bits, true))
		}
		return box(n), nil
	}
}

func floatConv(t reflect.Type) Func {
	bits := t.Bits()
	return func(s string) (reflect.Value, error) {
		f, err := parseFloat(s, bits)
		if err != nil {
			return reflect.Value{}, err
		}
		v := reflect.New(t).Elem()
		v.SetFloat(f)
		return v, nil
	}
}

// parseFloat is strconv.ParseFloat without NaN and infinities.
func parseFloat(s string, bits int) (float64, error) {
	f, err := strconv.ParseFloat(s, bits)
	if err != nil {
		return 0, valueError(s, err, wantNumber)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, &Error{Value: s, Err: ErrNotFinite, Want: wantFinite}
	}
	return f, nil
}

func boolConv(t reflect.Type) Func {
	return func(s string) (reflect.Value, error) {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return reflect.Value{}, valueError(s, err, wantBool)
		}
		if t == boolType {
			return reflect.ValueOf(b), nil
		}
		v := reflect.New(t).Elem()
		v.SetBool(b)
		return v, nil
	}
}

// textConv parses with the UnmarshalText method of *t (which includes the
// value-receiver methods of t). A time.Time's error says what a date-time
// looks like instead of quoting Go's layout.
func textConv(t reflect.Type) Func {
	want := ""
	if t == reflect.TypeFor[time.Time]() {
		want = wantDateTime
	}
	return func(s string) (reflect.Value, error) {
		p := reflect.New(t)
		if err := p.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			return reflect.Value{}, &Error{Value: s, Err: err, Want: want}
		}
		return p.Elem(), nil
	}
}

// ptrConv returns a fresh *T holding the converted T.
func ptrConv(t reflect.Type, elem Func) Func {
	return func(s string) (reflect.Value, error) {
		v, err := elem(s)
		if err != nil {
			return reflect.Value{}, err
		}
		if v.CanAddr() {
			return v.Addr(), nil
		}
		p := reflect.New(t.Elem())
		p.Elem().Set(v)
		return p, nil
	}
}

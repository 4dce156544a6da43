package router

// Rendering Go values as URL text: the scalars a build accepts, floats as
// Python writes them, and the comparison of given values with defaults.

import (
	"bytes"
	"encoding"
	"fmt"
	"math"
	"reflect"
	"strconv"
)

// textOf returns the text of a string, encoding.TextMarshaler or
// fmt.Stringer.
func textOf(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case encoding.TextMarshaler:
		b, err := x.MarshalText()
		return string(b), err == nil
	case fmt.Stringer:
		return x.String(), true
	}
	return "", false
}

// appendScalar appends the text of a string, byte slice, TextMarshaler,
// Stringer, bool or Go number; ok is false for other values.
func appendScalar(dst []byte, v any) (out []byte, ok bool) {
	if b, isBytes := v.([]byte); isBytes {
		return append(dst, b...), true
	}
	if s, isText := textOf(v); isText {
		return append(dst, s...), true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.String:
		return append(dst, rv.String()...), true
	case reflect.Bool:
		return strconv.AppendBool(dst, rv.Bool()), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(dst, rv.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.AppendUint(dst, rv.Uint(), 10), true
	case reflect.Float32, reflect.Float64:
		return appendPyFloat(dst, rv.Float(), rv.Type().Bits()), true
	}
	return dst, false
}

// scalarText returns the text of v as appendScalar renders it.
func scalarText(v any) (string, bool) {
	if s, ok := v.(string); ok {
		return s, true
	}
	var buf [64]byte
	b, ok := appendScalar(buf[:0], v)
	return string(b), ok
}

// appendPyFloat appends f as Python's str does, so that built URLs and
// defaults read as in Werkzeug: the shortest digits, always with a point
// ("1.0"), in exponent form below 1e-4 and from 1e16 ("1e+16"), and "inf",
// "-inf", "nan".
func appendPyFloat(dst []byte, f float64, bitSize int) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "nan"...)
	case math.IsInf(f, 1):
		return append(dst, "inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-inf"...)
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, bitSize)
	exp, _ := strconv.Atoi(string(e[bytes.IndexByte(e, 'e')+1:]))
	if exp < -4 || exp >= 16 {
		return append(dst, e...)
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, 'f', -1, bitSize)
	if bytes.IndexByte(dst[start:], '.') < 0 {
		dst = append(dst, '.', '0')
	}
	return dst
}

// sameValue compares a given value with a default: numbers by value, other
// scalars by their text.
func sameValue(a, b any) bool {
	fa, okA := number(a)
	fb, okB := number(b)
	if okA || okB {
		return okA && okB && fa == fb
	}
	sa, okA := scalarText(a)
	sb, okB := scalarText(b)
	if okA && okB {
		return sa == sb
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

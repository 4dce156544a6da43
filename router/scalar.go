package router

// Go values in URLs: the scalars a build accepts, as text (floats as Python
// writes them) or as numbers, and the comparison of given values with
// defaults.

import (
	"bytes"
	"encoding"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// appendScalar appends the text of a string, byte slice, TextMarshaler,
// Stringer, bool or Go number (of any named type); ok is false for other
// values.
func appendScalar(dst []byte, v any) (out []byte, ok bool) {
	switch x := v.(type) {
	case string:
		return append(dst, x...), true
	case []byte:
		return append(dst, x...), true
	case encoding.TextMarshaler:
		b, err := x.MarshalText()
		return append(dst, b...), err == nil
	case fmt.Stringer:
		return append(dst, x.String()...), true
	}
	switch rv := reflect.ValueOf(v); {
	case rv.Kind() == reflect.String:
		return append(dst, rv.String()...), true
	case rv.Kind() == reflect.Bool:
		return strconv.AppendBool(dst, rv.Bool()), true
	case rv.CanInt():
		return strconv.AppendInt(dst, rv.Int(), 10), true
	case rv.CanUint():
		return strconv.AppendUint(dst, rv.Uint(), 10), true
	case rv.CanFloat():
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
	if math.IsNaN(f) || math.IsInf(f, 0) { // Go's "NaN", "+Inf", "-Inf"
		return append(dst, strings.ToLower(strings.TrimPrefix(strconv.FormatFloat(f, 'g', -1, 64), "+"))...)
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, bitSize)
	if exp, _ := strconv.Atoi(string(e[bytes.IndexByte(e, 'e')+1:])); exp < -4 || exp >= 16 {
		return append(dst, e...)
	}
	return appendPointFloat(dst, f, bitSize)
}

// appendPointFloat appends f in decimal form, with a point ("2.0").
func appendPointFloat(dst []byte, f float64, bitSize int) []byte {
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

// toInt64 converts a value whose text (see appendScalar) is a decimal
// integer, or a Go float with an integral value. Go's predeclared integers
// have no methods, so their text is their value: they skip the text.
func toInt64(v any) (int64, error) {
	switch x := v.(type) {
	case int:
		return int64(x), nil
	case int64:
		return x, nil
	}
	var buf [64]byte
	b, ok := appendScalar(buf[:0], v)
	if n, err := strconv.ParseInt(string(b), 10, 64); ok && err == nil {
		return n, nil
	}
	if f, err := toFloat64(v); err == nil && reflect.ValueOf(v).CanFloat() && f == math.Trunc(f) && f >= math.MinInt64 && f < math.MaxInt64 {
		return int64(f), nil
	}
	return 0, fmt.Errorf("%#v is not an integer", v)
}

// toFloat64 converts a value whose text (see appendScalar) is a number.
func toFloat64(v any) (float64, error) {
	var buf [64]byte
	b, ok := appendScalar(buf[:0], v)
	if f, err := strconv.ParseFloat(string(b), 64); ok && err == nil {
		return f, nil
	}
	return 0, fmt.Errorf("%#v is not a number", v)
}

// number returns the value of a Go integer or float (of any named type).
func number(v any) (float64, bool) {
	switch rv := reflect.ValueOf(v); {
	case rv.CanInt():
		return float64(rv.Int()), true
	case rv.CanUint():
		return float64(rv.Uint()), true
	case rv.CanFloat():
		return rv.Float(), true
	}
	return 0, false
}

package router

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"

	"github.com/fwkgo/fwk/internal/ascii"
)

// bounds are the optional limits of a number converter.
type bounds[T int64 | float64] struct {
	min, max       T
	hasMin, hasMax bool
	signed         bool
}

// bindBounds reads the min, max and signed arguments.
func bindBounds[T int64 | float64](m map[string]string, arg func(map[string]string, string) (T, bool, error)) (b bounds[T], err error) {
	if b.min, b.hasMin, err = arg(m, "min"); err != nil {
		return b, err
	}
	if b.max, b.hasMax, err = arg(m, "max"); err != nil {
		return b, err
	}
	if b.hasMin && b.hasMax && b.max < b.min {
		return b, fmt.Errorf("max %v is below min %v", b.max, b.min)
	}
	b.signed, err = argBool(m, "signed")
	return b, err
}

func (b *bounds[T]) has(v T) bool {
	return (!b.hasMin || v >= b.min) && (!b.hasMax || v <= b.max)
}

// check refuses a value out of the bounds, or negative when unsigned.
func (b *bounds[T]) check(v T) error {
	if v < 0 && !b.signed || !b.has(v) {
		return fmt.Errorf("value %v out of range", v)
	}
	return nil
}

// newInt matches ASCII decimal integers (Werkzeug's int): unsigned unless
// signed=True, optionally with exactly fixed_digits characters and within
// [min, max]. Values are int64; texts beyond its range never match.
func newInt(a Args) (Converter, error) {
	m, err := a.Bind("fixed_digits", "min", "max", "signed")
	if err != nil {
		return nil, err
	}
	fixed, _, err := argInt(m, "fixed_digits")
	if err == nil && (fixed < 0 || fixed > 20) {
		err = fmt.Errorf("fixed_digits=%d out of range [0, 20]", fixed)
	}
	if err != nil {
		return nil, err
	}
	c := &builtin{kind: kindInt, fixed: int(fixed)}
	c.ints, err = bindBounds(m, argInt)
	return c, err
}

// newFloat matches ASCII decimals with a point, like "1.5" (signed with
// signed=True), optionally within [min, max]. Values are float64.
func newFloat(a Args) (Converter, error) {
	m, err := a.Bind("min", "max", "signed")
	if err != nil {
		return nil, err
	}
	c := &builtin{kind: kindFloat}
	c.floats, err = bindBounds(m, argFloat)
	return c, err
}

// parseInt converts s, reporting whether the int converter matches it.
func (c *builtin) parseInt(s string) (int64, bool) {
	if c.fixed > 0 && len(s) != c.fixed {
		return 0, false
	}
	neg := c.ints.signed && len(s) > 1 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	limit := uint64(math.MaxInt64)
	if neg {
		limit++
	}
	n, ok := uint64(0), true
	if len(s) <= 18 { // below 10^18: within the limit, a tight loop
		for i := 0; i < len(s) && ok; i++ {
			d := uint64(s[i] - '0')
			n, ok = n*10+d, d <= 9
		}
	} else {
		for i := 0; i < len(s) && ok; i++ {
			d := uint64(s[i] - '0')
			ok = d <= 9 && n <= (limit-d)/10
			n = n*10 + d
		}
	}
	if !ok {
		return 0, false
	}
	v := int64(n)
	if neg {
		v = -v // MinInt64 negates to itself, which is right
	}
	return v, s != "" && c.ints.has(v)
}

// matchFloat reports whether s is digits '.' digits within the bounds.
func (c *builtin) matchFloat(s string) bool {
	i := 0
	if c.floats.signed && len(s) > 0 && s[0] == '-' {
		i = 1
	}
	whole := digitsAt(s, i)
	if whole == 0 || whole > 309 || i+whole == len(s) || s[i+whole] != '.' {
		return false
	}
	i += whole + 1
	if frac := digitsAt(s, i); frac == 0 || i+frac != len(s) {
		return false
	}
	if whole < 309 && !c.floats.hasMin && !c.floats.hasMax {
		return true // cannot overflow: no need to parse
	}
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && c.floats.has(f)
}

// digitsAt counts the ASCII digits at s[i:].
func digitsAt(s string, i int) int {
	n := 0
	for i+n < len(s) && isDigit(s[i+n]) {
		n++
	}
	return n
}

// appendInt renders an integer value, zero-padded to fixed_digits.
func (c *builtin) appendInt(dst []byte, v any) ([]byte, error) {
	n, err := toInt64(v)
	if err == nil {
		err = c.ints.check(n)
	}
	if err != nil {
		return dst, err
	}
	var buf [24]byte
	digits := strconv.AppendInt(buf[:0], n, 10)
	if c.fixed > 0 && len(digits) > c.fixed {
		return dst, fmt.Errorf("value %d does not fit in %d digits", n, c.fixed)
	}
	start := len(dst)
	if n < 0 {
		dst = append(dst, '-')
		digits = digits[1:]
	}
	for len(dst)-start+len(digits) < c.fixed {
		dst = append(dst, '0')
	}
	return append(dst, digits...), nil
}

// appendFloat renders a finite float value with a point ("2.0").
func (c *builtin) appendFloat(dst []byte, v any) ([]byte, error) {
	f, err := toFloat64(v)
	if err == nil && (math.IsNaN(f) || math.IsInf(f, 0)) {
		err = fmt.Errorf("value %v is not finite", f)
	}
	if err == nil {
		err = c.floats.check(f)
	}
	if err != nil {
		return dst, err
	}
	if f == 0 {
		f = 0 // no "-0"
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, 'f', -1, 64)
	if !slices.Contains(dst[start:], '.') {
		dst = append(dst, '.', '0')
	}
	return dst, nil
}

// appendUUID renders a [16]byte (or a named 16-byte array) or the text of
// a UUID in lower case.
func appendUUID(dst []byte, v any) ([]byte, error) {
	var u [16]byte
	ok := false
	if s, isText := textOf(v); isText {
		u, ok = ascii.ParseUUID(s)
	} else if rv := reflect.ValueOf(v); rv.Kind() == reflect.Array && rv.Len() == 16 && rv.Type().Elem().Kind() == reflect.Uint8 {
		for i := range u {
			u[i] = byte(rv.Index(i).Uint())
		}
		ok = true
	}
	if !ok {
		return dst, fmt.Errorf("%v (%T) is not a UUID", v, v)
	}
	return ascii.AppendUUID(dst, u), nil
}

// toInt64 converts decimal text (a string or Stringer), a Go integer or an
// integral float.
func toInt64(v any) (int64, error) {
	if s, ok := textOf(v); ok {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n, nil
		}
	} else if rv := reflect.ValueOf(v); rv.CanInt() {
		return rv.Int(), nil
	} else if rv.CanUint() && rv.Uint() <= math.MaxInt64 {
		return int64(rv.Uint()), nil
	} else if f, ok := number(v); ok && f == math.Trunc(f) && f >= math.MinInt64 && f < math.MaxInt64 {
		return int64(f), nil
	}
	return 0, fmt.Errorf("%#v is not an integer", v)
}

// toFloat64 converts decimal text (a string or Stringer) or a Go number.
func toFloat64(v any) (float64, error) {
	if s, ok := textOf(v); ok {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f, nil
		}
	} else if f, ok := number(v); ok {
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

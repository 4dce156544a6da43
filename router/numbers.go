package router

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/fwkgo/fwk/internal/ascii"
)

// newInt matches ASCII decimal integers (Werkzeug's int): unsigned unless
// signed=True, optionally with exactly fixed_digits characters and within
// [min, max]. Values are int64; texts beyond its range never match.
func newInt(a Args) (Converter, error) {
	c := &builtin{kind: kindInt, weight: 50, imin: math.MinInt64, imax: math.MaxInt64}
	fixed := int64(0)
	err := bindArgs(a, []string{"fixed_digits", "min", "max", "signed"}, &fixed, &c.imin, &c.imax, &c.signed)
	if err == nil && (fixed < 0 || fixed > 20) {
		err = fmt.Errorf("fixed_digits=%d out of range [0, 20]", fixed)
	}
	c.fixed = int(fixed)
	return c, checkBounds(err, c.imin, c.imax)
}

// newFloat matches ASCII decimals with a point, like "1.5" (signed with
// signed=True), optionally within [min, max]. Values are float64.
func newFloat(a Args) (Converter, error) {
	c := &builtin{kind: kindFloat, weight: 50, fmin: math.Inf(-1), fmax: math.Inf(1)}
	err := bindArgs(a, []string{"min", "max", "signed"}, &c.fmin, &c.fmax, &c.signed)
	return c, checkBounds(err, c.fmin, c.fmax)
}

// checkBounds refuses a max below the min.
func checkBounds[T int64 | float64](err error, lo, hi T) error {
	if err == nil && hi < lo {
		err = fmt.Errorf("max %v is below min %v", hi, lo)
	}
	return err
}

// parseInt converts s, reporting whether the int converter matches it. Up
// to 18 digits cannot overflow, and the loop does not check; longer texts
// go to parseLong (AppParamInt: 1,199 -> 1,169 instructions per request,
// which reads "12345" twice).
func (c *builtin) parseInt(s string) (int64, bool) {
	if c.fixed > 0 && len(s) != c.fixed {
		return 0, false
	}
	digits, limit := s, uint64(math.MaxInt64)
	neg := c.signed && len(s) > 1 && s[0] == '-'
	if neg {
		digits, limit = s[1:], limit+1
	}
	if len(digits) > 18 {
		return c.parseLong(digits, limit, neg)
	}
	n := uint64(0)
	for i := 0; i < len(digits); i++ {
		d := digits[i] - '0'
		if d > 9 {
			return 0, false
		}
		n = n*10 + uint64(d)
	}
	if digits == "" {
		return 0, false
	}
	return c.inBounds(n, neg)
}

// parseLong is parseInt for more than 18 digits, which may overflow.
func (c *builtin) parseLong(digits string, limit uint64, neg bool) (int64, bool) {
	n := uint64(0)
	for i := 0; i < len(digits); i++ {
		d := uint64(digits[i] - '0')
		if d > 9 || n > 1<<63/10 { // past 2^63/10, n*10 may overflow
			return 0, false
		}
		n = n*10 + d
	}
	if n > limit {
		return 0, false
	}
	return c.inBounds(n, neg)
}

// inBounds gives the value of n, negated when neg, and whether it is within
// the converter's bounds.
func (c *builtin) inBounds(n uint64, neg bool) (int64, bool) {
	v := int64(n)
	if neg {
		v = -v // MinInt64 negates to itself, which is right
	}
	return v, v >= c.imin && v <= c.imax
}

// parseFloat converts s, reporting whether the float converter matches it:
// digits '.' digits, within the bounds.
func (c *builtin) parseFloat(s string) (float64, bool) {
	t := s
	if c.signed {
		t = strings.TrimPrefix(s, "-")
	}
	whole, frac, ok := strings.Cut(t, ".")
	if !ok || !isDecimal(whole) || !isDecimal(frac) || len(whole) > 309 {
		return 0, false // over 309 digits: overflow (or leading zeros), refused
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil && f >= c.fmin && f <= c.fmax
}

// isDecimal reports whether s is one or more ASCII digits.
func isDecimal(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// appendNumber renders a value for the int converter, zero-padded to
// fixed_digits, or for the float converter, with a point ("2.0",
// "0.00001"), and checks that the converter matches the text.
func (c *builtin) appendNumber(dst []byte, v any) ([]byte, error) {
	start := len(dst)
	if c.kind == kindInt {
		n, err := toInt64(v)
		if err != nil {
			return dst, err
		}
		dst = strconv.AppendInt(dst, n, 10)
		at := start
		if n < 0 {
			at++ // zeros go after the sign
		}
		for len(dst)-start < c.fixed {
			dst = slices.Insert(dst, at, '0')
		}
	} else {
		f, err := toFloat64(v)
		if err != nil {
			return dst, err
		}
		if f == 0 {
			f = 0 // no "-0"
		}
		dst = appendPointFloat(dst, f, 64)
	}
	switch text := dst[start:]; {
	case c.fixed > 0 && len(text) > c.fixed:
		return dst[:start], fmt.Errorf("value %v does not fit in %d digits", v, c.fixed)
	case !c.Match(string(text)):
		return dst[:start], fmt.Errorf("value %v out of range", v)
	}
	return dst, nil
}

// appendUUID renders a [16]byte (or a named 16-byte array) or the text of
// a UUID in lower case.
func appendUUID(dst []byte, v any) ([]byte, error) {
	var buf [64]byte
	b, _ := appendScalar(buf[:0], v)
	u, ok := ascii.ParseUUID(string(b))
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Array && rv.Len() == 16 && rv.Type().Elem().Kind() == reflect.Uint8 {
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

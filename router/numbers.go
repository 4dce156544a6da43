package router

import (
	"encoding"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/fwkgo/fwk/internal/ascii"
)

// intConverter matches ASCII decimal integers (Werkzeug's int): unsigned
// unless signed=True, optionally with exactly fixed_digits characters and
// within [min, max]. Values are int64; texts beyond its range never match.
type intConverter struct {
	fixed          int
	min, max       int64
	hasMin, hasMax bool
	signed         bool
}

func newIntConverter(a Args) (Converter, error) {
	m, err := a.Bind("fixed_digits", "min", "max", "signed")
	if err != nil {
		return nil, err
	}
	c := &intConverter{}
	fixed, _, err := argInt(m, "fixed_digits")
	if err != nil {
		return nil, err
	}
	if fixed < 0 || fixed > 20 {
		return nil, fmt.Errorf("fixed_digits=%d out of range [0, 20]", fixed)
	}
	c.fixed = int(fixed)
	if c.min, c.hasMin, err = argInt(m, "min"); err != nil {
		return nil, err
	}
	if c.max, c.hasMax, err = argInt(m, "max"); err != nil {
		return nil, err
	}
	if c.signed, err = argBool(m, "signed"); err != nil {
		return nil, err
	}
	if c.hasMin && c.hasMax && c.max < c.min {
		return nil, fmt.Errorf("max %d is below min %d", c.max, c.min)
	}
	return c, nil
}

// parse converts s, reporting whether it matches.
func (c *intConverter) parse(s string) (int64, bool) {
	if c.fixed > 0 && len(s) != c.fixed {
		return 0, false
	}
	i, neg := 0, false
	if c.signed && len(s) > 1 && s[0] == '-' {
		i, neg = 1, true
	}
	if i == len(s) {
		return 0, false
	}
	limit := uint64(math.MaxInt64)
	if neg {
		limit++
	}
	var n uint64
	for ; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 || n > (limit-uint64(d))/10 {
			return 0, false
		}
		n = n*10 + uint64(d)
	}
	v := int64(n)
	if neg {
		v = -v // MinInt64 negates to itself, which is right
	}
	return v, c.inRange(v)
}

func (c *intConverter) inRange(v int64) bool {
	return (!c.hasMin || v >= c.min) && (!c.hasMax || v <= c.max)
}

// Match reports whether s is an acceptable integer.
func (c *intConverter) Match(s string) bool {
	_, ok := c.parse(s)
	return ok
}

// ToValue returns the int64 value of s.
func (c *intConverter) ToValue(s string) (any, error) {
	v, ok := c.parse(s)
	if !ok {
		return nil, fmt.Errorf("%q is not an acceptable integer", s)
	}
	return v, nil
}

// ToURL accepts any Go integer, an integral float, or a decimal string.
func (c *intConverter) ToURL(v any) (string, error) { return finishURL(c, v) }

// Weight is 50: numbers are tried before free text.
func (c *intConverter) Weight() int { return 50 }

func (c *intConverter) converterKey() string {
	return fmt.Sprintf("int(%d,%t,%d,%t,%d,%t)", c.fixed, c.hasMin, c.min, c.hasMax, c.max, c.signed)
}

func (c *intConverter) appendURL(dst []byte, v any) ([]byte, error) {
	n, err := toInt64(v)
	if err != nil {
		return dst, err
	}
	if n < 0 && !c.signed {
		return dst, fmt.Errorf("negative value %d for an unsigned int", n)
	}
	if !c.inRange(n) {
		return dst, fmt.Errorf("value %d out of range", n)
	}
	var buf [24]byte
	b := strconv.AppendInt(buf[:0], n, 10)
	start := len(dst)
	if n < 0 {
		dst = append(dst, '-')
		b = b[1:]
	}
	for i := len(dst) - start + len(b); i < c.fixed; i++ {
		dst = append(dst, '0')
	}
	dst = append(dst, b...)
	if c.fixed > 0 && len(dst)-start != c.fixed {
		return dst[:start], fmt.Errorf("value %d does not fit in %d digits", n, c.fixed)
	}
	return dst, nil
}

// toInt64 converts integers, integral floats and decimal strings.
func toInt64(v any) (int64, error) {
	switch x := v.(type) {
	case int:
		return int64(x), nil
	case int8:
		return int64(x), nil
	case int16:
		return int64(x), nil
	case int32:
		return int64(x), nil
	case int64:
		return x, nil
	case uint:
		return uintToInt64(uint64(x))
	case uint8:
		return int64(x), nil
	case uint16:
		return int64(x), nil
	case uint32:
		return int64(x), nil
	case uint64:
		return uintToInt64(x)
	case float32:
		return floatToInt64(float64(x))
	case float64:
		return floatToInt64(x)
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%q is not an integer", x)
		}
		return n, nil
	case fmt.Stringer:
		return toInt64(x.String())
	}
	return 0, fmt.Errorf("unsupported type %T for an int", v)
}

func uintToInt64(u uint64) (int64, error) {
	if u > math.MaxInt64 {
		return 0, fmt.Errorf("value %d overflows int64", u)
	}
	return int64(u), nil
}

func floatToInt64(f float64) (int64, error) {
	if f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return 0, fmt.Errorf("value %v is not an integer", f)
	}
	return int64(f), nil
}

// floatConverter matches ASCII decimals with a point, like "1.5" (signed
// with signed=True), optionally within [min, max]. Values are float64.
type floatConverter struct {
	min, max       float64
	hasMin, hasMax bool
	signed         bool
}

func newFloatConverter(a Args) (Converter, error) {
	m, err := a.Bind("min", "max", "signed")
	if err != nil {
		return nil, err
	}
	c := &floatConverter{}
	if c.min, c.hasMin, err = argFloat(m, "min"); err != nil {
		return nil, err
	}
	if c.max, c.hasMax, err = argFloat(m, "max"); err != nil {
		return nil, err
	}
	if c.signed, err = argBool(m, "signed"); err != nil {
		return nil, err
	}
	if c.hasMin && c.hasMax && c.max < c.min {
		return nil, fmt.Errorf("max %v is below min %v", c.max, c.min)
	}
	return c, nil
}

// Match reports whether s is digits '.' digits within the bounds.
func (c *floatConverter) Match(s string) bool {
	i := 0
	if c.signed && len(s) > 0 && s[0] == '-' {
		i = 1
	}
	intDigits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		intDigits++
	}
	if intDigits == 0 || intDigits > 309 || i == len(s) || s[i] != '.' {
		return false
	}
	i++
	frac := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		frac++
	}
	if frac == 0 || i != len(s) {
		return false
	}
	if intDigits < 309 && !c.hasMin && !c.hasMax {
		return true // cannot overflow: no need to parse
	}
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && c.inRange(f)
}

func (c *floatConverter) inRange(f float64) bool {
	return (!c.hasMin || f >= c.min) && (!c.hasMax || f <= c.max)
}

// ToValue returns the float64 value of s.
func (c *floatConverter) ToValue(s string) (any, error) {
	if !c.Match(s) {
		return nil, fmt.Errorf("%q is not an acceptable float", s)
	}
	return strconv.ParseFloat(s, 64)
}

// ToURL accepts Go floats and integers and decimal strings; the text is the
// shortest exact decimal, always with a point ("2.0", "0.00001").
func (c *floatConverter) ToURL(v any) (string, error) { return finishURL(c, v) }

// Weight is 50: numbers are tried before free text.
func (c *floatConverter) Weight() int { return 50 }

func (c *floatConverter) converterKey() string {
	return fmt.Sprintf("float(%t,%v,%t,%v,%t)", c.hasMin, c.min, c.hasMax, c.max, c.signed)
}

func (c *floatConverter) appendURL(dst []byte, v any) ([]byte, error) {
	f, err := toFloat64(v)
	if err != nil {
		return dst, err
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, fmt.Errorf("value %v is not finite", f)
	}
	if f == 0 {
		f = 0 // no "-0"
	}
	if f < 0 && !c.signed {
		return dst, fmt.Errorf("negative value %v for an unsigned float", f)
	}
	if !c.inRange(f) {
		return dst, fmt.Errorf("value %v out of range", f)
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, 'f', -1, 64)
	if !strings.Contains(string(dst[start:]), ".") {
		dst = append(dst, '.', '0')
	}
	return dst, nil
}

func toFloat64(v any) (float64, error) {
	switch x := v.(type) {
	case float64:
		return x, nil
	case float32:
		return float64(x), nil
	case string:
		f, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return 0, fmt.Errorf("%q is not a number", x)
		}
		return f, nil
	case fmt.Stringer:
		return toFloat64(x.String())
	}
	n, err := toInt64(v)
	if err != nil {
		return 0, fmt.Errorf("unsupported type %T for a float", v)
	}
	return float64(n), nil
}

// uuidConverter matches canonical UUID text (8-4-4-4-12 hex digits, any
// case). Values are [16]byte; URLs use lower case.
type uuidConverter struct{}

func newUUIDConverter(a Args) (Converter, error) {
	if _, err := a.Bind(); err != nil {
		return nil, err
	}
	return uuidConverter{}, nil
}

// Match reports whether s is a UUID in canonical form.
func (uuidConverter) Match(s string) bool {
	_, ok := ascii.ParseUUID(s)
	return ok
}

// ToValue returns the 16 bytes of the UUID.
func (uuidConverter) ToValue(s string) (any, error) {
	u, ok := ascii.ParseUUID(s)
	if !ok {
		return nil, fmt.Errorf("%q is not a UUID", s)
	}
	return u, nil
}

// ToURL accepts a [16]byte (or a named 16-byte array type), or text (string,
// Stringer, TextMarshaler) holding a canonical UUID.
func (c uuidConverter) ToURL(v any) (string, error) { return finishURL(c, v) }

// Weight is 50: UUIDs are tried before free text.
func (uuidConverter) Weight() int { return 50 }

func (uuidConverter) converterKey() string { return "uuid" }

func (uuidConverter) appendURL(dst []byte, v any) ([]byte, error) {
	var u [16]byte
	switch x := v.(type) {
	case [16]byte:
		u = x
	case string:
		p, ok := ascii.ParseUUID(x)
		if !ok {
			return dst, fmt.Errorf("%q is not a UUID", x)
		}
		u = p
	case encoding.TextMarshaler, fmt.Stringer:
		s, _ := scalarText(x)
		p, ok := ascii.ParseUUID(s)
		if !ok {
			return dst, fmt.Errorf("%q is not a UUID", s)
		}
		u = p
	default:
		rv := reflect.ValueOf(v)
		if !rv.IsValid() || rv.Kind() != reflect.Array || rv.Len() != 16 || rv.Type().Elem().Kind() != reflect.Uint8 {
			return dst, fmt.Errorf("unsupported type %T for a uuid", v)
		}
		for i := range u {
			u[i] = byte(rv.Index(i).Uint())
		}
	}
	return ascii.AppendUUID(dst, u), nil
}

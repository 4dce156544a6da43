package router

import (
	"bytes"
	"encoding"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fwkgo/fwk/internal/ascii"
)

// Converter turns one URL parameter into a value and back. Match is called
// while matching with the decoded text of the parameter (one segment, or
// several joined by '/' for a converter that spans slashes); it must not
// allocate and must accept exactly the texts ToValue can convert. ToURL
// renders a value as unescaped parameter text for URL building and returns an
// error when the value is unacceptable (wrong type, out of range, or text the
// converter would not match).
//
// Two optional methods refine a converter: MatchesSlash() bool returning true
// lets it span several segments (like "path"), and Weight() int sets its
// precedence among the converters competing for the same segment (lower is
// tried first; the default is 100: int, float, uuid and any are 50, path is
// 200).
type Converter interface {
	Match(s string) bool
	ToValue(s string) (any, error)
	ToURL(v any) (string, error)
}

// ConverterFactory builds a converter from the arguments written in a rule,
// as in <name(a, key=value):param>. An error refuses the rule.
type ConverterFactory func(args Args) (Converter, error)

// Optional converter interfaces.
type (
	slashSpanner interface{ MatchesSlash() bool }
	weighter     interface{ Weight() int }
	// keyer gives a canonical identity, so that equivalent spellings of a
	// built-in converter ("int(4)" and "int(fixed_digits=4)") are equal.
	keyer interface{ converterKey() string }
	// urlAppender appends a value's text, already validated and escaped,
	// without allocating.
	urlAppender interface {
		appendURL(dst []byte, v any) ([]byte, error)
	}
)

const defaultWeight = 100

// builtinConverters returns the converters every router starts with.
func builtinConverters() map[string]ConverterFactory {
	return map[string]ConverterFactory{
		"default": newStringConverter,
		"string":  newStringConverter,
		"str":     newStringConverter,
		"int":     newIntConverter,
		"float":   newFloatConverter,
		"path":    newPathConverter,
		"uuid":    newUUIDConverter,
		"any":     newAnyConverter,
	}
}

// appendScalar appends the text of a string, byte slice, integer, float,
// bool, encoding.TextMarshaler or fmt.Stringer; ok is false for other types.
func appendScalar(dst []byte, v any) (out []byte, ok bool) {
	switch x := v.(type) {
	case string:
		return append(dst, x...), true
	case []byte:
		return append(dst, x...), true
	case int:
		return strconv.AppendInt(dst, int64(x), 10), true
	case int8:
		return strconv.AppendInt(dst, int64(x), 10), true
	case int16:
		return strconv.AppendInt(dst, int64(x), 10), true
	case int32:
		return strconv.AppendInt(dst, int64(x), 10), true
	case int64:
		return strconv.AppendInt(dst, x, 10), true
	case uint:
		return strconv.AppendUint(dst, uint64(x), 10), true
	case uint8:
		return strconv.AppendUint(dst, uint64(x), 10), true
	case uint16:
		return strconv.AppendUint(dst, uint64(x), 10), true
	case uint32:
		return strconv.AppendUint(dst, uint64(x), 10), true
	case uint64:
		return strconv.AppendUint(dst, x, 10), true
	case float32:
		return appendPyFloat(dst, float64(x), 32), true
	case float64:
		return appendPyFloat(dst, x, 64), true
	case bool:
		return strconv.AppendBool(dst, x), true
	case encoding.TextMarshaler:
		b, err := x.MarshalText()
		if err != nil {
			return dst, false
		}
		return append(dst, b...), true
	case fmt.Stringer:
		return append(dst, x.String()...), true
	}
	return dst, false
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

// scalarText returns the text of v as appendScalar renders it.
func scalarText(v any) (string, bool) {
	if s, ok := v.(string); ok {
		return s, true
	}
	var buf [64]byte
	b, ok := appendScalar(buf[:0], v)
	return string(b), ok
}

// finishURL renders the output of an urlAppender as a string.
func finishURL(a urlAppender, v any) (string, error) {
	var buf [64]byte
	b, err := a.appendURL(buf[:0], v)
	if err != nil {
		return "", err
	}
	return unescapeBuilt(b), nil
}

// unescapeBuilt undoes the escaping of an appended parameter, so ToURL can
// return unescaped text.
func unescapeBuilt(b []byte) string {
	s := string(b)
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	out, _ := decodeParam(s)
	return out
}

// appendSegment validates text for a one-segment parameter and appends it
// escaped: it must be non-empty, not a dot segment, and valid UTF-8 without
// NUL bytes.
func appendSegment[T string | []byte](dst []byte, text T) ([]byte, error) {
	if len(text) == 0 {
		return dst, fmt.Errorf("empty value")
	}
	if len(text) <= 2 && isDotSegment(string(text)) {
		return dst, fmt.Errorf("value %q is a dot segment", text)
	}
	start, plain := len(dst), true
	for i := 0; i < len(text); i++ {
		c := text[i]
		if inSet(c, classSegment) {
			dst = append(dst, c)
			continue
		}
		if c == 0 || c >= utf8.RuneSelf {
			if c == 0 {
				return dst[:start], fmt.Errorf("value %q holds a NUL byte", text)
			}
			plain = false
		}
		dst = ascii.AppendEscape(dst, c)
	}
	if !plain && !utf8.ValidString(string(text)) {
		return dst[:start], fmt.Errorf("value %q is not valid UTF-8", text)
	}
	return dst, nil
}

// isDotSegment reports whether s is "." or "..".
func isDotSegment(s string) bool {
	return s == "." || s == ".."
}

// stringConverter is Werkzeug's default converter: one segment of text
// whose length, in characters, may be bounded; upper=True upper-cases the
// value both ways (a Flask-Unchained extension).
type stringConverter struct {
	min, max, length int
	upper            bool
}

func newStringConverter(a Args) (Converter, error) {
	m, err := a.Bind("minlength", "maxlength", "length", "upper")
	if err != nil {
		return nil, err
	}
	c := &stringConverter{min: 1}
	for _, k := range []string{"minlength", "maxlength", "length"} {
		v, set, err := argInt(m, k)
		if err != nil {
			return nil, err
		}
		if set && (v < 1 || v > 1<<20) {
			return nil, fmt.Errorf("argument %s=%d out of range [1, 1048576]", k, v)
		}
		switch k {
		case "minlength":
			if set {
				c.min = int(v)
			}
		case "maxlength":
			c.max = int(v)
		case "length":
			c.length = int(v)
		}
	}
	if c.max > 0 && c.max < c.min {
		return nil, fmt.Errorf("maxlength %d is below minlength %d", c.max, c.min)
	}
	if c.upper, err = argBool(m, "upper"); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *stringConverter) plain() bool { return c.min <= 1 && c.max == 0 && c.length == 0 }

// Match reports whether s has an acceptable length.
func (c *stringConverter) Match(s string) bool {
	if c.plain() {
		return s != ""
	}
	n := utf8.RuneCountInString(s)
	if c.length > 0 {
		return n == c.length
	}
	return n >= c.min && (c.max == 0 || n <= c.max)
}

// ToValue returns s (upper-cased with upper=True).
func (c *stringConverter) ToValue(s string) (any, error) {
	if !c.Match(s) {
		return nil, fmt.Errorf("string %q does not match", s)
	}
	if c.upper {
		return strings.ToUpper(s), nil
	}
	return s, nil
}

// ToURL renders strings, numbers, booleans, Stringers and TextMarshalers.
func (c *stringConverter) ToURL(v any) (string, error) { return finishURL(c, v) }

func (c *stringConverter) appendURL(dst []byte, v any) ([]byte, error) {
	if s, ok := v.(string); ok && !c.upper {
		if !c.Match(s) {
			return dst, fmt.Errorf("value %q has the wrong length", s)
		}
		return appendSegment(dst, s)
	}
	var buf [64]byte
	b, ok := appendScalar(buf[:0], v)
	if !ok {
		return dst, fmt.Errorf("unsupported type %T", v)
	}
	if c.upper {
		b = []byte(strings.ToUpper(string(b)))
	}
	if !c.Match(string(b)) {
		return dst, fmt.Errorf("value %q has the wrong length", b)
	}
	return appendSegment(dst, b)
}

func (c *stringConverter) converterKey() string {
	return fmt.Sprintf("string(%d,%d,%d,%t)", c.min, c.max, c.length, c.upper)
}

// pathConverter matches one or more segments, slashes included.
type pathConverter struct{}

func newPathConverter(a Args) (Converter, error) {
	if _, err := a.Bind(); err != nil {
		return nil, err
	}
	return pathConverter{}, nil
}

// Match reports whether s is non-empty.
func (pathConverter) Match(s string) bool { return s != "" }

// ToValue returns s.
func (pathConverter) ToValue(s string) (any, error) {
	if s == "" {
		return nil, fmt.Errorf("empty path")
	}
	return s, nil
}

// ToURL renders the value like the string converter, keeping slashes.
func (c pathConverter) ToURL(v any) (string, error) { return finishURL(c, v) }

// MatchesSlash reports true: a path parameter spans segments.
func (pathConverter) MatchesSlash() bool { return true }

// Weight is 200: path is tried after every other converter.
func (pathConverter) Weight() int { return 200 }

func (pathConverter) converterKey() string { return "path" }

func (pathConverter) appendURL(dst []byte, v any) ([]byte, error) {
	if s, ok := v.(string); ok {
		return appendPathValue(dst, s)
	}
	var buf [64]byte
	b, ok := appendScalar(buf[:0], v)
	if !ok {
		return dst, fmt.Errorf("unsupported type %T", v)
	}
	return appendPathValue(dst, string(b))
}

// appendPathValue validates a slash-spanning value (no empty or dot
// segments) and appends it escaped, keeping the slashes.
func appendPathValue(dst []byte, s string) ([]byte, error) {
	if !validPathValue(s) {
		return dst, fmt.Errorf("value %q is empty, starts with '/' or has a dot segment", s)
	}
	if !validParam(s) {
		return dst, fmt.Errorf("value %q holds a NUL byte or invalid UTF-8", s)
	}
	return appendEscaped(dst, s, classPath, false), nil
}

// validPathValue reports whether s is a slash-spanning value: it does not
// start with '/' (Werkzeug's "[^/].*?"), and no '/'-separated segment is
// "." or "..". Empty segments are kept, as in Werkzeug
// ("/with/<path:p>" matches "/with/http://example.com/").
func validPathValue(s string) bool {
	if s == "" || s[0] == '/' {
		return false
	}
	for {
		i := strings.IndexByte(s, '/')
		seg := s
		if i >= 0 {
			seg = s[:i]
		}
		if isDotSegment(seg) {
			return false
		}
		if i < 0 {
			return true
		}
		s = s[i+1:]
	}
}

// anyConverter matches one of a fixed set of values.
type anyConverter struct {
	items []string
}

func newAnyConverter(a Args) (Converter, error) {
	if len(a.Named) > 0 {
		return nil, fmt.Errorf("any takes only positional arguments")
	}
	if len(a.Positional) == 0 {
		return nil, fmt.Errorf("any needs at least one value")
	}
	for _, it := range a.Positional {
		if it == "" || isDotSegment(it) {
			return nil, fmt.Errorf("any value %q can never match", it)
		}
	}
	return &anyConverter{items: a.Positional}, nil
}

// Match reports whether s is one of the values.
func (c *anyConverter) Match(s string) bool {
	for _, it := range c.items {
		if it == s {
			return true
		}
	}
	return false
}

// ToValue returns s when it is one of the values.
func (c *anyConverter) ToValue(s string) (any, error) {
	if !c.Match(s) {
		return nil, fmt.Errorf("%q is not one of %q", s, c.items)
	}
	return s, nil
}

// ToURL accepts one of the values (as a string or Stringer).
func (c *anyConverter) ToURL(v any) (string, error) { return finishURL(c, v) }

// Weight is 50: a fixed set is tried before free text.
func (c *anyConverter) Weight() int { return 50 }

func (c *anyConverter) converterKey() string { return fmt.Sprintf("any%q", c.items) }

func (c *anyConverter) appendURL(dst []byte, v any) ([]byte, error) {
	s, ok := scalarText(v)
	if !ok || !c.Match(s) {
		return dst, fmt.Errorf("%v is not one of %q", v, c.items)
	}
	return appendSegment(dst, s)
}

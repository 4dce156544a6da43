package router

import (
	"fmt"
	"slices"
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
)

const defaultWeight = 100

// kind selects a built-in converter.
type kind uint8

const (
	kindString kind = iota
	kindPath
	kindAny
	kindInt
	kindFloat
	kindUUID
)

// builtin is every built-in converter; kind says which, and which fields
// count. One concrete type lets building call appendURL directly, so that
// the caller's buffer does not escape through an interface call.
type builtin struct {
	kind
	min, max int // string: bounds of the length in characters (max 0: none)
	upper    bool
	items    []string // any: the accepted values
	fixed    int      // int: fixed_digits
	ints     bounds[int64]
	floats   bounds[float64]
}

// builtinConverters returns the converters every router starts with.
func builtinConverters() map[string]ConverterFactory {
	return map[string]ConverterFactory{
		"default": newString,
		"string":  newString,
		"str":     newString,
		"int":     newInt,
		"float":   newFloat,
		"path":    noArgs(kindPath),
		"uuid":    noArgs(kindUUID),
		"any":     newAny,
	}
}

// newString is Werkzeug's default converter: one segment of text whose
// length, in characters, may be bounded; upper=True upper-cases the value
// both ways (a Flask-Unchained extension).
func newString(a Args) (Converter, error) {
	m, err := a.Bind("minlength", "maxlength", "length", "upper")
	if err != nil {
		return nil, err
	}
	c := &builtin{kind: kindString, min: 1}
	length := 0
	for _, f := range []struct {
		key string
		dst *int
	}{{"minlength", &c.min}, {"maxlength", &c.max}, {"length", &length}} {
		v, set, err := argInt(m, f.key)
		if err == nil && set && (v < 1 || v > 1<<20) {
			err = fmt.Errorf("argument %s=%d out of range [1, 1048576]", f.key, v)
		}
		if err != nil {
			return nil, err
		}
		if set {
			*f.dst = int(v)
		}
	}
	if c.max > 0 && c.max < c.min {
		return nil, fmt.Errorf("maxlength %d is below minlength %d", c.max, c.min)
	}
	if length > 0 {
		c.min, c.max = length, length
	}
	c.upper, err = argBool(m, "upper")
	return c, err
}

// newAny matches one of a fixed set of values.
func newAny(a Args) (Converter, error) {
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
	return &builtin{kind: kindAny, items: a.Positional}, nil
}

// noArgs is the factory of a converter without arguments.
func noArgs(k kind) ConverterFactory {
	return func(a Args) (Converter, error) {
		if _, err := a.Bind(); err != nil {
			return nil, err
		}
		return &builtin{kind: k}, nil
	}
}

// plain reports a converter that accepts any non-empty text.
func (c *builtin) plain() bool {
	return c.kind == kindPath || c.kind == kindString && c.min <= 1 && c.max == 0
}

// Match reports whether s is acceptable text for the converter.
func (c *builtin) Match(s string) bool {
	switch c.kind {
	case kindString:
		if c.min <= 1 && c.max == 0 {
			return s != ""
		}
		n := utf8.RuneCountInString(s)
		return n >= c.min && (c.max == 0 || n <= c.max)
	case kindAny:
		return slices.Contains(c.items, s)
	case kindInt:
		_, ok := c.parseInt(s)
		return ok
	case kindFloat:
		return c.matchFloat(s)
	case kindUUID:
		_, ok := ascii.ParseUUID(s)
		return ok
	}
	return s != ""
}

// ToValue returns the value of s: a string (upper-cased with upper=True),
// an int64, a float64 or the [16]byte of a UUID.
func (c *builtin) ToValue(s string) (any, error) {
	switch c.kind {
	case kindInt:
		return boxed(c.intValue(s))
	case kindFloat:
		return boxed(c.floatValue(s))
	case kindUUID:
		return boxed(c.uuidValue(s))
	}
	return boxed(c.textValue(s))
}

// boxed returns v as an any, or nil with an error.
func boxed[T any](v T, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}

// The values of the built-in converters, by type.

func (c *builtin) intValue(s string) (int64, error) {
	n, ok := c.parseInt(s)
	if !ok {
		return 0, fmt.Errorf("%q does not match", s)
	}
	return n, nil
}

func (c *builtin) floatValue(s string) (float64, error) {
	if !c.matchFloat(s) {
		return 0, fmt.Errorf("%q does not match", s)
	}
	return strconv.ParseFloat(s, 64)
}

func (c *builtin) uuidValue(s string) ([16]byte, error) {
	u, ok := ascii.ParseUUID(s)
	if !ok {
		return u, fmt.Errorf("%q does not match", s)
	}
	return u, nil
}

func (c *builtin) textValue(s string) (string, error) {
	if !c.Match(s) {
		return "", fmt.Errorf("%q does not match", s)
	}
	if c.upper {
		return strings.ToUpper(s), nil
	}
	return s, nil
}

// ToURL renders a value: text converters take strings, numbers, booleans,
// Stringers and TextMarshalers; int takes Go integers, integral floats and
// decimal text; float takes Go numbers and decimal text, written with a
// point ("2.0", "0.00001"); uuid takes a [16]byte (or a named 16-byte
// array) or the text of a UUID.
func (c *builtin) ToURL(v any) (string, error) {
	var buf [64]byte
	b, err := c.appendURL(buf[:0], v)
	if err != nil {
		return "", err
	}
	s := string(b)
	if strings.IndexByte(s, '%') >= 0 {
		s, _ = decodeParam(s) // ToURL's text is unescaped
	}
	return s, nil
}

// MatchesSlash reports whether the converter is path.
func (c *builtin) MatchesSlash() bool { return c.kind == kindPath }

// Weight is 50 for int, float, uuid and any, 100 for string, 200 for path.
func (c *builtin) Weight() int {
	switch c.kind {
	case kindString:
		return defaultWeight
	case kindPath:
		return 200
	}
	return 50
}

// appendURL appends the escaped URL text of v, validated.
func (c *builtin) appendURL(dst []byte, v any) ([]byte, error) {
	switch c.kind {
	case kindInt:
		return c.appendInt(dst, v)
	case kindFloat:
		return c.appendFloat(dst, v)
	case kindUUID:
		return appendUUID(dst, v)
	}
	s, ok := v.(string)
	if !ok {
		var buf [64]byte
		b, ok := appendScalar(buf[:0], v)
		if !ok {
			return dst, fmt.Errorf("unsupported type %T", v)
		}
		s = string(b)
	}
	if c.upper {
		s = strings.ToUpper(s)
	}
	switch {
	case !c.plain() && !c.Match(s): // plain: empty text is refused below
		return dst, fmt.Errorf("value %q does not match", s)
	case c.kind == kindPath:
		return appendPathValue(dst, s)
	}
	return appendSegment(dst, s)
}

// appendSegment validates text for a one-segment parameter and appends it
// escaped: it must be non-empty, not a dot segment, and valid UTF-8 without
// NUL bytes.
func appendSegment(dst []byte, text string) ([]byte, error) {
	if text != "" && !isDotSegment(text) {
		if out, ok := appendValid(dst, text, classSegment); ok {
			return out, nil
		}
	}
	return dst, fmt.Errorf("value %q is empty, a dot segment, or holds a NUL byte or invalid UTF-8", text)
}

// appendPathValue validates a slash-spanning value and appends it escaped,
// keeping the slashes.
func appendPathValue(dst []byte, s string) ([]byte, error) {
	if validPathValue(s) {
		if out, ok := appendValid(dst, s, classPath); ok {
			return out, nil
		}
	}
	return dst, fmt.Errorf("value %q is empty, starts with '/', has a dot segment, or holds a NUL byte or invalid UTF-8", s)
}

// appendValid appends s escaped outside class, unless it holds a NUL byte
// or invalid UTF-8. Text needing no escape is copied at once.
func appendValid(dst []byte, s string, class byte) ([]byte, bool) {
	i := 0
	for i < len(s) && inSet(s[i], class) {
		i++
	}
	start := len(dst)
	dst = append(dst, s[:i]...)
	plain := true
	for ; i < len(s); i++ {
		c := s[i]
		if inSet(c, class) {
			dst = append(dst, c)
			continue
		}
		if c == 0 {
			return dst[:start], false
		}
		plain = plain && c < utf8.RuneSelf
		dst = ascii.AppendEscape(dst, c)
	}
	if !plain && !utf8.ValidString(s) {
		return dst[:start], false
	}
	return dst, true
}

// validPathValue reports whether s is a slash-spanning value: as in
// Werkzeug ("[^/].*?"), it does not start with '/' and may hold empty
// segments ("http://x"), but no "." or ".." segment.
func validPathValue(s string) bool {
	if s == "" || s[0] == '/' {
		return false
	}
	for s != "" {
		var seg string
		seg, s, _ = strings.Cut(s, "/")
		if isDotSegment(seg) {
			return false
		}
	}
	return true
}

// isDotSegment reports whether s is "." or "..".
func isDotSegment(s string) bool {
	return s == "." || s == ".."
}

// class returns the bytes the converter's text may hold, for split: digits
// for numbers, hex digits for UUIDs, any byte but '/' for the others, any
// byte at all for path.
func (c *builtin) class() byteClass {
	const digits = "0123456789"
	var bc byteClass
	switch c.kind {
	case kindInt, kindFloat:
		bc.add(digits)
		if c.kind == kindFloat {
			bc.add(".")
		}
		if c.ints.signed || c.floats.signed {
			bc.add("-")
		}
	case kindUUID:
		bc.add(digits + "abcdefABCDEF-")
	default:
		bc = anyByte(c.kind == kindPath)
	}
	return bc
}

// anyByte is the class of a converter of any text, '/' included only when
// it spans slashes.
func anyByte(slash bool) byteClass {
	c := byteClass{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	if !slash {
		c[0] &^= 1 << '/'
	}
	return c
}

package router

import (
	"fmt"
	"slices"
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
// tried first; the default is 100: int, float and uuid are 50, any 75, path
// is 200).
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
	weight     int      // see Weight
	min, max   int      // string, path: bounds of the length in characters (max 0: none)
	upper      bool     // string: upper-case the value both ways
	items      []string // any: the accepted values
	fixed      int      // int: fixed_digits
	signed     bool     // int, float: negative values allowed
	imin, imax int64    // int: bounds
	fmin, fmax float64  // float: bounds
}

// builtinConverters returns the converters every router starts with.
func builtinConverters() map[string]ConverterFactory {
	return map[string]ConverterFactory{
		"default": newString,
		"string":  newString,
		"str":     newString,
		"int":     newInt,
		"float":   newFloat,
		"path":    noArgs(kindPath, 200),
		"uuid":    noArgs(kindUUID, 50),
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
	n := [3]int64{1, 0, 0} // minlength, maxlength, length
	for i, key := range []string{"minlength", "maxlength", "length"} {
		set, err := arg(m, key, &n[i])
		if err == nil && set && (n[i] < 1 || n[i] > 1<<20) {
			err = fmt.Errorf("argument %s=%d out of range [1, 1048576]", key, n[i])
		}
		if err != nil {
			return nil, err
		}
	}
	if n[1] > 0 && n[1] < n[0] {
		return nil, fmt.Errorf("maxlength %d is below minlength %d", n[1], n[0])
	}
	if n[2] > 0 {
		n[0], n[1] = n[2], n[2]
	}
	c := &builtin{kind: kindString, weight: defaultWeight, min: int(n[0]), max: int(n[1])}
	_, err = arg(m, "upper", &c.upper)
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
	// 75: after int and float, which Werkzeug (any 100, numbers 50) always
	// tries first, and before string, so that any beats it in either order.
	return &builtin{kind: kindAny, weight: 75, items: a.Positional}, nil
}

// noArgs is the factory of a converter without arguments.
func noArgs(k kind, weight int) ConverterFactory {
	return func(a Args) (Converter, error) {
		_, err := a.Bind()
		return &builtin{kind: k, weight: weight, min: 1}, err
	}
}

// plain reports a converter that accepts any non-empty text.
func (c *builtin) plain() bool {
	return c.kind <= kindPath && c.min <= 1 && c.max == 0
}

// Match reports whether s is acceptable text for the converter.
func (c *builtin) Match(s string) (ok bool) {
	switch c.kind {
	case kindInt:
		_, ok = c.parseInt(s)
	case kindFloat:
		_, ok = c.parseFloat(s)
	case kindUUID:
		_, ok = ascii.ParseUUID(s)
	default:
		ok = c.matchText(s)
	}
	return ok
}

// matchText is Match for string, path and any.
func (c *builtin) matchText(s string) bool {
	if c.kind == kindAny {
		return slices.Contains(c.items, s)
	} else if c.plain() {
		return s != ""
	}
	n := utf8.RuneCountInString(s)
	return n >= c.min && (c.max == 0 || n <= c.max)
}

// parseText is ToValue for string, path and any.
func (c *builtin) parseText(s string) (string, bool) {
	if !c.matchText(s) {
		return "", false
	}
	if c.upper {
		s = strings.ToUpper(s)
	}
	return s, true
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
	s, _ := decodeParam(string(b)) // ToURL's text is unescaped
	return s, nil
}

// MatchesSlash reports whether the converter is path.
func (c *builtin) MatchesSlash() bool { return c.kind == kindPath }

// Weight is 50 for int, float and uuid, 75 for any, 100 for string, 200 for
// path.
func (c *builtin) Weight() int { return c.weight }

// appendURL appends the escaped URL text of v, validated.
func (c *builtin) appendURL(dst []byte, v any) ([]byte, error) {
	switch c.kind {
	case kindInt, kindFloat:
		return c.appendNumber(dst, v)
	case kindUUID:
		return appendUUID(dst, v)
	}
	s, ok := v.(string)
	if !ok {
		s, ok = scalarText(v)
	}
	if !ok {
		return dst, fmt.Errorf("unsupported type %T", v)
	}
	text, ok := c.parseText(s)
	if !ok {
		return dst, fmt.Errorf("value %q does not match", s)
	}
	return appendParam(dst, text, c.kind == kindPath)
}

// appendParam validates the text of a parameter and appends it escaped as
// one segment or, with slash, as several ('/' kept). It refuses text that
// is empty, a dot segment or holds a NUL byte or invalid UTF-8, and with
// slash text starting with '/' or holding a dot segment (validPathValue).
func appendParam(dst []byte, s string, slash bool) ([]byte, error) {
	class, ok := byte(classSegment), s != "" && !isDotSegment(s)
	if slash {
		class, ok = classPath, validPathValue(s)
	}
	if ok {
		if out, ok := appendValid(dst, s, class); ok {
			return out, nil
		}
	}
	return dst, fmt.Errorf("value %q is empty, starts with '/', has a dot segment, or holds a NUL byte or invalid UTF-8", s)
}

// appendValid appends s escaped outside class, unless it holds a NUL byte
// or invalid UTF-8.
func appendValid(dst []byte, s string, class byte) ([]byte, bool) {
	i := 0
	for i < len(s) && inSet(s[i], class) {
		i++ // the common case: nothing to escape, copied at once
	}
	switch {
	case i == len(s):
		return append(dst, s...), true
	case strings.IndexByte(s[i:], 0) >= 0 || !utf8.ValidString(s[i:]):
		return dst, false
	}
	return appendEscaped(append(dst, s[:i]...), s[i:], class), true
}

// validPathValue reports whether s is a slash-spanning value: as in
// Werkzeug ("[^/].*?"), it does not start with '/' and may hold empty
// segments ("http://x"), but no "." or ".." segment.
func validPathValue(s string) bool {
	if s == "" || s[0] == '/' {
		return false
	}
	for seg := range strings.SplitSeq(s, "/") {
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
	chars := map[kind]string{kindInt: "0123456789", kindFloat: "0123456789.", kindUUID: "0123456789abcdefABCDEF-"}[c.kind]
	if chars == "" {
		return anyByte(c.kind == kindPath)
	}
	if c.signed {
		chars += "-"
	}
	var bc byteClass
	bc.add(chars)
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

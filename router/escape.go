package router

import (
	"strings"
	"unicode/utf8"
)

// Character sets for percent-encoding, as bitmaps of the bytes that may stay
// unescaped: lo covers bytes 0-63, hi bytes 64-127; bytes >= 128 are always
// escaped. They are constants so that no package state is mutable.
const (
	digitBits    = (1<<10 - 1) << '0'
	upperBits    = (1<<26 - 1) << ('A' - 64)
	lowerBits    = (1<<26 - 1) << ('a' - 64)
	unreservedLo = digitBits | 1<<'-' | 1<<'.'
	unreservedHi = upperBits | lowerBits | 1<<('_'-64) | 1<<('~'-64)
	subDelimsLo  = 1<<'!' | 1<<'$' | 1<<'&' | 1<<'\'' | 1<<'(' | 1<<')' | 1<<'*' | 1<<'+' | 1<<',' | 1<<';' | 1<<'='

	// A path segment (RFC 3986 pchar): '/' is escaped.
	segmentLo = unreservedLo | subDelimsLo | 1<<':'
	segmentHi = unreservedHi | 1<<('@'-64)
	// A run of segments: '/' is kept.
	pathLo = segmentLo | 1<<'/'
	// A query key or value, like Python's quote_plus with Werkzeug's safe set
	// "!$'()*,/:;?@" (space becomes '+', handled separately), except ';',
	// which Go's url.ParseQuery refuses unescaped.
	queryLo = unreservedLo | 1<<'!' | 1<<'$' | 1<<'\'' | 1<<'(' | 1<<')' | 1<<'*' | 1<<',' | 1<<'/' | 1<<':' | 1<<'?'
	queryHi = unreservedHi | 1<<('@'-64)
	// A fragment, with Flask's safe set "%!#$&'()*+,/:;=?@".
	fragmentLo = unreservedLo | subDelimsLo | 1<<'%' | 1<<'#' | 1<<'/' | 1<<':' | 1<<'?'
	fragmentHi = unreservedHi | 1<<('@'-64)
)

const upperHex = "0123456789ABCDEF"

func inSet(c byte, lo, hi uint64) bool {
	if c < 64 {
		return lo>>c&1 != 0
	}
	if c < 128 {
		return hi>>(c-64)&1 != 0
	}
	return false
}

// appendEscaped appends s to dst, percent-encoding every byte outside the
// set; with plus, a space becomes '+'.
func appendEscaped[T string | []byte](dst []byte, s T, lo, hi uint64, plus bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inSet(c, lo, hi):
			dst = append(dst, c)
		case plus && c == ' ':
			dst = append(dst, '+')
		default:
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return dst
}

// needsEscape reports whether appendEscaped would change s.
func needsEscape(s string, lo, hi uint64) bool {
	for i := 0; i < len(s); i++ {
		if !inSet(s[i], lo, hi) {
			return true
		}
	}
	return false
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// escapedByte decodes the escape "%XX" at s[i:], if there is a valid one.
func escapedByte(s string, i int) (byte, bool) {
	if i+2 >= len(s) {
		return 0, false
	}
	h, ok1 := unhex(s[i+1])
	l, ok2 := unhex(s[i+2])
	return h<<4 | l, ok1 && ok2
}

// decodeParam percent-decodes one parameter text. ok is false when an
// escape is malformed or the result holds a NUL byte or invalid UTF-8.
func decodeParam(raw string) (string, bool) {
	if strings.IndexByte(raw, '%') < 0 {
		return raw, validParam(raw)
	}
	var b strings.Builder
	b.Grow(len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '%' {
			d, ok := escapedByte(raw, i)
			if !ok {
				return "", false
			}
			c = d
			i += 2
		}
		b.WriteByte(c)
	}
	s := b.String()
	return s, validParam(s)
}

// validParam reports whether s is valid UTF-8 without NUL bytes.
func validParam(s string) bool {
	return strings.IndexByte(s, 0) < 0 && utf8.ValidString(s)
}

// equalEscaped reports whether raw, percent-decoded, equals lit.
func equalEscaped(raw, lit string) bool {
	n, ok := prefixEscaped(raw, lit)
	return ok && n == len(raw)
}

// prefixEscaped reports whether raw starts with an encoding of lit, where
// each byte of lit may appear literally or as a %XX escape, and returns the
// length of that prefix of raw.
func prefixEscaped(raw, lit string) (int, bool) {
	j := 0
	for i := 0; i < len(lit); i++ {
		if j >= len(raw) {
			return 0, false
		}
		c := raw[j]
		if c == '%' {
			// An escaped '/' never stands for a separator.
			d, ok := escapedByte(raw, j)
			if !ok || d != lit[i] || d == '/' {
				return 0, false
			}
			j += 3
			continue
		}
		if c != lit[i] {
			return 0, false
		}
		j++
	}
	return j, true
}

// appendLocation appends a request path for a Location header. It always
// starts with exactly one '/', so it can never be read as scheme-relative
// ("//host" or "/\host"); bytes not allowed in a URI path, backslashes
// included, are escaped, and a '%' is kept only when it starts a valid escape.
func appendLocation(dst []byte, p string) []byte {
	for len(p) > 0 && p[0] == '/' {
		p = p[1:]
	}
	dst = append(dst, '/')
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' {
			if _, ok := escapedByte(p, i); ok {
				dst = append(dst, c)
				continue
			}
		}
		if inSet(c, pathLo, segmentHi) {
			dst = append(dst, c)
			continue
		}
		dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
	}
	return dst
}

// safeLocation renders p as a Location value (see appendLocation).
func safeLocation(p string) string {
	return string(appendLocation(make([]byte, 0, len(p)+8), p))
}

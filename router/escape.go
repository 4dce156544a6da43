package router

import (
	"strings"
	"unicode/utf8"

	"github.com/fwkgo/fwk/internal/ascii"
)

// Character classes for percent-encoding: charClass[c] has a bit for each
// context where byte c may stay unescaped (bytes >= 128 never may). It is a
// string constant, so no package state is mutable.
const (
	// classSegment: a path segment (RFC 3986 pchar: unreserved,
	// sub-delims, ':' and '@'); '/' is escaped.
	classSegment = 1 << iota
	// classPath: a run of segments, '/' kept.
	classPath
	// classQuery: a query key or value, like Python's quote_plus with
	// Werkzeug's safe set "!$'()*,/:;?@" (a space becomes '+'), except ';',
	// which Go's url.ParseQuery refuses unescaped.
	classQuery
	// classFragment: Flask's safe set for anchors, "%!#$&'()*+,/:;=?@".
	classFragment
	// classRule: rule text that builds unescaped (path bytes, '<', '>').
	classRule
	// classPlain: a request path byte needing no care while matching (not
	// '/', '%', NUL or non-ASCII).
	classPlain
)

const charClass = "" +
	"\x00\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20" +
	"\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20" +
	"\x20\x3f\x20\x28\x3f\x08\x3b\x3f\x3f\x3f\x3f\x3b\x3f\x3f\x3f\x1e" +
	"\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3b\x30\x3b\x30\x2c" +
	"\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f" +
	"\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x20\x20\x20\x20\x3f" +
	"\x20\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f" +
	"\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x3f\x20\x20\x20\x3f\x20" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

func inSet(c byte, class byte) bool { return charClass[c]&class != 0 }

// appendEscaped appends s to dst, percent-encoding every byte outside the
// set; with plus, a space becomes '+'. It is not inlined, so that appendLit
// is.
//
//go:noinline
func appendEscaped[T string | []byte](dst []byte, s T, class byte, plus bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inSet(c, class):
			dst = append(dst, c)
		case plus && c == ' ':
			dst = append(dst, '+')
		default:
			dst = ascii.AppendEscape(dst, c)
		}
	}
	return dst
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
			d, ok := ascii.DecodeEscape(raw, i)
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
			d, ok := ascii.DecodeEscape(raw, j)
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
			if _, ok := ascii.DecodeEscape(p, i); ok {
				dst = append(dst, c)
				continue
			}
		}
		if inSet(c, classPath) {
			dst = append(dst, c)
			continue
		}
		dst = ascii.AppendEscape(dst, c)
	}
	return dst
}

// safeLocation renders p as a Location value (see appendLocation).
func safeLocation(p string) string {
	return string(appendLocation(make([]byte, 0, len(p)+8), p))
}

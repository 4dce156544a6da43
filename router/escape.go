package router

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/fwkgo/fwk/internal/ascii"
)

// Character classes: charClass[c] has a bit for each context where byte c
// may stay unescaped (bytes >= 128 never may). A string constant keeps the
// table immutable.
const (
	classSegment = 1 << iota // a path segment (RFC 3986 pchar): '/' escaped
	classPath                // a run of segments, '/' kept
	// classQuery: a query key or value, like Python's quote_plus with
	// Werkzeug's safe set "!$'()*,/:;?@" (a space becomes '+'), except ';',
	// which Go's url.ParseQuery refuses unescaped.
	classQuery
	classFragment // Flask's safe set for anchors, "%!#$&'()*+,/:;=?@"
	classRule     // rule text that builds unescaped (path bytes, '<', '>')
	classPlain    // a request path byte matching needs no care for (not '/', '%', NUL, non-ASCII)
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

// appendEscaped appends s to dst, percent-encoding every byte outside class
// (a space becomes '+' in a query).
func appendEscaped(dst []byte, s string, class byte) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inSet(c, class):
			dst = append(dst, c)
		case c == ' ' && class == classQuery:
			dst = append(dst, '+')
		default:
			dst = ascii.AppendEscape(dst, c)
		}
	}
	return dst
}

// plainSegment reports whether s builds as one segment as it is: not
// empty, not a dot segment, and nothing to escape.
func plainSegment(s string) bool {
	for i := 0; i < len(s); i++ {
		if !inSet(s[i], classSegment) {
			return false
		}
	}
	return s != "" && !isDotSegment(s)
}

// decodeParam percent-decodes one parameter text. ok is false when an
// escape is malformed or the result holds a NUL byte or invalid UTF-8.
func decodeParam(raw string) (string, bool) {
	s := raw
	if strings.IndexByte(raw, '%') >= 0 {
		var err error
		if s, err = url.PathUnescape(raw); err != nil {
			return "", false
		}
	}
	return s, strings.IndexByte(s, 0) < 0 && utf8.ValidString(s)
}

// equalEscaped reports whether raw, percent-decoded, equals lit.
func equalEscaped(raw, lit string) bool {
	n, ok := prefixEscaped(raw, lit)
	return ok && n == len(raw)
}

// prefixEscaped reports whether raw starts with an encoding of lit, each
// byte literal or as a %XX escape, and returns the length of that prefix.
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

// appendUnescaped appends raw percent-decoded to dst. ok is false when an
// escape is malformed or stands for '/' (which never matches a separator).
func appendUnescaped(dst []byte, raw string) ([]byte, bool) {
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '%' {
			var ok bool
			if c, ok = ascii.DecodeEscape(raw, i); !ok || c == '/' {
				return dst, false
			}
			i += 2
		}
		dst = append(dst, c)
	}
	return dst, true
}

// safeLocation renders a request path as a Location value. It starts with
// exactly one '/', so it is never scheme-relative ("//host" or "/\host");
// bytes not allowed in a URI path, backslashes included, are escaped, and a
// '%' is kept only when it starts a valid escape.
func safeLocation(p string) string {
	p = strings.TrimLeft(p, "/")
	dst := append(make([]byte, 0, len(p)+8), '/')
	for i := 0; i < len(p); i++ {
		c := p[i]
		if _, ok := ascii.DecodeEscape(p, i); inSet(c, classPath) || c == '%' && ok {
			dst = append(dst, c)
		} else {
			dst = ascii.AppendEscape(dst, c)
		}
	}
	return string(dst)
}

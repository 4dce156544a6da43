package safeurl

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fwkgo/fwk/internal/ascii"
)

// MaxLength is the longest next value accepted, in bytes.
const MaxLength = 2048

// Policy says which absolute redirect targets are allowed. The zero Policy
// accepts local paths only.
type Policy struct {
	// AllowedHosts lists the lower-case "host" or "host:port" values an
	// absolute next may point to (SERVER_NAME, the external host). A default
	// port (80 for http, 443 for https) may be given or omitted: both forms
	// match. An entry written "https://host" allows that host over https
	// only (an origin configured as https is never downgraded). Fill it
	// with names the app configured; of the request's Host header, only
	// the host the request itself was sent to (a redirect there sends the
	// browser back where it already is), never a header that names
	// another host (X-Forwarded-Host from an untrusted client).
	AllowedHosts []string
	// AllowHost, if set, also allows the hosts it reports true for; it
	// gets the checked, lower-cased host[:port] with a default port
	// dropped (fwk passes its router's ServesHost, for host rules with
	// parameters).
	AllowHost func(host string) bool
	// HTTPSOnly rejects absolute http:// targets. Set it when the app is
	// served over https so a redirect can never downgrade.
	HTTPSOnly bool
}

// Next reports whether next is a safe redirect target under p and returns
// its re-serialised form. next must be the value as decoded once by the query
// or form parser. See the package documentation for the rules.
func Next(next string, p Policy) (string, bool) {
	if !cleanText(next) {
		return "", false
	}
	if next[0] == '/' {
		return localPath(next)
	}
	return absolute(next, p)
}

// cleanText applies the checks that do not depend on the URL's shape.
func cleanText(s string) bool {
	if s == "" || len(s) > MaxLength || !utf8.ValidString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20, c == 0x7f, c == '\\':
			return false
		case c == '%':
			if b, ok := ascii.DecodeEscape(s, i); ok && (b < 0x20 || b == 0x7f || b == '\\') {
				return false
			}
		case c >= utf8.RuneSelf:
			r, _ := utf8.DecodeRuneInString(s[i:])
			if badRune(r) {
				return false
			}
		}
	}
	return true
}

// badRune reports runes that browsers strip, fold or map to a delimiter:
// C1 controls, Unicode spaces (U+00A0, U+2000-U+200A, U+2028/9, U+3000, ...),
// format characters (U+200B-U+200F, U+FEFF, ...) and the dots IDNA maps to '.'.
func badRune(r rune) bool {
	switch r {
	case '\u3002', '\uff0e', '\uff61':
		return true
	}
	return unicode.IsControl(r) || unicode.IsSpace(r) || unicode.Is(unicode.Cf, r)
}

// localPath accepts "/x..." but never "//x...".
func localPath(s string) (string, bool) {
	if len(s) > 1 && s[1] == '/' {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "", false
	}
	return encode(s), true
}

// absolute accepts scheme://host[:port][rest] with an allowed host.
func absolute(s string, p Policy) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || u.Opaque != "" || u.User != nil || u.Host == "" {
		return "", false
	}
	scheme := u.Scheme // url.Parse lower-cases it
	if scheme != "https" && (scheme != "http" || p.HTTPSOnly) {
		return "", false
	}
	// Split the raw text ourselves so that what is emitted is exactly what
	// was checked: "scheme://" then the authority up to the first / ? #.
	rest, ok := strings.CutPrefix(s[len(scheme)+1:], "//")
	if !ok {
		return "", false
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	authority := strings.ToLower(rest[:end])
	if authority != strings.ToLower(u.Host) || !plainHost(authority) {
		return "", false
	}
	host := normalizeHost(authority, scheme)
	if !allowed(host, scheme, p.AllowedHosts) && (p.AllowHost == nil || !p.AllowHost(host)) {
		return "", false
	}
	return scheme + "://" + host + encode(rest[end:]), true
}

// plainHost allows an ASCII DNS name or IP literal with an optional port:
// no userinfo, no percent-escapes, no Unicode (which browsers would map).
func plainHost(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte(".-:[]", c) >= 0) {
			return false
		}
	}
	return true
}

// normalizeHost lower-cases host[:port] and drops an empty or default port.
func normalizeHost(hostport, scheme string) string {
	u := url.URL{Host: strings.ToLower(hostport)}
	host, port := u.Hostname(), u.Port()
	if strings.IndexByte(host, ':') >= 0 {
		host = "[" + host + "]"
	}
	if port == "" || port == defaultPort(scheme) {
		return host
	}
	return host + ":" + port
}

func defaultPort(scheme string) string {
	if scheme == "https" {
		return "443"
	}
	return "80"
}

func allowed(host, scheme string, list []string) bool {
	for _, h := range list {
		if rest, ok := strings.CutPrefix(h, "https://"); ok {
			if scheme != "https" {
				continue
			}
			h = rest
		}
		if normalizeHost(h, scheme) == host {
			return true
		}
	}
	return false
}

// encode percent-encodes the bytes that may not appear raw in a URL and keeps
// everything else, existing escapes included, unchanged.
func encode(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if !keep(s[i]) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if keep(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(ascii.UpperHex[c>>4])
		b.WriteByte(ascii.UpperHex[c&15])
	}
	return b.String()
}

// keep reports RFC 3986 unreserved, reserved characters and '%'.
func keep(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("-._~:/?#[]@!$&'()*+,;=%", c) >= 0
}

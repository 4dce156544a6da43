// Package forwarded parses the headers proxies add to a request: the
// X-Forwarded-* lists and RFC 7239 Forwarded. It reads only; which values to
// trust is the caller's decision.
package forwarded

import (
	"net"
	"net/netip"
	"strings"
)

// ParseAddr parses "ip", "ip:port" or "[ipv6]:port", with surrounding
// spaces; IPv4-mapped IPv6 addresses become IPv4. An IPv6 zone
// ("fe80::1%eth0") means nothing across hosts and can hold any text, so it
// is refused.
func ParseAddr(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	a, err := netip.ParseAddr(s)
	if err != nil {
		host, _, splitErr := net.SplitHostPort(s)
		if splitErr != nil {
			return netip.Addr{}, false
		}
		if a, err = netip.ParseAddr(host); err != nil {
			return netip.Addr{}, false
		}
	}
	if a.Zone() != "" {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}

// FromRight returns the n-th value (n >= 1) counted from the right of a
// comma-separated list spread over header lines (the lines of one header
// are one list, in order), trimmed of spaces. ok is false when n < 1, the
// list has fewer than n values, or that value is empty: the header then says
// nothing that can be trusted.
func FromRight(lines []string, n int) (v string, ok bool) {
	if n < 1 {
		return "", false
	}
	for i := len(lines) - 1; i >= 0; i-- {
		rest := lines[i]
		for {
			j := lastComma(rest)
			var item string
			if j < 0 {
				item = rest
			} else {
				rest, item = rest[:j], rest[j+1:]
			}
			if n--; n == 0 {
				v = strings.TrimSpace(item)
				return v, v != ""
			}
			if j < 0 {
				break
			}
		}
	}
	return "", false
}

// lastComma is the index of the last comma of s outside a quoted string,
// or -1.
func lastComma(s string) int {
	last := -1
	eachUnquoted(s, ',', func(i int) bool { last = i; return true })
	return last
}

// eachUnquoted calls f with the index of each sep of s outside a quoted
// string (quoted-pair escapes honoured), in one pass, until f returns
// false.
func eachUnquoted(s string, sep byte, f func(i int) bool) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if quoted {
				i++
			}
		case '"':
			quoted = !quoted
		case sep:
			if !quoted && !f(i) {
				return
			}
		}
	}
}

// Element is one element of an RFC 7239 Forwarded header: what one proxy
// says about the request it received. Absent parameters are "".
type Element struct {
	For   string // the client as the proxy saw it: "ip", "[v6]:port", "unknown", "_hidden"
	Proto string // "http" or "https", as sent
	Host  string // the Host header the proxy received
}

// ParseElement parses one Forwarded element ("for=192.0.2.60;proto=https").
// Parameter names are case-insensitive; values may be quoted strings. ok is
// false for a malformed element (a pair without '=', an empty name, an
// unterminated quote): none of its values may be used.
func ParseElement(s string) (e Element, ok bool) {
	for s = strings.TrimSpace(s); s != ""; {
		var pair string
		pair, s = cutPair(s)
		name, value, found := strings.Cut(pair, "=")
		name = strings.TrimSpace(name)
		if !found || name == "" {
			return Element{}, false
		}
		value, ok := unquote(strings.TrimSpace(value))
		if !ok {
			return Element{}, false
		}
		switch strings.ToLower(name) {
		case "for":
			e.For = value
		case "proto":
			e.Proto = value
		case "host":
			e.Host = value
		}
	}
	return e, true
}

// cutPair splits s at its first ';' outside a quoted string.
func cutPair(s string) (pair, rest string) {
	cut := -1
	eachUnquoted(s, ';', func(i int) bool { cut = i; return false })
	if cut < 0 {
		return s, ""
	}
	return s[:cut], strings.TrimSpace(s[cut+1:])
}

// unquote returns the text of an RFC 7230 quoted-string, or v itself when it
// is not quoted.
func unquote(v string) (string, bool) {
	if !strings.HasPrefix(v, `"`) {
		return v, !strings.Contains(v, `"`)
	}
	if len(v) < 2 || !strings.HasSuffix(v, `"`) {
		return "", false
	}
	var b strings.Builder
	body := v[1 : len(v)-1]
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '\\' {
			if i++; i == len(body) {
				return "", false
			}
			c = body[i]
		} else if c == '"' {
			return "", false
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

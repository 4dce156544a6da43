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

// FromRight returns the n-th value (n >= 1) counted from the right of an
// X-Forwarded-* list spread over header lines (the lines of one header are
// one list, in order), trimmed of spaces. The list is split on commas only,
// as Werkzeug's ProxyFix splits it: a '"' is an ordinary byte of a value
// there, so what a client sent can never run into the values the proxies
// appended after it. ok is false when n < 1, the list has fewer than n
// values, or that value is empty: the header then says nothing that can be
// trusted.
func FromRight(lines []string, n int) (v string, ok bool) {
	if n < 1 {
		return "", false
	}
	for i := len(lines) - 1; i >= 0; i-- {
		rest := lines[i]
		for {
			j := strings.LastIndexByte(rest, ',')
			item := rest[j+1:]
			if n--; n == 0 {
				v = strings.TrimSpace(item)
				return v, v != ""
			}
			if j < 0 {
				break
			}
			rest = rest[:j]
		}
	}
	return "", false
}

// Element is one element of an RFC 7239 Forwarded header: what one proxy
// says about the request it received. Absent parameters are "".
type Element struct {
	For   string // the client as the proxy saw it: "ip", "[v6]:port", "unknown", "_hidden"
	Proto string // "http" or "https", as sent
	Host  string // the Host header the proxy received
}

// ElementFromRight returns the n-th element (n >= 1) counted from the
// right of an RFC 7239 Forwarded header spread over header lines (one
// list, in order). The whole header is read first: when any part of it is
// malformed (a pair without '=', an empty name, a quoted string that does
// not end, a '"' inside a token, a parameter given twice in one element)
// ok is false and no element may be used, since where a client's part
// ends and the proxies' begin can no longer be told. ok is also false
// when n < 1 or the list has fewer than n elements. An empty element
// (", ,") is an Element with no parameters.
func ElementFromRight(lines []string, n int) (e Element, ok bool) {
	if n < 1 {
		return Element{}, false
	}
	total := 0
	for _, line := range lines {
		k, ok := scanList(line, -1, nil)
		if !ok {
			return Element{}, false
		}
		total += k
	}
	if total < n {
		return Element{}, false
	}
	want := total - n
	for _, line := range lines {
		k, _ := scanList(line, want, &e)
		if want < k {
			return e, true
		}
		want -= k
	}
	return Element{}, false
}

// scanList reads the comma-separated elements of one header line and
// returns how many there are; the element of index want is stored in
// *into. ok is false when the line is malformed.
func scanList(s string, want int, into *Element) (n int, ok bool) {
	for i := 0; ; n++ {
		var e Element
		if i, ok = scanElement(s, skipOWS(s, i), &e); !ok {
			return 0, false
		}
		if n == want {
			*into = e
		}
		if i = skipOWS(s, i); i == len(s) {
			return n + 1, true
		}
		if s[i] != ',' {
			return 0, false
		}
		i++
	}
}

// scanElement reads the ';'-separated pairs of one element from s[i:], up
// to a ',' or the end, and returns the index after them.
func scanElement(s string, i int, e *Element) (int, bool) {
	for {
		if i == len(s) || s[i] == ',' {
			return i, true
		}
		if s[i] != ';' {
			j := i
			for j < len(s) && isTokenByte(s[j]) {
				j++
			}
			if j == i || j == len(s) || s[j] != '=' {
				return i, false
			}
			name := strings.ToLower(s[i:j])
			value, next, ok := scanValue(s, j+1)
			if !ok || !e.set(name, value) {
				return i, false
			}
			if i = skipOWS(s, next); i == len(s) || s[i] == ',' {
				return i, true
			}
			if s[i] != ';' {
				return i, false
			}
		}
		i = skipOWS(s, i+1)
	}
}

// set stores the value of a known parameter; false when it was already set.
func (e *Element) set(name, value string) bool {
	var p *string
	switch name {
	case "for":
		p = &e.For
	case "proto":
		p = &e.Proto
	case "host":
		p = &e.Host
	default:
		return true
	}
	if *p != "" {
		return false
	}
	*p = value
	return true
}

// scanValue reads a token or an RFC 7230 quoted-string (quoted-pair
// escapes honoured) from s[i:]; ok is false for an empty token, a token
// holding a '"' or a backslash, or a quoted string that does not end.
func scanValue(s string, i int) (v string, next int, ok bool) {
	if i < len(s) && s[i] == '"' {
		var b strings.Builder
		for j := i + 1; j < len(s); j++ {
			switch c := s[j]; c {
			case '"':
				return b.String(), j + 1, true
			case '\\':
				if j++; j == len(s) {
					return "", j, false
				}
				b.WriteByte(s[j])
			default:
				b.WriteByte(c)
			}
		}
		return "", len(s), false
	}
	j := i
	for j < len(s) && s[j] > ' ' && s[j] < 0x7f && strings.IndexByte(`",;\`, s[j]) < 0 {
		j++
	}
	if j == i || j < len(s) && (s[j] == '"' || s[j] == '\\') {
		return "", j, false
	}
	return s[i:j], j, true
}

// isTokenByte reports whether c is an RFC 7230 tchar.
func isTokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// skipOWS returns the index of the first byte of s[i:] that is not a space
// or a tab.
func skipOWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

package safeurl_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/internal/safeurl"
)

// FuzzSafeNext checks that whatever Next accepts, a browser would send to an
// allowed place: after browser-style normalisation (tab/CR/LF removed,
// leading C0 controls and spaces trimmed, '\' read as '/') both the input and
// the emitted value have an empty or http(s) scheme and an empty or
// allowlisted host, and neither begins with "//". The emitted value is also
// a fixed point of Next.
func FuzzSafeNext(f *testing.F) {
	for _, tt := range mustReject {
		f.Add(tt.next)
	}
	for _, tt := range mustAccept {
		f.Add(tt.next)
	}
	f.Add("http://secure.example/x")
	f.Add("https://secure.example:443/x")
	f.Fuzz(func(t *testing.T, next string) {
		for _, p := range []safeurl.Policy{app, {AllowedHosts: []string{"good.example:8080"}},
			{AllowedHosts: []string{"https://secure.example"}}} {
			out, ok := safeurl.Next(next, p)
			if !ok {
				if out != "" {
					t.Fatalf("Next(%q) = %q, false, want empty string on rejection", next, out)
				}
				continue
			}
			for _, s := range []string{next, out} {
				if strings.HasPrefix(s, "//") {
					t.Fatalf("Next(%q) = %q accepted a value starting with //", next, out)
				}
				scheme, host := browserTarget(s)
				if scheme != "" && scheme != "http" && scheme != "https" {
					t.Fatalf("Next(%q) = %q: browser scheme %q", next, out, scheme)
				}
				if host != "" && !hostAllowed(host, scheme, p.AllowedHosts) {
					t.Fatalf("Next(%q) = %q: browser host %q not in %v", next, out, host, p.AllowedHosts)
				}
			}
			if again, ok := safeurl.Next(out, p); !ok || again != out {
				t.Fatalf("Next(%q) = %q, %v, want the fixed point %q", out, again, ok, out)
			}
		}
	})
}

// browserTarget approximates how a browser reads a Location value: it
// returns the lower-cased scheme and the percent-decoded, lower-cased host
// (userinfo removed), both empty for a path-only reference. It is deliberately
// more permissive than a real browser (any number of slashes after any
// scheme starts an authority) so that the fuzz property errs on the safe side.
func browserTarget(s string) (scheme, host string) {
	s = strings.TrimLeft(s, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"+
		"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	s = strings.NewReplacer("\t", "", "\r", "", "\n", "", `\`, "/").Replace(s)
	if i := schemeEnd(s); i > 0 {
		scheme, s = strings.ToLower(s[:i]), s[i+1:]
		if !strings.HasPrefix(s, "/") && scheme != "http" && scheme != "https" {
			return scheme, ""
		}
		s = "//" + strings.TrimLeft(s, "/")
	}
	if !strings.HasPrefix(s, "//") {
		return scheme, ""
	}
	authority := s[2:]
	if i := strings.IndexAny(authority, "/?#"); i >= 0 {
		authority = authority[:i]
	}
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	if dec, err := url.PathUnescape(authority); err == nil {
		authority = dec
	}
	return scheme, strings.ToLower(authority)
}

// schemeEnd returns the index of the ':' ending a leading scheme, or -1.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return -1
		}
	}
	return -1
}

// hostAllowed compares host[:port] with the list, treating an absent port and
// the scheme's default port alike; an entry "https://host" only matches https.
func hostAllowed(host, scheme string, list []string) bool {
	def := ":443"
	if scheme == "http" || scheme == "" {
		def = ":80"
	}
	host = strings.TrimSuffix(strings.TrimSuffix(host, def), ":")
	for _, h := range list {
		if rest, ok := strings.CutPrefix(h, "https://"); ok {
			if scheme != "https" {
				continue
			}
			h = rest
		}
		if strings.TrimSuffix(strings.ToLower(h), def) == host {
			return true
		}
	}
	return false
}

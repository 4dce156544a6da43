package middleware

import (
	"net/http"
	"net/netip"
	"strings"

	"github.com/fwkgo/fwk/internal/forwarded"
)

// RealIP returns middleware that sets Request.RemoteAddr to the client's
// address when the request comes from one of the trusted proxies (a
// connection whose peer address is in a trusted prefix). The client is the
// rightmost X-Forwarded-For entry that is not itself a trusted proxy; without
// X-Forwarded-For, X-Real-IP. RemoteAddr becomes "ip:0" (port unknown), so
// net.SplitHostPort still works.
//
// A request from any other peer is left alone, so clients cannot choose
// their address by sending the headers.
//
// An fwk.App does not need RealIP: its Config (TrustedProxies, ProxyXFor,
// ProxyForwarded, ...) resolves the client address, scheme, host and prefix
// once for the app, its middleware and its views (fwk.RequestInfo), with
// Werkzeug's ProxyFix hop counts. RealIP remains for plain net/http
// handlers, and walks the list differently: it skips every trusted address
// instead of counting hops. An entry that is not an IP address
// stops the walk: the last address found before it is used. With no trusted
// prefix the middleware changes nothing.
//
//	peer       X-Forwarded-For            trusted        RemoteAddr
//	10.0.0.2   203.0.113.7                10.0.0.0/8     203.0.113.7:0
//	10.0.0.2   198.51.100.1, 10.0.0.9     10.0.0.0/8     198.51.100.1:0
//	10.0.0.2   spoofed, 203.0.113.7       10.0.0.0/8     203.0.113.7:0
//	192.0.2.1  203.0.113.7                10.0.0.0/8     192.0.2.1:port (unchanged)
func RealIP(trusted ...netip.Prefix) func(http.Handler) http.Handler {
	prefixes := make([]netip.Prefix, 0, len(trusted))
	for _, p := range trusted {
		if p.IsValid() {
			prefixes = append(prefixes, p.Masked())
		}
	}
	isTrusted := func(a netip.Addr) bool {
		for _, p := range prefixes {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			peer, ok := parseAddr(r.RemoteAddr)
			if ok && isTrusted(peer) {
				if client, found := forwardedClient(r.Header, peer, isTrusted); found {
					r = r.WithContext(r.Context()) // a shallow copy: the caller's request stays as it was
					r.RemoteAddr = netip.AddrPortFrom(client, 0).String()
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// forwardedClient walks X-Forwarded-For from the right, starting after the
// trusted peer, and returns the first untrusted address (or the last valid
// one); without X-Forwarded-For it returns X-Real-IP.
func forwardedClient(h http.Header, peer netip.Addr, isTrusted func(netip.Addr) bool) (netip.Addr, bool) {
	lines := h.Values("X-Forwarded-For")
	if len(lines) == 0 {
		return parseAddr(h.Get("X-Real-IP"))
	}
	client, found := peer, false
	for i := len(lines) - 1; i >= 0; i-- {
		rest := lines[i]
		for rest != "" {
			var entry string
			if j := strings.LastIndexByte(rest, ','); j >= 0 {
				rest, entry = rest[:j], rest[j+1:]
			} else {
				rest, entry = "", rest
			}
			a, ok := parseAddr(entry)
			if !ok {
				return client, found
			}
			client, found = a, true
			if !isTrusted(a) {
				return client, true
			}
		}
	}
	return client, found
}

// parseAddr is forwarded.ParseAddr (see there).
func parseAddr(s string) (netip.Addr, bool) { return forwarded.ParseAddr(s) }

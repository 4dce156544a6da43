package fwk

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"

	"github.com/fwkgo/fwk/internal/forwarded"
)

// RequestInfo is how the client reached the app: the one resolved view of a
// request's scheme, host, client address and path prefix that the session
// cookie's Secure flag, the CSRF https check, external URLs and redirects
// read. Without proxy trust (Config.TrustedProxies and the hop counts) it is
// the connection's own; behind a trusted proxy it is what the proxy's
// headers say (Werkzeug's ProxyFix semantics, see Config.TrustedProxies).
type RequestInfo struct {
	// Scheme is "https" when the client used TLS (to the app, or to a
	// trusted proxy that said so), else "http".
	Scheme string
	// Host is the host (and port) the client asked for: the request's Host,
	// which a trusted X-Forwarded-Host, X-Forwarded-Port or Forwarded host
	// replaced.
	Host string
	// ClientAddr is the client's IP address ("" when the peer is not an IP
	// address, as on a unix socket).
	ClientAddr string
	// Prefix is the path prefix a trusted proxy removed before forwarding
	// ("/blog"), put in front of the paths URLFor builds; "" without one.
	Prefix string
	// Peer is the address of the connection the request came on: the
	// proxy's when Proxied.
	Peer string
	// Proxied reports that a trusted proxy's headers changed the request.
	Proxied bool
}

// proxyKey is the context key of the *RequestInfo of a request whose
// values came from a trusted proxy.
type proxyKey struct{}

// RequestInfoOf returns the resolved view of r: the one an App computed when
// it served r, else the connection's own (r.TLS, r.Host, r.RemoteAddr).
func RequestInfoOf(r *http.Request) RequestInfo {
	if info, ok := r.Context().Value(proxyKey{}).(*RequestInfo); ok {
		return *info
	}
	info := RequestInfo{Scheme: "http", Host: r.Host, Peer: r.RemoteAddr}
	if r.TLS != nil {
		info.Scheme = "https"
	}
	if a, ok := forwarded.ParseAddr(r.RemoteAddr); ok {
		info.ClientAddr = a.String()
	}
	return info
}

// RequestInfo returns the resolved view of the request being served (see
// RequestInfo).
func (c *Ctx) RequestInfo() RequestInfo { return RequestInfoOf(c.req) }

// isHTTPS reports whether the client reached the app over https.
func isHTTPS(r *http.Request) bool {
	if info, ok := r.Context().Value(proxyKey{}).(*RequestInfo); ok {
		return info.Scheme == "https"
	}
	return r.TLS != nil
}

// requestPrefix is the path prefix of r (see RequestInfo.Prefix).
func requestPrefix(r *http.Request) string {
	if r == nil {
		return ""
	}
	if info, ok := r.Context().Value(proxyKey{}).(*RequestInfo); ok {
		return info.Prefix
	}
	return ""
}

// proxyTrust is the proxy configuration of an App, built by New.
type proxyTrust struct {
	on                               bool
	peers                            []netip.Prefix
	xFor, xProto, xHost, xPort, xPre int
	fwd                              int
}

// newProxyTrust builds the trust of cfg, which validate accepted.
func newProxyTrust(cfg Config) proxyTrust {
	peers, _ := cfg.trustedPrefixes()
	p := proxyTrust{peers: peers, xFor: cfg.ProxyXFor, xProto: cfg.ProxyXProto, xHost: cfg.ProxyXHost,
		xPort: cfg.ProxyXPort, xPre: cfg.ProxyXPrefix, fwd: cfg.ProxyForwarded}
	p.on = len(peers) > 0 && p.xFor+p.xProto+p.xHost+p.xPort+p.xPre+p.fwd > 0
	return p
}

// trusts reports whether the connection's peer is a trusted proxy.
func (p *proxyTrust) trusts(remoteAddr string) bool {
	a, ok := forwarded.ParseAddr(remoteAddr)
	if !ok {
		return false
	}
	for _, pre := range p.peers {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}

// apply returns r as the trusted proxy in front of the app says the client
// sent it: a shallow copy with Host and RemoteAddr replaced and the
// RequestInfo in its context. A request from another peer, or one whose
// headers change nothing, is returned as it is.
func (p *proxyTrust) apply(r *http.Request) *http.Request {
	if !p.on || !p.trusts(r.RemoteAddr) {
		return r
	}
	info := RequestInfoOf(r)
	client := r.RemoteAddr
	changed := p.applyX(r.Header, &info, &client)
	if p.fwd > 0 && p.applyForwarded(r.Header, &info, &client) {
		changed = true
	}
	if !changed {
		return r
	}
	info.Proxied = true
	r2 := r.WithContext(context.WithValue(r.Context(), proxyKey{}, &info))
	r2.Host, r2.RemoteAddr = info.Host, client
	return r2
}

// applyX applies the trusted X-Forwarded-* values, in ProxyFix's order.
func (p *proxyTrust) applyX(h http.Header, info *RequestInfo, client *string) bool {
	changed := false
	if v, ok := forwarded.FromRight(h.Values("X-Forwarded-For"), p.xFor); ok && setClient(v, info, client) {
		changed = true
	}
	if v, ok := forwarded.FromRight(h.Values("X-Forwarded-Proto"), p.xProto); ok && setScheme(v, info) {
		changed = true
	}
	if v, ok := forwarded.FromRight(h.Values("X-Forwarded-Host"), p.xHost); ok && setHost(v, info) {
		changed = true
	}
	if v, ok := forwarded.FromRight(h.Values("X-Forwarded-Port"), p.xPort); ok {
		if n, err := strconv.ParseUint(v, 10, 16); err == nil && n > 0 && validHost(info.Host) {
			info.Host = net.JoinHostPort(strings.Trim(hostname(info.Host), "[]"), strconv.FormatUint(n, 10))
			changed = true
		}
	}
	if v, ok := forwarded.FromRight(h.Values("X-Forwarded-Prefix"), p.xPre); ok && validPrefix(v) {
		info.Prefix = strings.TrimRight(v, "/")
		changed = true
	}
	return changed
}

// applyForwarded applies the trusted element of the Forwarded header; a
// malformed header is not trusted at all (see forwarded.ElementFromRight).
func (p *proxyTrust) applyForwarded(h http.Header, info *RequestInfo, client *string) bool {
	e, ok := forwarded.ElementFromRight(h.Values("Forwarded"), p.fwd)
	if !ok {
		return false
	}
	changed := e.For != "" && setClient(e.For, info, client)
	if e.Proto != "" && setScheme(e.Proto, info) {
		changed = true
	}
	if e.Host != "" && setHost(e.Host, info) {
		changed = true
	}
	return changed
}

// setClient takes an address ("ip", "ip:port", "[v6]:port") as the
// client's; other values ("unknown", "_hidden", garbage) are ignored.
func setClient(v string, info *RequestInfo, client *string) bool {
	a, ok := forwarded.ParseAddr(v)
	if !ok {
		return false
	}
	port := "0"
	if _, pt, err := net.SplitHostPort(strings.TrimSpace(v)); err == nil {
		if _, err := strconv.ParseUint(pt, 10, 16); err == nil {
			port = pt
		}
	}
	info.ClientAddr = a.String()
	*client = net.JoinHostPort(info.ClientAddr, port)
	return true
}

// setScheme takes "http" or "https" (any case); other schemes are ignored.
func setScheme(v string, info *RequestInfo) bool {
	switch s := strings.ToLower(v); s {
	case "http", "https":
		info.Scheme = s
		return true
	}
	return false
}

// setHost takes an ASCII host[:port]; anything else is ignored.
func setHost(v string, info *RequestInfo) bool {
	if !validHost(v) {
		return false
	}
	info.Host = v
	return true
}

// redirectBehindProxy answers the router's redirect (a cleaned path, a
// missing slash, a RedirectTo) as the client of a trusted proxy sees the
// app: a path under the proxy's prefix, another host with the client's
// scheme.
func redirectBehindProxy(c *Ctx, info *RequestInfo) {
	m := &c.match
	loc := m.Location
	if strings.HasPrefix(loc, "/") && !strings.HasPrefix(loc, "//") {
		loc = info.Prefix + loc
	}
	if m.Host != "" {
		loc = info.Scheme + "://" + m.Host + loc
	}
	if q := c.req.URL.RawQuery; q != "" {
		loc += "?" + q
	}
	writeRedirect(c.w, loc, http.StatusPermanentRedirect)
}

// validPrefix accepts a path prefix that cannot be read as another host or
// a query: "/x/y", not "//evil.example" or "/\evil".
func validPrefix(v string) bool {
	if !strings.HasPrefix(v, "/") || strings.HasPrefix(v, "//") || strings.HasPrefix(v, `/\`) {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c <= ' ' || c >= 0x7f || strings.IndexByte(`?#\"<>`, c) >= 0 {
			return false
		}
	}
	return true
}

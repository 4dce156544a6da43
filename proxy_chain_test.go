package fwk_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// hopValues are what one proxy of a chain appends to the forwarding
// headers it receives: the client address it saw (X-Forwarded-For, by
// httputil.ReverseProxy itself; Forwarded for=), and the host, scheme and
// prefix it serves.
type hopValues struct{ host, proto, prefix string }

// appendTo adds v to the header key as proxies that append do: on the
// same line as what the client sent, after ", " (as
// httputil.ReverseProxy does for X-Forwarded-For).
func appendTo(h http.Header, key, v string) {
	if prior := h.Values(key); len(prior) > 0 {
		v = strings.Join(prior, ", ") + ", " + v
	}
	h.Set(key, v)
}

// appendingProxy is an httputil.ReverseProxy to next on a loopback
// listener: X-Forwarded-For appended by ReverseProxy itself
// (ProxyRequest.SetXForwarded), and hop's values appended to the client's
// X-Forwarded-Host, -Proto, -Prefix and Forwarded.
func appendingProxy(t *testing.T, next string, hop hopValues) *httptest.Server {
	t.Helper()
	u, err := url.Parse(next)
	if err != nil {
		t.Fatal(err)
	}
	rp := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(u)
		pr.Out.Host = pr.In.Host
		pr.Out.Header["X-Forwarded-For"] = pr.In.Header["X-Forwarded-For"] // SetXForwarded appends to it
		pr.SetXForwarded()
		client, _, _ := net.SplitHostPort(pr.In.RemoteAddr)
		for k, v := range map[string]string{"X-Forwarded-Host": hop.host, "X-Forwarded-Proto": hop.proto,
			"X-Forwarded-Prefix": hop.prefix, "Forwarded": "for=" + client + ";host=" + hop.host + ";proto=" + hop.proto} {
			pr.Out.Header[k] = pr.In.Header.Values(k)
			appendTo(pr.Out.Header, k, v)
		}
	}}
	srv := httptest.NewServer(rp)
	t.Cleanup(srv.Close)
	return srv
}

// clientFrom is an HTTP client whose connections come from local (a
// loopback address other than the proxies' 127.0.0.1, so that what the
// first proxy appends differs from the app's peer); the test is skipped
// where the system cannot bind it.
func clientFrom(t *testing.T, local string) *http.Client {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	target := httptest.NewServer(http.NotFoundHandler())
	defer target.Close()
	probe, err := d.Dial("tcp", target.Listener.Addr().String())
	if err != nil {
		t.Skipf("cannot connect from %s on this system: %v", local, err)
	}
	probe.Close()
	return &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return d.DialContext(ctx, network, addr)
		},
	}}
}

// chainInfo sends GET /info with header through hops appending proxies in
// front of an app trusting 127.0.0.1 with mod's counts, and returns what
// the app resolved.
func chainInfo(t *testing.T, hops int, mod func(*fwk.Config), header ...string) fwk.RequestInfo {
	t.Helper()
	srv := proxyServer(t, func(c *fwk.Config) { c.TrustedProxies = []string{"127.0.0.1"}; mod(c) }, false)
	next := srv.URL
	// The proxy nearest the app is made first; the client's edge proxy
	// (hop 1) last.
	for i := hops; i >= 1; i-- {
		next = appendingProxy(t, next, chainHop(i)).URL
	}
	req, err := http.NewRequest("GET", next+"/info", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "app.example"
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Add(header[i], header[i+1])
	}
	res, err := clientFrom(t, chainClient).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var info fwk.RequestInfo
	if err := json.NewDecoder(res.Body).Decode(&info); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /info through %d proxies = %d, %v", hops, res.StatusCode, err)
	}
	return info
}

// chainClient is the client's address in chainInfo: what the edge proxy
// appends to X-Forwarded-For.
const chainClient = "127.0.0.2"

// chainHop is what the i-th proxy of the chain (1 is the client's edge)
// appends.
func chainHop(i int) hopValues {
	if i == 1 {
		return hopValues{host: "real.example", proto: "https", prefix: "/blog"}
	}
	return hopValues{host: "inner.example", proto: "http", prefix: "/inner"}
}

// TestProxyChainQuoteHidesNothing sends a client's forwarding headers
// ending in a lone '"' (and other quoted-string tricks) through one and
// two real httputil.ReverseProxy hops that append their own values: the
// app resolves what the edge proxy appended, never the client's value, and
// never the nearest proxy's address for the client. X-Forwarded-* lists are
// split on commas only (Werkzeug's ProxyFix); RFC 7239 quoting belongs to
// Forwarded, where a malformed header is not trusted at all.
func TestProxyChainQuoteHidesNothing(t *testing.T) {
	edge := chainHop(1)
	for hops := 1; hops <= 2; hops++ {
		countX := func(c *fwk.Config) {
			c.ProxyXFor, c.ProxyXProto, c.ProxyXHost, c.ProxyXPrefix = hops, hops, hops, hops
		}
		for _, attack := range [][]string{
			{"X-Forwarded-For", `10.0.0.1, "`, "X-Forwarded-Host", `evil.example, "`,
				"X-Forwarded-Proto", `http, "`, "X-Forwarded-Prefix", `/evil, "`},
			{"X-Forwarded-For", `"10.0.0.1, `, "X-Forwarded-Host", `"evil.example,`,
				"X-Forwarded-Proto", `"http`, "X-Forwarded-Prefix", `/evil, "x\"`},
			{"X-Forwarded-For", `10.0.0.1`, "X-Forwarded-Host", `evil.example`},
		} {
			info := chainInfo(t, hops, countX, attack...)
			if info.ClientAddr != chainClient || info.Host != edge.host || info.Scheme != edge.proto || info.Prefix != edge.prefix {
				t.Errorf("%d hops, client sent %q: resolved %+v; want client %s, host %s, scheme %s, prefix %s (the edge proxy's)",
					hops, attack, info, chainClient, edge.host, edge.proto, edge.prefix)
			}
		}
		countF := func(c *fwk.Config) { c.ProxyForwarded = hops }
		info := chainInfo(t, hops, countF, "Forwarded", "for=10.0.0.1;host=evil.example;proto=http")
		if info.ClientAddr != chainClient || info.Host != edge.host || info.Scheme != edge.proto {
			t.Errorf("%d hops, client's well-formed Forwarded: resolved %+v; want the edge proxy's element", hops, info)
		}
		for _, fwd := range []string{`for=10.0.0.1;host=evil.example;proto=http, for="`,
			`for=10.0.0.1;host=evil.example;proto=http, host="`, `for="10.0.0.1, for=10.0.0.1;host=evil.example;proto=http`} {
			info := chainInfo(t, hops, countF, "Forwarded", fwd)
			// A malformed Forwarded is not trusted: the request is the
			// connection's own (the nearest proxy, plain http).
			if info.Proxied || info.ClientAddr != "127.0.0.1" || info.Host != "app.example" || info.Scheme != "http" {
				t.Errorf("%d hops, client's Forwarded %q: resolved %+v; want the header ignored", hops, fwd, info)
			}
		}
	}
}

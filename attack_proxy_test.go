package fwk_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// loopbacks are the addresses of the tests' own peer.
var loopbacks = []string{"127.0.0.1", "::1"}

// spoofHeaders are forwarding headers an attacker sends itself.
var spoofHeaders = []string{
	"X-Forwarded-For", "203.0.113.9", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil.example",
	"X-Forwarded-Port", "8443", "X-Forwarded-Prefix", "/evil", "Forwarded", "for=203.0.113.9;proto=https;host=evil.example",
}

// TestProxyHeadersFromUntrustedPeer: a peer outside TRUSTED_PROXIES
// changes nothing with forwarding headers: not the client address, the
// scheme (no Secure session cookie over http), the host of redirects and
// external URLs, nor the prefix.
func TestProxyHeadersFromUntrustedPeer(t *testing.T) {
	srv := proxyServer(t, trustAll("10.0.0.0/8", "::ffff:192.0.2.0/120", "2001:db8::/32"), false)
	info := requestInfo(t, srv, "app.example", spoofHeaders...)
	if info.Proxied || info.Scheme != "http" || info.Host != "app.example" || info.ClientAddr != "127.0.0.1" || info.Prefix != "" {
		t.Errorf("untrusted peer's headers were applied: %+v", info)
	}
	res := proxyGet(t, srv, "/go?next=http://evil.example/x", "app.example", spoofHeaders...)
	if loc := res.Header.Get("Location"); strings.Contains(loc, "evil") {
		t.Errorf("redirect Location %q follows a spoofed host", loc)
	}
	res = proxyGet(t, srv, "/ext", "app.example", spoofHeaders...)
	if b := readBody(t, res); b != "http://app.example/parrot" {
		t.Errorf("external URL = %q, want http://app.example/parrot", b)
	}
	res = proxyGet(t, srv, "/set?k=a&v=1", "app.example", spoofHeaders...)
	for _, c := range res.Header.Values("Set-Cookie") {
		if strings.Contains(c, "Secure") {
			t.Errorf("session cookie over http from an untrusted peer claiming https: %q", c)
		}
	}
}

// TestProxyChainLongerThanHops: with one trusted hop, the client's own
// entries on the left of a chain are ignored; a chain shorter than the
// hop count is ignored whole.
func TestProxyChainLongerThanHops(t *testing.T) {
	srv := proxyServer(t, trustAll(loopbacks...), false)
	info := requestInfo(t, srv, "app.example",
		"X-Forwarded-For", "6.6.6.6, 203.0.113.9", "X-Forwarded-Host", "evil.example, real.example",
		"X-Forwarded-Proto", "http, https", "X-Forwarded-Prefix", "/evil, /real")
	if info.ClientAddr != "203.0.113.9" || info.Host != "real.example" || info.Scheme != "https" || info.Prefix != "/real" {
		t.Errorf("one hop took a spoofed entry: %+v", info)
	}
	srv = proxyServer(t, func(c *fwk.Config) { trustAll(loopbacks...)(c); c.ProxyXFor, c.ProxyXHost = 3, 3 }, false)
	info = requestInfo(t, srv, "app.example", "X-Forwarded-For", "6.6.6.6, 203.0.113.9", "X-Forwarded-Host", "evil.example, real.example")
	if info.ClientAddr != "127.0.0.1" || info.Host != "app.example" {
		t.Errorf("a chain shorter than 3 hops was used: %+v", info)
	}
}

// TestProxyGarbageValues: malformed values from the trusted proxy are
// ignored, each alone: the resolved host is always a plain host[:port],
// the client an IP address, the prefix a path.
func TestProxyGarbageValues(t *testing.T) {
	srv := proxyServer(t, trustAll(loopbacks...), false)
	bad := [][]string{
		{"X-Forwarded-For", "unknown"}, {"X-Forwarded-For", "fe80::1%eth0"}, {"X-Forwarded-For", "1.2.3.4:99999:1"},
		{"X-Forwarded-For", "[::1"}, {"X-Forwarded-For", "1.2.3"}, {"X-Forwarded-For", "<script>"},
		{"X-Forwarded-Proto", "javascript"}, {"X-Forwarded-Proto", "https:"}, {"X-Forwarded-Proto", "ftp"},
		{"X-Forwarded-Host", "evil.example/path"}, {"X-Forwarded-Host", "real@evil.example"},
		{"X-Forwarded-Host", "evil.example?x"}, {"X-Forwarded-Host", "evil.example#x"}, {"X-Forwarded-Host", `evil.example\x`},
		{"X-Forwarded-Host", "évil.example"}, {"X-Forwarded-Host", "evil example"}, {"X-Forwarded-Host", `"evil.example"`},
		{"X-Forwarded-Port", "0"}, {"X-Forwarded-Port", "65536"}, {"X-Forwarded-Port", "+80"}, {"X-Forwarded-Port", "80a"},
		{"X-Forwarded-Port", "-1"}, {"X-Forwarded-Port", "0x50"},
		{"X-Forwarded-Prefix", "//evil.example"}, {"X-Forwarded-Prefix", `/\evil.example`}, {"X-Forwarded-Prefix", "evil"},
		{"X-Forwarded-Prefix", "/a?b"}, {"X-Forwarded-Prefix", "/a#b"}, {"X-Forwarded-Prefix", `/a"><script>`},
		{"Forwarded", `for="[::1%eth0]:80"`}, {"Forwarded", "for"}, {"Forwarded", "=1.2.3.4"}, {"Forwarded", `for="1.2.3.4`},
		{"Forwarded", `host="evil.example/x"`}, {"Forwarded", `host="a@evil.example"`}, {"Forwarded", "proto=gopher"},
		{"Forwarded", `host="evil.example\"`}, {"Forwarded", `for=_hidden;host="evil example"`},
	}
	for _, h := range bad {
		info := requestInfo(t, srv, "app.example", h...)
		ok := info.Scheme == "http" && info.Host == "app.example" && info.ClientAddr == "127.0.0.1" && info.Prefix == ""
		if !ok {
			t.Errorf("%s: %q changed the request: %+v", h[0], h[1], info)
		}
	}
	good := []struct {
		header []string
		check  func(fwk.RequestInfo) bool
	}{
		{[]string{"Forwarded", `for=1.2.3.4;host="evil.example, for=5.6.7.8"`}, func(i fwk.RequestInfo) bool {
			return i.ClientAddr == "1.2.3.4" && i.Host == "app.example"
		}},
		{[]string{"Forwarded", `for="[2001:db8::7]:4711";proto=HTTPS;host="app.example:8443"`}, func(i fwk.RequestInfo) bool {
			return i.ClientAddr == "2001:db8::7" && i.Scheme == "https" && i.Host == "app.example:8443"
		}},
		{[]string{"X-Forwarded-For", "[2001:db8::7]:4711"}, func(i fwk.RequestInfo) bool { return i.ClientAddr == "2001:db8::7" }},
		{[]string{"X-Forwarded-For", "::ffff:192.0.2.1"}, func(i fwk.RequestInfo) bool { return i.ClientAddr == "192.0.2.1" }},
		{[]string{"X-Forwarded-Host", "[2001:db8::7]", "X-Forwarded-Port", "8443"}, func(i fwk.RequestInfo) bool {
			return i.Host == "[2001:db8::7]:8443"
		}},
	}
	for _, g := range good {
		if info := requestInfo(t, srv, "app.example", g.header...); !g.check(info) {
			t.Errorf("%q: %+v", g.header, info)
		}
	}
}

// TestProxyHostNeverLeavesItsRequest: a host a trusted proxy forwards
// goes into the redirects of that request only: an external URL is built
// on SERVER_NAME, and a next naming a host that is neither the
// request's own nor configured is refused.
func TestProxyHostNeverLeavesItsRequest(t *testing.T) {
	srv := proxyServer(t, trustAll(loopbacks...), false)
	res := proxyGet(t, srv, "/ext", "app.example", "X-Forwarded-Host", "evil.example")
	if b := readBody(t, res); b != "http://app.example/parrot" {
		t.Errorf("external URL = %q, want it on SERVER_NAME", b)
	}
	for _, next := range []string{"http://other.example/", "//other.example/", "https://evil.example.other.example/",
		"http://evil.example@other.example/", "/\\other.example", "http:other.example"} {
		res := proxyGet(t, srv, "/go?next="+url.QueryEscape(next), "app.example", "X-Forwarded-Host", "evil.example")
		loc := res.Header.Get("Location")
		if u, err := url.Parse(loc); err != nil || u.Host != "" && u.Host != "evil.example" || strings.Contains(loc, "other") {
			t.Errorf("next %q: Location %q", next, loc)
		}
	}
}

// TestProxyPeerMatching: IPv4-mapped peers and prefixes are read as IPv4;
// a v6 prefix does not trust a v4 peer.
func TestProxyPeerMatching(t *testing.T) {
	for _, tc := range []struct {
		trusted string
		applied bool
	}{{"::ffff:127.0.0.1", true}, {"::ffff:127.0.0.0/104", true}, {"127.0.0.0/8", true}, {"::/0", false},
		{"127.0.0.2", false}, {"128.0.0.0/1", false}} {
		srv := proxyServer(t, trustAll(tc.trusted), false)
		info := requestInfo(t, srv, "app.example", "X-Forwarded-For", "203.0.113.9")
		if got := info.ClientAddr == "203.0.113.9"; got != tc.applied {
			t.Errorf("TRUSTED_PROXIES %s, peer 127.0.0.1: applied %v, want %v", tc.trusted, got, tc.applied)
		}
		if _, err := netip.ParseAddr(info.ClientAddr); err != nil {
			t.Errorf("client address %q: %v", info.ClientAddr, err)
		}
	}
}

// FuzzProxyResolution: whatever forwarding headers a trusted proxy passes
// on, the resolved request is sane (an http or https scheme, a host of host
// characters only, an IP client address, a path prefix that names no other
// host); from an untrusted peer they change nothing.
func FuzzProxyResolution(f *testing.F) {
	f.Add("1.2.3.4, 5.6.7.8", "https", "evil.example", "8443", "/p", `for="[2001:db8::1]:80";host=a.example;proto=http`)
	f.Add("", "", "", "", "", `for=1.2.3.4;host="evil.example\"`)
	f.Add("fe80::1%eth0", "HTTPS", "[::1]", "0", "//x", `host="a,b"`)
	cfg := quietCfg()
	trustAll("192.0.2.1")(&cfg)
	app, err := fwk.New(cfg, routesBundle{rs: proxyRoutes()})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, xff, proto, host, port, prefix, fwd string) {
		for _, peer := range []string{"192.0.2.1:1234", "198.51.100.7:1234"} {
			req := httptest.NewRequest("GET", "/info", nil)
			req.Host, req.RemoteAddr = "app.example", peer
			for k, v := range map[string]string{"X-Forwarded-For": xff, "X-Forwarded-Proto": proto,
				"X-Forwarded-Host": host, "X-Forwarded-Port": port, "X-Forwarded-Prefix": prefix, "Forwarded": fwd} {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			app.ServeHTTP(rec, req)
			var info fwk.RequestInfo
			if err := json.Unmarshal(rec.Body.Bytes(), &info); err != nil || rec.Code != http.StatusOK {
				t.Fatalf("GET /info = %d %q", rec.Code, rec.Body.Bytes())
			}
			if peer != "192.0.2.1:1234" {
				if info.Proxied || info.Host != "app.example" || info.Scheme != "http" || info.ClientAddr != "198.51.100.7" || info.Prefix != "" {
					t.Fatalf("untrusted peer changed the request: %+v", info)
				}
				continue
			}
			if info.Scheme != "http" && info.Scheme != "https" {
				t.Fatalf("scheme %q", info.Scheme)
			}
			if info.Host == "" || strings.Trim(info.Host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_:[]") != "" {
				t.Fatalf("host %q", info.Host)
			}
			if a, err := netip.ParseAddr(info.ClientAddr); err != nil || a.Zone() != "" {
				t.Fatalf("client address %q", info.ClientAddr)
			}
			if p := info.Prefix; p != "" && (p[0] != '/' || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "\\?#\"<> \t\r\n")) {
				t.Fatalf("prefix %q", p)
			}
		}
	})
}

// TestProxyRouterRedirectKeepsPrefix: the router's own redirects (a
// cleaned path, a missing slash) stay under the path prefix a trusted
// proxy removed: behind /blog, //info goes to /blog/info, not to /info,
// which is another application's.
func TestProxyRouterRedirectKeepsPrefix(t *testing.T) {
	srv := proxyServer(t, trustAll(loopbacks...), false)
	for path, want := range map[string]string{"//info": "/blog/info", "/./info?x=1": "/blog/info?x=1"} {
		res := proxyGet(t, srv, path, "app.example", "X-Forwarded-Prefix", "/blog")
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusPermanentRedirect || loc != want {
			t.Errorf("GET %s behind /blog = %d %q, want 308 %q", path, res.StatusCode, loc, want)
		}
		res = proxyGet(t, srv, path, "app.example")
		if loc := res.Header.Get("Location"); loc != want[len("/blog"):] {
			t.Errorf("GET %s without a prefix: Location %q, want %q", path, loc, want[len("/blog"):])
		}
	}
}

// TestProxyRouterRedirectToHostKeepsScheme: a router redirect to another
// host (a rule's defaults served on another host) uses the scheme the
// client used, as a trusted proxy says: an https client is not sent to
// http.
func TestProxyRouterRedirectToHostKeepsScheme(t *testing.T) {
	cfg := quietCfg()
	trustAll(loopbacks...)(&cfg)
	cfg.ServerName = ""
	shop := func(c *fwk.Ctx, region, store string) error { return c.Respond(http.StatusOK, region+":"+store) }
	app := mustNew(t, cfg, routesBundle{rs: routes.Tree(
		routes.Func("/shop/", shop, fwk.Endpoint("shop"), fwk.Host("<region>.shops.test"), fwk.Defaults(map[string]any{"store": "main"})),
		routes.Func("/shop/<store>", shop, fwk.Endpoint("shop"), fwk.Host("<region>.old.test")),
	)})
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	for _, tc := range []struct {
		header []string
		want   string
	}{
		{nil, "http://eu.shops.test/shop/"},
		{[]string{"X-Forwarded-Proto", "https"}, "https://eu.shops.test/shop/"},
		{[]string{"X-Forwarded-Proto", "https", "X-Forwarded-Prefix", "/app"}, "https://eu.shops.test/app/shop/"},
	} {
		res := proxyGet(t, srv, "/shop/main", "eu.old.test", tc.header...)
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusPermanentRedirect || loc != tc.want {
			t.Errorf("%q: %d %q, want 308 %q", tc.header, res.StatusCode, loc, tc.want)
		}
	}
}

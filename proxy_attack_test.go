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

// FuzzProxyResolution: whatever forwarding headers a client sends, the
// app resolves exactly what the trusted proxies in front of it appended:
// with one or two hops appending to the client's lines (as
// httputil.ReverseProxy does), the client address, scheme, host, port and
// prefix are the edge proxy's, and a Forwarded header is either the edge
// proxy's element or, when the client's part is malformed, not trusted at
// all. Sent straight from the trusted proxy the headers give a sane request
// (an http or https scheme, a host of host characters only, an IP client
// address, a path prefix naming no other host); from an untrusted peer
// they change nothing.
func FuzzProxyResolution(f *testing.F) {
	f.Add("1.2.3.4, 5.6.7.8", "https", "evil.example", "8443", "/p", `for="[2001:db8::1]:80";host=a.example;proto=http`, uint8(2))
	f.Add("", "", "", "", "", `for=1.2.3.4;host="evil.example\"`, uint8(1))
	f.Add("fe80::1%eth0", "HTTPS", "[::1]", "0", "//x", `host="a,b"`, uint8(2))
	f.Add(`10.0.0.1, "`, `http, "`, `evil.example, "`, `1, "`, `/evil, "`, `for=10.0.0.1;host=evil.example, for="`, uint8(2))
	apps := fuzzProxyAppsNew(f)
	f.Fuzz(func(t *testing.T, xff, proto, host, port, prefix, fwd string, hops uint8) {
		client := map[string]string{"X-Forwarded-For": xff, "X-Forwarded-Proto": proto,
			"X-Forwarded-Host": host, "X-Forwarded-Port": port, "X-Forwarded-Prefix": prefix, "Forwarded": fwd}
		for k, v := range client {
			if strings.ContainsAny(v, "\r\n\x00") { // never reaches a handler over HTTP/1.1
				client[k] = ""
			}
		}
		n := int(hops%2) + 1
		checkSane(t, serveInfo(t, apps.direct, "192.0.2.1:1234", client))
		info := serveInfo(t, apps.direct, "198.51.100.7:1234", client)
		if info.Proxied || info.Host != "app.example" || info.Scheme != "http" || info.ClientAddr != "198.51.100.7" || info.Prefix != "" {
			t.Fatalf("untrusted peer changed the request: %+v", info)
		}
		appended := appendHops(client, n)
		want := fwk.RequestInfo{Scheme: "https", Host: "real.example:8443", ClientAddr: "203.0.113.1", Prefix: "/blog"}
		info = serveInfo(t, apps.x[n-1], "192.0.2.1:1234", appended)
		if info.Scheme != want.Scheme || info.Host != want.Host || info.ClientAddr != want.ClientAddr || info.Prefix != want.Prefix {
			t.Fatalf("%d hops, client sent %q: resolved %+v, want what the edge proxy appended %+v", n, client, info, want)
		}
		info = serveInfo(t, apps.fwd[n-1], "192.0.2.1:1234", appended)
		untouched := !info.Proxied && info.ClientAddr == "192.0.2.1" && info.Host == "app.example" && info.Scheme == "http"
		edge := info.ClientAddr == "203.0.113.1" && info.Host == "real.example" && info.Scheme == "https"
		if !edge && !(untouched && !plainForwarded(client["Forwarded"])) {
			t.Fatalf("%d hops, client sent Forwarded %q: resolved %+v, want the edge proxy's element", n, client["Forwarded"], info)
		}
	})
}

// fuzzProxyApps are FuzzProxyResolution's apps, all trusting 192.0.2.1:
// direct with every count 1, x[i] trusting i+1 hops of X-Forwarded-*,
// fwd[i] i+1 hops of Forwarded.
type fuzzProxyApps struct {
	direct *fwk.App
	x, fwd [2]*fwk.App
}

func fuzzProxyAppsNew(f *testing.F) fuzzProxyApps {
	app := func(mod func(*fwk.Config)) *fwk.App {
		cfg := quietCfg()
		cfg.ServerName = "app.example"
		cfg.TrustedProxies = []string{"192.0.2.1"}
		mod(&cfg)
		a, err := fwk.New(cfg, routesBundle{rs: proxyRoutes()})
		if err != nil {
			f.Fatal(err)
		}
		return a
	}
	apps := fuzzProxyApps{direct: app(trustAll("192.0.2.1"))}
	for i := range apps.x {
		n := i + 1
		apps.x[i] = app(func(c *fwk.Config) {
			c.ProxyXFor, c.ProxyXProto, c.ProxyXHost, c.ProxyXPort, c.ProxyXPrefix = n, n, n, n, n
		})
		apps.fwd[i] = app(func(c *fwk.Config) { c.ProxyForwarded = n })
	}
	return apps
}

// appendHops returns the client's headers after n proxies appended theirs:
// the edge proxy saw client 203.0.113.1 and serves https://real.example:8443/blog,
// the second saw the edge at 192.0.2.9 and serves http://inner.example/inner.
func appendHops(client map[string]string, n int) http.Header {
	h := http.Header{}
	for k, v := range client {
		if v != "" {
			h.Set(k, v)
		}
	}
	hops := []map[string]string{
		{"X-Forwarded-For": "203.0.113.1", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "real.example",
			"X-Forwarded-Port": "8443", "X-Forwarded-Prefix": "/blog", "Forwarded": "for=203.0.113.1;host=real.example;proto=https"},
		{"X-Forwarded-For": "192.0.2.9", "X-Forwarded-Proto": "http", "X-Forwarded-Host": "inner.example",
			"X-Forwarded-Port": "80", "X-Forwarded-Prefix": "/inner", "Forwarded": `for="192.0.2.9:4711";host=inner.example;proto=http`},
	}
	for _, hop := range hops[:n] {
		for k, v := range hop {
			appendTo(h, k, v)
		}
	}
	return h
}

// plainForwarded reports whether v is empty or a Forwarded list without
// quotes, backslashes or repeated parameters made of name=value pairs of
// plain characters, with only spaces and tabs around a pair (RFC 7239's
// optional white space; a form feed is not): one the app must accept, so
// that the edge proxy's element after it is used.
func plainForwarded(v string) bool {
	if v == "" {
		return true
	}
	for _, elem := range strings.Split(v, ",") {
		seen := map[string]bool{}
		for _, pair := range strings.Split(elem, ";") {
			name, value, ok := strings.Cut(strings.Trim(pair, " \t"), "=")
			name = strings.ToLower(name)
			if !ok || seen[name] || name == "" || value == "" ||
				strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789-_.") != "" ||
				strings.Trim(value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_:[]") != "" {
				return false
			}
			seen[name] = true
		}
	}
	return true
}

// serveInfo serves GET /info from peer with the headers h (a map of one
// line each, or an http.Header) and returns what the app resolved.
func serveInfo(t *testing.T, app *fwk.App, peer string, h any) fwk.RequestInfo {
	t.Helper()
	req := httptest.NewRequest("GET", "/info", nil)
	req.Host, req.RemoteAddr = "app.example", peer
	switch h := h.(type) {
	case map[string]string:
		for k, v := range h {
			req.Header.Set(k, v)
		}
	case http.Header:
		req.Header = h
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	var info fwk.RequestInfo
	if err := json.Unmarshal(rec.Body.Bytes(), &info); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("GET /info = %d %q", rec.Code, rec.Body.Bytes())
	}
	return info
}

// checkSane fails t unless info is a sane resolved request.
func checkSane(t *testing.T, info fwk.RequestInfo) {
	t.Helper()
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

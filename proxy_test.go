package fwk_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// proxyRoutes report what the app resolved: /info the RequestInfo, /go a
// redirect built from an endpoint, /ext an external URL.
func proxyRoutes() []*fwk.Route {
	return routes.Tree(
		routes.Func("/parrot", func(c *fwk.Ctx) error { return c.Respond(http.StatusOK, "parrot") }, fwk.Endpoint("parrot")),
		routes.Func("/info", func(c *fwk.Ctx) error {
			info := c.RequestInfo()
			if fwk.RequestInfoOf(c.Request()) != info {
				return errors.New("RequestInfoOf and Ctx.RequestInfo disagree")
			}
			return c.JSON(info)
		}),
		routes.Func("/go", func(c *fwk.Ctx) error { return c.Redirect("parrot") }),
		routes.Func("/ext", func(c *fwk.Ctx) error {
			u, err := c.URLFor("parrot", fwk.External())
			if err != nil {
				return err
			}
			return c.Respond(http.StatusOK, u)
		}),
	)
}

// proxyServer serves proxyRoutes with cfg changed by mod, on a real
// listener (plain or TLS).
func proxyServer(t *testing.T, mod func(*fwk.Config), tls bool) *httptest.Server {
	t.Helper()
	cfg := sessConfig(nil)
	mod(&cfg)
	app := mustNew(t, cfg, tplApp{}.with(proxyRoutes(), sessionRoutes()))
	srv := httptest.NewUnstartedServer(app)
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	return srv
}

// proxyGet sends GET path with the Host and header pairs given.
func proxyGet(t *testing.T, srv *httptest.Server, path, host string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("GET", srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Add(header[i], header[i+1])
	}
	cl := srv.Client()
	cl.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := cl.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func requestInfo(t *testing.T, srv *httptest.Server, host string, header ...string) fwk.RequestInfo {
	t.Helper()
	res := proxyGet(t, srv, "/info", host, header...)
	var info fwk.RequestInfo
	if err := json.NewDecoder(res.Body).Decode(&info); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /info = %d, %v", res.StatusCode, err)
	}
	return info
}

// root is Werkzeug's url_root of a RequestInfo: scheme, host without the
// scheme's default port, prefix.
func root(info fwk.RequestInfo) string {
	host := info.Host
	if info.Scheme == "https" {
		host = strings.TrimSuffix(host, ":443")
	} else {
		host = strings.TrimSuffix(host, ":80")
	}
	return info.Scheme + "://" + host + info.Prefix + "/"
}

// TestProxyFixWerkzeug ports Werkzeug's test_proxy_fix table
// (tests/middleware/test_proxy_fix.py): hop counts, headers, the url_root
// and the client address it expects. The peer is the test's own loopback
// address, trusted. Werkzeug's default counts (x_for=1, x_proto=1) are
// written out; its "port, name" row has no Host header, which HTTP/1.1
// always sends, so it has no counterpart.
func TestProxyFixWerkzeug(t *testing.T) {
	type counts struct{ forN, proto, host, port, prefix int }
	tests := []struct {
		name   string
		n      counts
		host   string
		header []string
		root   string
		client string // "" is the peer (Werkzeug's REMOTE_ADDR left alone)
	}{
		{"for", counts{1, 1, 0, 0, 0}, "spam", []string{"X-Forwarded-For", "192.168.0.1", "X-Forwarded-Proto", "https"}, "https://spam/", "192.168.0.1"},
		{"proto", counts{0, 1, 0, 0, 0}, "spam", []string{"X-Forwarded-Proto", "https"}, "https://spam/", ""},
		{"host", counts{0, 0, 1, 0, 0}, "spam", []string{"X-Forwarded-Host", "eggs"}, "http://eggs/", ""},
		{"port, host without port", counts{0, 0, 0, 1, 0}, "spam", []string{"X-Forwarded-Port", "8080"}, "http://spam:8080/", ""},
		{"port, host with port", counts{0, 0, 0, 1, 0}, "spam:9000", []string{"X-Forwarded-Port", "8080"}, "http://spam:8080/", ""},
		{"prefix", counts{0, 0, 0, 0, 1}, "spam", []string{"X-Forwarded-Prefix", "/eggs"}, "http://spam/eggs/", ""},
		{"all", counts{1, 1, 1, 1, 1}, "spam:9000", []string{"X-Forwarded-For", "192.168.0.1", "X-Forwarded-Proto", "https",
			"X-Forwarded-Host", "eggs", "X-Forwarded-Port", "443", "X-Forwarded-Prefix", "/ham"}, "https://eggs/ham/", "192.168.0.1"},
		{"multiple for", counts{2, 0, 0, 0, 0}, "spam", []string{"X-Forwarded-For", "192.168.0.1, 192.168.0.2"}, "http://spam/", "192.168.0.1"},
		{"ignore 0", counts{0, 0, 0, 0, 0}, "spam", []string{"X-Forwarded-For", "192.168.0.2"}, "http://spam/", ""},
		{"ignore len < trusted", counts{3, 0, 0, 0, 0}, "spam", []string{"X-Forwarded-For", "192.168.0.3, 192.168.0.2"}, "http://spam/", ""},
		{"ignore untrusted", counts{1, 1, 0, 0, 0}, "spam", []string{"X-Forwarded-For", "192.168.0.3, 192.168.0.1"}, "http://spam/", "192.168.0.1"},
		{"ignore empty", counts{2, 0, 0, 0, 0}, "spam", []string{"X-Forwarded-For", ", 192.168.0.3"}, "http://spam/", ""},
		{"prefix < for", counts{2, 0, 0, 0, 1}, "spam", []string{"X-Forwarded-For", "192.168.0.1, 192.168.0.3",
			"X-Forwarded-Prefix", "/ham, /eggs"}, "http://spam/eggs/", "192.168.0.1"},
		{"ipv6 host", counts{0, 0, 1, 0, 0}, "spam", []string{"X-Forwarded-Host", "[2001:db8::a]"}, "http://[2001:db8::a]/", ""},
		{"ipv6 port, host without port", counts{0, 0, 0, 1, 0}, "[2001:db8::a]", []string{"X-Forwarded-Port", "8080"}, "http://[2001:db8::a]:8080/", ""},
		{"ipv6 port, host with port", counts{0, 0, 0, 1, 0}, "[2001:db8::a]:9000", []string{"X-Forwarded-Port", "8080"}, "http://[2001:db8::a]:8080/", ""},
		{"two header lines are one list", counts{2, 0, 0, 0, 0}, "spam", []string{"X-Forwarded-For", "192.168.0.1", "X-Forwarded-For", "192.168.0.2"}, "http://spam/", "192.168.0.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := proxyServer(t, func(c *fwk.Config) {
				c.TrustedProxies = []string{"127.0.0.1"}
				c.ProxyXFor, c.ProxyXProto, c.ProxyXHost, c.ProxyXPort, c.ProxyXPrefix = tt.n.forN, tt.n.proto, tt.n.host, tt.n.port, tt.n.prefix
			}, false)
			info := requestInfo(t, srv, tt.host, tt.header...)
			if got := root(info); got != tt.root {
				t.Errorf("url root = %q, want %q (%+v)", got, tt.root, info)
			}
			want := tt.client
			if want == "" {
				want = "127.0.0.1"
			}
			if info.ClientAddr != want || !strings.HasPrefix(info.Peer, "127.0.0.1:") {
				t.Errorf("client %q peer %q, want %q from 127.0.0.1", info.ClientAddr, info.Peer, want)
			}
			// Werkzeug: a built URL includes the prefix, matching does not.
			res := proxyGet(t, srv, "/go", tt.host, tt.header...)
			if loc := res.Header.Get("Location"); loc != info.Prefix+"/parrot" {
				t.Errorf("Location = %q, want %q", loc, info.Prefix+"/parrot")
			}
		})
	}
}

// spoofed are the headers a client may send to pose as a proxy.
var spoofed = []string{
	"X-Forwarded-For", "203.0.113.9", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil.example",
	"X-Forwarded-Port", "444", "X-Forwarded-Prefix", "/evil", "Forwarded", `for=203.0.113.9;proto=https;host=evil.example`,
}

// trustAll sets every count to 1 and the trusted proxies to peers.
func trustAll(peers ...string) func(*fwk.Config) {
	return func(c *fwk.Config) {
		c.ServerName = "app.example"
		c.TrustedProxies = peers
		c.ProxyXFor, c.ProxyXProto, c.ProxyXHost, c.ProxyXPort, c.ProxyXPrefix, c.ProxyForwarded = 1, 1, 1, 1, 1, 1
	}
}

func TestProxyUntrustedPeerChangesNothing(t *testing.T) {
	srv := proxyServer(t, trustAll("10.0.0.0/8", "192.0.2.1"), false)
	info := requestInfo(t, srv, "app.example", spoofed...)
	if info.Proxied || info.Scheme != "http" || info.Host != "app.example" || info.ClientAddr != "127.0.0.1" || info.Prefix != "" {
		t.Errorf("RequestInfo = %+v, want the connection's own", info)
	}
	if loc := proxyGet(t, srv, "/go", "app.example", spoofed...).Header.Get("Location"); loc != "/parrot" {
		t.Errorf("Location = %q, want /parrot", loc)
	}
	body := readBody(t, proxyGet(t, srv, "/ext", "app.example", spoofed...))
	if body != "http://app.example/parrot" {
		t.Errorf("external URL = %q, want http://app.example/parrot", body)
	}
	res := proxyGet(t, srv, "/set?k=a&v=b", "app.example", spoofed...)
	if c := sessionCookie(res, "session"); c == nil || c.Secure {
		t.Errorf("session cookie %q: want one, not Secure", res.Header["Set-Cookie"])
	}
}

func TestProxyTrustedPeer(t *testing.T) {
	srv := proxyServer(t, trustAll("127.0.0.0/8"), false)
	x := spoofed[:len(spoofed)-2] // X-Forwarded-* only
	info := requestInfo(t, srv, "app.example", x...)
	want := fwk.RequestInfo{Scheme: "https", Host: "evil.example:444", ClientAddr: "203.0.113.9", Prefix: "/evil", Peer: info.Peer, Proxied: true}
	if info != want {
		t.Errorf("RequestInfo = %+v, want %+v", info, want)
	}
	if body := readBody(t, proxyGet(t, srv, "/ext", "app.example", x...)); body != "https://app.example/evil/parrot" {
		t.Errorf("external URL = %q, want https://app.example/evil/parrot (SERVER_NAME, the proxy's scheme and prefix)", body)
	}
	res := proxyGet(t, srv, "/set?k=a&v=b", "app.example", x...)
	if c := sessionCookie(res, "session"); c == nil || !c.Secure {
		t.Errorf("session cookie %q: want Secure (the proxy said https)", res.Header["Set-Cookie"])
	}
}

// TestProxyForwarded reads RFC 7239 Forwarded; it wins over X-Forwarded-*
// for the parameters it carries.
func TestProxyForwarded(t *testing.T) {
	srv := proxyServer(t, func(c *fwk.Config) {
		c.TrustedProxies = []string{"127.0.0.1"}
		c.ProxyForwarded, c.ProxyXFor = 1, 1
	}, false)
	tests := []struct {
		name   string
		header []string
		want   fwk.RequestInfo // Peer and Proxied are not compared
	}{
		{"rfc example", []string{"Forwarded", `for=192.0.2.60;proto=https;by=203.0.113.43`}, fwk.RequestInfo{Scheme: "https", Host: "spam", ClientAddr: "192.0.2.60"}},
		{"quoted ipv6 and host", []string{"Forwarded", `For="[2001:db8:cafe::17]:4711";Host="eggs:8443"`}, fwk.RequestInfo{Scheme: "http", Host: "eggs:8443", ClientAddr: "2001:db8:cafe::17"}},
		{"last element counts", []string{"Forwarded", `for=192.0.2.43, for=198.51.100.17;proto=https`}, fwk.RequestInfo{Scheme: "https", Host: "spam", ClientAddr: "198.51.100.17"}},
		{"wins over x-forwarded-for", []string{"X-Forwarded-For", "192.0.2.1", "Forwarded", `for=192.0.2.2`}, fwk.RequestInfo{Scheme: "http", Host: "spam", ClientAddr: "192.0.2.2"}},
		{"unknown keeps x-forwarded-for", []string{"X-Forwarded-For", "192.0.2.1", "Forwarded", `for=unknown`}, fwk.RequestInfo{Scheme: "http", Host: "spam", ClientAddr: "192.0.2.1"}},
		{"obfuscated", []string{"Forwarded", `for=_hidden;proto=https`}, fwk.RequestInfo{Scheme: "https", Host: "spam", ClientAddr: "127.0.0.1"}},
		{"malformed element ignored", []string{"Forwarded", `for=192.0.2.9;proto`}, fwk.RequestInfo{Scheme: "http", Host: "spam", ClientAddr: "127.0.0.1"}},
		{"bad scheme ignored", []string{"Forwarded", `proto=javascript`}, fwk.RequestInfo{Scheme: "http", Host: "spam", ClientAddr: "127.0.0.1"}},
		{"bad host ignored", []string{"Forwarded", `host="evil.example/x"`}, fwk.RequestInfo{Scheme: "http", Host: "spam", ClientAddr: "127.0.0.1"}},
	}
	for _, tt := range tests {
		info := requestInfo(t, srv, "spam", tt.header...)
		info.Peer, info.Proxied = "", false
		if info != tt.want {
			t.Errorf("%s: RequestInfo = %+v, want %+v", tt.name, info, tt.want)
		}
	}
}

// TestProxyPrefixCannotLeaveTheHost refuses prefixes that would make built
// URLs protocol-relative or hold a query.
func TestProxyPrefixCannotLeaveTheHost(t *testing.T) {
	srv := proxyServer(t, func(c *fwk.Config) { c.TrustedProxies, c.ProxyXPrefix = []string{"127.0.0.1"}, 1 }, false)
	for _, p := range []string{"//evil.example", `/\evil.example`, "evil", "/a?b", "/a#b", "/a b"} {
		if loc := proxyGet(t, srv, "/go", "", "X-Forwarded-Prefix", p).Header.Get("Location"); loc != "/parrot" {
			t.Errorf("prefix %q: Location = %q, want /parrot", p, loc)
		}
	}
}

func TestProxyConfig(t *testing.T) {
	tests := []struct {
		name    string
		mod     func(*fwk.Config)
		culprit string
	}{
		{"count without proxies", func(c *fwk.Config) { c.ProxyXProto = 1 }, "PROXY_X_PROTO"},
		{"negative count", func(c *fwk.Config) { c.TrustedProxies, c.ProxyXFor = []string{"10.0.0.1"}, -1 }, "PROXY_X_FOR"},
		{"not an address", func(c *fwk.Config) { c.TrustedProxies, c.ProxyXFor = []string{"proxy.local"}, 1 }, "TRUSTED_PROXIES"},
		{"zone", func(c *fwk.Config) { c.TrustedProxies = []string{"fe80::1%eth0"} }, "TRUSTED_PROXIES"},
	}
	for _, tt := range tests {
		cfg := fwk.DefaultConfig()
		tt.mod(&cfg)
		_, err := fwk.New(cfg, tplApp{}.with(proxyRoutes()))
		var se *fwk.StartupError
		if !errors.As(err, &se) || se.Culprit != tt.culprit {
			t.Errorf("%s: New = %v, want a StartupError naming %s", tt.name, err, tt.culprit)
		}
	}
	env := map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1", "PROXY_X_FOR": "2", "PROXY_X_PROTO": "1",
		"PROXY_X_HOST": "1", "PROXY_X_PORT": "1", "PROXY_X_PREFIX": "1", "PROXY_FORWARDED": "1"}
	for k, v := range env {
		t.Setenv(k, v)
	}
	cfg := fwk.ConfigFromEnv()
	if err := cfg.Err(); err != nil {
		t.Fatal(err)
	}
	if cfg.ProxyXFor != 2 || cfg.ProxyXProto != 1 || cfg.ProxyForwarded != 1 || len(cfg.TrustedProxies) != 2 {
		t.Errorf("ConfigFromEnv = %+v", cfg)
	}
	for k, v := range map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8,127.0.0.1", "PROXY_X_FOR": "2", "PROXY_FORWARDED": "1"} {
		if got := cfg.Get(k); got != v {
			t.Errorf("Get(%s) = %q, want %q", k, got, v)
		}
	}
	t.Setenv("PROXY_X_HOST", "one")
	if err := fwk.ConfigFromEnv().Err(); err == nil || !strings.Contains(err.Error(), "PROXY_X_HOST") {
		t.Errorf("PROXY_X_HOST=one: Err = %v, want it named", err)
	}
}

func readBody(t *testing.T, res *http.Response) string {
	t.Helper()
	var b strings.Builder
	if _, err := io.Copy(&b, res.Body); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

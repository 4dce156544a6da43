package fwk_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// TestSessionCookieSecurePerRequest: an explicit SessionCookieSecure
// always wins; left unset, Secure follows the request's scheme (TLS, or a
// trusted proxy's X-Forwarded-Proto), on real plain and TLS listeners.
func TestSessionCookieSecurePerRequest(t *testing.T) {
	explicit := func(on bool) func(*fwk.Config) {
		return func(c *fwk.Config) { c.SessionCookieSecure, c.SessionCookieSecureSet = on, true }
	}
	proxied := func(c *fwk.Config) { c.TrustedProxies, c.ProxyXProto = []string{"127.0.0.1"}, 1 }
	untrusted := func(c *fwk.Config) { c.TrustedProxies, c.ProxyXProto = []string{"10.0.0.1"}, 1 }
	xproto := []string{"X-Forwarded-Proto", "https"}
	tests := []struct {
		name   string
		mod    func(*fwk.Config)
		tls    bool
		header []string
		secure bool
	}{
		{"defaults, TLS", func(*fwk.Config) {}, true, nil, true},
		{"defaults, plain http", func(*fwk.Config) {}, false, nil, false},
		{"explicit true, plain http, PREFERRED_URL_SCHEME http", explicit(true), false, nil, true},
		{"explicit true, TLS", explicit(true), true, nil, true},
		{"explicit false, TLS", explicit(false), true, nil, false},
		{"explicit false, PREFERRED_URL_SCHEME https", func(c *fwk.Config) { explicit(false)(c); c.PreferredURLScheme = "https" }, false, nil, false},
		{"trusted proxy says https", proxied, false, xproto, true},
		{"trusted proxy says http over TLS", proxied, true, []string{"X-Forwarded-Proto", "http"}, false},
		{"untrusted peer says https", untrusted, false, xproto, false},
		{"no proxy trust, header ignored", func(*fwk.Config) {}, false, xproto, false},
		{"explicit false beats the proxy", func(c *fwk.Config) { proxied(c); explicit(false)(c) }, false, xproto, false},
	}
	for _, tt := range tests {
		srv := proxyServer(t, tt.mod, tt.tls)
		res := proxyGet(t, srv, "/set?k=a&v=b", "", tt.header...)
		c := sessionCookie(res, "session")
		if c == nil || c.Secure != tt.secure {
			t.Errorf("%s: Set-Cookie %q, want Secure=%v", tt.name, res.Header["Set-Cookie"], tt.secure)
		}
		// The deletion of the cookie carries the same attributes.
		res = proxyGet(t, srv, "/clear", "", append(tt.header, "Cookie", c.Name+"="+c.Value)...)
		if d := sessionCookie(res, "session"); d == nil || d.MaxAge >= 0 || d.Secure != tt.secure {
			t.Errorf("%s: deletion %q, want Max-Age=0 and Secure=%v", tt.name, res.Header["Set-Cookie"], tt.secure)
		}
	}
}

func TestSessionCookieSecureFromEnv(t *testing.T) {
	for _, v := range []string{"false", "true"} {
		t.Setenv("SESSION_COOKIE_SECURE", v)
		cfg := fwk.ConfigFromEnv()
		if !cfg.SessionCookieSecureSet || cfg.SessionCookieSecure != (v == "true") || cfg.Get("SESSION_COOKIE_SECURE") != v {
			t.Errorf("SESSION_COOKIE_SECURE=%s: Secure %v, Set %v, Get %q", v, cfg.SessionCookieSecure,
				cfg.SessionCookieSecureSet, cfg.Get("SESSION_COOKIE_SECURE"))
		}
	}
	if cfg := fwk.DefaultConfig(); cfg.SessionCookieSecure || cfg.SessionCookieSecureSet {
		t.Errorf("DefaultConfig: SessionCookieSecure %v, Set %v, want both unset (decided per request)",
			cfg.SessionCookieSecure, cfg.SessionCookieSecureSet)
	}
}

// TestCSRFHTTPSCheckBehindProxy: the https Referer/Origin check runs when a
// trusted proxy says the client used https, and not on a spoofed header.
func TestCSRFHTTPSCheckBehindProxy(t *testing.T) {
	for _, trusted := range []bool{true, false} {
		srv, _ := csrfServer(t, func(c *fwk.Config) {
			c.TrustedProxies, c.ProxyXProto = []string{"10.9.9.9"}, 1
			if trusted {
				c.TrustedProxies = []string{"127.0.0.1"}
			}
		}, false)
		cl, tok := tokenClient(t, srv)
		host := strings.TrimPrefix(srv.URL, "http://")
		tests := []struct {
			name   string
			header []string
			code   int // behind the trusted proxy
		}{
			{"http Referer", []string{"Referer", "http://" + host + "/form"}, http.StatusForbidden},
			{"http Origin", []string{"Origin", "http://" + host}, http.StatusForbidden},
			{"https Referer", []string{"Referer", "https://" + host + "/form"}, http.StatusOK},
			{"https Origin", []string{"Origin", "https://" + host}, http.StatusOK},
		}
		for _, tt := range tests {
			h := append([]string{"Content-Type", formCT, "X-Forwarded-Proto", "https"}, tt.header...)
			code, body, _ := call(t, cl, "POST", srv.URL+"/submit", strings.NewReader(formBody("csrf_token", tok)), h...)
			want := tt.code
			if !trusted {
				want = http.StatusOK // plain http: no https check
			}
			if code != want {
				t.Errorf("trusted=%v %s: POST = %d %.80q, want %d", trusted, tt.name, code, body, want)
			}
		}
	}
}

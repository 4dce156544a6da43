package middleware_test

import (
	"io"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/middleware"
)

func TestRealIP(t *testing.T) {
	remote := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.RemoteAddr)
	})
	loopback := netip.MustParsePrefix("127.0.0.0/8")
	proxies := netip.MustParsePrefix("10.0.0.0/8")
	trusting := serve(t, middleware.RealIP(loopback, proxies)(remote))
	distrusting := serve(t, middleware.RealIP(proxies)(remote))
	tests := []struct {
		name   string
		url    string
		header map[string]string
		want   string // "" means the peer address is kept
	}{
		{"one hop", trusting, map[string]string{"X-Forwarded-For": "203.0.113.7"}, "203.0.113.7:0"},
		{"proxies skipped", trusting, map[string]string{"X-Forwarded-For": "198.51.100.1, 10.1.2.3, 10.0.0.9"}, "198.51.100.1:0"},
		{"spoofed left part ignored", trusting, map[string]string{"X-Forwarded-For": "1.1.1.1, 203.0.113.7"}, "203.0.113.7:0"},
		{"garbage stops the walk", trusting, map[string]string{"X-Forwarded-For": "203.0.113.7, junk, 10.0.0.9"}, "10.0.0.9:0"},
		{"ipv6 with port", trusting, map[string]string{"X-Forwarded-For": "[2001:db8::1]:4711"}, "[2001:db8::1]:0"},
		{"mapped ipv4", trusting, map[string]string{"X-Forwarded-For": "::ffff:203.0.113.7"}, "203.0.113.7:0"},
		{"x-real-ip", trusting, map[string]string{"X-Real-IP": "203.0.113.8"}, "203.0.113.8:0"},
		{"bad x-real-ip", trusting, map[string]string{"X-Real-IP": "nope"}, ""},
		{"zone refused", trusting, map[string]string{"X-Real-IP": "::%]"}, ""},
		{"zone stops the walk", trusting, map[string]string{"X-Forwarded-For": "203.0.113.7, fe80::1%eth0"}, ""},
		{"no header", trusting, nil, ""},
		{"untrusted peer", distrusting, map[string]string{"X-Forwarded-For": "203.0.113.7", "X-Real-IP": "203.0.113.8"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := do(t, "GET", tt.url, nil, tt.header)
			if tt.want == "" {
				if !strings.HasPrefix(got, "127.0.0.1:") || got == "127.0.0.1:0" {
					t.Errorf("RemoteAddr = %q, want the peer's", got)
				}
				return
			}
			if got != tt.want {
				t.Errorf("RemoteAddr = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRealIPKeepsCallerRequest checks that the middleware does not modify
// the request its caller holds.
func TestRealIPKeepsCallerRequest(t *testing.T) {
	h := middleware.RealIP(netip.MustParsePrefix("192.0.2.0/24"))(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	r, _ := http.NewRequest("GET", "/", nil)
	r.RemoteAddr = "192.0.2.1:1234"
	r.Header.Set("X-Forwarded-For", "203.0.113.7")
	h.ServeHTTP(httptestRecorder(), r)
	if r.RemoteAddr != "192.0.2.1:1234" {
		t.Errorf("caller's RemoteAddr changed to %q", r.RemoteAddr)
	}
}

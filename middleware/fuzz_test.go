package middleware_test

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/fwkgo/fwk/middleware"
)

// FuzzRealIP checks that any X-Forwarded-For / X-Real-IP from a trusted
// peer gives either the peer's own address or a parseable "ip:0".
func FuzzRealIP(f *testing.F) {
	f.Add("203.0.113.7, 10.0.0.9", "")
	f.Add("[2001:db8::1]:80,,junk", "198.51.100.1")
	f.Add("", "::ffff:1.2.3.4")
	var got string
	h := middleware.RealIP(netip.MustParsePrefix("10.0.0.0/8"))(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.RemoteAddr
	}))
	f.Fuzz(func(t *testing.T, xff, realIP string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = "10.0.0.2:1234"
		if xff != "" {
			r.Header.Set("X-Forwarded-For", xff)
		}
		r.Header.Set("X-Real-IP", realIP)
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got == r.RemoteAddr {
			return
		}
		host, port, err := net.SplitHostPort(got)
		if err != nil || port != "0" {
			t.Fatalf("RemoteAddr %q: %v", got, err)
		}
		if _, err := netip.ParseAddr(host); err != nil {
			t.Fatalf("RemoteAddr %q: %v", got, err)
		}
	})
}

// FuzzRequestID checks that an incoming id is kept only when it is short
// and made of safe bytes.
func FuzzRequestID(f *testing.F) {
	f.Add("abc-123")
	f.Add("a\nb")
	var got string
	h := middleware.RequestID()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = middleware.RequestIDFrom(r.Context())
	}))
	f.Fuzz(func(t *testing.T, in string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header["X-Request-Id"] = []string{in}
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got == "" || len(got) > 64 {
			t.Fatalf("id %q", got)
		}
		for _, c := range []byte(got) {
			if c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
				t.Fatalf("id %q has byte %q", got, c)
			}
		}
	})
}

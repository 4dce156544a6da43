package router_test

// Hostile and long hosts: cases found by reviewing the host matcher.

import (
	"errors"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// A host holding non-ASCII bytes (here inside a converter's arguments) is
// refused when added: lower-casing such text changes its length, which put
// the parameters' offsets out of step with the host text built from
// (Build panicked with a slice out of range).
func TestHostNonASCIIRefused(t *testing.T) {
	for _, host := range []string{
		`example.<any("ẞẞẞẞ", "x"):x>`,
		`<any("ẞ", "x"):x>.example.com`,
		`Ünicode.example.com`,
	} {
		r := router.New()
		_, err := r.Add(router.Rule{Path: "/p", Endpoint: "e", Host: host})
		if !errors.Is(err, router.ErrBadRule) {
			t.Errorf("Add(Host %q) = %v, want ErrBadRule", host, err)
		}
	}
}

// hostileHost is a 253-byte host that "<a>.<b>.<int:c>" does not match
// but that a plain backtracking search tries in ~126² ways.
var hostileHost = strings.Repeat("a.", 126) + "x"

// TestHostLongMatches: host parameters take the longest text that lets
// the rest match, on long hosts too, and a value never holds a byte that
// is not host text.
func TestHostLongMatches(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/", Endpoint: "e", Host: "<a>.<b>.<int:c>"})
	checkLookups(t, r, hostileHost, []lookupCase{{"GET", "/", "404"}})
	checkLookups(t, r, strings.Repeat("a.", 100)+"7", []lookupCase{{"GET", "/", "200 e a=" + strings.Repeat("a.", 98) + "a b=a c=7"}})
	checkLookups(t, r, "a_b.c.7", []lookupCase{{"GET", "/", "404"}})
	checkLookups(t, r, "a.b_c.d.7", []lookupCase{{"GET", "/", "404"}})
	checkLookups(t, r, "a.b.c.7", []lookupCase{{"GET", "/", "200 e a=a.b b=c c=7"}})
	// 200 bytes that lower-casing makes 600 (each invalid byte becomes
	// U+FFFD): beyond maxHostLen, a 404, not an index out of range.
	checkLookups(t, r, strings.Repeat("\xff", 200), []lookupCase{{"GET", "/", "404"}})
}

// BenchmarkHostileHost matches hostileHost against a host with three
// parameters.
func BenchmarkHostileHost(b *testing.B) { benchHost(b, "<a>.<b>.<int:c>", hostileHost) }

// BenchmarkHostParam matches a request for a host with one parameter.
func BenchmarkHostParam(b *testing.B) { benchHost(b, "<lang>.example.com", "en.example.com") }

// benchHost times the lookup of "/" on host against a rule of that Host.
func benchHost(b *testing.B, pattern, host string) {
	r := router.New()
	if _, err := r.Add(router.Rule{Path: "/", Endpoint: "e", Host: pattern}); err != nil {
		b.Fatal(err)
	}
	var m router.Match
	b.ReportAllocs()
	for b.Loop() {
		r.Lookup("GET", host, "/", &m)
	}
}

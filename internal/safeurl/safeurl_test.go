package safeurl_test

import (
	"strings"
	"testing"

	"github.com/fwkgo/fwk/internal/safeurl"
)

// app is the policy of research/security.md §2.4: an app served on
// https://good.example.
var app = safeurl.Policy{AllowedHosts: []string{"good.example"}, HTTPSOnly: true}

// mustReject holds every row of security.md §2.4, the policy choices of
// §2.5 and further hostile values, each as the query parser hands it over.
var mustReject = []struct {
	row  string
	next string
}{
	{"1", "//evil.example"},
	{"2", "///evil.example"},
	{"3", "////evil.example"},
	{"4", `/\evil.example`},
	{"5", `\/evil.example`},
	{"6", `\\evil.example`},
	{"7", `\\\evil.example`},
	{"8", `/\/evil.example`},
	{"9", "https:evil.example"},
	{"10", "https:/evil.example"},
	{"11", "http:///evil.example"},
	{"12", `https:\\evil.example`},
	{"13", "javascript:alert(1)"},
	{"14", "JaVaScRiPt:alert(1)"},
	{"15", "javascript://good.example/%0Aalert(1)"},
	{"16", "data:text/html;base64,PHNjcmlwdD4="},
	{"17", "%2F%2Fevil.example"},
	{"18", "/%5Cevil.example"},
	{"18 lower", "/%5cevil.example"},
	{"18 decoded twice", `/\evil.example`},
	{"19", "/\t/evil.example"},
	{"19 encoded tab", "/%09/evil.example"},
	{"20 LF", "/\n/evil.example"},
	{"20 CR", "/\r/evil.example"},
	{"21", "java\tscript:alert(1)"},
	{"22", " //evil.example"},
	{"23", "\njavascript:alert(1)"},
	{"24 NUL", "\x00//evil.example"},
	{"24 0x19", "\x19////evil.example"},
	{"24 0x08", "\x08//evil.example"},
	{"25", "https://good.example@evil.example"},
	{"26", "https://good.example:pw@evil.example"},
	{"27", "//good.example@evil.example"},
	{"28", `https://evil.example\@good.example`},
	{"29", `https://evil.example\.good.example`},
	{"30", "https://good.example.evil.example"},
	{"31", "https://evilgood.example"},
	{"32 path", "https://evil.example/good.example"},
	{"32 query", "https://evil.example?x=good.example"},
	{"32 fragment", "https://evil.example#good.example"},
	{"33", "http://good.example/x"},
	{"34", "ftp://good.example/x"},
	{"35", "https://evil\u3002example"},
	{"35 full-width stop", "https://good\uff0eexample/x"},
	{"35 half-width stop", "https://good\uff61example/x"},
	{"36", "https://evil.example/"},
	{"37", "http://[::1"},
	{"38", "/" + strings.Repeat("a", 3000)},
	{"policy scheme-relative allowed host", "//good.example/x"},
	{"policy query only", "?q=1"},
	{"policy fragment only", "#frag"},
	{"policy relative path", "relative/path"},
	{"policy mailto", "mailto:x@y"},
	{"empty", ""},
	{"blank", " "},
	{"DEL", "/a\x7fb"},
	{"NBSP", "/\u00a0/evil.example"},
	{"en quad", "/a\u2000b"},
	{"zero width space", "/\u200b/evil.example"},
	{"RLM", "/a\u200fb"},
	{"line separator", "/a\u2028b"},
	{"paragraph separator", "/a\u2029b"},
	{"ideographic space", "\u3000//evil.example"},
	{"BOM", "\ufeff/x"},
	{"C1 control", "/a\u0085b"},
	{"invalid UTF-8", "/a\xffb"},
	{"encoded NUL", "/a%00b"},
	{"encoded DEL", "/a%7Fb"},
	{"bad escape", "/a%zzb"},
	{"lone percent", "/50%"},
	{"host with escape", "https://good%2Eexample/x"},
	{"unicode host", "https://gööd.example/x"},
	{"wrong port", "https://good.example:8443/x"},
	{"port 80 on https", "https://good.example:80/x"},
	{"scheme only", "https:"},
	{"empty authority", "https://"},
	{"https no slashes to allowed host", "https:good.example/x"},
}

// TestNextRejects checks that no hostile value is accepted.
func TestNextRejects(t *testing.T) {
	for _, tt := range mustReject {
		if got, ok := safeurl.Next(tt.next, app); ok {
			t.Errorf("row %s: Next(%q) = %q, true, want rejection", tt.row, tt.next, got)
		}
	}
}

// mustAccept holds security.md §2.5 with the re-serialised form.
var mustAccept = []struct {
	next string
	want string
}{
	{"/", "/"},
	{"/dashboard", "/dashboard"},
	{"/a/b?c=d#e", "/a/b?c=d#e"},
	{"/search?q=//evil.example", "/search?q=//evil.example"},
	{"/view/?param=https://evil.example", "/view/?param=https://evil.example"},
	{"/url%20with%20spaces/", "/url%20with%20spaces/"},
	{"/confirm/me@example.com", "/confirm/me@example.com"},
	{"/caf%C3%A9", "/caf%C3%A9"},
	{"/%2F/x", "/%2F/x"},
	{"https://good.example/x", "https://good.example/x"},
	{"HTTPS://GOOD.example/x", "https://good.example/x"},
	{"https://good.example:443/x", "https://good.example/x"},
	{"https://good.example", "https://good.example"},
	{"https://good.example:/x", "https://good.example/x"},
	{"https://good.example?a=b#c", "https://good.example?a=b#c"},
	// Bytes that may not appear raw are encoded, escapes are kept.
	{"/a b/%20c", "/a%20b/%20c"},
	{"/café", "/caf%C3%A9"},
	{`/x"<y>`, "/x%22%3Cy%3E"},
	{"/%2F/x\"é", "/%2F/x%22%C3%A9"},
	{"/a%2Fb", "/a%2Fb"},
	{"/.//evil.example", "/.//evil.example"},
}

// TestNextAccepts checks the accepted values and their re-serialised form.
func TestNextAccepts(t *testing.T) {
	for _, tt := range mustAccept {
		got, ok := safeurl.Next(tt.next, app)
		if !ok || got != tt.want {
			t.Errorf("Next(%q) = %q, %v, want %q, true", tt.next, got, ok, tt.want)
		}
	}
}

// TestNextPolicy checks the Policy fields one at a time.
func TestNextPolicy(t *testing.T) {
	tests := []struct {
		next   string
		policy safeurl.Policy
		want   string
		ok     bool
	}{
		{"http://good.example/x", safeurl.Policy{AllowedHosts: []string{"good.example"}}, "http://good.example/x", true},
		{"http://good.example:80/x", safeurl.Policy{AllowedHosts: []string{"good.example"}}, "http://good.example/x", true},
		{"http://good.example/x", safeurl.Policy{AllowedHosts: []string{"good.example:80"}}, "http://good.example/x", true},
		{"https://good.example/x", safeurl.Policy{AllowedHosts: []string{"good.example:443"}}, "https://good.example/x", true},
		{"http://good.example:443/x", safeurl.Policy{AllowedHosts: []string{"good.example"}}, "", false},
		{"https://good.example:8443/x", safeurl.Policy{AllowedHosts: []string{"good.example:8443"}}, "https://good.example:8443/x", true},
		{"https://good.example/x", safeurl.Policy{AllowedHosts: []string{"good.example:8443"}}, "", false},
		{"https://GOOD.example/x", safeurl.Policy{AllowedHosts: []string{"Good.Example"}}, "https://good.example/x", true},
		{"https://[::1]:8080/x", safeurl.Policy{AllowedHosts: []string{"[::1]:8080"}}, "https://[::1]:8080/x", true},
		{"https://[::1]/x", safeurl.Policy{AllowedHosts: []string{"[::1]:443"}}, "https://[::1]/x", true},
		{"https://127.0.0.1/x", safeurl.Policy{AllowedHosts: []string{"127.0.0.1"}}, "https://127.0.0.1/x", true},
		{"https://good.example/x", safeurl.Policy{}, "", false},
		{"https://good.example/x", safeurl.Policy{AllowedHosts: []string{"https://good.example"}}, "https://good.example/x", true},
		{"https://good.example:443/x", safeurl.Policy{AllowedHosts: []string{"https://good.example"}}, "https://good.example/x", true},
		{"http://good.example/x", safeurl.Policy{AllowedHosts: []string{"https://good.example"}}, "", false},
		{"/local", safeurl.Policy{}, "/local", true},
		{"https://evil.example/x", safeurl.Policy{AllowedHosts: []string{"good.example", "other.example"}}, "", false},
		{"https://other.example/x", safeurl.Policy{AllowedHosts: []string{"good.example", "other.example"}}, "https://other.example/x", true},
	}
	sub := func(h string) bool { return strings.HasSuffix(h, ".good.example") }
	tests = append(tests, []struct {
		next   string
		policy safeurl.Policy
		want   string
		ok     bool
	}{
		{"https://EN.good.example:443/x", safeurl.Policy{AllowHost: sub}, "https://en.good.example/x", true},
		{"https://good.example/x", safeurl.Policy{AllowHost: sub}, "", false},
		{"https://evil.example/.good.example", safeurl.Policy{AllowHost: sub}, "", false},
		{"https://a@b.good.example/x", safeurl.Policy{AllowHost: sub}, "", false},
	}...)
	for _, tt := range tests {
		got, ok := safeurl.Next(tt.next, tt.policy)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Next(%q, %+v) = %q, %v, want %q, %v", tt.next, tt.policy, got, ok, tt.want, tt.ok)
		}
	}
}

// TestNextLength pins the 2048-byte cap at its boundary.
func TestNextLength(t *testing.T) {
	for _, n := range []int{safeurl.MaxLength - 1, safeurl.MaxLength, safeurl.MaxLength + 1} {
		next := "/" + strings.Repeat("a", n-1)
		_, ok := safeurl.Next(next, app)
		if want := n <= safeurl.MaxLength; ok != want {
			t.Errorf("Next(%d bytes) ok = %v, want %v", n, ok, want)
		}
	}
}

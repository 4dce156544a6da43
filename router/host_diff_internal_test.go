package router

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// backtrackHost is the host reading matchHost replaced, as a plain
// backtracking search over every cut: each parameter takes the longest host
// text its converter accepts that lets the rest match. (The search it
// replaced tried only the cuts before an occurrence of the next literal that
// does not overlap the last one tried, so it missed some matches:
// TestHostOverlappingLiteral.) It also reports whether a converter refused
// text of its byte class after which the rest could match by the classes
// alone: only then may the two readings differ. With classOnly, a value is
// accepted when its bytes are in its converter's class.
func backtrackHost(parts []piece, h string, classOnly bool) (vals []string, ok, ambiguous bool) {
	if len(parts) == 0 {
		return nil, h == "", false
	}
	pc := parts[0]
	if pc.ci == nil {
		if !strings.HasPrefix(h, pc.lit) {
			return nil, false, false
		}
		return backtrackHost(parts[1:], h[len(pc.lit):], classOnly)
	}
	for end := len(h); end > 0; end-- {
		v := h[:end]
		inClass := !strings.ContainsFunc(v, func(r rune) bool { return r >= 0x80 || !pc.ci.class.has(byte(r)) })
		accepted := inClass
		if !classOnly {
			accepted = hostTextOnly(v) && (pc.ci.fast || pc.ci.conv.Match(v))
		}
		ambiguous = ambiguous || accepted && !inClass
		if inClass && !accepted {
			_, restOK, _ := backtrackHost(parts[1:], h[end:], true)
			ambiguous = ambiguous || restOK
		}
		if accepted {
			rest, ok, amb := backtrackHost(parts[1:], h[end:], classOnly)
			ambiguous = ambiguous || amb
			if ok {
				return append([]string{v}, rest...), true, ambiguous
			}
		}
	}
	return nil, false, ambiguous
}

func hostTextOnly(v string) bool {
	return strings.Trim(v, "abcdefghijklmnopqrstuvwxyz0123456789-.") == ""
}

// hostConvs are the converters of the generated host patterns, each with
// values it accepts.
var hostConvs = []struct{ spec, fits string }{
	{"", "a b-1 a.b"}, {"int:", "7 12"}, {"int(signed=True):", "-3 4"}, {"float:", "1.5 0.25"},
	{"string(length=2):", "ab a. 1-"}, {"string(minlength=3):", "abc a.b.c"}, {"string(maxlength=2):", "a x."},
	{"any(a, ab, b.c):", "a ab b.c"}, {"uuid:", "0f8e1c2a-1b2c-4d3e-8f9a-0b1c2d3e4f5a"}, {"int(2):", "07 12"},
}

// hostLits are the literals of the generated host patterns.
var hostLits = []string{".", "-", ".x.", "a", "1", ".ex.com", "b-"}

// randomHostCase returns a host pattern of one to three parameters and
// requests for it: random text, or the pattern with text for its parameters
// (random, or of values the converter accepts, so that many match).
func randomHostCase(rnd *rand.Rand, n int) (pattern string, hosts []string) {
	type part struct {
		lit  string
		conv int // index in hostConvs, for a parameter
	}
	lit := func() part { return part{lit: hostLits[rnd.IntN(len(hostLits))]} }
	var parts []part
	if rnd.IntN(2) == 0 {
		parts = append(parts, lit())
	}
	for i := range 1 + rnd.IntN(3) {
		if i > 0 {
			parts = append(parts, lit())
		}
		parts = append(parts, part{conv: rnd.IntN(len(hostConvs))})
	}
	if rnd.IntN(2) == 0 {
		parts = append(parts, lit())
	}
	word := func() string {
		alphabet := [...]string{"12", "ab", "ab1-.2xA", "a.b"}[rnd.IntN(4)]
		b := make([]byte, 1+rnd.IntN(5))
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		return string(b)
	}
	for j := 0; j <= n; j++ {
		var b strings.Builder
		for i, p := range parts {
			switch c := hostConvs[p.conv]; {
			case p.lit != "":
				b.WriteString(p.lit)
			case j == 0:
				b.WriteString("<" + c.spec + string(rune('p'+i)) + ">")
			case rnd.IntN(3) == 0:
				b.WriteString(word())
			default:
				fits := strings.Fields(c.fits)
				b.WriteString(fits[rnd.IntN(len(fits))])
			}
		}
		if j == 0 {
			pattern = b.String()
		} else if rnd.IntN(5) == 0 {
			hosts = append(hosts, word()+word())
		} else {
			hosts = append(hosts, b.String())
		}
	}
	return pattern, hosts
}

// checkedCut is the reading of matchHost by backtracking: the longest
// values of the converters' classes that let the rest match, each then
// checked by its converter.
func checkedCut(parts []piece, h string) ([]string, bool) {
	cut, ok, _ := backtrackHost(parts, h, true)
	for i, pc := range slices.DeleteFunc(slices.Clone(parts), func(pc piece) bool { return pc.ci == nil }) {
		ok = ok && (pc.ci.fast || pc.ci.conv.Match(cut[i]))
	}
	return cut, ok
}

// TestHostSplitMatchesBacktracking compares matchHost over random patterns
// and hosts with checkedCut and with the backtracking reading it replaced:
// wherever no converter refused text of its class after which the rest
// could match, the old and new readings agree.
func TestHostSplitMatchesBacktracking(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 16))
	compared, matched, ambiguous, differ := 0, 0, 0, 0
	for range 400 {
		pattern, hosts := randomHostCase(rnd, 50)
		r := New()
		rt, err := r.Add(Rule{Path: "/", Endpoint: "e", Host: pattern})
		if err != nil {
			t.Fatalf("Host %q: %v", pattern, err)
		}
		for _, host := range hosts {
			want, wantOK, amb := backtrackHost(rt.extra.hostParts, strings.ToLower(host), false)
			var ps Params
			ok := rt.matchHost(host, &ps, 0)
			got := make([]string, 0, len(want))
			for i := range len(rt.params) {
				got = append(got, ps.value(i))
			}
			if cut, cutOK := checkedCut(rt.extra.hostParts, strings.ToLower(host)); ok != cutOK || ok && !slices.Equal(got, cut) {
				t.Fatalf("Host %q, request %q: split %v %q, want %v %q", pattern, host, ok, got, cutOK, cut)
			}
			same := ok == wantOK && (!ok || slices.Equal(got, want))
			switch {
			case amb:
				ambiguous++
				if !same {
					differ++
				}
				continue
			case !same:
				t.Fatalf("Host %q, request %q: split %v %q, backtracking %v %q", pattern, host, ok, got, wantOK, want)
			}
			compared++
			if ok {
				matched++
			}
		}
	}
	// Not vacuous: most cases compared, many of them matches.
	if compared < 12000 || matched < 6000 {
		t.Fatalf("compared %d (%d matches), skipped %d (%d differ)", compared, matched, ambiguous, differ)
	}
	t.Logf("compared %d (%d matches), skipped %d (%d differ)", compared, matched, ambiguous, differ)
}

func TestCutPort(t *testing.T) {
	for _, c := range []struct {
		in, host string
		port     bool
	}{
		{"a.test:80", "a.test", true}, {"a.test", "a.test", false}, {"[::1]:8080", "[::1]", true},
		{"[::1]", "[::1]", false}, {":80", "", true}, {"a:b:c", "a:b", true}, {"", "", false}, {"[a:b]x", "[a:b]x", false},
	} {
		if host, port := cutPort(c.in); host != c.host || port != c.port {
			t.Errorf("cutPort(%q) = %q, %v, want %q, %v", c.in, host, port, c.host, c.port)
		}
	}
}

// FuzzHostSplit matches hosts against host patterns of several shapes and
// checks matchHost against checkedCut, the same reading by backtracking.
func FuzzHostSplit(f *testing.F) {
	patterns := []string{"<a>.<b>.<int:c>", "<any(en, de):lang>.<site>.example.com", "b-<string(minlength=3):p>.x.<q>.ex.com",
		"<int(signed=True):n>-<float:f>", "app.<uuid:u>:<int:port>"}
	var routes []*Route
	for _, p := range patterns {
		rt, err := New().Add(Rule{Path: "/", Endpoint: "e", Host: p})
		if err != nil {
			f.Fatal(err)
		}
		routes = append(routes, rt)
	}
	for _, s := range []string{"a.b.7", "en.blog.example.com", "b-a-..x.x.ex.com", "-3-1.5", "app.0f8e1c2a-1b2c-4d3e-8f9a-0b1c2d3e4f5a:80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		if len(host) > 48 {
			return // checkedCut backtracks over every cut
		}
		for _, rt := range routes {
			var ps Params
			ok := rt.matchHost(host, &ps, 0)
			want, wantOK := checkedCut(rt.extra.hostParts, strings.ToLower(rt.portless(host)))
			if ok != wantOK {
				t.Fatalf("Host %q, request %q: %v, want %v %q", rt.Host(), host, ok, wantOK, want)
			}
			for i := 0; ok && i < len(want); i++ {
				if ps.value(i) != want[i] {
					t.Fatalf("Host %q, request %q: value %d %q, want %q", rt.Host(), host, i, ps.value(i), want[i])
				}
			}
		}
	})
}

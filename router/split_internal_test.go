package router

import (
	"slices"
	"strings"
	"testing"
)

// splitRules are composite patterns whose naive backtracking is quadratic
// or worse on hostile input.
var splitRules = []string{
	"/wiki/<path:page>/edit",
	"/<path:ns>/-/blob/<path:file>",
	"/f/<name>.<ext>",
	"/<a>.<b>.<c>.<d>",
	"/<path:a>/<path:b>/<path:c>/x",
	"/v<int:major>.<int:minor>-<any(a, b):k>",
	"/<path:p>.<int:n>/z",
}

// splitPattern parses rule and returns its composite pattern (the tail, or
// the last composite segment).
func splitPattern(tb testing.TB, rule string) *pattern {
	tb.Helper()
	r := New()
	t := r.mutable()
	pr, err := t.parser.parse(rule, nil)
	if err != nil {
		tb.Fatal(err)
	}
	if pr.tail != nil {
		return pr.tail
	}
	for i := len(pr.segs) - 1; i >= 0; i-- {
		if p := pr.segs[i].pat; p != nil && !p.single {
			return p
		}
	}
	tb.Fatalf("%s has no composite pattern", rule)
	return nil
}

// checkSplitWork asserts the work bound of split for one text.
func checkSplitWork(t *testing.T, p *pattern, text string) {
	t.Helper()
	starts := make([]int32, len(p.pieces)+1)
	_, steps := split(p.pieces, text, starts)
	if bound := 6 * (len(p.pieces) + 1) * (len(text) + 1); steps > bound {
		t.Fatalf("split of %d bytes took %d steps, bound %d", len(text), steps, bound)
	}
}

// TestSplitLinear runs the hostile split inputs at growing sizes.
func TestSplitLinear(t *testing.T) {
	for _, rule := range splitRules {
		p := splitPattern(t, rule)
		for _, unit := range []string{"edit/", "a/-/blob/", "a.", ".", "a/", "1.", "/"} {
			for _, n := range []int{10, 1000, 50000} {
				checkSplitWork(t, p, strings.Repeat(unit, n)+"x")
			}
		}
	}
}

// FuzzSplitWork: for any composite rule among splitRules and any text, the
// search is bounded by a constant times pieces times length, and a cut it
// reports is consistent: pieces cover the text in order and literals match.
func FuzzSplitWork(f *testing.F) {
	f.Add(0, "edit/edit/edit/x")
	f.Add(1, "a/-/blob/b/-/blob/c")
	f.Add(3, "a.b.c.d")
	f.Add(6, "a.b.1/z")
	pats := make([]*pattern, len(splitRules))
	for i, rule := range splitRules {
		pats[i] = splitPattern(f, rule)
	}
	f.Fuzz(func(t *testing.T, which int, text string) {
		p := pats[uint(which)%uint(len(pats))]
		starts := make([]int32, len(p.pieces)+1)
		found, steps := split(p.pieces, text, starts)
		if bound := 6 * (len(p.pieces) + 1) * (len(text) + 1); steps > bound {
			t.Fatalf("%d steps for %d bytes, bound %d", steps, len(text), bound)
		}
		if len(text) <= 24 {
			want := make([]int32, len(p.pieces)+1)
			ok := naiveSplit(p.pieces, text, 0, 0, want)
			want[len(p.pieces)] = int32(len(text))
			if ok != found || found && !slices.Equal(starts, want) {
				t.Fatalf("split(%q) = %v %v, plain backtracking gives %v %v", text, found, starts, ok, want)
			}
		}
		if !found {
			return
		}
		if starts[0] != 0 || int(starts[len(p.pieces)]) != len(text) {
			t.Fatalf("cut %v does not cover %q", starts, text)
		}
		for i, pc := range p.pieces {
			v := text[starts[i]:starts[i+1]]
			if pc.ci == nil && !equalEscaped(v, pc.lit) || pc.ci != nil && v == "" {
				t.Fatalf("piece %d of %q is %q", i, text, v)
			}
		}
	})
}

// naiveSplit is the reference for split: plain recursive backtracking in
// the same order (greedy one-segment converters, lazy slash-spanning ones),
// exponential but fine for short texts.
func naiveSplit(ps []piece, raw string, i, pos int, starts []int32) bool {
	if i == len(ps) {
		return pos == len(raw)
	}
	starts[i] = int32(pos)
	pc := &ps[i]
	if pc.ci == nil {
		j, ok := prefixEscaped(raw[pos:], pc.lit)
		return ok && naiveSplit(ps, raw, i+1, pos+j, starts)
	}
	var ends []int
	for q, started := pos, false; ; started = true {
		u := unitLen(raw, q, pc.ci, started)
		if u == 0 {
			break
		}
		q += u
		ends = append(ends, q)
	}
	if !pc.ci.slash {
		slices.Reverse(ends)
	}
	for _, e := range ends {
		if naiveSplit(ps, raw, i+1, e, starts) {
			return true
		}
	}
	return false
}

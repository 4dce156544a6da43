package router

import "github.com/fwkgo/fwk/internal/ascii"

// Splitting a composite pattern ("<name>.<ext>", "<path:p>/edit") into its
// parameters in time linear in the text. Each converter is a run of its
// byte class, greedy for one-segment converters and lazy for slash-spanning
// ones (Werkzeug's "[^/]+" and "[^/].*?"); literals match byte by byte (or
// as %XX escapes, except '/'). The backtracking search marks every state
// (piece, offset, started) it leaves, so each is expanded at most once: the
// work is O(len(text) x pieces) whatever the rule and the input. The cut is
// then checked once per parameter; a failed check fails the pattern, as in
// Werkzeug, where the regular expression decides and converters validate.

// byteClass is a set of bytes a converter's text may hold.
type byteClass [4]uint64

func (c *byteClass) has(b byte) bool { return c[b>>6]&(1<<(b&63)) != 0 }

func (c *byteClass) add(bs string) {
	for i := 0; i < len(bs); i++ {
		c[bs[i]>>6] |= 1 << (bs[i] & 63)
	}
}

// splitState is one state of the search: before piece i at offset pos;
// started tells whether the converter piece i has taken a byte yet, start
// is where piece i began. next is the next successor to try (0, 1, then
// exhausted).
//
// A one-segment (greedy) converter takes its whole run of bytes at once:
// its state then stands for the positions lo..pos of the run, each waiting
// to try leaving the converter, from the last one back.
type splitState struct {
	pos, start, lo int32
	i              int16
	started        bool
	next           int8
}

// splitter holds the search's scratch space; the small arrays keep short
// texts off the heap.
type splitter struct {
	n        int
	seen     []uint64
	stack    []splitState
	seenBuf  [16]uint64
	stackBuf [32]splitState
}

// split finds the cut of raw into ps and stores the offsets where each
// piece starts in starts (len(ps)+1 entries, the last len(raw)). It reports
// whether there is one, and how many steps the search took (at most three
// per state, so at most 6 x (len(ps)+1) x (len(raw)+1)).
func split(ps []piece, raw string, starts []int32) (found bool, steps int) {
	var sp splitter
	n, k := len(raw), len(ps)
	sp.n = n
	bitsNeeded := (k + 1) * (n + 1) * 2
	if words := (bitsNeeded + 63) / 64; words <= len(sp.seenBuf) {
		sp.seen = sp.seenBuf[:words]
	} else {
		sp.seen = make([]uint64, words)
	}
	sp.stack = append(sp.stackBuf[:0], splitState{})
	for ; len(sp.stack) > 0; steps++ {
		top := &sp.stack[len(sp.stack)-1]
		if top.next == 0 {
			if !sp.mark(top.i, top.pos, top.started) {
				sp.stack = sp.stack[:len(sp.stack)-1]
				continue
			}
			if int(top.i) == k && int(top.pos) == n {
				sp.record(starts, k, n)
				return true, steps
			}
		}
		if int(top.i) < k && ps[top.i].ci != nil && !ps[top.i].ci.slash {
			child, push, taken := sp.greedy(top, raw, ps[top.i].ci)
			if steps += taken; push {
				sp.stack = append(sp.stack, child)
			} else {
				sp.stack = sp.stack[:len(sp.stack)-1]
			}
			continue
		}
		succ, ok := successor(ps, raw, *top)
		top.next++
		switch {
		case ok && succ.i == top.i && ps[top.i].ci.slash:
			// Taking one more byte is a lazy converter's last choice: the
			// state is replaced, not stacked, so the stack stays short on
			// long paths.
			*top = succ
		case ok:
			sp.stack = append(sp.stack, succ)
		case top.next >= 2:
			sp.stack = sp.stack[:len(sp.stack)-1]
		}
	}
	return false, steps
}

// mark marks the state (i, pos, started) as visited; it reports false
// when it already was.
func (sp *splitter) mark(i int16, pos int32, started bool) bool {
	id := (int(i)*(sp.n+1) + int(pos)) * 2
	if started {
		id++
	}
	if sp.seen[id/64]&(1<<(id%64)) != 0 {
		return false
	}
	sp.seen[id/64] |= 1 << (id % 64)
	return true
}

// greedy advances the state top of a one-segment converter: the first
// time, it takes the run of bytes the converter may take (up to a state
// already visited); then each call returns the next piece's state at the
// run's last position not tried yet to be stacked, or push false when none
// is left and top is done. It also returns the steps taken.
func (sp *splitter) greedy(top *splitState, raw string, ci *convInfo) (child splitState, push bool, steps int) {
	if top.next == 0 {
		top.next, top.lo = 1, top.pos
		for {
			u := unitLen(raw, int(top.pos), ci, true)
			if u == 0 || !sp.mark(top.i, top.pos+int32(u), true) {
				break
			}
			top.pos += int32(u)
			steps++
		}
	}
	q := top.pos
	if q < top.lo || q == top.lo && !top.started {
		return child, false, steps
	}
	if q == top.lo {
		top.pos = -1 // exhausted after this try
	} else {
		top.pos -= int32(unitBefore(raw, int(q), int(top.lo), ci))
	}
	return splitState{pos: q, start: q, i: top.i + 1}, true, steps
}

// unitBefore returns the length of the unit of the run ending at q (which
// starts at lo): 3 for a %XX escape when the class admits them, else 1.
// Escapes are unambiguous backwards: a '%' followed by two hex digits is
// always where a forward scan puts an escape.
func unitBefore(raw string, q, lo int, ci *convInfo) int {
	if q-3 >= lo && raw[q-3] == '%' && ci.class.has('%') {
		if _, ok := ascii.DecodeEscape(raw, q-3); ok {
			return 3
		}
	}
	return 1
}

// record derives the start of every piece from the states on the stack.
func (sp *splitter) record(starts []int32, k, n int) {
	for _, st := range sp.stack {
		if int(st.i) < k {
			starts[st.i] = st.start
		}
	}
	starts[k] = int32(n)
}

// successor returns successor number st.next of st in the order the search
// prefers, or false when there is none with that number.
func successor(ps []piece, raw string, st splitState) (splitState, bool) {
	if int(st.i) == len(ps) {
		return st, false
	}
	pc := &ps[st.i]
	if pc.ci == nil {
		if st.next > 0 {
			return st, false
		}
		j, ok := prefixEscaped(raw[st.pos:], pc.lit)
		return splitState{pos: st.pos + int32(j), start: st.pos + int32(j), i: st.i + 1}, ok
	}
	take, exit := 0, 1 // greedy: take one more unit, then leave
	if pc.ci.slash {
		take, exit = 1, 0 // lazy: leave first
	}
	switch int(st.next) {
	case take:
		u := unitLen(raw, int(st.pos), pc.ci, st.started)
		return splitState{pos: st.pos + int32(u), start: st.start, i: st.i, started: true}, u > 0
	case exit:
		return splitState{pos: st.pos, start: st.pos, i: st.i + 1}, st.started
	}
	return st, false
}

// unitLen returns the length of the unit of raw at pos that converter ci
// may take (a byte of its class, or a whole %XX escape when its class has
// '%'), or 0. A slash-spanning value may not start with '/'.
func unitLen(raw string, pos int, ci *convInfo, started bool) int {
	if pos >= len(raw) {
		return 0
	}
	c := raw[pos]
	if !ci.class.has(c) || !started && c == '/' {
		return 0
	}
	if c == '%' {
		if _, ok := ascii.DecodeEscape(raw, pos); ok {
			return 3
		}
	}
	return 1
}

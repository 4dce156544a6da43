package router

import "github.com/fwkgo/fwk/internal/ascii"

// Splitting a composite pattern ("<name>.<ext>", "<path:p>/edit") into its
// parameters in time linear in the text. Each converter is a run of its
// byte class, greedy for one-segment converters and lazy for slash-spanning
// ones (Werkzeug's "[^/]+" and "[^/].*?"); literals match byte by byte (or
// as %XX escapes, except '/'). A backward pass first marks, for each piece
// and offset, whether the pieces from there can match the rest of the text;
// a forward pass then makes each choice as a backtracking search would
// (longest or shortest), keeping only choices the marks say can finish. The
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

// marks is a bit set over the states of split.
type marks []uint64

func (m marks) has(id int) bool { return m[id>>6]&(1<<(id&63)) != 0 }

func (m marks) set(id int) { m[id>>6] |= 1 << (id & 63) }

// split finds the cut of raw into ps and stores the offsets where each
// piece starts in starts (len(ps)+1 entries, the last len(raw)). It reports
// whether there is one, and how many steps it took (at most
// 2 x (len(ps)+1) x (len(raw)+1)).
func split(ps []piece, raw string, starts []int32) (found bool, steps int) {
	k, n := len(ps), len(raw)
	// Mark i*(n+1)+pos says pieces i.. match raw[pos:]. The buffer holds
	// any host's marks (matchHost: at most 5 pieces, 255 bytes).
	var buf [24]uint64
	m := marks(buf[:])
	if words := ((k+1)*(n+1) + 63) / 64; words > len(buf) {
		m = make(marks, words)
	}
	m.set(k*(n+1) + n)
	for i := k - 1; i >= 0; i-- {
		ci, lit, at, next := ps[i].ci, ps[i].lit, i*(n+1), (i+1)*(n+1)
		// For a converter, bit j-1 of run says whether, having taken some
		// text, it can end at pos+j or go on (a unit is 1 or 3 bytes).
		run := uint8(0)
		for pos := n; pos >= 0; pos-- {
			steps++
			if ci == nil {
				// A literal's first byte is itself or starts an escape.
				if lit == "" || pos < n && (raw[pos] == lit[0] || raw[pos] == '%') {
					if j, ok := prefixEscaped(raw[pos:], lit); ok && m.has(next+pos+j) {
						m.set(at + pos)
					}
				}
				continue
			}
			more := false // can take a unit and go on
			if pos < n && ci.class.has(raw[pos]) {
				u := 1
				if raw[pos] == '%' {
					u = unitLen(raw, pos, ci, true)
				}
				more = run>>(u-1)&1 != 0
			}
			if more && raw[pos] != '/' {
				m.set(at + pos)
			}
			run <<= 1
			if more || m.has(next+pos) {
				run |= 1
			}
		}
	}
	if !m.has(0) {
		return false, steps
	}
	return true, steps + m.choose(ps, raw, starts)
}

// choose is split's forward pass: it cuts raw into the pieces of ps,
// writing where each starts into starts, each converter taking the longest
// (or, spanning slashes, the shortest) run after which the marks say the
// rest can match. It returns the steps taken.
func (m marks) choose(ps []piece, raw string, starts []int32) (steps int) {
	k, n := len(ps), len(raw)
	pos := 0
	for i := range ps {
		starts[i] = int32(pos)
		ci := ps[i].ci
		if ci == nil {
			j, _ := prefixEscaped(raw[pos:], ps[i].lit)
			pos += j
			continue
		}
		end := -1
		for q, u := pos, unitLen(raw, pos, ci, false); u > 0; u = unitLen(raw, q, ci, true) {
			steps++
			if q += u; m.has((i+1)*(n+1) + q) {
				end = q
				if ci.slash {
					break // lazy: the shortest that can finish
				}
			}
		}
		pos = end
	}
	starts[k] = int32(n)
	return steps
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

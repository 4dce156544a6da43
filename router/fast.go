package router

import "math/bits"

// fast is the common case of matching without any bookkeeping, for plain
// paths (no '%', NUL or non-ASCII byte in the segments it reads) and
// standard methods other than OPTIONS. It walks the tree in the same order
// as match and returns the route found (nil when the subtree has none) with
// its parameter count, storing parameter values in ps from index k. When it
// meets anything it does not handle (a composite or slash-spanning pattern,
// a leaf with hosts or non-standard methods, trailing-slash rules, a rule
// with defaults or a redirect, a special byte) it returns ok false, and the
// caller runs the full lookup, which then decides exactly as if fast had
// never run.
//
// It pays for itself: measured with callgrind (instructions per op, which
// unlike timings repeat exactly on a shared machine), the router's
// BenchmarkGithubAll takes 222k instructions with it and 246k without
// (-10%), BenchmarkParam 797 and 924 (-14%), Param5 1,111 and 1,259 (-12%).
func (n *node) fast(ps *Params, rest string, k int, bit uint16) (rt *Route, count int, ok bool) {
	if len(rest) <= 1 {
		if rest != "" || n.slash != nil {
			return nil, 0, false
		}
		l := n.leaf
		if l == nil {
			return nil, 0, true
		}
		if l.sum.complex {
			return nil, 0, false
		}
		if rt = l.quick(bit); rt != nil && rt.extra != nil {
			return nil, 0, false
		}
		return rt, k, true
	}
	rest = rest[1:]
	i := 0
	if len(rest) >= wordBytes {
		if stops := stopBytes(load64(rest, 0)); stops != 0 {
			i = bits.TrailingZeros64(stops) / 8
		}
	}
	if i == 0 || rest[i] != '/' {
		var special bool
		if i, special = segmentEnd(rest); special {
			return nil, 0, false
		}
		if i == 0 {
			return nil, 0, false // empty segment: only a MergeSlashes=false rule has one
		}
	}
	seg, next := rest[:i], rest[i:]
	if n.st != nil {
		if c := n.staticChild(seg); c != nil {
			if rt, count, ok = c.fast(ps, next, k, bit); rt != nil || !ok {
				return rt, count, ok
			}
		}
	}
	for d := n.dyn; d != nil; d = d.sib {
		p := d.pat
		if !p.single || p.tail {
			return nil, 0, false
		}
		ci := p.pieces[0].ci
		if len(seg) <= 2 && isDotSegment(seg) || !ci.fast && !ci.conv.Match(seg) {
			continue
		}
		ps.setValue(k, seg)
		if rt, count, ok = d.fast(ps, next, k+1, bit); rt != nil || !ok {
			return rt, count, ok
		}
	}
	return nil, 0, true
}

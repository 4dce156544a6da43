package router

// The matching tree. Each node stands for a position between segments.
// Static children are found by exact segment text (edges scanned linearly,
// or a hash index beyond smallFanout children); dynamic children hold a
// pattern and are chained in precedence order; a tail child consumes the
// rest of the path. A node's leaf holds the rules ending there, its slash
// leaf the rules ending there with a trailing '/'. Registration builds the
// tree with few, exactly sized objects: a leaf is its first route, the
// others chained by Route.next.
//
//	/users/new          root -users-> n1 -new-> n2 (leaf)
//	/users/<int:id>     n1 =<int>=> n3 (leaf)
//	/users/<slug>/      n1 =<string>=> n4 (slash leaf)
//	/files/<path:p>     root -files-> n5 =T<path>=> n6 (leaf)
//
// Rules whose patterns have equal keys share nodes; two rules reaching the
// same leaf conflict when their hosts are equal and their methods overlap.

import (
	"slices"
)

// smallFanout is the number of static children scanned linearly; beyond
// it a node indexes them in an open-addressing hash table.
//
// Measured (issue 9 item 9, callgrind): a map[string]*node beside the edges
// beyond 8 children, as net/http's mapping does, costs GithubAll +2.8%
// instructions per op (218,845 -> 224,972), Add10k +14% (135.6M -> 154.7M
// per 10,000 rules) and 5% more heap (317.0 vs 301.7 B/route, 226 allocs
// instead of 186); with 4 children, GithubAll +3.6%. The table stays.
const smallFanout = 4

// slab hands out zero Ts from chunks of 8 to 256, so that registering
// many rules costs few allocations: keeps Register10k at 55k allocations
// and 12 ms instead of 95k and 20 ms.
type slab[T any] struct {
	free   []T
	chunks int
}

func (s *slab[T]) one() *T {
	if len(s.free) == 0 {
		s.free = make([]T, 8<<min(s.chunks, 5))
		s.chunks++
	}
	p := &s.free[0]
	s.free = s.free[1:]
	return p
}

// allocs are the slabs of a table.
type allocs struct {
	nodes   slab[node]
	routes  slab[Route]
	statics slab[statics]
}

type node struct {
	st    *statics // static children, or nil
	dyn   *node    // first dynamic child; the others follow by sib
	sib   *node    // next dynamic child of the parent, in precedence order
	pat   *pattern // set on dynamic children
	leaf  *leaf
	slash *leaf
}

// statics holds the static children of a node.
type statics struct {
	edges []edge
	index *hashIndex // nil for few children
}

// edge is a static child and its segment text.
type edge struct {
	key  string
	node *node
}

// hashIndex finds static children by segHash.
type hashIndex struct {
	table []int32 // 1 + index into edges; at most half full
	shift uint8   // 32 - log2(len(table))
}

// leaf is the list of the routes ending at a node, in registration order:
// its first route, which holds the summaries of the list, and the others
// chained by Route.next. A node without routes has a nil leaf.
type leaf Route

// leafSum summarizes the routes of a leaf; only the first route's counts.
type leafSum struct {
	serve     uint16 // union of methods served by host-less routes
	claims    uint16 // union of methods claimed by host-less routes
	complex   bool   // some route has a host or non-standard methods
	nonStrict bool   // some route has StrictSlashes false
}

// first returns the first route of l.
func (l *leaf) first() *Route { return (*Route)(l) }

// segHash hashes a segment in constant time from its length and its first
// and last four bytes.
func segHash(s string) uint32 {
	n := len(s)
	if n < 4 {
		h := uint32(n)
		for i := 0; i < n; i++ {
			h = h*31 + uint32(s[i])
		}
		return h
	}
	return (load32(s, 0)*0x9E3779B1^load32(s, n-4))*0x85EBCA6B ^ uint32(n)
}

// staticChild returns the static child for a segment without escapes.
func (n *node) staticChild(seg string) *node {
	st := n.st
	if st == nil {
		return nil
	}
	if st.index == nil {
		for i := range st.edges {
			if e := &st.edges[i]; e.key == seg {
				return e.node
			}
		}
		return nil
	}
	x := st.index
	mask := uint32(len(x.table) - 1)
	for i := (segHash(seg) * 0x9E3779B1) >> x.shift; ; i = (i + 1) & mask {
		j := x.table[i]
		if j == 0 {
			return nil
		}
		if e := &st.edges[j-1]; e.key == seg {
			return e.node
		}
	}
}

// escapedChild returns the static child whose text equals seg decoded.
func (n *node) escapedChild(seg string) *node {
	if n.st == nil {
		return nil
	}
	for _, e := range n.st.edges {
		if equalEscaped(seg, e.key) {
			return e.node
		}
	}
	return nil
}

// newStatic adds a static child for seg, which n does not have.
func (n *node) newStatic(seg string, a *allocs) *node {
	if n.st == nil {
		n.st = a.statics.one()
	}
	st := n.st
	c := a.nodes.one()
	st.edges = append(st.edges, edge{key: seg, node: c})
	switch x := st.index; {
	case x != nil && 2*len(st.edges) <= len(x.table):
		st.enter(len(st.edges) - 1)
	case len(st.edges) > smallFanout:
		st.reindex(4 * len(st.edges))
	}
	return c
}

// reindex rebuilds the hash index with at least the given slots.
func (st *statics) reindex(slots int) {
	size := 16
	for size < slots {
		size *= 2
	}
	if st.index == nil {
		st.index = &hashIndex{}
	}
	x := st.index
	x.table = make([]int32, size)
	x.shift = uint8(32 - bitsLen(size))
	for i := range st.edges {
		st.enter(i)
	}
}

// trim releases the spare room that growth left in the static children of
// n and its descendants: large edge slices are reallocated to their length,
// and hash indexes shrunk to between two and four slots per child.
func (n *node) trim() {
	if st := n.st; st != nil {
		if k := len(st.edges); k > smallFanout && cap(st.edges)-k > k/8 {
			st.edges = append(make([]edge, 0, k), st.edges...)
		}
		if x := st.index; x != nil && len(x.table) > 4*len(st.edges) {
			st.reindex(2 * len(st.edges))
		}
		for _, e := range st.edges {
			e.node.trim()
		}
	}
	for d := n.dyn; d != nil; d = d.sib {
		d.trim()
	}
}

// enter enters edge i in the hash index.
func (st *statics) enter(i int) {
	x := st.index
	mask := uint32(len(x.table) - 1)
	j := (segHash(st.edges[i].key) * 0x9E3779B1) >> x.shift
	for x.table[j] != 0 {
		j = (j + 1) & mask
	}
	x.table[j] = int32(i + 1)
}

// bitsLen returns log2 of a power of two.
func bitsLen(size int) int {
	b := 0
	for size > 1 {
		size >>= 1
		b++
	}
	return b
}

func (n *node) dynChild(p *pattern) *node {
	for d := n.dyn; d != nil; d = d.sib {
		if d.pat.key == p.key {
			return d
		}
	}
	return nil
}

// newDynamic adds a dynamic child for p, which n does not have, in
// precedence order.
func (n *node) newDynamic(p *pattern, a *allocs) *node {
	d := a.nodes.one()
	d.pat = p
	var after *node // the last child that p does not go before
	for c := n.dyn; c != nil; c = c.sib {
		if !p.before(c.pat) {
			after = c
		}
	}
	if after == nil {
		d.sib, n.dyn = n.dyn, d
	} else {
		d.sib, after.sib = after.sib, d
	}
	return d
}

// walk follows the existing nodes of a parsed rule as far as they go. It
// returns the last node reached and how many steps (segments, then the
// tail) were followed.
func (t *table) walk(pr *parsedRule) (*node, int) {
	n := &t.root
	for k, sg := range pr.segs {
		var c *node
		if sg.pat == nil {
			c = n.staticChild(sg.lit)
		} else {
			c = n.dynChild(sg.pat)
		}
		if c == nil {
			return n, k
		}
		n = c
	}
	if pr.tail != nil {
		c := n.dynChild(pr.tail)
		if c == nil {
			return n, len(pr.segs)
		}
		n = c
	}
	return n, pr.steps()
}

// steps returns the number of steps of a parsed rule.
func (pr *parsedRule) steps() int {
	if pr.tail != nil {
		return len(pr.segs) + 1
	}
	return len(pr.segs)
}

// leafOf returns the leaf slot of n for a parsed rule.
func (pr *parsedRule) leafOf(n *node) **leaf {
	if pr.slash {
		return &n.slash
	}
	return &n.leaf
}

// insertNodes returns the node of a parsed rule, creating nodes from where
// the existing ones end (n after k steps, as returned by walk: the steps
// from k on have no node yet).
func (t *table) insertNodes(pr *parsedRule, n *node, k int) *node {
	for ; k < len(pr.segs); k++ {
		if sg := pr.segs[k]; sg.pat == nil {
			n = n.newStatic(sg.lit, &t.allocs)
		} else {
			n = n.newDynamic(sg.pat, &t.allocs)
		}
	}
	if pr.tail != nil && k == len(pr.segs) {
		n = n.newDynamic(pr.tail, &t.allocs)
	}
	return n
}

// minor are the methods that, as in Werkzeug, do not make two rules
// conflict unless their method sets are equal: GET+OPTIONS beside
// POST+OPTIONS is fine (the first registered answers OPTIONS).
const minor = mHEAD | mOPTIONS

// conflict returns the route of l that rt would conflict with, if any.
func (l *leaf) conflict(rt *Route) *Route {
	if l == nil {
		return nil
	}
	for e := l.first(); e != nil; e = e.next {
		if e.Host() != rt.Host() {
			continue
		}
		if (e.serve&rt.serve)&^minor != 0 || e.serve == rt.serve && slices.Equal(e.others(), rt.others()) {
			return e
		}
		for _, m := range rt.others() {
			if e.hasMethod(m, 0) {
				return e
			}
		}
	}
	return nil
}

// addRoute appends rt to the leaf in slot and refreshes the summaries.
func (t *table) addRoute(slot **leaf, rt *Route) {
	l := *slot
	if l == nil {
		l = (*leaf)(rt)
		*slot = l
	} else {
		last := l.first()
		for last.next != nil {
			last = last.next
		}
		last.next = rt
	}
	sum := &l.sum
	if rt.Host() != "" || len(rt.others()) > 0 {
		sum.complex = true
	}
	if rt.Host() == "" {
		sum.serve |= rt.serve
		sum.claims |= rt.claim
	}
	sum.nonStrict = sum.nonStrict || !rt.strict
	t.allowFor(sum.serve)
}

// conflictError describes a conflict between a new rule and an old one.
func conflictError(rt, old *Route) error {
	return &RuleError{Rule: rt.path, Offset: -1, Err: &ConflictError{Refused: rt, Existing: old}}
}

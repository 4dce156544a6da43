package router

// The matching tree: a node stands between two segments. Static children
// are found by their text, dynamic children (a pattern each) are chained in
// precedence order, and a tail child takes the rest of the path. A node's
// leaf holds the rules ending there, its slash leaf those ending there with
// a '/'. Rules whose patterns have equal keys share nodes. Once frozen, a
// static edge may span a chain of segments (see settle).
//
//	/users/new          root -users-> n1 -new-> n2 (leaf)
//	/users/<int:id>     n1 =<int>=> n3 (leaf)
//	/users/<slug>/      n1 =<string>=> n4 (slash leaf)
//	/files/<path:p>     root -files-> n5 =T<path>=> n6 (leaf)
//	/api/v1/items       root -api/v1/items-> n7 (leaf), once frozen

import (
	"slices"
	"strings"
)

// smallFanout is the number of static children scanned linearly; a node
// with more keeps them in a map while rules are added, and sorted with a
// first-byte table once the router is frozen (see wide).
const smallFanout = 8

type node struct {
	// edges are the static children, up to smallFanout; past that they
	// all move to wide.index and edges keeps only the first, non-nil as
	// long as the node has static children, until freeze puts them all
	// back, sorted.
	edges []edge
	wide  *wide
	dyn   *node    // first dynamic child; the others follow by sib
	sib   *node    // next dynamic child of the parent
	pat   *pattern // set on dynamic children
	leaf  *leaf
	slash *leaf
}

// edge is a static child and its text: one segment, or once frozen a
// chain of them.
type edge struct {
	key  string
	node *node
}

// leaf is the list of the routes ending at a node, in registration order:
// its first route, which holds the summary, and the others chained by
// Route.next.
type leaf Route

// leafSum summarizes the routes of a leaf; only the first route's counts.
type leafSum struct {
	claims    uint16 // union of methods claimed by host-less routes
	complex   bool   // some route has a host or non-standard methods
	nonStrict bool   // some route has StrictSlashes false
}

func (l *leaf) first() *Route { return (*Route)(l) }

// slab hands out zero Ts from chunks of 7 to 255: keeps Register10k at 7%
// fewer instructions (callgrind) and 65k allocations instead of 90k, for 2%
// more heap. One less than a power of two leaves room for the 8-byte header
// of objects with pointers over 512 bytes, which would else push a chunk of
// 256 Routes (112 bytes) into the next size class.
type slab[T any] struct {
	free   []T
	chunks int
}

func (s *slab[T]) one() *T { return &s.take()[0] }

// take returns a slice of one zero T, of capacity 1.
func (s *slab[T]) take() []T {
	if len(s.free) == 0 {
		s.free = make([]T, 8<<min(s.chunks, 5)-1)
		s.chunks++
	}
	p := s.free[:1:1]
	s.free = s.free[1:]
	return p
}

// allocs are the slabs of a table.
type allocs struct {
	nodes  slab[node]
	routes slab[Route]
	edges  slab[edge] // the first edge of each node
}

// wide indexes the static children of a node with more than smallFanout.
// While rules are added they live in index; freeze sorts them into the
// node's edges by text and fills first, where the children whose text
// starts with byte b are edges[first[b]:first[b+1]] (an empty text counts
// below byte 0). GithubAll: 240.6k -> 232.4k instructions/op against the map.
// A node where more than smallFanout children share a first byte keeps the
// map: a binary search there cost +60% on BenchmarkScale/2000 (272.7k ->
// 436.6k instructions/op; the children are res0, res1, ...).
type wide struct {
	index map[string]*node
	first [257]uint32
}

// staticChild returns the static child whose text is the segment that
// rest begins with (rest holds no escape), and that text's length. Each
// edge is compared with rest directly (the text, then a '/' or the end) as
// radix routers do, so the segment's end is only looked for at a crowded
// node or a dynamic child (whole program, GOGC=off: GithubAll 232.4k ->
// 207.3k instructions/op with sortWide reaching nodes below dynamic ones,
// Scale/2000 269.3k -> 254.5k).
func (n *node) staticChild(rest string) (*node, int) {
	es := n.edges
	if w := n.wide; w != nil {
		if w.index != nil {
			i, _ := segmentEnd(rest)
			return w.index[rest[:i]], i
		}
		es = w.bucket(es, rest)
	}
	for i := range es {
		if k := es[i].key; len(k) <= len(rest) && (len(k) == len(rest) || rest[len(k)] == '/') && rest[:len(k)] == k {
			return es[i].node, len(k)
		}
	}
	return nil, 0
}

// escapedStatic is staticChild for a path holding a '%': texts are
// compared with the path decoded, where an escaped '/' matches no '/'. A
// wide node looks its first segment up decoded, in the map or in the
// bucket of its first byte, never scanning every child: that scan let
// "/res1%32/items/1" cost 238 µs against 20,000 children (45 ns
// unescaped), a denial of service growing with the table.
func (n *node) escapedStatic(rest string) (*node, int) {
	es := n.edges
	if w := n.wide; w != nil {
		i, _ := segmentEnd(rest)
		var buf [64]byte
		seg, ok := appendUnescaped(buf[:0], rest[:i])
		if !ok {
			return nil, 0 // no text holds a '/' or a malformed escape
		}
		if w.index != nil { // texts of one segment
			return w.index[string(seg)], i
		}
		es = w.bucket(es, string(seg[:min(len(seg), 1)]))
	}
	for _, e := range es {
		if j, ok := prefixEscaped(rest, e.key); ok && (j == len(rest) || rest[j] == '/') {
			return e.node, j
		}
	}
	return nil, 0
}

// bucket returns the sorted edges whose text starts like the segment seg
// begins with.
func (w *wide) bucket(es []edge, seg string) []edge {
	if seg == "" || seg[0] == '/' {
		return es[:w.first[0]]
	}
	return es[w.first[seg[0]]:w.first[int(seg[0])+1]]
}

// settle readies the subtree of n for matching once no rule can be added
// (freeze calls it): wide nodes are sorted, and a static child that holds
// nothing but one static child of its own is joined with it into one edge
// ("api" and "v1" become "api/v1"), so the walk compares both texts at
// once (Scale/2000, /api/v1/resN/items/<id>: 254.5k -> 230.9k
// instructions/op, whole program).
// Texts in a crowded map and empty texts stay single segments.
func (n *node) settle() {
	for _, c := range n.statics {
		c.settle()
	}
	for d := n.dyn; d != nil; d = d.sib {
		d.settle()
	}
	if !n.sortWide() {
		return
	}
	for i := range n.edges {
		e := &n.edges[i]
		if c := e.node; e.key != "" && c.leaf == nil && c.slash == nil && c.dyn == nil &&
			c.wide == nil && len(c.edges) == 1 && c.edges[0].key != "" {
			e.key, e.node = e.key+"/"+c.edges[0].key, c.edges[0].node
		}
	}
}

// sortWide moves the static children of a wide node from its map into
// edges, sorted, and fills the first-byte table. It reports whether the
// static children of n are in edges (false when the map stays).
func (n *node) sortWide() bool {
	w := n.wide
	if w == nil || w.index == nil {
		return true
	}
	var count [256]uint32
	for key := range w.index {
		if key == "" {
			w.first[0]++ // the empty text sorts first
		} else if count[key[0]]++; count[key[0]] > smallFanout {
			return false // a crowded first byte (res1, res2, ...): the map stays
		}
	}
	for b, c := range count {
		w.first[b+1] = w.first[b] + c
	}
	es := make([]edge, 0, len(w.index))
	for key, c := range w.index {
		es = append(es, edge{key: key, node: c})
	}
	slices.SortFunc(es, func(a, b edge) int { return strings.Compare(a.key, b.key) })
	n.edges, w.index = es, nil
	return true
}

// statics yields the static children and their texts (range over
// n.statics).
func (n *node) statics(yield func(string, *node) bool) {
	if n.wide != nil && n.wide.index != nil {
		for key, c := range n.wide.index {
			if !yield(key, c) {
				return
			}
		}
		return
	}
	for _, e := range n.edges {
		if !yield(e.key, e.node) {
			return
		}
	}
}

// child returns the child of n for a segment of a rule (static text, or a
// pattern), adding it when a is set.
func (n *node) child(lit string, p *pattern, a *allocs) *node {
	if p == nil {
		if c, _ := n.staticChild(lit); c != nil || a == nil {
			return c
		}
		c := a.nodes.one()
		if n.wide != nil {
			n.wide.index[lit] = c // rules are only added before sortWide
			return c
		}
		if n.edges == nil {
			n.edges = a.edges.take()[:0]
		}
		n.edges = append(n.edges, edge{key: lit, node: c})
		if len(n.edges) > smallFanout {
			n.wide = &wide{index: make(map[string]*node, len(n.edges))}
			for _, e := range n.edges {
				n.wide.index[e.key] = e.node
			}
			n.edges = slices.Clip(n.edges[:1])
		}
		return c
	}
	var after *node // the last child that p does not go before
	for c := n.dyn; c != nil; c = c.sib {
		if c.pat.key == p.key {
			return c
		}
		if !p.before(c.pat) {
			after = c
		}
	}
	if a == nil {
		return nil
	}
	d := a.nodes.one()
	d.pat = p
	if after == nil {
		d.sib, n.dyn = n.dyn, d
	} else {
		d.sib, after.sib = after.sib, d
	}
	return d
}

// leafSlot returns the leaf slot of a parsed rule, adding the nodes it
// lacks.
func (t *table) leafSlot(pr *parsedRule) **leaf {
	n := &t.root
	for _, sg := range pr.segs {
		n = n.child(sg.lit, sg.pat, &t.allocs)
	}
	if pr.tail != nil {
		n = n.child("", pr.tail, &t.allocs)
	}
	if pr.slash {
		return &n.slash
	}
	return &n.leaf
}

// minor are the methods that, as in Werkzeug, do not make two rules
// conflict unless their method sets are equal: GET+OPTIONS beside
// POST+OPTIONS is fine (the first registered answers OPTIONS).
const minor = mHEAD | mOPTIONS

// conflict returns the route of l that rt would conflict with, if any.
func (l *leaf) conflict(rt *Route) *Route {
	for e := (*Route)(l); e != nil; e = e.next {
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

// addRoute appends rt to the leaf in slot and refreshes the summary.
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
	sum.complex = sum.complex || rt.Host() != "" || len(rt.others()) > 0
	if rt.Host() == "" {
		sum.claims |= rt.claims()
	}
	sum.nonStrict = sum.nonStrict || !rt.strict
	t.allowFor(withHead(sum.claims))
}

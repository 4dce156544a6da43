package router

// The matching tree. Each node stands for a position between segments.
// Static children are found by exact segment text (a slice scanned
// linearly, or a map beyond smallFanout children); dynamic children hold a
// pattern and are kept in precedence order; a tail child consumes the rest of
// the path. A node's leaf holds the rules ending there, its slash leaf the
// rules ending there with a trailing '/'.
//
//	/users/new          root -users-> n1 -new-> n2 (leaf)
//	/users/<int:id>     n1 =<int>=> n3 (leaf)
//	/users/<slug>/      n1 =<string>=> n4 (slash leaf)
//	/files/<path:p>     root -files-> n5 =T<path>=> n6 (leaf)
//
// Rules whose patterns have equal keys share nodes; two rules reaching the
// same leaf conflict when their hosts are equal and their methods overlap.

import (
	"fmt"
	"strings"
)

const smallFanout = 8

type node struct {
	keys    []string // static children's segment texts, parallel to statics
	statics []*node
	index   map[string]*node // all static children, once there are many
	dyn     []*node          // dynamic children, in precedence order
	pat     *pattern         // set on dynamic children
	leaf    *leaf
	slash   *leaf
}

// leaf holds the routes ending at a node, in registration order.
type leaf struct {
	routes    []*Route
	serve     uint16 // union of methods served by host-less routes
	claims    uint16 // union of methods claimed by host-less routes
	complex   bool   // some route has a host or non-standard methods
	nonStrict bool   // some route has StrictSlashes false
	allow     string // Allow value for serve
}

// staticChild returns the static child for a segment without escapes.
func (n *node) staticChild(seg string) *node {
	if n.index != nil {
		return n.index[seg]
	}
	for i, k := range n.keys {
		if k == seg {
			return n.statics[i]
		}
	}
	return nil
}

// escapedChild returns the static child whose text equals seg decoded.
func (n *node) escapedChild(seg string) *node {
	for i, k := range n.keys {
		if equalEscaped(seg, k) {
			return n.statics[i]
		}
	}
	return nil
}

func (n *node) addStatic(seg string) *node {
	if c := n.staticChild(seg); c != nil {
		return c
	}
	c := &node{}
	n.keys = append(n.keys, seg)
	n.statics = append(n.statics, c)
	switch {
	case n.index != nil:
		n.index[seg] = c
	case len(n.keys) > smallFanout:
		n.index = make(map[string]*node, 2*len(n.keys))
		for i, k := range n.keys {
			n.index[k] = n.statics[i]
		}
	}
	return c
}

func (n *node) dynChild(p *pattern) *node {
	for _, d := range n.dyn {
		if d.pat.key == p.key {
			return d
		}
	}
	return nil
}

func (n *node) addDynamic(p *pattern) *node {
	if d := n.dynChild(p); d != nil {
		return d
	}
	d := &node{pat: p}
	i := len(n.dyn)
	for i > 0 && p.before(n.dyn[i-1].pat) {
		i--
	}
	n.dyn = append(n.dyn, nil)
	copy(n.dyn[i+1:], n.dyn[i:])
	n.dyn[i] = d
	return d
}

// findLeaf returns the existing leaf of a parsed rule, without creating
// nodes.
func (t *table) findLeaf(pr *parsedRule) *leaf {
	n := &t.root
	for _, sg := range pr.segs {
		if sg.pat == nil {
			n = n.staticChild(sg.lit)
		} else {
			n = n.dynChild(sg.pat)
		}
		if n == nil {
			return nil
		}
	}
	if pr.tail != nil {
		if n = n.dynChild(pr.tail); n == nil {
			return nil
		}
	}
	if pr.slash {
		return n.slash
	}
	return n.leaf
}

// insertLeaf returns the leaf of a parsed rule, creating nodes.
func (t *table) insertLeaf(pr *parsedRule) *leaf {
	n := &t.root
	for _, sg := range pr.segs {
		if sg.pat == nil {
			n = n.addStatic(sg.lit)
		} else {
			n = n.addDynamic(t.intern(sg.pat))
		}
	}
	if pr.tail != nil {
		n = n.addDynamic(t.intern(pr.tail))
	}
	p := &n.leaf
	if pr.slash {
		p = &n.slash
	}
	if *p == nil {
		*p = &leaf{}
	}
	return *p
}

// intern shares equal patterns between nodes.
func (t *table) intern(p *pattern) *pattern {
	if q := t.patterns[p.key]; q != nil {
		return q
	}
	t.patterns[p.key] = p
	return p
}

// conflict returns the route of l that rt would conflict with, if any.
func (l *leaf) conflict(rt *Route) *Route {
	if l == nil {
		return nil
	}
	for _, e := range l.routes {
		if e.host != rt.host {
			continue
		}
		if e.claim&rt.claim != 0 {
			return e
		}
		for _, m := range rt.other {
			if e.hasMethod(m, 0) {
				return e
			}
		}
	}
	return nil
}

// add appends rt to l and refreshes the summaries.
func (l *leaf) add(rt *Route, t *table) {
	l.routes = append(l.routes, rt)
	if rt.host != "" || len(rt.other) > 0 {
		l.complex = true
	}
	if rt.host == "" {
		l.serve |= rt.serve
		l.claims |= rt.claim
	}
	l.nonStrict = l.nonStrict || !rt.strict
	l.allow = t.allowFor(l.serve)
}

// conflictError describes a conflict between a new rule and an old one.
func conflictError(rt, old *Route) error {
	return &RuleError{Rule: rt.rule.Path, Offset: -1, Err: fmt.Errorf("%w: methods %s overlap with rule %q (endpoint %q, methods %s, host %q)",
		ErrConflict, strings.Join(rt.Methods(), ","), old.rule.Path, old.rule.Endpoint, strings.Join(old.Methods(), ","), old.host)}
}

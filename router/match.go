package router

// Matching walks the tree depth-first: at each node the static child for
// the segment is tried before the dynamic children (in precedence order),
// and a failed branch is undone, so "/users/new/x" still finds
// "/users/<slug>/x". A leaf that matches the path but not the method
// records its methods for Allow and the walk goes on, as in Werkzeug.
// Redirects are decided once the walk has failed or a rule asks for one.

import (
	"net/http"
	"net/url"
	"path"
	"strings"
)

// Match is the result of Lookup. It is meant to be reused: Lookup
// overwrites every field.
type Match struct {
	allowMore []string // non-standard methods seen, for Allow

	// Route is the matched route, or nil.
	Route *Route
	// Params holds the decoded parameters of Route, then its defaults.
	Params Params
	// Status is http.StatusOK when Route matched; 200 with a nil Route for
	// an automatic OPTIONS answer; http.StatusPermanentRedirect (308) with
	// Location for a redirect; 405 with Allow; 400 when a parameter would
	// decode to NUL or invalid UTF-8; otherwise 404.
	Status int
	// Location is the path-only target of a redirect (ServeHTTP appends the
	// request's query). It never begins with "//" or "/\".
	Location string
	// Host is, for a redirect to a rule of another host of the app, that
	// host: ServeMiss then answers with an absolute Location.
	Host string
	// Allow lists the methods of the path, as in "GET, HEAD, POST", for 405
	// and automatic OPTIONS answers.
	Allow string
}

// Err returns nil for a match or redirect, else ErrNotFound,
// ErrMethodNotAllowed or ErrBadRequest.
func (m *Match) Err() error {
	switch m.Status {
	case http.StatusOK, http.StatusPermanentRedirect:
		return nil
	case http.StatusMethodNotAllowed:
		return ErrMethodNotAllowed
	case http.StatusBadRequest:
		return ErrBadRequest
	}
	return ErrNotFound
}

// reset clears the result of m and sets its status and location.
func (m *Match) reset(status int, location string) {
	m.Route, m.Status, m.Location, m.Allow = nil, status, location, ""
	m.Params.rt, m.Params.n = nil, 0
}

// search is the state of one lookup.
type search struct {
	r        *Router
	t        *table
	m        *Match
	method   string
	pct      bool   // the path holds a '%'
	host     string // request host as given (only when some rule has one)
	n        int    // parameters captured
	route    *Route
	auto     *leaf  // automatic OPTIONS answer
	bit      uint16 // 0 for a non-standard method
	allow    uint16 // methods seen, for Allow
	redirect bool   // trailing-slash redirect
	bad      bool   // a parameter decoded to NUL or invalid UTF-8
	special  bool   // a pattern met a '%', NUL or non-ASCII byte
}

// Lookup matches a request and stores the result in m. escapedPath is the
// request path as sent (URL.EscapedPath()); "%2F" stays inside its segment
// except for slash-spanning converters, and parameters are decoded once.
// host is the request's Host. Lookup allocates nothing for a match without
// escaped parameters. The first call freezes the router.
func (r *Router) Lookup(method, host, escapedPath string, m *Match) {
	r.lookup(r.rules(), method, host, escapedPath, m, strings.IndexByte(escapedPath, '%') >= 0, true, nil)
}

// LookupURL is Lookup for a request URL: it routes on u.Path as it is when
// the request had no escape and the Path holds no '%' (it is then what the
// escaped path decodes to segment by segment), which saves re-escaping it,
// and on u.EscapedPath() otherwise. Router.ServeHTTP makes the same choice.
func (r *Router) LookupURL(method, host string, u *url.URL, m *Match) {
	t := r.rules()
	p, pct, unsure := u.Path, false, u
	if u.RawPath != "" {
		p, pct = escapedURLPath(u)
		unsure = nil
	}
	if rt, n := r.quickWalk(t, method, p, pct, m); rt != nil {
		m.Route, m.Status = rt, http.StatusOK
		m.Params.rt, m.Params.n = rt, n
		if m.Location != "" || m.Allow != "" || m.Host != "" {
			m.Location, m.Allow, m.Host = "", "", ""
		}
		return
	}
	r.lookup(t, method, host, p, m, pct, true, unsure)
}

// quickWalk is the plain match of lookup, for a table without hosts and a
// path p holding no escape (pct false): it returns the route the walk found
// when it has no extras and the walk met no '%', NUL or non-ASCII byte, and
// the number of values it stored in m.Params, which the caller completes.
// Else it returns nil and lookup, which walks again, gives the answer (a
// miss, a redirect, OPTIONS). It saves lookup's call, state and resets of
// what only a miss reads (whole program, callgrind: ParamRead 858 -> 822
// instructions/op, GithubAllRead 235.0k -> 228.7k, AppParamInt's int view
// 1,045 -> 1,009). Written out in ServeHTTP it counted 808 for ParamRead:
// under 2%, not worth a second copy.
func (r *Router) quickWalk(t *table, method, p string, pct bool, m *Match) (*Route, int) {
	if pct || t.hosted || p == "" || p[0] != '/' {
		return nil, 0
	}
	var s search
	s.r, s.t, s.m, s.method, s.bit = r, t, m, method, methodBit(method)
	if len(m.allowMore) > 0 {
		m.allowMore = m.allowMore[:0]
	}
	if !t.root.match(&s, p) || s.route == nil || s.route.extra != nil || s.special {
		return nil, 0
	}
	return s.route, s.n
}

// rules returns the frozen table, freezing the router on first use.
func (r *Router) rules() *table {
	if t := r.frozen.Load(); t != nil {
		return t
	}
	return r.freeze()
}

// escapedURLPath returns the path to route u on when its Path cannot be
// routed as it is (the request had an escape, or the Path holds a '%'):
// the escaped path, so that "%2F" stays inside its segment and parameters
// are decoded once, and whether it holds a '%'.
func escapedURLPath(u *url.URL) (string, bool) {
	p := u.EscapedPath()
	return p, strings.IndexByte(p, '%') >= 0
}

// lookup matches p; pct tells whether p holds a '%', clean allows a
// clean-path redirect. With unsure set, p is unsure.Path, not yet searched
// for a '%' (pct false): a plain match that met no '%' stands, and so does
// any other answer when p holds none; else the escaped path is routed
// (escapedURLPath). This saves ServeHTTP the search for '%' (whole program:
// GithubAll 205.2k -> 197.2k instructions/op, Param 775 -> 734, StaticAll
// 67.0k -> 59.6k).
func (r *Router) lookup(t *table, method, host, p string, m *Match, pct, clean bool, unsure *url.URL) {
	if p == "" {
		p = "/"
	}
	// Field by field: a composite literal is built aside, then copied.
	var s search
	s.r, s.t, s.m, s.method, s.bit, s.pct = r, t, m, method, methodBit(method), pct
	if t.hosted {
		s.host = host
	}
	m.Location, m.Allow, m.Host = "", "", ""
	if len(m.allowMore) > 0 {
		m.allowMore = m.allowMore[:0]
	}
	if p[0] == '/' && t.root.match(&s, p) {
		if rt := s.route; rt != nil && rt.extra == nil && !pct && !s.special {
			m.Route, m.Status = rt, http.StatusOK
			m.Params.rt, m.Params.n = rt, s.n
			return
		}
	}
	if unsure != nil && strings.IndexByte(p, '%') >= 0 {
		p, pct := escapedURLPath(unsure)
		r.lookup(t, method, host, p, m, pct, clean, nil)
		return
	}
	s.finish(p)
	miss := m.Status == http.StatusNotFound || m.Status == http.StatusBadRequest
	if m.Status == http.StatusNotFound && t.defaultSub != "" && t.foreignHost(host) {
		// Once: the default host may itself read as foreign (a ':' in
		// DefaultSubdomain "<int:s>" reads as a port), which recursed
		// until the stack overflowed.
		if def := t.defaultSub + "." + t.serverName; def != host {
			r.lookup(t, method, def, p, m, pct, clean, nil)
			return
		}
	}
	if miss && clean && r.RedirectCleanPath {
		if c := cleanPath(p); c != p {
			r.cleanRedirect(t, method, host, c, m)
		}
	}
	if pct && clean && m.Status != http.StatusNotFound && m.Status != http.StatusBadRequest {
		r.guardEncodedSlash(t, method, host, p, m)
	}
}

// guardEncodedSlash keeps a path holding an encoded slash ("%2F") from
// reaching another rule than its decoded form would: when the path with
// every %2F read as '/' routes somewhere (a match, a redirect, a 405) and
// not to the very route m matched, the answer is 404. A %2F that no other
// rule would see as a separator keeps its meaning (/items/a%2Fb still gives
// id "a/b" for /items/<id> when /items/a/b does not route). When both
// redirect, the answer is the decoded path's redirect, as Werkzeug's.
func (r *Router) guardEncodedSlash(t *table, method, host, p string, m *Match) {
	dp := strings.ReplaceAll(strings.ReplaceAll(p, "%2F", "/"), "%2f", "/")
	if dp == p {
		return
	}
	var d Match
	r.lookup(t, method, host, dp, &d, strings.IndexByte(dp, '%') >= 0, true, nil)
	switch {
	case d.Status == http.StatusNotFound || d.Status == http.StatusBadRequest || m.Route != nil && m.Route == d.Route:
	case m.Status == http.StatusPermanentRedirect && d.Status == m.Status:
		m.Location, m.Host = d.Location, d.Host
	default:
		m.reset(http.StatusNotFound, "")
	}
}

// cleanRedirect redirects to c, the clean form of the path, when it routes.
func (r *Router) cleanRedirect(t *table, method, host, c string, m *Match) {
	// The target is looked up as the client will send it: a '%' that
	// starts no escape becomes "%25" (Werkzeug redirects "/merge/%//path"
	// to "/merge/%25/path").
	c, orig := safeLocation(c), m.Status
	r.lookup(t, method, host, c, m, strings.IndexByte(c, '%') >= 0, false, nil)
	if m.Route != nil && !m.Route.merges() {
		m.Status = http.StatusNotFound // MergeSlashes false: no redirect to it
	}
	switch m.Status {
	case http.StatusOK, http.StatusMethodNotAllowed:
		m.reset(http.StatusPermanentRedirect, c)
	case http.StatusPermanentRedirect:
		m.reset(http.StatusPermanentRedirect, m.Location)
	default:
		m.reset(orig, "")
	}
}

// cleanPath removes empty, "." and ".." segments, keeping a trailing slash
// when p ends with one; it returns p itself when p is clean.
func cleanPath(p string) string {
	c := path.Clean(p)
	if c != "/" && strings.HasSuffix(p, "/") {
		if len(p) == len(c)+1 && strings.HasPrefix(p, c) {
			return p
		}
		c += "/"
	}
	return c
}

// quick returns the route of a simple leaf (no hosts, no non-standard
// methods) claiming the method bit, with HEAD falling back to GET.
func (l *leaf) quick(bit uint16) *Route {
	if bit == mHEAD && l.sum.claims&mHEAD == 0 {
		bit = mGET
	}
	if l.sum.claims&bit != 0 {
		for rt := l.first(); rt != nil; rt = rt.next {
			if rt.claims()&bit != 0 {
				return rt
			}
		}
	}
	return nil
}

// find returns the route of l serving the request, or nil: rules for the
// host and port first, then for the host, then for a host with
// parameters, then for any host; at each, HEAD falls back to GET. With
// nonStrict, rules with strict slashes are skipped.
func (l *leaf) find(s *search, nonStrict bool) *Route {
	if !l.sum.complex && !nonStrict {
		return l.quick(s.bit)
	}
	var best *Route
	rank := 8
	for rt := l.first(); rt != nil; rt = rt.next {
		r := 2 * hostPass(rt)
		if !rt.hasMethod(s.method, s.bit) {
			if r++; s.bit != mHEAD || rt.claims()&mGET == 0 {
				continue
			}
		}
		if r < rank && !(nonStrict && rt.strict) && (rt.Host() == "" || rt.matchHost(s.host, nil, 0)) {
			best, rank = rt, r
		}
	}
	return best
}

// hostPass ranks a route for find: 0 with host and port, 1 with host, 2
// with a host with parameters, 3 for any host.
func hostPass(rt *Route) int {
	switch {
	case rt.Host() == "":
		return 3
	case rt.extra.hostParts != nil:
		return 2
	case rt.extra.hostPort:
		return 0
	}
	return 1
}

// served returns the methods of l's routes for the request host, and
// whether there is any such route.
func (l *leaf) served(s *search, nonStrict bool) (mask uint16, more []string, found bool) {
	for rt := l.first(); rt != nil; rt = rt.next {
		if !(nonStrict && rt.strict) && (rt.Host() == "" || rt.matchHost(s.host, nil, 0)) {
			found = true
			mask |= rt.serve
			more = append(more, rt.others()...)
		}
	}
	return mask, more, found
}

// pick tries the routes of l; on a method mismatch it records l's methods
// for Allow (or answers OPTIONS automatically).
func (s *search) pick(l *leaf, nonStrict bool) bool {
	if l == nil {
		return false
	}
	if rt := l.find(s, nonStrict); rt != nil {
		s.route = rt
		return true
	}
	mask, more, found := l.served(s, nonStrict)
	if found && s.bit == mOPTIONS && s.r.HandleOPTIONS {
		s.auto = l
		return true
	}
	s.allow |= mask
	s.m.allowMore = append(s.m.allowMore, more...)
	return false
}

// trySlash handles a path that ends where rules with a trailing slash end:
// a non-strict rule serving the method matches, a strict one asks for a
// redirect (as does OPTIONS when only strict rules are there).
func (s *search) trySlash(l *leaf) bool {
	if l == nil {
		return false
	}
	if rt := l.find(s, false); rt != nil && !rt.strict {
		s.route = rt
		return true
	} else if rt == nil {
		if _, _, found := l.served(s, false); !found || s.bit != mOPTIONS || !s.r.HandleOPTIONS {
			return false
		} else if l.sum.nonStrict {
			s.auto = l
			return true
		}
	}
	s.redirect = s.r.RedirectTrailingSlash
	return s.redirect
}

// match walks the subtree of n for rest, which is "" or starts with '/'.
// It returns true when the search is over (match, automatic OPTIONS or
// redirect). A failed call leaves the parameter count as it found it.
// An empty segment only matches the empty segment of a rule added with
// MergeSlashes false. A dynamic child of one plain converter, the common
// case, is tried inline; where the walk has one way on (the only static
// child of a node without dynamic ones, or the last dynamic child) it
// loops instead of calling itself, and a simple leaf serving the method
// ends it without a call (Param: 715 -> 701 instructions).
func (n *node) match(s *search, rest string) bool {
	n0 := s.n
walk:
	for len(rest) > 1 {
		rest = rest[1:]
		if n.edges != nil {
			c, i := n.staticChild(rest)
			if s.pct {
				c, i = n.escapedStatic(rest)
			}
			if n.dyn == nil && c != nil {
				n, rest = c, rest[i:]
				continue
			}
			if c != nil && c.match(s, rest[i:]) {
				return true
			}
		}
		i, special := segmentEnd(rest)
		if i == 0 { // an empty segment only matches a static one
			n = nil
			break
		}
		seg, next := rest[:i], rest[i:]
		for d := n.dyn; d != nil; d = d.sib {
			if p := d.pat; p.single && !p.tail && !special {
				ci := p.pieces[0].ci
				if len(seg) <= 2 && isDotSegment(seg) || !ci.fast && !s.check(ci, seg) {
					continue
				}
				s.m.Params.setValue(s.n, seg)
				if s.n++; d.sib == nil {
					n, rest = d, next
					continue walk
				}
				if d.match(s, next) {
					return true
				}
				s.n--
			} else if s.matchOther(d, seg, rest, next, special) {
				return true
			}
		}
		n = nil // no way on
		break
	}
	if n != nil && rest == "" && n.leaf != nil && !n.leaf.sum.complex {
		if rt := n.leaf.quick(s.bit); rt != nil {
			s.route = rt
			return true
		}
	}
	if n != nil && n.end(s, rest) {
		return true
	}
	s.n = n0
	return false
}

// end resolves a path ending at n (rest is "" or "/") that no simple leaf
// serves: the leaf and slash leaf rules, or a trailing-slash redirect.
func (n *node) end(s *search, rest string) bool {
	if rest == "" {
		return s.pick(n.leaf, false) || s.trySlash(n.slash)
	}
	return s.pick(n.slash, false) || s.pick(n.leaf, true)
}

// matchOther tries a dynamic child that is not one plain converter: a
// tail pattern takes the rest of the path, others are cut by split.
func (s *search) matchOther(d *node, seg, rest, next string, special bool) bool {
	if d.pat.tail {
		return s.matchTail(d, rest)
	}
	n0 := s.n
	if s.matchPieces(d.pat.pieces, seg, special) && d.match(s, next) {
		return true
	}
	s.n = n0
	return false
}

// segmentEnd returns the length of the first segment of s (up to the first
// '/') and whether it holds a '%', a NUL or a non-ASCII byte.
func segmentEnd(s string) (int, bool) {
	i := 0
	for i < len(s) && charClass[s[i]]&classPlain != 0 {
		i++
	}
	if i == len(s) || s[i] == '/' {
		return i, false
	}
	for i < len(s) && s[i] != '/' {
		i++
	}
	return i, true
}

// hasSpecial reports whether s holds a '%', a NUL or a non-ASCII byte.
func hasSpecial(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c-1 >= 0x7f || c == '%' {
			return true
		}
	}
	return false
}

// matchTail matches a tail pattern against the rest of the path.
func (s *search) matchTail(d *node, full string) bool {
	text, n0, p := strings.TrimSuffix(full, "/"), s.n, d.pat
	if s.matchPieces(p.pieces, text, hasSpecial(text)) {
		if text == full {
			if s.pick(d.leaf, false) || s.trySlash(d.slash) {
				return true
			}
		} else if s.pick(d.slash, false) {
			return true
		} else if last := p.pieces[len(p.pieces)-1].ci; s.pick(d.leaf, last == nil || !last.slash) {
			s.keepSlash(last, full)
			return true
		}
	}
	s.n = n0
	return false
}

// matchPieces matches the pieces of a pattern against raw (special when it
// holds a '%', NUL or non-ASCII byte): split finds the cut in linear time,
// then each parameter is checked once.
func (s *search) matchPieces(ps []piece, raw string, special bool) bool {
	s.special = s.special || special
	if len(ps) == 1 {
		return s.capture(&ps[0], raw, special)
	}
	var buf [16]int32
	starts := buf[:]
	if len(ps) >= len(buf) {
		starts = make([]int32, len(ps)+1)
	}
	if found, _ := split(ps, raw, starts); !found {
		return false
	}
	n0 := s.n
	for i := range ps {
		if ps[i].ci == nil {
			continue
		}
		if v := raw[starts[i]:starts[i+1]]; !s.capture(&ps[i], v, hasSpecial(v)) {
			s.n = n0
			return false
		}
	}
	return true
}

// capture decodes raw, checks it with the converter and stores it.
func (s *search) capture(pc *piece, raw string, special bool) bool {
	v := raw
	if special {
		var ok bool
		if v, ok = decodeParam(raw); !ok {
			s.bad = true
			return false
		}
	}
	ci := pc.ci
	if ci.slash {
		if !validPathValue(v) {
			return false
		}
	} else if v == "" || len(v) <= 2 && isDotSegment(v) {
		return false
	}
	if !ci.fast && !s.check(ci, v) {
		return false
	}
	s.m.Params.setValue(s.n, v)
	s.n++
	return true
}

// check reports whether the converter of ci accepts v, the value of slot
// s.n; the built-in int converter's number is kept for Params.IntAt.
func (s *search) check(ci *convInfo, v string) bool {
	if b := ci.int; b != nil {
		n, ok := b.parseInt(v)
		s.m.Params.setInt(s.n, n)
		return ok
	}
	return ci.conv.Match(v)
}

// keepSlash gives the trailing slash of the path to the last parameter of
// the matched rule when that one (ci) spans slashes, as Werkzeug does
// ("/<path:p>" matches "/any/" with p "any/"). full is the tail text.
func (s *search) keepSlash(ci *convInfo, full string) {
	if ci == nil || !ci.slash || s.route == nil {
		return
	}
	v, text := s.m.Params.value(s.n-1), full[:len(full)-1]
	if strings.HasSuffix(text, v) {
		v = full[len(text)-len(v):] // the same bytes, one longer: no copy
	} else {
		v += "/"
	}
	s.m.Params.setValue(s.n-1, v)
}

// finish fills the Match from the search state.
func (s *search) finish(p string) {
	m := s.m
	m.reset(http.StatusNotFound, "")
	switch {
	case s.route != nil:
		s.matched()
	case s.auto != nil:
		mask, more, _ := s.auto.served(s, false)
		m.Status, m.Allow = http.StatusOK, s.allowValue(mask, more)
	case s.redirect:
		m.Status, m.Location = http.StatusPermanentRedirect, safeLocation(p+"/")
	case (s.allow != 0 || len(m.allowMore) > 0) && s.r.HandleMethodNotAllowed:
		m.Status, m.Allow = http.StatusMethodNotAllowed, s.allowValue(s.allow, m.allowMore)
	case s.bad:
		m.Status = http.StatusBadRequest
	}
}

// allowValue renders Allow, from the cache when it can.
func (s *search) allowValue(mask uint16, more []string) string {
	if v, ok := s.t.allows[mask]; ok && len(more) == 0 {
		return v
	}
	return allowValue(mask, more)
}

// matched fills the parameters of a matched route and applies its
// redirects.
func (s *search) matched() {
	m, rt := s.m, s.route
	m.Route, m.Status = rt, http.StatusOK
	ps := &m.Params
	ps.rt, ps.n = rt, s.n
	x := rt.extra
	if x == nil {
		return
	}
	if x.hostParts != nil {
		rt.matchHost(s.host, ps, s.n)
		ps.n = len(rt.params)
	}
	loc, host, ok := "", "", false
	if len(x.sources) > 0 && s.r.RedirectDefaults {
		loc, host, ok = rt.defaultRedirect(s.method, s.host, ps)
	}
	if !ok && x.redirect != nil {
		loc, host, ok = rt.redirectLocation(ps), "", true
	}
	if !ok && x.rule.Alias && s.r.RedirectDefaults {
		loc, host, ok = s.t.aliasLocation(rt, s.method, s.host, ps)
	}
	if ok {
		m.Status, m.Location, m.Host = http.StatusPermanentRedirect, loc, host
	}
}

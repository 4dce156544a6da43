package router

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Router matches requests against Werkzeug-style rules and builds URLs
// from endpoints. Create it with New, register rules with Add (or Handle),
// then serve: the first Lookup or ServeHTTP freezes the rule set, and any
// later Add or AddConverter fails with ErrServing. Once frozen, a Router
// is safe for concurrent use; the settings below must not change then. The
// zero Router works but has every setting off.
type Router struct {
	// RedirectTrailingSlash answers a URL lacking the trailing slash of a
	// strict rule (one ending in '/') with a 308 redirect to the slashed
	// URL, as Werkzeug does; when false such URLs are not found. Default
	// true.
	RedirectTrailingSlash bool

	// RedirectCleanPath answers a path with "." or ".." segments or
	// repeated slashes, which never matches a rule, with a 308 redirect to
	// its cleaned form when that form is routable. Default true.
	RedirectCleanPath bool

	// RedirectDefaults redirects the URL of a rule to the URL of an
	// earlier-built rule of the same endpoint whose defaults hold the
	// matched values (Werkzeug's redirect_defaults), e.g. "/page/1" to
	// "/page/" when "/page/" has Defaults{"page": 1}. Default true.
	RedirectDefaults bool

	// HandleOPTIONS answers OPTIONS for a path that has rules but no
	// OPTIONS rule with 200 and an Allow header. When false such requests
	// are treated like any other unserved method. Default true.
	HandleOPTIONS bool

	// HandleMethodNotAllowed answers a path that has rules, none for the
	// request method, with 405 and an Allow header; when false with 404.
	// Default true.
	HandleMethodNotAllowed bool

	// ServerName is the host (with port, if any; 80 and 443 count as none)
	// that Rule.Subdomain is relative to, as in "example.com". Rules with a
	// Subdomain need it.
	ServerName string

	// DefaultSubdomain is the Subdomain of the rules given neither Host nor
	// Subdomain (Werkzeug's Map default_subdomain); it needs ServerName.
	// With "www", such rules serve "www.example.com" only, and a request
	// for a host outside ServerName (reached by address or another name)
	// that nothing else serves is matched as if for that subdomain. A rule
	// for the bare server name sets Host to ServerName.
	DefaultSubdomain string

	// NotFound, MethodNotAllowed and BadRequest replace the plain-text
	// 404, 405 (the Allow header is set before it runs) and 400 (a
	// parameter decoding to NUL or invalid UTF-8) responses of ServeHTTP.
	NotFound, MethodNotAllowed, BadRequest http.Handler

	mu     sync.Mutex
	t      *table // guarded by mu until frozen
	frozen atomic.Pointer[table]
	pool   sync.Pool // *Match for ServeHTTP
}

// table holds the rules. It is mutated under Router.mu until frozen, then
// only read.
type table struct {
	root       node
	static     map[string]*leaf    // fully static rules by path, built by freeze
	staticBits [32]uint64          // filter over static paths, see staticSlot
	nstatic    int                 // number of leaves of fully static rules
	routes     []*Route            // registration order
	endpoints  map[string][]*Route // see endpointIndex
	indexed    sync.Once           // builds endpoints
	parser     parser
	segs       []ruleSeg // the segments of the rule being added
	allows     map[uint16]string
	hosted     bool   // some rule has a Host
	serverName string // Router.ServerName, for Rule.Subdomain
	defaultSub string // Router.DefaultSubdomain
	defaults   bool   // some rule has Defaults
	noParams   Params // handed to HandlerFuncs of parameterless routes
	allocs     allocs
}

// staticSlot hashes a path into the static filter (2,048 bits) from its
// length, second byte and last byte. With 512 bits, 20 of GithubAll's 167
// requests for dynamic paths passed the filter and paid a failed map
// lookup; with 2,048, one does (GithubAll: 196.8k -> 194.3k instructions
// per op, whole program, GOGC=off).
func staticSlot(p string) uint {
	n := uint(len(p))
	return (n*131 + uint(p[n-1])*7 + uint(p[min(1, n-1)])) & 2047
}

// maybeStatic reports whether p may be the path of a fully static rule.
func (t *table) maybeStatic(p string) bool {
	i := staticSlot(p)
	return t.staticBits[i>>6]&(1<<(i&63)) != 0
}

// New returns a Router with the built-in converters (default, string, str,
// int, float, path, uuid, any) and every setting at its default.
func New() *Router {
	return &Router{
		RedirectTrailingSlash:  true,
		RedirectCleanPath:      true,
		RedirectDefaults:       true,
		HandleOPTIONS:          true,
		HandleMethodNotAllowed: true,
	}
}

// mutable returns the registration table; r.mu must be held.
func (r *Router) mutable() *table {
	if r.t == nil {
		r.t = &table{
			parser: parser{convs: builtinConverters(), cache: make(map[string]*convInfo)},
			allows: make(map[uint16]string),
		}
	}
	return r.t
}

// freeze publishes the table for lock-free matching.
func (r *Router) freeze() *table {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t := r.frozen.Load(); t != nil {
		return t
	}
	t := r.mutable()
	t.routes = slices.Clone(t.routes) // drops the spare capacity
	t.static = make(map[string]*leaf, t.nstatic)
	t.root.settle()
	t.indexStatic(&t.root)
	t.linkDefaults()
	r.frozen.Store(t)
	return t
}

// indexStatic enters the leaves of n and of its static descendants, which
// hold fully static rules, in the map and filter of static paths.
func (t *table) indexStatic(n *node) {
	for _, l := range [2]*leaf{n.leaf, n.slash} {
		if l != nil {
			t.static[l.path] = l // the rules of a static leaf share their text
			i := staticSlot(l.path)
			t.staticBits[i>>6] |= 1 << (i & 63)
		}
	}
	for _, c := range n.statics {
		t.indexStatic(c)
	}
}

// view runs f on the table, locking while registration is still open.
func (r *Router) view(f func(t *table)) {
	if t := r.frozen.Load(); t != nil {
		f(t)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	f(r.mutable())
}

// AddConverter registers (or replaces) a converter for rules added later.
func (r *Router) AddConverter(name string, f ConverterFactory) error {
	if scanIdent(name, 0) != len(name) || name == "" {
		return fmt.Errorf("fwk: converter name %q: %w: not an identifier", name, ErrBadRule)
	}
	if f == nil {
		return fmt.Errorf("fwk: converter %q: %w: nil factory", name, ErrBadRule)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.frozen.Load() != nil {
		return fmt.Errorf("fwk: converter %q: %w", name, ErrServing)
	}
	p := &r.mutable().parser
	p.convs[name] = f
	clear(p.cache) // spellings may now mean another converter
	return nil
}

// Add parses and validates a rule, checks it against the rules already
// added, and inserts it. Errors are *RuleError values naming the rule (and,
// for ErrConflict, the other rule).
func (r *Router) Add(rule Rule) (*Route, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.frozen.Load() != nil {
		return nil, &RuleError{Rule: rule.Path, Offset: -1, Err: ErrServing}
	}
	t := r.mutable()
	// Werkzeug drops the scheme's default port from the server name too.
	t.serverName = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(r.ServerName), ":80"), ":443")
	t.defaultSub = r.DefaultSubdomain
	rt, pr, err := t.newRoute(rule)
	if err != nil {
		return nil, err
	}
	if !rule.BuildOnly {
		slot := t.leafSlot(&pr)
		if old := (*slot).conflict(rt); old != nil {
			return nil, &RuleError{Rule: rt.path, Offset: -1, Err: &ConflictError{Refused: rt, Existing: old}}
		}
		t.addRoute(slot, rt)
		if len(pr.params) == 0 && *slot == (*leaf)(rt) {
			t.nstatic++
		}
		t.hosted = t.hosted || rt.Host() != ""
	}
	t.routes = append(t.routes, rt)
	if rule.Endpoint != "" && t.endpoints != nil {
		t.addEndpoint(rt, len(t.routes)-1)
	}
	t.defaults = t.defaults || len(rule.Defaults) > 0
	return rt, nil
}

// Handle adds a rule serving one method with h and no endpoint.
func (r *Router) Handle(method, path string, h http.Handler) error {
	_, err := r.Add(Rule{Path: path, Methods: []string{method}, Handler: h})
	return err
}

// Routes returns the routes in registration order.
func (r *Router) Routes() []*Route {
	var out []*Route
	r.view(func(t *table) { out = append(out, t.routes...) })
	return out
}

// RoutesFor returns the routes of an endpoint in registration order.
func (r *Router) RoutesFor(endpoint string) []*Route {
	return slices.DeleteFunc(r.Routes(), func(rt *Route) bool { return rt.endpoint != endpoint || endpoint == "" })
}

// newRoute validates a rule and compiles everything but its tree position.
// The segments of the result live in t.segs, reused by the next rule.
func (t *table) newRoute(rule Rule) (*Route, parsedRule, error) {
	// Parsed as given first, so that errors point into the text as given.
	path := rule.Path
	pr, rerr := t.parser.parse(path, t.segs)
	if rerr == nil && (rule.MergeSlashes == nil || *rule.MergeSlashes) && strings.Contains(path, "//") {
		path = mergeSlashes(path)
		pr, rerr = t.parser.parse(path, t.segs)
	}
	if rerr != nil {
		return nil, pr, rerr
	}
	t.segs = pr.segs
	rt := t.allocs.routes.one()
	*rt = Route{
		path:     path,
		endpoint: rule.Endpoint,
		handler:  rule.Handler,
		data:     rule.Data,
		params:   pr.params,
		strict:   rule.StrictSlashes == nil || *rule.StrictSlashes,
	}
	if err := t.configure(rt, &rule, pr.escape); err != nil {
		return nil, pr, err
	}
	return rt, pr, nil
}

// configure sets what a rule adds to its path: methods, host, defaults,
// redirect, and keeps the rule when it has any of them.
func (t *table) configure(rt *Route, rule *Rule, escape bool) error {
	kept, err := rt.setMethods(rule.Methods)
	if err != nil {
		return err
	}
	host, err := t.ruleHost(rule)
	if err != nil {
		return err
	}
	if kept != nil || escape || host != "" || len(rule.Defaults) > 0 || rule.RedirectTo != "" ||
		rule.StrictSlashes != nil || rule.MergeSlashes != nil || rule.Alias || rule.BuildOnly {
		x := rt.ext()
		x.rule, x.escape = *rule, escape
		x.rule.Methods, x.rule.Host, x.rule.Subdomain = kept, host, ""
		x.rule.Defaults = maps.Clone(rule.Defaults) // the caller may change its map
	}
	if host != "" {
		err = rt.setHost(&t.parser, host)
	}
	if err == nil && len(rule.Defaults) > 0 {
		err = rt.setDefaults(rule.Defaults)
	}
	if err == nil && rule.RedirectTo != "" {
		err = rt.setRedirect(&t.parser, rule.RedirectTo)
	}
	return err
}

// setMethods derives the method mask and the non-standard methods from
// Rule.Methods. It returns the list upper-cased when the mask does not give
// it back: when it has a non-standard method, a repeat, HEAD beside GET or
// another order.
func (rt *Route) setMethods(ms []string) ([]string, error) {
	rt.listed, rt.serve = len(ms) > 0, mGET|mHEAD
	if len(ms) == 0 {
		return nil, nil
	}
	keep, claim, others := false, uint16(0), []string(nil)
	for i, m := range ms {
		bit := methodBit(m)
		if bit == 0 { // kept upper-cased: not a standard name as given
			if !isToken(m) {
				return nil, ruleErr(rt.path, -1, ErrBadRule, "method %q is not a token", m)
			}
			up := strings.ToUpper(m)
			if bit = methodBit(up); bit == 0 && !slices.Contains(others, up) {
				others = append(others, up)
			}
			keep = true
		}
		keep = keep || i > 0 && ms[i-1] >= m
		claim |= bit
	}
	rt.serve = withHead(claim) // HEAD listed beside GET is implied, not claimed
	if others != nil {
		slices.Sort(others)
		rt.ext().others = others
	}
	if !keep && claim&(mGET|mHEAD) != mGET|mHEAD {
		return nil, nil
	}
	kept := make([]string, len(ms))
	for i, m := range ms {
		kept[i] = strings.ToUpper(m)
	}
	return kept, nil
}

// mergeSlashes collapses runs of '/' in a rule's path outside its
// parameters ("/yes//merge" becomes "/yes/merge", as Werkzeug's
// merge_slashes does).
func mergeSlashes(p string) string {
	b := make([]byte, 0, len(p))
	inParam := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '<':
			inParam = true
		case c == '>':
			inParam = false
		case c == '/' && !inParam && len(b) > 0 && b[len(b)-1] == '/':
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

// ruleHost returns the host of a rule: Host, or Subdomain (else
// Router.DefaultSubdomain) under the server name.
func (t *table) ruleHost(rule *Rule) (string, error) {
	sub, what := rule.Subdomain, "Subdomain"
	if sub == "" && rule.Host == "" {
		sub, what = t.defaultSub, "Router.DefaultSubdomain"
	}
	switch {
	case sub == "":
		return rule.Host, nil
	case rule.Host != "":
		return "", ruleErr(rule.Path, -1, ErrBadRule, "both Host %q and Subdomain %q", rule.Host, rule.Subdomain)
	case t.serverName == "":
		return "", ruleErr(rule.Path, -1, ErrBadRule, "%s %q without Router.ServerName", what, sub)
	}
	return sub + "." + t.serverName, nil
}

// setDefaults keeps Rule.Defaults and their text, sorted by key.
func (rt *Route) setDefaults(defaults map[string]any) error {
	x := rt.ext()
	for k, v := range defaults {
		s, ok := scalarText(v)
		if !ok && v != nil {
			s = fmt.Sprint(v)
		}
		x.defaults = append(x.defaults, Param{Key: k, Value: s})
	}
	slices.SortFunc(x.defaults, func(a, b Param) int { return strings.Compare(a.Key, b.Key) })
	for _, d := range x.defaults {
		if d.Key == "" || rt.Converter(d.Key) != nil {
			return ruleErr(rt.path, -1, ErrBadRule, "default %q names a path parameter (or is empty)", d.Key)
		}
	}
	return nil
}

func (rt *Route) setRedirect(p *parser, target string) error {
	pr, rerr := p.parse(target, nil)
	if rerr != nil {
		return &RuleError{Rule: rt.path, Offset: -1, Err: fmt.Errorf("redirect target: %w", rerr)}
	}
	for _, pi := range pr.params {
		if rt.Converter(pi.name) == nil && !rt.hasDefault(pi.name) {
			return ruleErr(rt.path, -1, ErrBadRule, "redirect target %q uses unknown parameter %q", target, pi.name)
		}
	}
	rt.ext().redirect = &parsedRule{params: pr.params, escape: pr.escape}
	return nil
}

// allowFor returns the cached Allow value of a method mask, computing it
// while registration is open.
func (t *table) allowFor(mask uint16) string {
	if s, ok := t.allows[mask]; ok {
		return s
	}
	s := allowValue(mask, nil)
	t.allows[mask] = s
	return s
}

// endpointIndex returns the routes of each endpoint in build order. It is
// built when first needed (a Build, or the freeze when some rule has
// defaults), then kept up to date by Add, so that routers that never build
// do not hold it; the table must be locked or frozen.
func (t *table) endpointIndex() map[string][]*Route {
	t.indexed.Do(func() {
		t.endpoints = make(map[string][]*Route, len(t.routes))
		for i, rt := range t.routes {
			if rt.endpoint != "" {
				t.addEndpoint(rt, i)
			}
		}
	})
	return t.endpoints
}

// addEndpoint enters rt, at position i of t.routes, in its endpoint's build
// order: aliases last, then rules with more arguments (parameters plus
// defaults) first, then more defaults, then registration order (Werkzeug's
// build_compare_key). The list of a lone route is a slice of t.routes.
func (t *table) addEndpoint(rt *Route, i int) {
	list := t.endpoints[rt.endpoint]
	if list == nil {
		t.endpoints[rt.endpoint] = t.routes[i : i+1 : i+1]
		return
	}
	j := len(list)
	for j > 0 && buildsBefore(rt, list[j-1]) {
		j--
	}
	t.endpoints[rt.endpoint] = slices.Insert(list, j, rt) // a lone route's list (cap 1) is copied out of t.routes
}

func buildsBefore(a, b *Route) bool {
	if a.isAlias() != b.isAlias() {
		return b.isAlias()
	}
	if na, nb := a.nargs(), b.nargs(); na != nb {
		return na > nb
	}
	return len(a.defs()) > len(b.defs())
}

// linkDefaults finds, for each matchable rule, the rules that come before it
// in build order, share its endpoint and arguments and carry defaults: a
// match of the rule whose values agree with such defaults is redirected.
func (t *table) linkDefaults() {
	if !t.defaults {
		return
	}
	t.endpointIndex()
	for _, list := range t.endpoints {
		for i, rt := range list {
			for _, s := range list[:i] {
				if !rt.isBuildOnly() && !s.isBuildOnly() && len(s.defs()) > 0 && sameArgs(s, rt) {
					rt.ext().sources = append(rt.ext().sources, s)
				}
			}
		}
	}
}

// sameArgs reports whether a and b have the same parameter and default
// names.
func sameArgs(a, b *Route) bool {
	for _, p := range a.params {
		if !b.isArg(p.name) {
			return false
		}
	}
	for _, d := range a.defs() {
		if !b.isArg(d.Key) {
			return false
		}
	}
	return a.nargs() == b.nargs()
}

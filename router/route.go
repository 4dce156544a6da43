package router

import (
	"maps"
	"net/http"
	"slices"
	"strings"
)

// Rule describes one route for Router.Add.
type Rule struct {
	// Path is a Werkzeug rule such as "/users/<int:id>".
	Path string
	// Endpoint names the rule for URL building; several rules may share
	// one. Rules with an empty endpoint cannot be built.
	Endpoint string
	// Methods lists the HTTP methods served; nil or empty means GET. GET
	// implies HEAD. Methods are RFC 7230 tokens; ASCII letters are
	// upper-cased when added, and requests match them exactly.
	Methods []string
	// Defaults gives values for parameters the path does not have, which
	// follow the path parameters in Match.Params, as text. Building picks
	// a rule with defaults only if the given values agree with them; see
	// Router.RedirectDefaults for matching.
	Defaults map[string]any
	// StrictSlashes, when nil or true, makes a rule ending in '/' answer the
	// slash-less URL with a 308 redirect (when Router.RedirectTrailingSlash
	// is set). False makes the rule match with or without the trailing
	// slash, without redirect.
	StrictSlashes *bool
	// MergeSlashes, when nil or true, collapses repeated slashes in Path
	// ("/yes//merge" is "/yes/merge") and lets Router.RedirectCleanPath
	// redirect requests with repeated slashes to the rule. False keeps the
	// rule's empty segments, matched literally (Werkzeug's merge_slashes).
	MergeSlashes *bool
	// RedirectTo, if set, makes a match answer 308 to this rule text with
	// the matched parameters (and defaults) substituted, e.g. "/new/<int:id>".
	RedirectTo string
	// BuildOnly rules are used for URL building only, never matched.
	BuildOnly bool
	// Alias marks a second URL of an endpoint (Werkzeug's alias), built
	// only after the others: with Router.RedirectDefaults, a match answers
	// 308 to the endpoint's URL for the matched values ("/index.html" to
	// "/").
	Alias bool
	// Host, if set, restricts the rule to requests for that host, compared
	// case-insensitively; the request's port is ignored unless Host has one.
	// It may hold parameters, as in "<lang>.example.com" (see the package
	// documentation); their values follow the path parameters in Params.
	Host string
	// Subdomain, if set, is short for Host: Subdomain + "." +
	// Router.ServerName, as in "<user>" or "api". Setting both is an error.
	Subdomain string
	// Handler serves the route in ServeHTTP. A HandlerFunc receives the
	// parameters without allocation; other handlers read them with
	// Request.PathValue. It may be nil when the caller dispatches itself
	// from Lookup.
	Handler http.Handler
	// Data is an opaque payload returned with the route.
	Data any
}

// HandlerFunc is a handler that receives the matched parameters directly.
// ps is only valid until the handler returns.
type HandlerFunc func(w http.ResponseWriter, r *http.Request, ps *Params)

// ServeHTTP calls f with empty parameters.
func (f HandlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f(w, r, &Params{})
}

// Route is a rule accepted by Router.Add. It is read-only.
type Route struct {
	path     string
	endpoint string
	handler  http.Handler
	data     any
	params   []paramInfo // the parameters, in order of appearance
	extra    *routeExtra // nil for most rules
	next     *Route      // next route of the same leaf
	serve    uint16      // standard methods served, HEAD included with GET
	listed   bool        // Rule.Methods was not empty
	strict   bool
	sum      leafSum // when first in its leaf
}

// routeExtra holds the rule as given, for the few rules that set more than
// a path, methods, endpoint and handler, and what the router derives from it.
type routeExtra struct {
	// rule is the Rule given to Add, its Host resolved from Subdomain, its
	// Methods upper-cased when the serve mask does not give them back
	// (non-standard methods, repeats, HEAD beside GET or another order).
	rule      Rule
	escape    bool    // the path has bytes that building must escape
	host      string  // lower-cased host
	hostPort  bool    // host includes a port
	hostParts []piece // the host with parameters, else nil
	npath     int     // path parameters, when hostParts is set
	defaults  []Param // defaults rendered as text, by key
	redirect  *parsedRule
	sources   []*Route // rules providing defaults for this one
	others    []string // the non-standard methods, sorted, without repeats
}

// noExtra stands for the extras of a route without any; it is never written.
var noExtra routeExtra

// x returns the extras of rt, read-only.
func (rt *Route) x() *routeExtra {
	if rt.extra != nil {
		return rt.extra
	}
	return &noExtra
}

func (rt *Route) ext() *routeExtra {
	if rt.extra == nil {
		rt.extra = &routeExtra{}
	}
	return rt.extra
}

func (rt *Route) others() []string            { return rt.x().others }
func (rt *Route) isAlias() bool               { return rt.x().rule.Alias }
func (rt *Route) isBuildOnly() bool           { return rt.x().rule.BuildOnly }
func (rt *Route) escapes() bool               { return rt.x().escape }
func (rt *Route) defs() []Param               { return rt.x().defaults }
func (rt *Route) defaultsMap() map[string]any { return rt.x().rule.Defaults }

// merges reports whether the rule has MergeSlashes (the default).
func (rt *Route) merges() bool {
	m := rt.x().rule.MergeSlashes
	return m == nil || *m
}

// claims returns the standard methods claimed (for dispatch and conflicts):
// those served, without the HEAD that GET implies (mHEAD is mGET<<1).
func (rt *Route) claims() uint16 { return rt.serve &^ (rt.serve & mGET << 1) }

// withHead returns the methods served for a claimed mask: with the HEAD
// that GET implies.
func withHead(claims uint16) uint16 { return claims | claims&mGET<<1 }

// intParam reports whether parameter i is a path parameter of the built-in
// int converter, whose number matching keeps (Params.IntAt).
func (rt *Route) intParam(i int) bool {
	if i >= len(rt.params) || rt.params[i].ci.int == nil {
		return false
	}
	return rt.extra == nil || rt.extra.hostParts == nil || i < rt.extra.npath
}

// nargs is the number of arguments: parameters plus defaults.
func (rt *Route) nargs() int { return len(rt.params) + len(rt.defs()) }

// Rule returns the rule as given to Add (methods upper-cased, Subdomain
// resolved into Host). Its Methods and Defaults are copies, and Add keeps
// its own copy of Defaults.
func (rt *Route) Rule() Rule {
	r := rt.x().rule
	r.Path, r.Endpoint, r.Handler, r.Data = rt.path, rt.endpoint, rt.handler, rt.data
	r.Defaults = maps.Clone(r.Defaults)
	switch {
	case r.Methods != nil:
		r.Methods = slices.Clone(r.Methods)
	case rt.listed:
		r.Methods = methodList(rt.claims(), nil)
	}
	return r
}

// Path returns the rule text.
func (rt *Route) Path() string { return rt.path }

// Endpoint returns the endpoint name.
func (rt *Route) Endpoint() string { return rt.endpoint }

// Methods returns the methods served, sorted, with HEAD when GET is served.
func (rt *Route) Methods() []string { return methodList(rt.serve, rt.others()) }

// ParamNames returns the parameter names in order of appearance.
func (rt *Route) ParamNames() []string {
	out := make([]string, len(rt.params))
	for i, p := range rt.params {
		out[i] = p.name
	}
	return out
}

// Converter returns the converter of the named parameter, or nil.
func (rt *Route) Converter(param string) Converter {
	for _, p := range rt.params {
		if p.name == param {
			return p.ci.conv
		}
	}
	return nil
}

// Host returns the host the rule is restricted to, lower-cased, or "".
func (rt *Route) Host() string { return rt.x().host }

// Data returns the rule's payload.
func (rt *Route) Data() any { return rt.data }

// Handler returns the rule's handler.
func (rt *Route) Handler() http.Handler { return rt.handler }

// String returns the methods and the rule, as in "GET,HEAD /users/<id>".
func (rt *Route) String() string {
	return strings.Join(rt.Methods(), ",") + " " + rt.path
}

// stdMethods are the standard methods in alphabetical order: bit i of a
// method mask stands for stdMethods[i].
var stdMethods = [...]string{"CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"}

const (
	mCONNECT uint16 = 1 << iota
	mDELETE
	mGET
	mHEAD
	mOPTIONS
	mPATCH
	mPOST
	mPUT
	mTRACE
)

// claims and withHead need mHEAD == mGET<<1: this fails to compile else.
const _ = -uint(mHEAD ^ mGET<<1)

// methodBit returns the bit of a standard method, or 0. A switch: a loop
// over stdMethods cost GithubAll 8% (callgrind 234.2k -> 253.9k instr/op).
func methodBit(m string) uint16 {
	switch m {
	case "GET":
		return mGET
	case "POST":
		return mPOST
	case "HEAD":
		return mHEAD
	case "PUT":
		return mPUT
	case "DELETE":
		return mDELETE
	case "PATCH":
		return mPATCH
	case "OPTIONS":
		return mOPTIONS
	case "CONNECT":
		return mCONNECT
	case "TRACE":
		return mTRACE
	}
	return 0
}

// methodList returns the names of the bits in mask and the other methods,
// sorted.
func methodList(mask uint16, other []string) []string {
	var names []string
	for i, name := range stdMethods {
		if mask&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	names = append(names, other...)
	slices.Sort(names)
	return names
}

// allowValue renders an Allow header: the sorted method names.
func allowValue(mask uint16, other []string) string {
	return strings.Join(slices.Compact(methodList(mask, other)), ", ")
}

// isToken reports whether s is an RFC 7230 token.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isLetter(c) && c != '_' || isDigit(c) || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// hasMethod reports whether rt claims method, whose bit is given when it
// is standard.
func (rt *Route) hasMethod(method string, bit uint16) bool {
	if bit != 0 {
		return rt.claims()&bit != 0
	}
	return slices.Contains(rt.others(), method)
}

// hasDefault reports whether the rule has a default for k.
func (rt *Route) hasDefault(k string) bool {
	_, ok := rt.defaultsMap()[k]
	return ok
}

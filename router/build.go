package router

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// BuildOptions refine URL building.
type BuildOptions struct {
	// Method restricts building to rules serving this method (a GET rule
	// serves HEAD). When empty, rules serving GET are tried first.
	Method string
	// Anchor, if set, is appended as a fragment ("#anchor"), escaped.
	Anchor string
	// DropUnknown leaves out the values that are neither parameters nor
	// defaults of the rule instead of making them the query string
	// (Werkzeug's append_unknown=False).
	DropUnknown bool
	// Host is the current request's host: among the rules the values suit,
	// those whose Host matches it are tried first. The URL is a path
	// either way; compare Route.BuildHost of the rule returned with Host
	// to decide whether it must be absolute.
	Host string
}

// Build returns the URL path (with query and fragment) of an endpoint.
// values are key, value pairs: Build("user", "id", 42, "tab", "posts").
// See AppendBuild.
func (r *Router) Build(endpoint string, values ...any) (string, error) {
	var buf [256]byte
	b, _, err := r.AppendBuild(buf[:0], endpoint, nil, values...)
	return string(b), err // "" on error: dst comes back empty
}

// AppendBuild appends the URL of an endpoint to dst and returns the rule
// used. Rules are tried in Werkzeug's build order (more arguments first,
// then more defaults, then registration order); the first whose parameters
// all have non-nil values, whose defaults agree with the values given for
// them and whose converters accept the values wins. Each value goes
// through its converter's ToURL and is percent-encoded as one segment ('/'
// kept only by slash-spanning converters). Other values form the query
// string, sorted by key (a []string or []any value repeats its key; nil
// values are skipped). For a parameter, a list of one value is that value,
// an empty list none (as Werkzeug reads a MultiDict), a longer list goes
// to the converter as is. Errors wrap ErrUnknownEndpoint, ErrMissingParam,
// ErrInvalidValue or ErrMethodNotAllowed; on error dst is returned
// unchanged.
func (r *Router) AppendBuild(dst []byte, endpoint string, opts *BuildOptions, values ...any) ([]byte, *Route, error) {
	if t := r.frozen.Load(); t != nil {
		return t.build(dst, endpoint, opts, values)
	}
	return r.buildLocked(dst, endpoint, opts, values)
}

// buildLocked builds while rules may still be added.
func (r *Router) buildLocked(dst []byte, endpoint string, opts *BuildOptions, values []any) ([]byte, *Route, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.mutable().build(dst, endpoint, opts, values)
}

// buildErrs keeps the first error of each kind met while trying rules.
type buildErrs struct {
	invalid, mismatch, missing error
}

func (t *table) build(dst []byte, ep string, opts *BuildOptions, vals []any) ([]byte, *Route, error) {
	var o BuildOptions
	if opts != nil {
		o = *opts
	}
	list := t.endpointIndex()[ep]
	if len(list) == 1 && (o.Method == "" || list[0].serves(o.Method)) {
		if out, ok := list[0].appendPlain(dst, vals); ok {
			return appendAnchor(out, o.Anchor), list[0], nil
		}
	}
	if len(list) == 0 {
		return dst, nil, t.unknownEndpoint(ep, o.Method, vals)
	}
	if len(vals)%2 != 0 {
		return dst, nil, fmt.Errorf("fwk: build %q: %w: odd number of key/value arguments", ep, ErrInvalidValue)
	}
	for i := 0; i < len(vals); i += 2 {
		if _, ok := vals[i].(string); !ok {
			return dst, nil, fmt.Errorf("fwk: build %q: %w: key %v is a %T, not a string", ep, ErrInvalidValue, vals[i], vals[i])
		}
	}
	var errs buildErrs
	for rank := range 4 {
		for _, rt := range list {
			if t.buildRank(rt, &o) != rank {
				continue
			}
			if out, err := rt.appendURL(dst, vals, &o, &errs); err == nil {
				return out, rt, nil
			}
		}
	}
	return dst, nil, buildFailure(ep, o.Method, vals, list, &errs)
}

// buildRank orders the rules of an endpoint for building, lower first:
// rules serving the method (GET when none is given) before the others (-1,
// never, when a method is given), and within each, the rules of the
// current host first (aliases never, as they build last).
func (t *table) buildRank(rt *Route, o *BuildOptions) int {
	rank := 0
	switch {
	case o.Method != "" && !rt.serves(o.Method):
		return -1
	case o.Method == "" && rt.serve&mGET == 0:
		rank = 2
	}
	if o.Host != "" && t.hosted && (rt.Host() == "" || rt.isAlias() || !rt.matchHost(o.Host, nil, 0)) {
		rank++
	}
	return rank
}

// serves reports whether rt serves method (HEAD is served with GET).
func (rt *Route) serves(method string) bool {
	bit := methodBit(method)
	return rt.serve&bit != 0 || bit == 0 && slices.Contains(rt.others(), method)
}

// value returns the non-nil value of key in the pairs, through oneValue.
func value(vals []any, key string) (any, bool) {
	for i := 1; i < len(vals); i += 2 {
		if k, _ := vals[i-1].(string); len(k) == len(key) && k == key && vals[i] != nil {
			return oneValue(vals[i])
		}
	}
	return nil, false
}

// oneValue reads a []any or []string value as Werkzeug reads a MultiDict
// entry: one element is that element, none is no value at all, more stay
// a list (which only a custom converter may accept).
func oneValue(v any) (any, bool) {
	switch l := v.(type) {
	case []any:
		if len(l) == 1 {
			return l[0], true
		}
		return v, len(l) > 0
	case []string:
		if len(l) == 1 {
			return l[0], true
		}
		return v, len(l) > 0
	}
	return v, true
}

// appendURL builds rt's URL if the values suit it; otherwise it records why
// not in errs and returns a non-nil error.
func (rt *Route) appendURL(dst []byte, vals []any, o *BuildOptions, errs *buildErrs) ([]byte, error) {
	for _, d := range rt.defs() {
		if v, ok := value(vals, d.Key); ok && !sameValue(v, rt.defaultsMap()[d.Key]) {
			return dst, keepFirst(&errs.mismatch, fmt.Errorf("fwk: build %q: rule %q: value %#v for %q differs from the rule's default %#v: %w",
				rt.endpoint, rt.path, v, d.Key, rt.defaultsMap()[d.Key], ErrInvalidValue))
		}
	}
	out, err := appendRule(dst, rt.path, rt.escapes(), rt.pathParams(), vals, nil)
	if err != nil {
		err = fmt.Errorf("fwk: build %q: rule %q: %w", rt.endpoint, rt.path, err)
	} else if rt.hostParams() {
		var buf [64]byte
		_, err = rt.appendHost(buf[:0], vals)
	}
	switch {
	case errors.Is(err, ErrMissingParam):
		return dst, keepFirst(&errs.missing, err)
	case err != nil:
		return dst, keepFirst(&errs.invalid, err)
	case len(vals)/2 > len(rt.params) && !o.DropUnknown:
		out = rt.appendQuery(out, vals)
	}
	return appendAnchor(out, o.Anchor), nil
}

// appendPlain is appendURL for the common case, a rule without defaults,
// host or bytes to escape (no extra) built with values for exactly its
// parameters, in their order: one straight pass. It reports false for any
// other case, or a value refused, which appendURL then explains.
func (rt *Route) appendPlain(dst []byte, vals []any) ([]byte, bool) {
	if rt.extra != nil || len(vals) != 2*len(rt.params) {
		return dst, false
	}
	start, prev := len(dst), 0
	for i := range rt.params {
		p := &rt.params[i]
		if k, _ := vals[2*i].(string); k != p.name {
			return dst[:start], false
		}
		dst = append(dst, rt.path[prev:p.start]...)
		prev = int(p.end)
		ok := false
		if s, text := vals[2*i+1].(string); text && p.ci.fast && !p.ci.slash && plainSegment(s) {
			dst, ok = append(dst, s...), true // what appendValue would append
		} else if v, given := oneValue(vals[2*i+1]); given && v != nil {
			var err error
			dst, err = p.appendValue(dst, v)
			ok = err == nil
		}
		if !ok {
			return dst[:start], false
		}
	}
	return append(dst, rt.path[prev:]...), true
}

// appendAnchor appends "#anchor", escaped, unless anchor is empty.
func appendAnchor(dst []byte, anchor string) []byte {
	if anchor == "" {
		return dst
	}
	return appendEscaped(append(dst, '#'), anchor, classFragment)
}

// keepFirst stores err in *first unless it holds one already, and returns
// err.
func keepFirst(first *error, err error) error {
	if *first == nil {
		*first = err
	}
	return err
}

// appendRule renders rule text with the values: the text between the
// parameters (escaped as a path if escape is set) and the values through
// their converters. With raw (a redirect target), a value missing or
// refused is replaced by the matched text of that name.
func appendRule(dst []byte, text string, escape bool, params []paramInfo, vals []any, raw *Params) ([]byte, error) {
	prev := 0
	for i := range params {
		p := &params[i]
		dst = appendLit(dst, text[prev:p.start], escape)
		prev = int(p.end)
		if v, ok := value(vals, p.name); ok {
			out, err := p.appendValue(dst, v)
			if err == nil {
				dst = out
				continue
			}
			if raw == nil {
				return dst, fmt.Errorf("parameter %q: converter %q rejects %#v: %w: %v", p.name, p.ci.name, v, ErrInvalidValue, err)
			}
		} else if raw == nil {
			return dst, fmt.Errorf("no value for parameter %q: %w", p.name, ErrMissingParam)
		}
		s, _ := raw.Lookup(p.name)
		dst = appendEscaped(dst, s, classSegment)
	}
	return appendLit(dst, text[prev:], escape), nil
}

// appendLit appends text of a rule, escaped as a path if escape is set.
func appendLit(dst []byte, s string, escape bool) []byte {
	if !escape {
		return append(dst, s...)
	}
	return appendEscaped(dst, s, classPath)
}

// appendValue appends the escaped URL text of v for parameter p. Text for
// a converter that takes any text as is (ci.fast) skips the converter.
func (p *paramInfo) appendValue(dst []byte, v any) ([]byte, error) {
	s, ok := v.(string)
	if !ok || !p.ci.fast {
		if b, ok := p.ci.conv.(*builtin); ok {
			return b.appendURL(dst, v) // a direct call: dst does not escape
		}
		var err error
		if s, err = p.ci.conv.ToURL(v); err != nil {
			return dst, err
		}
		if !p.ci.conv.Match(s) {
			return dst, fmt.Errorf("converter does not match its own text %q", s)
		}
	}
	return appendParam(dst, s, p.ci.slash)
}

// isArg reports whether k is a parameter or default of rt.
func (rt *Route) isArg(k string) bool {
	return rt.Converter(k) != nil || rt.hasDefault(k)
}

// appendQuery appends the values that are not arguments of rt as a query
// string sorted by key (stable).
func (rt *Route) appendQuery(dst []byte, vals []any) []byte {
	var stack [16]int
	idx := stack[:0]
	for i := 0; i+1 < len(vals); i += 2 {
		if vals[i+1] != nil && !rt.isArg(vals[i].(string)) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(i, j int) int { return strings.Compare(vals[i].(string), vals[j].(string)) })
	start := len(dst)
	for _, i := range idx {
		k := vals[i].(string)
		switch v := vals[i+1].(type) {
		case []string:
			for _, s := range v {
				dst = appendQueryPair(dst, start, k, s)
			}
		case []any:
			for _, s := range v {
				dst = appendQueryPair(dst, start, k, s)
			}
		default:
			dst = appendQueryPair(dst, start, k, v)
		}
	}
	return dst
}

// appendQueryPair appends "k=v" to a query started at dst[start] (nil
// values are skipped).
func appendQueryPair(dst []byte, start int, k string, v any) []byte {
	if v == nil {
		return dst
	}
	sep := byte('&')
	if len(dst) == start {
		sep = '?'
	}
	dst = append(appendEscaped(append(dst, sep), k, classQuery), '=')
	s, ok := v.(string)
	if !ok {
		var buf [64]byte
		b, ok := appendScalar(buf[:0], v)
		if !ok {
			b = fmt.Append(buf[:0], v)
		}
		s = string(b)
	}
	return appendEscaped(dst, s, classQuery)
}

// argValues returns the arguments of a match as key/value pairs: each
// parameter converted (its text when the converter refuses it), then the
// defaults.
func (rt *Route) argValues(ps *Params) []any {
	vals := make([]any, 0, 2*rt.nargs())
	for _, p := range rt.params {
		var v any
		if s, ok := ps.Lookup(p.name); ok {
			v = s
			if x, err := p.ci.conv.ToValue(s); err == nil {
				v = x
			}
		}
		vals = append(vals, p.name, v)
	}
	for k, v := range rt.defaultsMap() {
		vals = append(vals, k, v)
	}
	return vals
}

// defaultRedirect implements Werkzeug's redirect_defaults: when a rule that
// builds before rt, with the same arguments, has defaults agreeing with the
// matched values, the URL of that rule is the canonical one.
func (rt *Route) defaultRedirect(method, host string, ps *Params) (string, string, bool) {
	vals := rt.argValues(ps)
	for _, src := range rt.extra.sources {
		if !src.serves(method) {
			continue
		}
		b, err := src.appendURL(nil, vals, &BuildOptions{DropUnknown: true}, &buildErrs{})
		if h, ok := src.targetHost(host, vals); err == nil && ok {
			return safeLocation(string(b)), h, true
		}
	}
	return "", "", false
}

// targetHost is the host of a redirect to rt's URL from a request to host:
// "" when it is host's (or rt has no host), else rt's host rendered with
// the values (appendHost checks that rt matches it); false when it cannot
// be rendered.
func (rt *Route) targetHost(host string, vals []any) (string, bool) {
	if rt.Host() == "" || rt.matchHost(host, nil, 0) {
		return "", true
	}
	h, err := rt.appendHost(nil, vals)
	return string(h), err == nil
}

// aliasLocation builds the canonical URL of an alias rule's match: the
// endpoint built with the matched values for the request method. It
// reports false when that URL would be the alias itself.
func (t *table) aliasLocation(rt *Route, method, host string, ps *Params) (string, string, bool) {
	vals := rt.argValues(ps)
	b, got, err := t.build(nil, rt.endpoint, &BuildOptions{Method: method, DropUnknown: true, Host: host}, vals)
	if err != nil || got == rt {
		return "", "", false
	}
	h, ok := got.targetHost(host, vals)
	return safeLocation(string(b)), h, ok
}

// redirectLocation renders RedirectTo with the matched arguments.
func (rt *Route) redirectLocation(ps *Params) string {
	to := rt.extra.redirect
	b, _ := appendRule(nil, rt.extra.rule.RedirectTo, to.escape, to.params, rt.argValues(ps), ps)
	return safeLocation(string(b))
}

package router

// Host rules. A rule's Host (or Subdomain, prefixed to Router.ServerName)
// may hold parameters, as in "<lang>.example.com": literal text and
// parameters alternate, two parameters never touch, and a parameter takes
// the longest text its converter accepts that lets the rest match (the
// leftmost-greedy reading of Werkzeug's host regex). Host parameters follow
// the path parameters in Params and in ParamNames, and are built from the
// values like path parameters (Route.BuildHost).

import (
	"fmt"
	"strings"
)

// Host limits: a request host longer than maxHostLen never matches a host
// with parameters, and a rule's host holds at most maxHostParams of them,
// which bounds the backtracking of matchHost.
const (
	maxHostLen    = 255
	maxHostParams = 3
)

// hostPart is a literal of a host pattern or a parameter (index into the
// route's params).
type hostPart struct {
	lit   string
	param int // -1 for a literal
}

// setHost validates a rule's host and compiles its parameters with the
// parser p, whose params still hold the path's (so names stay unique).
func (rt *Route) setHost(p *parser, given string) error {
	bad := func(format string, args ...any) error {
		return ruleErr(rt.path, -1, ErrBadRule, "host %q: "+format, append([]any{given}, args...)...)
	}
	for i := 0; i < len(given); i++ {
		if given[i] >= 0x80 {
			return bad("bad character %q", given[i])
		}
	}
	h := strings.ToLower(given)
	var parts []hostPart
	npath := len(p.params)
	for i := 0; i < len(h); {
		if h[i] != '<' {
			j := i
			for j < len(h) && h[j] != '<' {
				c := h[j]
				if !(isLetter(c) || isDigit(c) || strings.IndexByte("-.:[]", c) >= 0) {
					return bad("bad character %q", c)
				}
				j++
			}
			parts = append(parts, hostPart{lit: h[i:j], param: -1})
			i = j
			continue
		}
		if n := len(parts); n > 0 && parts[n-1].param >= 0 {
			return bad("parameters must be separated by literal text")
		}
		// Parameter names keep the spelling given.
		ci, next, rerr := p.param(given, i)
		if rerr != nil {
			return bad("%v", rerr.Err)
		}
		if ci.slash {
			return bad("converter %q spans '/'", ci.name)
		}
		parts = append(parts, hostPart{param: len(p.params) - 1})
		i = next
	}
	x := rt.ext()
	x.hostGiven, x.host = given, h
	_, x.hostPort = cutPort(h)
	nhost := len(p.params) - npath
	if nhost == 0 {
		return nil
	}
	if nhost > maxHostParams {
		return bad("more than %d parameters", maxHostParams)
	}
	all := append(append(make([]paramInfo, 0, len(p.params)), rt.params...), p.params[npath:]...)
	x.hostParts, x.npath = parts, len(rt.params)
	rt.params = all
	return nil
}

// pathParams returns the parameters of the rule's path.
func (rt *Route) pathParams() []paramInfo {
	ps := rt.params
	if rt.extra != nil && rt.extra.hostParts != nil {
		return ps[:rt.extra.npath]
	}
	return ps
}

// hostParams reports whether the rule's host has parameters.
func (rt *Route) hostParams() bool { return rt.extra != nil && rt.extra.hostParts != nil }

// matchHost reports whether host (port removed unless the rule has one)
// matches the rule's host; with ps set, it stores the parameter values from
// slot at on.
func (rt *Route) matchHost(host string, ps *Params, at int) bool {
	x := rt.extra
	host = rt.portless(host)
	if x.hostParts == nil {
		return strings.EqualFold(host, x.host)
	}
	if len(host) > maxHostLen {
		return false
	}
	return rt.matchParts(strings.ToLower(host), x.hostParts, ps, at)
}

// matchParts matches h against parts, backtracking over where each
// parameter ends (longest first).
func (rt *Route) matchParts(h string, parts []hostPart, ps *Params, at int) bool {
	if len(parts) == 0 {
		return h == ""
	}
	if parts[0].param < 0 {
		rest, ok := strings.CutPrefix(h, parts[0].lit)
		return ok && rt.matchParts(rest, parts[1:], ps, at)
	}
	p := &rt.params[parts[0].param]
	accept := func(v string) bool { return validHostValue(v) && (p.ci.fast || p.ci.conv.Match(v)) }
	store := func(v string) {
		if ps != nil {
			ps.setValue(at+parts[0].param-rt.extra.npath, v)
		}
	}
	if len(parts) == 1 {
		if accept(h) {
			store(h)
			return true
		}
		return false
	}
	lit := parts[1].lit
	for end := strings.LastIndex(h, lit); end > 0; end = strings.LastIndex(h[:end], lit) {
		if v := h[:end]; accept(v) && rt.matchParts(h[end:], parts[1:], ps, at) {
			store(v)
			return true
		}
	}
	return false
}

// BuildHost renders the rule's host with the values (key, value pairs as
// for Build) for a request to current: it returns "" when the rule has no
// host or the host is current's (case-insensitive; current's port counts
// only when the rule's host has one), so that a URL built for another host
// is made absolute. Errors wrap ErrMissingParam or ErrInvalidValue.
func (rt *Route) BuildHost(current string, values ...any) (string, error) {
	if rt.Host() == "" {
		return "", nil
	}
	var buf [64]byte
	b, err := rt.appendHost(buf[:0], values)
	if err != nil {
		return "", err
	}
	if strings.EqualFold(string(b), rt.portless(current)) {
		return "", nil
	}
	return string(b), nil
}

// portless returns host without its port unless the rule's host has one.
func (rt *Route) portless(host string) string {
	if !rt.extra.hostPort {
		host, _ = cutPort(host)
	}
	return host
}

// cutPort returns host without its port, and whether it had one.
func cutPort(host string) (string, bool) {
	if i := strings.LastIndexByte(host, ':'); i > strings.LastIndexByte(host, ']') {
		return host[:i], true
	}
	return host, false
}

// appendHost appends the rule's host rendered with the values.
func (rt *Route) appendHost(dst []byte, vals []any) ([]byte, error) {
	if !rt.hostParams() {
		return append(dst, rt.Host()...), nil
	}
	for _, part := range rt.extra.hostParts {
		if part.param < 0 {
			dst = append(dst, part.lit...)
			continue
		}
		p := &rt.params[part.param]
		v, ok := value(vals, p.name)
		if !ok {
			return dst, fmt.Errorf("fwk: build %q: host %q: no value for parameter %q: %w", rt.endpoint, rt.extra.hostGiven, p.name, ErrMissingParam)
		}
		start := len(dst)
		var err error
		if dst, err = p.appendValue(dst, v); err != nil || !validHostValue(dst[start:]) {
			return dst, fmt.Errorf("fwk: build %q: host %q: parameter %q: value %#v is not host text: %w", rt.endpoint, rt.extra.hostGiven, p.name, v, ErrInvalidValue)
		}
	}
	return dst, nil
}

// validHostValue reports whether b is non-empty host text (letters, digits,
// '-' and '.').
func validHostValue[T string | []byte](b T) bool {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if !(isLetter(c) && c != '_' || isDigit(c) || c == '-' || c == '.') {
			return false
		}
	}
	return len(b) > 0
}

// ServesHost reports whether some rule's Host matches host (a request's
// Host: case-insensitive, its port ignored unless the rule's host has one).
func (r *Router) ServesHost(host string) bool {
	found := false
	r.view(func(t *table) {
		for _, rt := range t.routes {
			if rt.Host() != "" && rt.matchHost(host, nil, 0) {
				found = true
				return
			}
		}
	})
	return found
}

// foreignHost reports whether a request's host is outside the server name
// (neither it nor a subdomain of it), its port ignored unless the server
// name has one.
func (t *table) foreignHost(host string) bool {
	if _, port := cutPort(t.serverName); !port {
		host, _ = cutPort(host)
	}
	n, s := len(host), len(t.serverName)
	if n < s || n > s && host[n-s-1] != '.' {
		return true
	}
	return !strings.EqualFold(host[n-s:], t.serverName)
}

package router

// Host rules. A rule's Host (or Subdomain, prefixed to Router.ServerName)
// may hold parameters, as in "<lang>.example.com": literal text and
// parameters alternate, and two parameters never touch. The host is cut as a
// path segment is (see split), a parameter holding host text only, and each
// value is then checked by its converter. Host parameters follow
// the path parameters in Params and in ParamNames, and are built from the
// values like path parameters (Route.BuildHost).

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Host limits: a request host longer than maxHostLen never matches a host
// with parameters, and a rule's host holds at most maxHostParams of them.
const (
	maxHostLen    = 255
	maxHostParams = 3
)

// setHost validates a rule's host and compiles its parameters with the
// parser p, whose params still hold the path's (so names stay unique).
func (rt *Route) setHost(p *parser, given string) error {
	bad := func(format string, args ...any) error {
		return ruleErr(rt.path, -1, ErrBadRule, "host %q: "+format, append([]any{given}, args...)...)
	}
	// ASCII only: a host never matches other bytes, and lower-casing keeps
	// the offsets of the parameters in the lower-cased text (appendHost).
	for i := 0; i < len(given); i++ {
		if given[i] >= 0x80 {
			return bad("bad character %q", given[i])
		}
	}
	npath := len(p.params)
	pcs, end, _, rerr := p.segment(given, 0) // parameter names keep the spelling given
	switch {
	case rerr != nil:
		return bad("%v", rerr.Err)
	case end < len(given):
		return bad("bad character '/'")
	}
	parts := slices.Clone(pcs)
	shape := "" // the host with "x" for each parameter, for cutPort
	for i := range parts {
		pc := &parts[i]
		shape += cmp.Or(pc.lit, "x")
		switch {
		case pc.ci == nil:
			pc.lit = strings.ToLower(pc.lit)
			for j := 0; j < len(pc.lit); j++ {
				if c := pc.lit[j]; !(isLetter(c) || isDigit(c) || strings.IndexByte("-.:[]", c) >= 0) {
					return bad("bad character %q", c)
				}
			}
		case pc.ci.slash:
			return bad("converter %q spans '/'", pc.ci.name)
		case i > 0 && parts[i-1].ci != nil:
			return bad("parameters must be separated by literal text")
		default:
			hc := *pc.ci // the shared convInfo keeps its class
			hc.class = hostClass(hc.class)
			pc.ci = &hc
		}
	}
	x := rt.ext()
	x.host = strings.ToLower(given)
	_, x.hostPort = cutPort(shape)
	switch nhost := len(p.params) - npath; {
	case nhost > maxHostParams:
		return bad("more than %d parameters", maxHostParams)
	case nhost > 0:
		x.hostParts, x.npath = parts, len(rt.params)
		rt.params = append(slices.Clip(rt.params), p.params[npath:]...)
	}
	return nil
}

// pathParams returns the parameters of the rule's path.
func (rt *Route) pathParams() []paramInfo {
	if rt.hostParams() {
		return rt.params[:rt.extra.npath]
	}
	return rt.params
}

// hostParams reports whether the rule's host has parameters.
func (rt *Route) hostParams() bool { return rt.x().hostParts != nil }

// matchHost reports whether host (port removed unless the rule has one)
// matches the rule's host; with ps set, it stores the parameter values from
// slot at on. As for a path segment, split cuts the lower-cased host (each
// parameter's class holding host text only), then each value is checked by
// its converter: a refusal fails the host, it does not make the value
// shorter. A hostile host costs O(parts x len(host)) steps: "<a>.<b>.<int:c>"
// against 126 "a." and an "x" took 2.24M instructions with the memoized
// backtracking search this replaced, 163k now (BenchmarkHostileHost,
// callgrind without runtime; BenchmarkHostParam 3.08k -> 2.56k).
func (rt *Route) matchHost(host string, ps *Params, at int) bool {
	x := rt.extra
	host = rt.portless(host)
	if x.hostParts == nil {
		return strings.EqualFold(host, x.host)
	}
	if len(host) > maxHostLen {
		return false
	}
	h, ok := strings.ToLower(host), false
	// Lower-casing turns each invalid UTF-8 byte into 3; a '%' is never host
	// text, and split would read it as the escape of a literal's byte.
	if len(h) > maxHostLen || strings.IndexByte(h, '%') >= 0 {
		return false
	}
	// The literals at either end are fixed: split cuts what lies between.
	parts := x.hostParts
	if parts[0].ci == nil {
		if h, ok = strings.CutPrefix(h, parts[0].lit); !ok {
			return false
		}
		parts = parts[1:]
	}
	if last := len(parts) - 1; parts[last].ci == nil {
		if h, ok = strings.CutSuffix(h, parts[last].lit); !ok {
			return false
		}
		parts = parts[:last]
	}
	var buf [2 * maxHostParams]int32
	starts := buf[:len(parts)+1]
	if found, _ := split(parts, h, starts); !found {
		return false
	}
	for i, pc := range parts {
		if pc.ci == nil {
			continue
		}
		v := h[starts[i]:starts[i+1]]
		if !pc.ci.fast && !pc.ci.conv.Match(v) {
			return false
		}
		if ps != nil {
			ps.setValue(at, v)
		}
		at++
	}
	return true
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

// cutPort returns host without its port, and whether it had one: the
// text after the last ':' that follows any ']' (of an IPv6 address).
func cutPort(host string) (string, bool) {
	for i := len(host) - 1; i >= 0 && host[i] != ']'; i-- {
		if host[i] == ':' {
			return host[:i], true
		}
	}
	return host, false
}

// appendHost appends the rule's host rendered with the values, which must
// give a host its pattern matches.
func (rt *Route) appendHost(dst []byte, vals []any) ([]byte, error) {
	x := rt.x()
	if x.hostParts == nil {
		return append(dst, x.host...), nil
	}
	start := len(dst)
	dst, err := appendRule(dst, x.host, false, rt.params[x.npath:], vals, nil)
	if err == nil && !rt.matchHost(string(dst[start:]), nil, 0) {
		err = fmt.Errorf("values give %q, not host text the rule matches: %w", dst[start:], ErrInvalidValue)
	}
	if err != nil {
		return dst[:start], fmt.Errorf("fwk: build %q: host %q: %w", rt.endpoint, x.rule.Host, err)
	}
	return dst, nil
}

// hostClass narrows a converter's byte class to the host text a host
// parameter may hold: lower-case letters, digits, '-' and '.'.
func hostClass(c byteClass) byteClass {
	var text byteClass
	text.add("abcdefghijklmnopqrstuvwxyz0123456789-.")
	for i := range c {
		c[i] &= text[i]
	}
	return c
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

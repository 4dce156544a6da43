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
	"slices"
	"strings"
)

// Host limits: a request host longer than maxHostLen never matches a host
// with parameters, and a rule's host holds at most maxHostParams of them,
// which bounds the backtracking of matchHost.
const (
	maxHostLen    = 255
	maxHostParams = 3
)

// hostSearch.textEnd holds offsets as bytes: this fails to compile if
// maxHostLen grows past 255.
const _ = uint8(maxHostLen)

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
	for i := range parts {
		pc := &parts[i]
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
		}
	}
	x := rt.ext()
	x.host = strings.ToLower(given)
	_, x.hostPort = cutPort(x.host)
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
	s := hostSearch{h: strings.ToLower(host), ps: ps, at: at}
	end := len(s.h)
	if end > maxHostLen {
		return false // lower-casing turns each invalid UTF-8 byte into 3
	}
	s.textEnd[end] = uint8(end)
	for i := end - 1; i >= 0; i-- {
		if !hostText(s.h[i]) {
			end = i
		}
		s.textEnd[i] = uint8(end)
	}
	return rt.matchParts(&s, 0, 0, x.npath)
}

// hostSearch is the state of matchParts on a request host h (at most
// maxHostLen < 256 bytes): textEnd[o] is where the host text that a value
// may hold, starting at o, ends; failed marks each (part, offset) found not
// to match, so that none is tried twice. A hostile host then costs
// O(parts x len(h)^2) steps, not O(len(h)^parameters): "<a>.<b>.<int:c>"
// against 126 "a." and an "x" took 51.3M instructions, now 2.2M
// (BenchmarkHostileHost, callgrind).
type hostSearch struct {
	h       string
	ps      *Params
	at      int
	textEnd [maxHostLen + 1]uint8
	failed  [2*maxHostParams + 1][maxHostLen/64 + 1]uint64
}

// matchParts matches s.h from offset o against the host parts from part i
// on, whose first parameter is rt.params[k]: each parameter takes the
// longest text that lets the rest match.
func (rt *Route) matchParts(s *hostSearch, i, o, k int) bool {
	parts, h := rt.extra.hostParts, s.h[o:]
	switch {
	case i == len(parts):
		return h == ""
	case s.failed[i][o/64]&(1<<(o%64)) != 0:
		return false
	case parts[i].ci == nil:
		if strings.HasPrefix(h, parts[i].lit) && rt.matchParts(s, i+1, o+len(parts[i].lit), k) {
			return true
		}
	default:
		ci, end, lit := parts[i].ci, len(h), ""
		if i+1 < len(parts) {
			lit = parts[i+1].lit // parameters are separated by literal text
			end = strings.LastIndex(h, lit)
		}
		for ; end > 0; end = strings.LastIndex(h[:end], lit) {
			if v := h[:end]; o+end <= int(s.textEnd[o]) && (ci.fast || ci.conv.Match(v)) && rt.matchParts(s, i+1, o+end, k+1) {
				if s.ps != nil {
					s.ps.setValue(s.at+k-rt.extra.npath, v)
				}
				return true
			}
			if lit == "" {
				break
			}
		}
	}
	s.failed[i][o/64] |= 1 << (o % 64)
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

// hostText reports whether c, of a lower-cased host, may be part of a host
// parameter's value (letters, digits, '-' and '.').
func hostText(c byte) bool { return 'a' <= c && c <= 'z' || isDigit(c) || c == '-' || c == '.' }

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

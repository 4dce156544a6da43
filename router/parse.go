package router

// Rule parsing. A rule such as "/files/<int:id>/<path:rest>/" is split into
// segments. Each segment is either static text or a pattern: a sequence of
// pieces, each a literal or a converter. From the first segment that holds a
// slash-spanning converter (path) onwards, the rest of the rule is one
// "tail" pattern matched against the rest of the request path, as Werkzeug
// does. A trailing '/' is kept as a flag, not as a segment.
//
//	"/users/<int:id>"        segs: users, <int>            slash: false
//	"/docs/"                 segs: docs                    slash: true
//	"/<lang>/<path:p>.html"  segs: <string>  tail: <path> ".html"
//	"/v<int:n>-<any(a,b):k>" segs: "v" <int> "-" <any>
//
// Converters are built once per distinct spelling ("int(min=1)") and shared
// by the rules that use it.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// convInfo is a converter with what the router derives from it.
type convInfo struct {
	name   string // as written: "int"
	conv   Converter
	slash  bool      // spans '/'
	class  byteClass // the bytes its text may hold, for split
	fast   bool      // accepts any non-empty text: Match is skipped
	key    string    // canonical identity
	weight int
	seg    *pattern // the pattern of a segment holding only this converter
	tail   *pattern // the tail pattern holding only this converter
}

// piece is a literal or a converter inside a pattern.
type piece struct {
	lit string // the literal, when ci is nil
	ci  *convInfo
}

// pattern is a dynamic segment, or a tail when tail is set.
type pattern struct {
	pieces  []piece
	tail    bool
	single  bool   // exactly one converter piece
	key     string // canonical identity: equal keys match the same texts
	statics []int  // lengths of the static chunks, for precedence
	weights []int  // converter weights, for precedence
}

// ruleSeg is one segment before the tail: static text or a pattern.
type ruleSeg struct {
	lit string
	pat *pattern
}

// paramInfo describes one parameter of a rule.
type paramInfo struct {
	name       string
	ci         *convInfo
	start, end int32 // offsets of "<...>" in the rule text
}

// tmplPiece is one step of URL building: an escaped literal or a parameter.
type tmplPiece struct {
	lit   string
	param int // index into params, or -1 for a literal
}

// parsedRule is the result of parsing a rule path, owned by the caller.
// tmpl is only computed for redirect targets: routes render their own text
// from the parameter offsets.
type parsedRule struct {
	segs   []ruleSeg
	tail   *pattern
	slash  bool
	escape bool // the text has bytes a URL path must escape
	params []paramInfo
	tmpl   []tmplPiece
}

// parser parses rules for a table. params is its working list of the
// parameters of the rule being parsed; results never share it.
type parser struct {
	allocs *allocs
	convs  map[string]ConverterFactory
	cache  map[string]*convInfo // by spelling
	params []paramInfo
	// keepEmpty accepts empty segments ("/no//merge"), for rules added
	// with MergeSlashes false.
	keepEmpty bool
	// syntaxOnly reads converter names and arguments without building the
	// converters (ParseRule): any converter name is accepted.
	syntaxOnly bool
}

// maxRuleLen bounds the length of a rule, so that offsets fit in an int32.
const maxRuleLen = 1<<31 - 1

// parse parses a rule. The segments are appended to segs[:0], a buffer
// the caller owns (nil for a fresh one); nothing else is shared.
func (p *parser) parse(rule string, segs []ruleSeg) (parsedRule, *RuleError) {
	escape, rerr := checkRuleText(rule)
	if rerr != nil {
		return parsedRule{}, rerr
	}
	p.params = p.params[:0]
	pr := parsedRule{segs: segs[:0]}
	var tail []piece
	inTail := false
	for pos := 1; ; pos++ {
		start := pos
		if !inTail {
			if end, ok := staticSegment(rule, pos); ok {
				if seg := rule[pos:end]; isDotSegment(seg) {
					return parsedRule{}, ruleErr(rule, start, ErrBadRule, "dot segment %q", seg)
				}
				pr.segs = append(pr.segs, ruleSeg{lit: rule[pos:end]})
				if pos = end; end == len(rule) {
					break
				}
				continue
			}
		}
		sp, err := p.segmentPieces(rule, pos)
		if err != nil {
			return parsedRule{}, err
		}
		pos = sp.end
		last := pos == len(rule)
		switch {
		case pos == start && !last && p.keepEmpty:
			if inTail {
				tail = appendPiece(tail, piece{lit: "/"})
			} else {
				pr.segs = append(pr.segs, ruleSeg{lit: ""})
			}
			continue
		case pos == start && !last:
			return parsedRule{}, ruleErr(rule, start, ErrBadRule, "empty path segment")
		case pos == start:
			pr.slash = true
		case !sp.hasConv && isDotSegment(rule[start:pos]):
			return parsedRule{}, ruleErr(rule, start, ErrBadRule, "dot segment %q", rule[start:pos])
		default:
			pr.segs, tail, inTail = addSegment(pr.segs, &sp, rule[start:pos], tail, inTail)
		}
		if last {
			break
		}
	}
	if inTail {
		pr.tail = tailPattern(tail)
	}
	pr.escape = escape
	switch {
	case len(p.params) == 0:
	case p.allocs == nil:
		pr.params = slices.Clone(p.params)
	default:
		pr.params = p.allocs.params.many(len(p.params))
		copy(pr.params, p.params)
	}
	return pr, nil
}

// tailPattern returns the pattern of the tail pieces, shared with other
// rules when the tail is a lone converter.
func tailPattern(tail []piece) *pattern {
	if len(tail) == 1 && tail[0].ci != nil {
		return tail[0].ci.tail
	}
	return newPattern(tail, true)
}

// checkRuleText refuses a rule not starting with '/', too long, or holding
// control characters or invalid UTF-8, and reports whether its text needs
// escaping in URLs.
func checkRuleText(rule string) (escape bool, err *RuleError) {
	if rule == "" || rule[0] != '/' {
		return false, ruleErr(rule, 0, ErrBadRule, "rule must start with '/'")
	}
	if len(rule) > maxRuleLen {
		return false, ruleErr(rule, maxRuleLen, ErrBadRule, "rule longer than %d bytes", maxRuleLen)
	}
	off, bad, escape := scanRule(rule)
	if bad {
		return false, ruleErr(rule, off, ErrBadRule, "control character or invalid UTF-8")
	}
	return escape, nil
}

// staticSegment returns the end of the segment at rule[pos] and whether it
// is a non-empty segment without parameters (the fast path of parse).
func staticSegment(rule string, pos int) (int, bool) {
	end := pos
	for end < len(rule) && rule[end] != '/' && rule[end] != '<' {
		end++
	}
	return end, end > pos && (end == len(rule) || rule[end] == '/')
}

// segPieces are the pieces of one segment of a rule.
type segPieces struct {
	pieces  []piece // nil when there is only one
	one     piece   // the first piece, avoiding a slice in the common case
	count   int
	hasConv bool // some piece is a converter
	spans   bool // some converter spans slashes
	end     int  // offset of the '/' or end of rule after the segment
}

// segmentPieces splits the segment at rule[pos] into literals and
// converters.
func (p *parser) segmentPieces(rule string, pos int) (segPieces, *RuleError) {
	var sp segPieces
	for pos < len(rule) && rule[pos] != '/' {
		var pc piece
		if rule[pos] == '<' {
			ci, next, err := p.param(rule, pos)
			if err != nil {
				return sp, err
			}
			pc = piece{ci: ci}
			sp.hasConv = true
			sp.spans = sp.spans || ci.slash
			pos = next
		} else {
			end := pos
			for end < len(rule) && rule[end] != '/' && rule[end] != '<' {
				end++
			}
			pc = piece{lit: rule[pos:end]}
			pos = end
		}
		switch sp.count {
		case 0:
			sp.one = pc
		case 1:
			sp.pieces = appendPiece(append(sp.pieces, sp.one), pc)
		default:
			sp.pieces = appendPiece(sp.pieces, pc)
		}
		sp.count++
	}
	sp.end = pos
	return sp, nil
}

// addSegment records a segment holding a parameter (or any segment once
// in the tail): as a static or dynamic segment, or as part of the tail
// pattern, which starts at the first slash-spanning converter.
func addSegment(segs []ruleSeg, sp *segPieces, text string, tail []piece, inTail bool) ([]ruleSeg, []piece, bool) {
	switch {
	case inTail || sp.spans:
		if inTail {
			tail = appendPiece(tail, piece{lit: "/"})
		}
		if sp.pieces == nil {
			return segs, appendPiece(tail, sp.one), true
		}
		for _, pc := range sp.pieces {
			tail = appendPiece(tail, pc)
		}
		return segs, tail, true
	case !sp.hasConv:
		segs = append(segs, ruleSeg{lit: text})
	case sp.pieces == nil:
		segs = append(segs, ruleSeg{pat: sp.one.ci.seg})
	default:
		segs = append(segs, ruleSeg{pat: newPattern(sp.pieces, false)})
	}
	return segs, tail, false
}

// scanRule finds an ASCII control character or invalid UTF-8 in s (bad,
// at off), and reports whether s has bytes that a URL path must escape,
// besides the '<' and '>' of parameters.
func scanRule(s string) (off int, bad, escape bool) {
	for i := 0; i < len(s); {
		c := s[i]
		if inSet(c, classRule) {
			i++
			continue
		}
		if c < 0x20 || c == 0x7f {
			return i, true, escape
		}
		escape = true
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i, true, escape
		}
		i += n
	}
	return 0, false, escape
}

// appendPiece appends a piece, merging adjacent literals.
func appendPiece(ps []piece, pc piece) []piece {
	if n := len(ps); n > 0 && ps[n-1].ci == nil && pc.ci == nil {
		ps[n-1].lit += pc.lit
		return ps
	}
	return append(ps, pc)
}

// param parses "<conv(args):name>" or "<name>" at rule[at] == '<' and
// returns its converter and the offset after '>'.
func (p *parser) param(rule string, at int) (*convInfo, int, *RuleError) {
	unclosed := func() (*convInfo, int, *RuleError) {
		return nil, 0, ruleErr(rule, at, ErrBadRule, "unclosed '<'")
	}
	i := at + 1
	j := scanIdent(rule, i)
	if j == i {
		if i == len(rule) {
			return unclosed()
		}
		return nil, 0, ruleErr(rule, i, ErrBadRule, "expected a converter or parameter name")
	}
	if j == len(rule) {
		return unclosed()
	}
	spec, specAt, name, nameAt := "default", i, rule[i:j], i
	argsAt, argsEnd := -1, -1
	if rule[j] != '>' {
		if rule[j] == '(' {
			end, err := closeParen(rule, j)
			if err != nil {
				return nil, 0, err
			}
			argsAt, argsEnd = j+1, end
			j = end + 1
		}
		spec = rule[i:j]
		if j == len(rule) {
			return unclosed()
		}
		if rule[j] != ':' {
			return nil, 0, ruleErr(rule, j, ErrBadRule, "expected ':' or '>', found %q", rule[j])
		}
		nameAt = j + 1
		k := scanIdent(rule, nameAt)
		if k == nameAt {
			if k == len(rule) {
				return unclosed()
			}
			return nil, 0, ruleErr(rule, k, ErrBadRule, "expected a parameter name")
		}
		name, j = rule[nameAt:k], k
		if j == len(rule) {
			return unclosed()
		}
	}
	if rule[j] != '>' {
		return nil, 0, ruleErr(rule, j, ErrBadRule, "expected '>', found %q", rule[j])
	}
	for _, prev := range p.params {
		if prev.name == name {
			return nil, 0, ruleErr(rule, nameAt, ErrBadRule, "duplicate parameter %q", name)
		}
	}
	ci, err := p.cached(rule, spec, specAt, argsAt, argsEnd)
	if err != nil {
		return nil, 0, err
	}
	p.params = append(p.params, paramInfo{name: name, ci: ci, start: int32(at), end: int32(j + 1)})
	return ci, j + 1, nil
}

// cached returns the converter spelled spec (at rule[specAt], its
// arguments at rule[argsAt:argsEnd] when argsAt >= 0), building it on first
// use.
func (p *parser) cached(rule, spec string, specAt, argsAt, argsEnd int) (*convInfo, *RuleError) {
	if ci := p.cache[spec]; ci != nil {
		return ci, nil
	}
	cname := spec
	if argsAt >= 0 {
		cname = rule[specAt : argsAt-1]
	}
	build := p.converter
	if p.syntaxOnly {
		build = placeholder
	}
	ci, err := build(rule, specAt, cname, argsAt, argsEnd)
	if err != nil {
		return nil, err
	}
	p.cache[spec] = ci
	return ci, nil
}

// ruleArgs parses the converter arguments at rule[argsAt:argsEnd], if any
// (argsAt < 0: none).
func ruleArgs(rule string, argsAt, argsEnd int) (Args, *RuleError) {
	if argsAt < 0 {
		return Args{}, nil
	}
	args, aerr := parseArgs(rule[argsAt:argsEnd], argsAt)
	if aerr != nil {
		return args, ruleErr(rule, aerr.off, ErrBadRule, "%s", aerr.msg)
	}
	return args, nil
}

// placeholder stands for the converter cname in a syntax-only parse: its
// arguments are checked, nothing is built.
func placeholder(rule string, _ int, cname string, argsAt, argsEnd int) (*convInfo, *RuleError) {
	args, err := ruleArgs(rule, argsAt, argsEnd)
	if err != nil {
		return nil, err
	}
	ci := &convInfo{name: cname, key: cname + "(" + args.canonical() + ")", weight: defaultWeight}
	one := []piece{{ci: ci}}
	ci.seg, ci.tail = newPattern(one, false), newPattern(one, true)
	return ci, nil
}

// converter builds a converter from its name and argument text.
func (p *parser) converter(rule string, at int, cname string, argsAt, argsEnd int) (*convInfo, *RuleError) {
	args, rerr := ruleArgs(rule, argsAt, argsEnd)
	if rerr != nil {
		return nil, rerr
	}
	factory := p.convs[cname]
	if factory == nil {
		return nil, ruleErr(rule, at, ErrUnknownConverter, "%q", cname)
	}
	conv, err := factory(args)
	if err == nil && conv == nil {
		err = fmt.Errorf("factory returned no converter")
	}
	if err != nil {
		return nil, &RuleError{Rule: rule, Offset: at, Err: fmt.Errorf("%w: converter %q: %w", ErrBadRule, cname, err)}
	}
	ci := &convInfo{name: cname, conv: conv, weight: defaultWeight}
	if sp, ok := conv.(slashSpanner); ok {
		ci.slash = sp.MatchesSlash()
	}
	ci.class = classOf(conv, ci.slash)
	if w, ok := conv.(weighter); ok {
		ci.weight = w.Weight()
	}
	if sc, ok := conv.(*stringConverter); ok {
		ci.fast = sc.plain() && !sc.upper
	}
	if k, ok := conv.(keyer); ok {
		ci.key = k.converterKey()
	} else {
		ci.key = cname + "(" + args.canonical() + ")"
	}
	one := []piece{{ci: ci}}
	ci.seg = newPattern(one, false)
	ci.tail = newPattern(one, true)
	return ci, nil
}

// closeParen finds the ')' closing the '(' at rule[open], skipping quoted
// text; it stops at '>' or '/' outside quotes.
func closeParen(rule string, open int) (int, *RuleError) {
	var quote byte
	for i := open + 1; i < len(rule); i++ {
		c := rule[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == ')':
			return i, nil
		case c == '>' || c == '/':
			return 0, ruleErr(rule, open, ErrBadRule, "unclosed '('")
		}
	}
	return 0, ruleErr(rule, open, ErrBadRule, "unclosed '('")
}

// template turns the text of a parsed rule into building steps: the text
// between parameters, escaped once here, and parameter references.
func (p *parser) template(rule string, pr *parsedRule) []tmplPiece {
	n := len(pr.params)
	if n == 0 && !pr.escape {
		return nil // a static rule builds as its own text
	}
	size, prev := n, 0
	for i := 0; i <= n; i++ {
		end := len(rule)
		if i < n {
			end = int(pr.params[i].start)
		}
		if end > prev {
			size++
		}
		if i < n {
			prev = int(pr.params[i].end)
		}
	}
	t := p.allocs.tmpls.many(size)[:0]
	lit := func(s string) {
		if s == "" {
			return
		}
		if pr.escape && needsEscape(s, classPath) {
			s = string(appendEscaped(nil, s, classPath, false))
		}
		t = append(t, tmplPiece{lit: s, param: -1})
	}
	prev = 0
	for i := 0; i < n; i++ {
		lit(rule[prev:pr.params[i].start])
		t = append(t, tmplPiece{param: i})
		prev = int(pr.params[i].end)
	}
	lit(rule[prev:])
	return t
}

// newPattern computes the identity and precedence of a pattern.
func newPattern(pieces []piece, tail bool) *pattern {
	p := &pattern{pieces: pieces, tail: tail}
	p.single = len(pieces) == 1 && pieces[0].ci != nil
	var key strings.Builder
	if tail {
		key.WriteString("T")
	}
	for _, pc := range pieces {
		if pc.ci == nil {
			key.WriteString(strconv.Quote(pc.lit))
			for _, chunk := range strings.Split(pc.lit, "/") {
				if chunk != "" {
					p.statics = append(p.statics, len(chunk))
				}
			}
			continue
		}
		key.WriteByte('<')
		key.WriteString(pc.ci.key)
		key.WriteByte('>')
		p.weights = append(p.weights, pc.ci.weight)
	}
	p.key = key.String()
	return p
}

// before reports whether p must be tried before q (Werkzeug's weighting):
// more static chunks first, then longer ones, then more converters, then
// lighter converters.
func (p *pattern) before(q *pattern) bool {
	if len(p.statics) != len(q.statics) {
		return len(p.statics) > len(q.statics)
	}
	for i := range p.statics {
		if p.statics[i] != q.statics[i] {
			return p.statics[i] > q.statics[i]
		}
	}
	if len(p.weights) != len(q.weights) {
		return len(p.weights) > len(q.weights)
	}
	for i := range p.weights {
		if p.weights[i] != q.weights[i] {
			return p.weights[i] < q.weights[i]
		}
	}
	return false
}

// static reports whether the rule has no parameters.
func (pr *parsedRule) static() bool { return len(pr.params) == 0 }

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
	"errors"
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
	int    *builtin  // the built-in int converter: matching keeps its number
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

// parsedRule is the result of parsing a rule path.
type parsedRule struct {
	segs   []ruleSeg
	tail   *pattern
	slash  bool
	escape bool // the text has bytes a URL path must escape
	params []paramInfo
}

// parser parses rules for a table.
type parser struct {
	convs  map[string]ConverterFactory
	cache  map[string]*convInfo // by spelling
	params []paramInfo          // of the rule being parsed (then copied)
	pieces []piece              // of the segment being parsed (then copied)
	// syntaxOnly reads converter names and arguments without building the
	// converters (ParseRule): any converter name is accepted.
	syntaxOnly bool
}

// maxRuleLen bounds the length of a rule, so that offsets fit in an int32.
const maxRuleLen = 1<<31 - 1

// parse parses a rule. The segments are appended to segs[:0], a buffer
// the caller owns (nil for a fresh one); the rest of the result is fresh.
func (p *parser) parse(rule string, segs []ruleSeg) (parsedRule, *RuleError) {
	escape, err := checkRuleText(rule)
	if err != nil {
		return parsedRule{}, err
	}
	p.params = p.params[:0]
	pr := parsedRule{segs: segs[:0], escape: escape}
	var tail []piece
	for pos, last := 1, false; !last; pos++ {
		pcs, end, spans, err := p.segment(rule, pos)
		if err != nil {
			return parsedRule{}, err
		}
		last = end == len(rule)
		switch {
		case end == pos && last:
			pr.slash = true
		case len(pcs) == 1 && pcs[0].ci == nil && isDotSegment(pcs[0].lit):
			return parsedRule{}, ruleErr(rule, pos, ErrBadRule, "dot segment %q", pcs[0].lit)
		case tail != nil || spans:
			if tail != nil {
				tail = appendPiece(tail, piece{lit: "/"})
			}
			for _, pc := range pcs {
				tail = appendPiece(tail, pc)
			}
		default:
			pr.segs = append(pr.segs, segOf(pcs))
		}
		pos = end
	}
	switch {
	case len(tail) == 1 && tail[0].ci != nil:
		pr.tail = tail[0].ci.tail
	case tail != nil:
		pr.tail = newPattern(tail, true)
	}
	pr.params = slices.Clone(p.params)
	return pr, nil
}

// checkRuleText refuses a rule not starting with '/', too long, or holding
// control characters or invalid UTF-8, and reports whether its text needs
// escaping in URLs (besides the '<' and '>' of parameters).
func checkRuleText(rule string) (escape bool, err *RuleError) {
	if rule == "" || rule[0] != '/' {
		return false, ruleErr(rule, 0, ErrBadRule, "rule must start with '/'")
	}
	if len(rule) > maxRuleLen {
		return false, ruleErr(rule, maxRuleLen, ErrBadRule, "rule longer than %d bytes", maxRuleLen)
	}
	i := 0
	for i < len(rule) && inSet(rule[i], classRule) {
		i++ // the common case, in a tight loop (Register10k: 45 fewer instructions a rule)
	}
	for ; i < len(rule); i++ {
		c := rule[i]
		if inSet(c, classRule) {
			continue
		}
		escape = true
		r, n := utf8.DecodeRuneInString(rule[i:])
		if c < 0x20 || c == 0x7f || r == utf8.RuneError && n <= 1 {
			return false, ruleErr(rule, i, ErrBadRule, "control character or invalid UTF-8")
		}
		i += n - 1
	}
	return escape, nil
}

// segment parses the segment at rule[pos] into p.pieces (overwritten by the
// next call) and returns them, the offset of the '/' or end of rule after
// it, and whether a converter of it spans slashes.
func (p *parser) segment(rule string, pos int) ([]piece, int, bool, *RuleError) {
	pcs, spans := p.pieces[:0], false
	for pos < len(rule) && rule[pos] != '/' {
		if rule[pos] == '<' {
			ci, next, err := p.param(rule, pos)
			if err != nil {
				return nil, 0, false, err
			}
			pcs, pos, spans = append(pcs, piece{ci: ci}), next, spans || ci.slash
			continue
		}
		end := pos
		for end < len(rule) && rule[end] != '/' && rule[end] != '<' {
			end++
		}
		pcs, pos = append(pcs, piece{lit: rule[pos:end]}), end
	}
	p.pieces = pcs
	return pcs, pos, spans, nil
}

// segOf returns the segment made of pieces: static text (empty only when
// kept by MergeSlashes false), the shared pattern of a lone converter, or a
// new pattern.
func segOf(pcs []piece) ruleSeg {
	switch {
	case len(pcs) == 0:
		return ruleSeg{}
	case len(pcs) == 1 && pcs[0].ci == nil:
		return ruleSeg{lit: pcs[0].lit}
	case len(pcs) == 1:
		return ruleSeg{pat: pcs[0].ci.seg}
	}
	return ruleSeg{pat: newPattern(slices.Clone(pcs), false)}
}

// appendPiece appends a piece, merging adjacent literals.
func appendPiece(ps []piece, pc piece) []piece {
	if n := len(ps); n > 0 && ps[n-1].ci == nil && pc.ci == nil {
		ps[n-1].lit += pc.lit
		return ps
	}
	return append(ps, pc)
}

// param parses "<conv(args):name>", "<conv:name>" or "<name>" at rule[at]
// == '<', adds it to p.params, and returns its converter and the offset
// after '>'.
func (p *parser) param(rule string, at int) (*convInfo, int, *RuleError) {
	i := at + 1
	j := scanIdent(rule, i)
	spec, nameAt, argsAt, argsEnd := "default", i, -1, -1
	if j > i && j < len(rule) && rule[j] == '(' {
		end, err := closeParen(rule, j)
		if err != nil {
			return nil, 0, err
		}
		argsAt, argsEnd, j = j+1, end, end+1
	}
	if j > i && j < len(rule) && (rule[j] == ':' || argsAt >= 0) {
		if rule[j] != ':' {
			return nil, 0, ruleErr(rule, j, ErrBadRule, "expected ':' after the converter arguments, found %q", rule[j])
		}
		spec, nameAt = rule[i:j], j+1
		j = scanIdent(rule, nameAt)
	}
	name := rule[nameAt:j]
	switch {
	case j == len(rule):
		return nil, 0, ruleErr(rule, at, ErrBadRule, "unclosed '<'")
	case name == "" && nameAt == i:
		return nil, 0, ruleErr(rule, j, ErrBadRule, "expected a converter or parameter name")
	case name == "":
		return nil, 0, ruleErr(rule, j, ErrBadRule, "expected a parameter name")
	case rule[j] != '>' && nameAt == i:
		return nil, 0, ruleErr(rule, j, ErrBadRule, "expected ':' or '>', found %q", rule[j])
	case rule[j] != '>':
		return nil, 0, ruleErr(rule, j, ErrBadRule, "expected '>', found %q", rule[j])
	case slices.ContainsFunc(p.params, func(q paramInfo) bool { return q.name == name }):
		return nil, 0, ruleErr(rule, nameAt, ErrBadRule, "duplicate parameter %q", name)
	}
	ci, err := p.converter(rule, spec, i, argsAt, argsEnd)
	if err != nil {
		return nil, 0, err
	}
	p.params = append(p.params, paramInfo{name: name, ci: ci, start: int32(at), end: int32(j + 1)})
	return ci, j + 1, nil
}

// closeParen finds the ')' closing the '(' at rule[open], skipping quoted
// text; it stops at '>' or '/' outside quotes.
func closeParen(rule string, open int) (int, *RuleError) {
	var quote byte
	for i := open + 1; i < len(rule); i++ {
		switch c := rule[i]; {
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

// converter returns the converter spelled spec (at rule[at]; its arguments
// at rule[argsAt:argsEnd] when argsAt >= 0), built on its first use.
func (p *parser) converter(rule, spec string, at, argsAt, argsEnd int) (*convInfo, *RuleError) {
	if ci := p.cache[spec]; ci != nil {
		return ci, nil
	}
	var args Args
	name := spec
	if argsAt >= 0 {
		name = rule[at : argsAt-1]
		var err *RuleError
		if args, err = parseArgs(rule, argsAt, argsEnd); err != nil {
			return nil, err
		}
	}
	ci := &convInfo{name: name, weight: defaultWeight, key: fmt.Sprintf("%s%q%q", name, args.Positional, args.Named)}
	if !p.syntaxOnly {
		if err := p.build(ci, args); err != nil {
			return nil, &RuleError{Rule: rule, Offset: at, Err: err}
		}
	}
	one := []piece{{ci: ci}}
	ci.seg, ci.tail = newPattern(one, false), newPattern(one, true)
	p.cache[spec] = ci
	return ci, nil
}

// build makes the converter of ci with its factory and derives the rest of
// ci from it.
func (p *parser) build(ci *convInfo, args Args) error {
	factory := p.convs[ci.name]
	if factory == nil {
		return fmt.Errorf("%w: %q", ErrUnknownConverter, ci.name)
	}
	conv, err := factory(args)
	if err == nil && conv == nil {
		err = errors.New("factory returned no converter")
	}
	if err != nil {
		return fmt.Errorf("%w: converter %q: %w", ErrBadRule, ci.name, err)
	}
	ci.conv = conv
	if sp, ok := conv.(slashSpanner); ok {
		ci.slash = sp.MatchesSlash()
	}
	if w, ok := conv.(weighter); ok {
		ci.weight = w.Weight()
	}
	ci.class = anyByte(ci.slash)
	if b, ok := conv.(*builtin); ok {
		ci.class, ci.fast = b.class(), b.plain() && !b.upper
		if b.kind == kindInt {
			ci.int = b
		}
		ci.key = fmt.Sprintf("%#v", *b) // int(4) and int(fixed_digits=4) are one
	}
	return nil
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
			for chunk := range strings.SplitSeq(pc.lit, "/") {
				if chunk != "" {
					p.statics = append(p.statics, len(chunk))
				}
			}
			continue
		}
		key.WriteString("<" + pc.ci.key + ">")
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
	if c := slices.Compare(p.statics, q.statics); c != 0 {
		return c > 0
	}
	if len(p.weights) != len(q.weights) {
		return len(p.weights) > len(q.weights)
	}
	return slices.Compare(p.weights, q.weights) < 0
}

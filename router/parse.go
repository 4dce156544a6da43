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

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// piece is a literal or a converter inside a pattern.
type piece struct {
	lit   string // the literal, when conv is nil
	conv  Converter
	slash bool // conv may span '/'
	fast  bool // conv accepts any non-empty text: Match is skipped
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
	name  string
	cname string // converter name as written
	conv  Converter
	slash bool
	app   urlAppender // non-nil for built-in converters
}

// tmplPiece is one step of URL building: an escaped literal or a parameter.
type tmplPiece struct {
	lit   string
	param int // index into params, or -1 for a literal
}

// parsedRule is the result of parsing a rule path.
type parsedRule struct {
	segs   []ruleSeg
	tail   *pattern
	slash  bool
	params []paramInfo
	tmpl   []tmplPiece
}

// static reports whether the rule has no parameters.
func (pr *parsedRule) static() bool { return len(pr.params) == 0 }

// parseRule parses rule with the given converters.
func parseRule(rule string, convs map[string]ConverterFactory) (*parsedRule, *RuleError) {
	if rule == "" || rule[0] != '/' {
		return nil, ruleErr(rule, 0, ErrBadRule, "rule must start with '/'")
	}
	if off, bad := badRuleChar(rule); bad {
		return nil, ruleErr(rule, off, ErrBadRule, "control character or invalid UTF-8")
	}
	p := ruleParser{rule: rule, convs: convs, pr: &parsedRule{}}
	if err := p.parse(); err != nil {
		return nil, err
	}
	p.pr.tmpl = buildTemplate(p.pr)
	return p.pr, nil
}

// badRuleChar finds an ASCII control character or invalid UTF-8 in s.
func badRuleChar(s string) (int, bool) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x20 || c == 0x7f {
			return i, true
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i, true
		}
		i += n
	}
	return 0, false
}

type ruleParser struct {
	rule   string
	convs  map[string]ConverterFactory
	pr     *parsedRule
	tail   []piece // pieces of the tail, once started
	inTail bool
}

func (p *ruleParser) parse() *RuleError {
	rule := p.rule
	pos := 1
	for {
		start := pos
		var pieces []piece
		hasConv, spans := false, false
		for pos < len(rule) && rule[pos] != '/' {
			if rule[pos] == '<' {
				pc, next, err := p.param(pos)
				if err != nil {
					return err
				}
				pieces = append(pieces, pc)
				hasConv = true
				spans = spans || pc.slash
				pos = next
				continue
			}
			end := pos
			for end < len(rule) && rule[end] != '/' && rule[end] != '<' {
				end++
			}
			pieces = appendLit(pieces, rule[pos:end])
			pos = end
		}
		last := pos == len(rule)
		if pos == start {
			if !last {
				return ruleErr(rule, start, ErrBadRule, "empty path segment")
			}
			p.pr.slash = true
			break
		}
		if !hasConv && isDotSegment(rule[start:pos]) {
			return ruleErr(rule, start, ErrBadRule, "dot segment %q", rule[start:pos])
		}
		switch {
		case p.inTail || spans:
			if p.inTail {
				p.tail = appendLit(p.tail, "/")
			}
			p.inTail = true
			for _, pc := range pieces {
				if pc.conv == nil {
					p.tail = appendLit(p.tail, pc.lit)
				} else {
					p.tail = append(p.tail, pc)
				}
			}
		case hasConv:
			p.pr.segs = append(p.pr.segs, ruleSeg{pat: newPattern(pieces, false)})
		default:
			p.pr.segs = append(p.pr.segs, ruleSeg{lit: rule[start:pos]})
		}
		if last {
			break
		}
		pos++
	}
	if p.inTail {
		p.pr.tail = newPattern(p.tail, true)
	}
	return nil
}

// appendLit appends literal text, merging it with a preceding literal.
func appendLit(ps []piece, s string) []piece {
	if n := len(ps); n > 0 && ps[n-1].conv == nil {
		ps[n-1].lit += s
		return ps
	}
	return append(ps, piece{lit: s})
}

// param parses "<conv(args):name>" or "<name>" at rule[at] == '<' and
// returns the piece and the offset after '>'.
func (p *ruleParser) param(at int) (piece, int, *RuleError) {
	rule := p.rule
	unclosed := func() (piece, int, *RuleError) {
		return piece{}, 0, ruleErr(rule, at, ErrBadRule, "unclosed '<'")
	}
	i := at + 1
	j := scanIdent(rule, i)
	if j == i {
		if i == len(rule) {
			return unclosed()
		}
		return piece{}, 0, ruleErr(rule, i, ErrBadRule, "expected a converter or parameter name")
	}
	if j == len(rule) {
		return unclosed()
	}
	cname, cnameAt, name, nameAt := "default", at+1, rule[i:j], i
	var args Args
	if rule[j] != '>' {
		cname = rule[i:j]
		if rule[j] == '(' {
			end, err := closeParen(rule, j)
			if err != nil {
				return piece{}, 0, err
			}
			var aerr *argError
			if args, aerr = parseArgs(rule[j+1:end], j+1); aerr != nil {
				return piece{}, 0, ruleErr(rule, aerr.off, ErrBadRule, "%s", aerr.msg)
			}
			j = end + 1
		}
		if j == len(rule) {
			return unclosed()
		}
		if rule[j] != ':' {
			return piece{}, 0, ruleErr(rule, j, ErrBadRule, "expected ':' or '>', found %q", rule[j])
		}
		nameAt = j + 1
		k := scanIdent(rule, nameAt)
		if k == nameAt {
			if k == len(rule) {
				return unclosed()
			}
			return piece{}, 0, ruleErr(rule, k, ErrBadRule, "expected a parameter name")
		}
		name, j = rule[nameAt:k], k
		if j == len(rule) {
			return unclosed()
		}
	}
	if rule[j] != '>' {
		return piece{}, 0, ruleErr(rule, j, ErrBadRule, "expected '>', found %q", rule[j])
	}
	for _, prev := range p.pr.params {
		if prev.name == name {
			return piece{}, 0, ruleErr(rule, nameAt, ErrBadRule, "duplicate parameter %q", name)
		}
	}
	factory := p.convs[cname]
	if factory == nil {
		return piece{}, 0, ruleErr(rule, cnameAt, ErrUnknownConverter, "%q", cname)
	}
	conv, err := factory(args)
	if err == nil && conv == nil {
		err = fmt.Errorf("factory returned no converter")
	}
	if err != nil {
		return piece{}, 0, &RuleError{Rule: rule, Offset: cnameAt, Err: fmt.Errorf("%w: converter %q: %w", ErrBadRule, cname, err)}
	}
	pc := piece{conv: conv}
	if sp, ok := conv.(slashSpanner); ok {
		pc.slash = sp.MatchesSlash()
	}
	if sc, ok := conv.(*stringConverter); ok {
		pc.fast = sc.plain() && !sc.upper
	}
	info := paramInfo{name: name, cname: cname, conv: conv, slash: pc.slash}
	info.app, _ = conv.(urlAppender)
	p.pr.params = append(p.pr.params, info)
	return pc, j + 1, nil
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

// newPattern computes the identity and precedence of a pattern.
func newPattern(pieces []piece, tail bool) *pattern {
	p := &pattern{pieces: pieces, tail: tail}
	p.single = len(pieces) == 1 && pieces[0].conv != nil
	var key strings.Builder
	if tail {
		key.WriteString("T")
	}
	for _, pc := range pieces {
		if pc.conv == nil {
			key.WriteString(strconv.Quote(pc.lit))
			for _, chunk := range strings.Split(pc.lit, "/") {
				if chunk != "" {
					p.statics = append(p.statics, len(chunk))
				}
			}
			continue
		}
		key.WriteByte('<')
		key.WriteString(converterKey(pc.conv))
		key.WriteByte('>')
		w := defaultWeight
		if wc, ok := pc.conv.(weighter); ok {
			w = wc.Weight()
		}
		p.weights = append(p.weights, w)
	}
	p.key = key.String()
	return p
}

// converterKey returns a converter's canonical identity: built-in
// converters know theirs; others are identified by type and value.
func converterKey(c Converter) string {
	if k, ok := c.(keyer); ok {
		return k.converterKey()
	}
	return fmt.Sprintf("%T%+v", c, c)
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

// buildTemplate turns a parsed rule into building steps; literals are
// escaped once here.
func buildTemplate(pr *parsedRule) []tmplPiece {
	var t []tmplPiece
	lit := func(s string) {
		s = string(appendEscaped(nil, s, pathLo, segmentHi, false))
		if n := len(t); n > 0 && t[n-1].param < 0 {
			t[n-1].lit += s
			return
		}
		t = append(t, tmplPiece{lit: s, param: -1})
	}
	param := 0
	addPieces := func(ps []piece) {
		for _, pc := range ps {
			if pc.conv == nil {
				lit(pc.lit)
				continue
			}
			t = append(t, tmplPiece{param: param})
			param++
		}
	}
	for _, sg := range pr.segs {
		lit("/")
		if sg.pat == nil {
			lit(sg.lit)
			continue
		}
		addPieces(sg.pat.pieces)
	}
	if pr.tail != nil {
		lit("/")
		addPieces(pr.tail.pieces)
	}
	if pr.slash {
		lit("/")
	}
	return t
}

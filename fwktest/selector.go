package fwktest

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// selector is a parsed selector (see Response.Find): compounds joined by
// combinators, combs[i] joining parts[i] and parts[i+1] (' ' descendant,
// '>' child).
type selector struct {
	parts []compound
	combs []byte
}

// compound is one tag#id.class[attr=value] group; empty fields match all.
type compound struct {
	tag     string
	id      string
	classes []string
	attrs   []attrTest
}

type attrTest struct {
	key, val string
	hasVal   bool
}

// parseSelector parses s, reporting the offset of what it cannot read.
func parseSelector(s string) (selector, error) {
	var sel selector
	p := &selParser{s: s}
	p.space()
	for p.i < len(s) {
		if len(sel.parts) > 0 {
			comb := byte(' ')
			if p.peek() == '>' {
				comb = '>'
				p.i++
				p.space()
			}
			sel.combs = append(sel.combs, comb)
		}
		c, err := p.compound()
		if err != nil {
			return selector{}, fmt.Errorf("selector %q: %w", s, err)
		}
		sel.parts = append(sel.parts, c)
		p.space()
	}
	if len(sel.parts) == 0 || len(sel.combs) == len(sel.parts) {
		return selector{}, fmt.Errorf("selector %q: empty", s)
	}
	return sel, nil
}

// selParser reads a selector.
type selParser struct {
	s string
	i int
}

func (p *selParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *selParser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// ident reads a name: letters, digits, '-' and '_'.
func (p *selParser) ident() (string, error) {
	start := p.i
	for p.i < len(p.s) {
		b := p.s[p.i]
		if b != '-' && b != '_' && (b < '0' || b > '9') && (b|0x20 < 'a' || b|0x20 > 'z') && b < 0x80 {
			break
		}
		p.i++
	}
	if p.i == start {
		return "", fmt.Errorf("a name expected at offset %d", start)
	}
	return p.s[start:p.i], nil
}

// compound reads one compound selector.
func (p *selParser) compound() (compound, error) {
	var c compound
	if p.peek() == '*' {
		p.i++
	} else if b := p.peek(); b != '#' && b != '.' && b != '[' {
		tag, err := p.ident()
		if err != nil {
			return c, err
		}
		c.tag = strings.ToLower(tag)
	}
	for {
		var err error
		switch p.peek() {
		case '#':
			p.i++
			c.id, err = p.ident()
		case '.':
			p.i++
			var cl string
			cl, err = p.ident()
			c.classes = append(c.classes, cl)
		case '[':
			var a attrTest
			a, err = p.attr()
			c.attrs = append(c.attrs, a)
		case 0, ' ', '\t', '\n', '>':
			return c, nil
		default:
			return c, fmt.Errorf("unexpected %q at offset %d", p.s[p.i], p.i)
		}
		if err != nil {
			return c, err
		}
	}
}

// attr reads [key] or [key=value], the value bare or quoted.
func (p *selParser) attr() (attrTest, error) {
	p.i++ // '['
	p.space()
	key, err := p.ident()
	if err != nil {
		return attrTest{}, err
	}
	a := attrTest{key: strings.ToLower(key)}
	p.space()
	if p.peek() == '=' {
		p.i++
		p.space()
		a.hasVal = true
		if q := p.peek(); q == '"' || q == '\'' {
			end := strings.IndexByte(p.s[p.i+1:], q)
			if end < 0 {
				return a, fmt.Errorf("unclosed quote at offset %d", p.i)
			}
			a.val, p.i = p.s[p.i+1:p.i+1+end], p.i+end+2
		} else {
			end := strings.IndexByte(p.s[p.i:], ']')
			if end < 0 {
				return a, fmt.Errorf("unclosed [ at offset %d", p.i)
			}
			a.val, p.i = strings.TrimSpace(p.s[p.i:p.i+end]), p.i+end
		}
		p.space()
	}
	if p.peek() != ']' {
		return a, fmt.Errorf("] expected at offset %d", p.i)
	}
	p.i++
	return a, nil
}

// matches reports whether n matches the whole selector.
func (s selector) matches(n *html.Node) bool { return s.matchAt(len(s.parts)-1, n) }

func (s selector) matchAt(i int, n *html.Node) bool {
	if !s.parts[i].matches(n) {
		return false
	}
	if i == 0 {
		return true
	}
	if s.combs[i-1] == '>' {
		p := parentElement(n)
		return p != nil && s.matchAt(i-1, p)
	}
	for p := parentElement(n); p != nil; p = parentElement(p) {
		if s.matchAt(i-1, p) {
			return true
		}
	}
	return false
}

func parentElement(n *html.Node) *html.Node {
	p := n.Parent
	if p == nil || p.Type != html.ElementNode {
		return nil
	}
	return p
}

// matches reports whether the element n matches c.
func (c compound) matches(n *html.Node) bool {
	if n.Type != html.ElementNode || c.tag != "" && n.Data != c.tag {
		return false
	}
	if c.id != "" {
		if id, _ := attr(n, "id"); id != c.id {
			return false
		}
	}
	if len(c.classes) > 0 {
		have, _ := attr(n, "class")
		list := strings.Fields(have)
		for _, cl := range c.classes {
			if !slices.Contains(list, cl) {
				return false
			}
		}
	}
	for _, a := range c.attrs {
		v, ok := attr(n, a.key)
		if !ok || a.hasVal && v != a.val {
			return false
		}
	}
	return true
}

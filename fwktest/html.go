package fwktest

import (
	"bytes"
	"fmt"
	"strings"

	"golang.org/x/net/html"
)

// The body of a response is parsed as HTML on first use, with
// golang.org/x/net/html (the HTML5 parsing algorithm browsers use; it is a
// dependency of fwk already). Elements are found with a small subset of
// CSS selectors:
//
//	selector        matches
//	form            every <form>
//	#add            the element whose id is "add"
//	.flash          elements whose class list holds "flash"
//	[name=title]    elements whose name attribute is "title" (quotes allowed)
//	[disabled]      elements with a disabled attribute
//	ul.posts li     <li> elements inside a <ul class="posts">
//	ul > li         <li> elements that are children of a <ul>
//
// A compound selector combines a tag (or *) with any number of #id, .class
// and [attr] / [attr=value] parts.

// Element is an element of a response's HTML.
type Element struct {
	// Node is the parsed element.
	Node *html.Node
	resp *Response
}

// Document returns the body parsed as an HTML document; its Node is the
// document node.
func (r *Response) Document() *Element {
	r.docOnce.Do(func() {
		doc, err := html.Parse(bytes.NewReader(r.body))
		if err != nil { // the parser accepts any input; only a reader error ends it
			doc = &html.Node{Type: html.DocumentNode}
		}
		r.doc = doc
	})
	return &Element{Node: r.doc, resp: r}
}

// Find returns the first element matching the selector, failing the test
// (t.Fatalf) when there is none or the selector is malformed.
func (r *Response) Find(selector string) *Element {
	r.client.t.Helper()
	return r.Document().Find(selector)
}

// FindAll returns the elements matching the selector, in document order
// (none is not a failure). A malformed selector fails the test.
func (r *Response) FindAll(selector string) []*Element {
	r.client.t.Helper()
	return r.Document().FindAll(selector)
}

// Find returns the first element under e matching the selector, failing
// the test (t.Fatalf) when there is none or the selector is malformed.
func (e *Element) Find(selector string) *Element {
	t := e.resp.client.t
	t.Helper()
	all := e.FindAll(selector)
	if len(all) == 0 {
		t.Fatalf("fwktest: no element matches %q\nresponse: %s", selector, e.resp.full())
	}
	return all[0]
}

// FindAll returns the elements under e matching the selector, in document
// order. A malformed selector fails the test (t.Fatalf).
func (e *Element) FindAll(selector string) []*Element {
	t := e.resp.client.t
	t.Helper()
	sel, err := parseSelector(selector)
	if err != nil {
		t.Fatalf("fwktest: %v", err)
	}
	var out []*Element
	walk(e.Node, func(n *html.Node) {
		if n != e.Node && sel.matches(n) {
			out = append(out, &Element{Node: n, resp: e.resp})
		}
	})
	return out
}

// walk calls fn for every element under n, n included, in document order.
func walk(n *html.Node, fn func(*html.Node)) {
	if n.Type == html.ElementNode {
		fn(n)
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		walk(ch, fn)
	}
}

// Tag returns the element's tag name ("a", "form").
func (e *Element) Tag() string { return e.Node.Data }

// Attr returns the value of the attribute name, "" when it is absent.
func (e *Element) Attr(name string) string {
	v, _ := attr(e.Node, name)
	return v
}

// HasAttr reports whether the element has the attribute name.
func (e *Element) HasAttr(name string) bool {
	_, ok := attr(e.Node, name)
	return ok
}

func attr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// Text returns the text of the element and its descendants, with runs of
// white space collapsed to one space and trimmed, as it reads on the page.
func (e *Element) Text() string {
	var b strings.Builder
	var text func(*html.Node)
	text = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			text(ch)
		}
	}
	text(e.Node)
	return strings.Join(strings.Fields(b.String()), " ")
}

// HTML returns the element's markup, as the parser understood it.
func (e *Element) HTML() string {
	var b bytes.Buffer
	if err := html.Render(&b, e.Node); err != nil {
		return fmt.Sprintf("<!-- %v -->", err)
	}
	return b.String()
}

// String returns the element's markup (HTML).
func (e *Element) String() string { return e.HTML() }

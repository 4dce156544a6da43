package fwktest

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// Form is a <form> of a page, read as a browser reads it.
type Form struct {
	*Element
	// Method is GET or POST (the form's method, GET by default).
	Method string
	// Action is the absolute URL the form posts to: its action resolved
	// against the page's URL (the page itself when it has none).
	Action string
	// Fields holds what the browser would submit as the form stands: its
	// named, enabled inputs (checked boxes and radios only), selects
	// (their selected options) and textareas, hidden ones (the CSRF
	// token) included; not its buttons.
	Fields url.Values

	enctype string
	names   []string // every control's name, for the typo check
	submit  []string // name and value of the first named submit button
	files   []formFile
}

// formFile is a file input of the form and the file chosen for it.
type formFile struct {
	name, filename string
	content        []byte
	chosen         bool
}

// Form returns the form of the page selected by sel: the form whose id,
// name or action attribute is sel, else the first form matching sel as a
// selector (see Find); "" selects the page's only form. It fails the test
// (t.Fatalf) when there is none, or several for "".
func (r *Response) Form(sel string) *Form {
	t := r.client.t
	t.Helper()
	forms := r.FindAll("form")
	var found *Element
	switch {
	case sel == "" && len(forms) == 1:
		found = forms[0]
	case sel == "":
		t.Fatalf("fwktest: the page has %d forms, not one: select one by id, name or action\nresponse: %s", len(forms), r.full())
	default:
		for _, f := range forms {
			if f.Attr("id") == sel || f.Attr("name") == sel || f.HasAttr("action") && f.Attr("action") == sel {
				found = f
				break
			}
		}
		if found == nil {
			for _, e := range r.FindAll(sel) {
				if e.Tag() == "form" {
					found = e
					break
				}
			}
		}
	}
	if found == nil {
		t.Fatalf("fwktest: no form with id, name or action %q, nor matching it as a selector\nresponse: %s", sel, r.full())
	}
	return r.readForm(found)
}

// readForm reads the form e of r.
func (r *Response) readForm(e *Element) *Form {
	f := &Form{Element: e, Method: http.MethodGet, Fields: url.Values{}, enctype: strings.ToLower(e.Attr("enctype"))}
	if strings.EqualFold(e.Attr("method"), "post") {
		f.Method = http.MethodPost
	}
	action, err := r.req.URL.Parse(e.Attr("action"))
	if err != nil {
		r.client.t.Helper()
		r.client.t.Fatalf("fwktest: the form's action %q: %v", e.Attr("action"), err)
	}
	action.Fragment = ""
	f.Action = action.String()
	for _, n := range r.controls(e.Node) {
		f.addControl(n)
	}
	return f
}

// controls returns the controls of the form node: its descendants and the
// elements naming it in their form attribute.
func (r *Response) controls(form *html.Node) []*html.Node {
	id, _ := attr(form, "id")
	var out []*html.Node
	walk(r.Document().Node, func(n *html.Node) {
		switch n.Data {
		case "input", "select", "textarea", "button":
		default:
			return
		}
		if owner, ok := attr(n, "form"); ok {
			if id != "" && owner == id {
				out = append(out, n)
			}
			return
		}
		for p := n.Parent; p != nil; p = p.Parent {
			if p == form {
				out = append(out, n)
				return
			}
		}
	})
	return out
}

// addControl adds what the control n submits, by the HTML rules.
func (f *Form) addControl(n *html.Node) {
	name, _ := attr(n, "name")
	if name == "" || disabled(n) {
		return
	}
	f.names = append(f.names, name)
	value, hasValue := attr(n, "value")
	switch n.Data {
	case "textarea":
		f.Fields.Add(name, textOf(n))
	case "select":
		f.addSelect(name, n)
	case "button":
		if typ, _ := attr(n, "type"); typ == "" || strings.EqualFold(typ, "submit") {
			f.submitButton(name, value)
		}
	default: // input
		typ, _ := attr(n, "type")
		switch strings.ToLower(typ) {
		case "checkbox", "radio":
			if _, checked := attr(n, "checked"); checked {
				if !hasValue {
					value = "on"
				}
				f.Fields.Add(name, value)
			}
		case "submit", "image":
			f.submitButton(name, value)
		case "file":
			f.files = append(f.files, formFile{name: name})
		case "button", "reset":
		default:
			f.Fields.Add(name, value)
		}
	}
}

// submitButton records the first named submit button, which Submit sends
// as the button the user pressed.
func (f *Form) submitButton(name, value string) {
	if f.submit == nil {
		f.submit = []string{name, value}
	}
}

// addSelect adds the selected options of a select (its first option when
// none is selected and it takes one value).
func (f *Form) addSelect(name string, sel *html.Node) {
	var options []*html.Node
	walk(sel, func(n *html.Node) {
		if n.Data == "option" && !disabled(n) {
			options = append(options, n)
		}
	})
	_, multiple := attr(sel, "multiple")
	picked := false
	for _, o := range options {
		if _, ok := attr(o, "selected"); ok {
			f.Fields.Add(name, optionValue(o))
			picked = true
		}
	}
	if !picked && !multiple && len(options) > 0 {
		f.Fields.Add(name, optionValue(options[0]))
	}
}

func optionValue(o *html.Node) string {
	if v, ok := attr(o, "value"); ok {
		return v
	}
	return strings.Join(strings.Fields(textOf(o)), " ")
}

func textOf(n *html.Node) string {
	var b strings.Builder
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.TextNode {
			b.WriteString(ch.Data)
		}
	}
	return b.String()
}

func disabled(n *html.Node) bool {
	_, ok := attr(n, "disabled")
	return ok
}

// Submit submits the form as a browser does after the user filled it in:
// values replace the form's own (Fields) for the names they give, and an
// empty list removes a field (an unchecked box); every other field,
// hidden ones and the CSRF token included, is sent as the page holds it,
// with the first named submit button. The request carries the page's
// Origin and Referer. A name the form has no control for fails the test
// (t.Errorf, the request is still sent): a browser could not send it.
func (f *Form) Submit(values url.Values, opts ...RequestOption) *Response {
	c := f.resp.client
	c.t.Helper()
	fields := url.Values{}
	for k, vs := range f.Fields {
		fields[k] = slices.Clone(vs)
	}
	if f.submit != nil {
		fields.Add(f.submit[0], f.submit[1])
	}
	for k, vs := range values {
		if !slices.Contains(f.names, k) {
			c.t.Errorf("fwktest: %s has no field %q (it has %s)", f.startTag(), k, strings.Join(f.names, ", "))
		}
		if len(vs) == 0 {
			delete(fields, k)
		} else {
			fields[k] = vs
		}
	}
	req, body := f.request(fields)
	page := f.resp.req.URL
	req.Header.Set("Origin", page.Scheme+"://"+page.Host)
	req.Header.Set("Referer", page.String())
	req.Header.Set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
	return c.exchange(req, body, c.requestOptions(opts))
}

// startTag returns the form's start tag, to name it in messages.
func (f *Form) startTag() string {
	var b strings.Builder
	b.WriteString("<form")
	for _, a := range f.Node.Attr {
		fmt.Fprintf(&b, " %s=%q", a.Key, a.Val)
	}
	b.WriteString(">")
	return b.String()
}

// request builds the request submitting fields.
func (f *Form) request(fields url.Values) (*http.Request, []byte) {
	c := f.resp.client
	c.t.Helper()
	target, _ := url.Parse(f.Action) // made by readForm
	var body []byte
	ctype := ""
	switch {
	case f.Method == http.MethodGet:
		for _, ff := range f.files {
			fields.Add(ff.name, ff.filename)
		}
		target.RawQuery = fields.Encode()
	case f.enctype == "multipart/form-data":
		body, ctype = f.multipart(fields)
	default:
		for _, ff := range f.files { // a browser sends the file's name only
			fields.Add(ff.name, ff.filename)
		}
		body, ctype = []byte(fields.Encode()), "application/x-www-form-urlencoded"
	}
	req, err := http.NewRequestWithContext(context.Background(), f.Method, target.String(), nil)
	if err != nil {
		c.t.Fatalf("fwktest: submitting the form to %s: %v", f.Action, err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	return req, body
}

// multipart encodes fields and the form's files as multipart/form-data; a
// file input with no file chosen is an empty part with an empty file name,
// as browsers send it.
func (f *Form) multipart(fields url.Values) ([]byte, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, k := range sortedKeys(fields) {
		for _, v := range fields[k] {
			_ = w.WriteField(k, v) // writes to memory
		}
	}
	for _, ff := range f.files {
		part, _ := w.CreateFormFile(ff.name, ff.filename)
		_, _ = part.Write(ff.content)
	}
	_ = w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// Attach chooses the file a file input of the form sends (its name and
// content), as the user does in the browser, and returns the form. Submit
// sends it when the form is multipart/form-data (otherwise a browser sends
// the file's name only). It fails the test (t.Errorf) when the form has no
// file input of that name.
func (f *Form) Attach(name, filename string, content []byte) *Form {
	for i := range f.files {
		if ff := &f.files[i]; ff.name == name && !ff.chosen {
			*ff = formFile{name: name, filename: filename, content: content, chosen: true}
			return f
		}
	}
	t := f.resp.client.t
	t.Helper()
	t.Errorf("fwktest: %s has no file input %q to attach %q to", f.startTag(), name, filename)
	return f
}

func sortedKeys(v url.Values) []string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

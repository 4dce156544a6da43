package fwk

// This file writes the HTML of an error response: the app's errors/
// template when a bundle has one, else the built-in page, a finished page
// with its style inline (no external assets, so it renders whatever broke).

import (
	"html"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/fwkgo/fwk/internal/tmpl"
)

// errorTemplate returns the set and name of the template of an error page
// of status: errors/<status><ext>, else errors/error<ext>; nil if none.
func (a *App) errorTemplate(status int) (*tmpl.Set, string) {
	if len(a.tmpl.sets) == 0 {
		return nil, ""
	}
	set, ext := a.tmpl.sets[0].set, a.cfg.TemplateFileExtension
	if ext == "" {
		ext = ".html"
	}
	if name := "errors/" + strconv.Itoa(status) + ext; set.Has(name) {
		return set, name
	}
	if name := "errors/error" + ext; set.Has(name) {
		return set, name
	}
	return nil, ""
}

// renderErrorTemplate renders p with the app's error template, if it has
// one, and reports whether it did. With Config.Debug a server error keeps
// the built-in page, which shows the details. A template that fails is
// logged and the built-in page is written instead.
func (a *App) renderErrorTemplate(c *Ctx, p *ErrorPage) bool {
	if p.Debug != nil {
		return false
	}
	set, name := a.errorTemplate(p.Status)
	if set == nil {
		return false
	}
	h := c.w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	c.w.WriteHeader(p.Status) // held until the page is written (respWriter)
	err := set.Render(htmlWriter{c}, name, p.data(), c.templateFuncs())
	if err == nil || c.rw.started() {
		return true
	}
	c.rw.pending = 0
	a.log.Error("fwk: error page template failed; the built-in page was written", "template", name,
		"status", p.Status, "error", err)
	return false
}

// errorPageStyle is the inline style of the built-in error page.
const errorPageStyle = `:root{color-scheme:light dark}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1f2328}
main{box-sizing:border-box;width:100%;max-width:40rem;margin:2rem;padding:2.5rem;background:#fff;
border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.06)}
.status{margin:0;font-size:.8rem;font-weight:600;letter-spacing:.1em;text-transform:uppercase;color:#6e7781}
h1{margin:.25rem 0 1rem;font-size:1.75rem;line-height:1.25}
h2{margin:2rem 0 .5rem;font-size:1rem}
p{margin:0 0 1rem}
ul{margin:0 0 1rem;padding-left:1.25rem}
code,pre{font:.85rem/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{overflow:auto;padding:1rem;background:#f6f8fa;border-radius:8px;white-space:pre-wrap}
a{color:#0969da}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}
main{background:#161b22;box-shadow:0 0 0 1px #30363d}.status{color:#8b949e}pre{background:#0d1117}a{color:#4493f8}}`

// writeHTML writes the built-in error page.
func (p *ErrorPage) writeHTML(w http.ResponseWriter) {
	var b strings.Builder
	b.Grow(2048)
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
	b.WriteString(html.EscapeString(strconv.Itoa(p.Status) + " " + p.Title))
	b.WriteString("</title>\n<style>\n")
	b.WriteString(errorPageStyle)
	b.WriteString("\n</style>\n</head>\n<body>\n<main>\n<p class=\"status\">Error ")
	b.WriteString(strconv.Itoa(p.Status))
	b.WriteString("</p>\n<h1>")
	b.WriteString(html.EscapeString(p.Title))
	b.WriteString("</h1>\n<p>")
	b.WriteString(html.EscapeString(p.Message))
	b.WriteString("</p>\n")
	writeFieldList(&b, p.Fields)
	if p.Hint != "" {
		b.WriteString("<p class=\"hint\">")
		b.WriteString(html.EscapeString(p.Hint))
		b.WriteString("</p>\n")
	}
	if d := p.Debug; d != nil {
		b.WriteString("<h2>Debug</h2>\n<pre>")
		b.WriteString(html.EscapeString(d.Error))
		b.WriteString("</pre>\n")
		if d.Endpoint != "" || d.Rule != "" {
			b.WriteString("<p>Route: <code>" + html.EscapeString(d.Endpoint) + "</code> <code>" +
				html.EscapeString(d.Rule) + "</code></p>\n")
		}
		if d.Stack != "" {
			b.WriteString("<pre>")
			b.WriteString(html.EscapeString(d.Stack))
			b.WriteString("</pre>\n")
		}
	}
	b.WriteString("<p><a href=\"/\">Go to the home page</a></p>\n</main>\n</body>\n</html>\n")
	p.header(w, "text/html; charset=utf-8")
	_, _ = io.WriteString(w, b.String())
}

// writeFieldList writes the messages of a validation error as a list,
// sorted by field.
func writeFieldList(b *strings.Builder, fields map[string][]string) {
	if len(fields) == 0 {
		return
	}
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	b.WriteString("<ul>\n")
	for _, k := range names {
		for _, m := range fields[k] {
			b.WriteString("<li><code>")
			b.WriteString(html.EscapeString(k))
			b.WriteString("</code>: ")
			b.WriteString(html.EscapeString(m))
			b.WriteString("</li>\n")
		}
	}
	b.WriteString("</ul>\n")
}

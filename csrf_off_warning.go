package fwk

import (
	"bytes"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strings"
)

// The CSRF-off warning. WTF_CSRF_ENABLED is off by default, as in Flask-WTF
// and Flask-Unchained; an app that serves HTML forms posting to views must
// turn it on. When it does not, Serve warns once, as Django's system checks
// warn of a missing CSRF middleware: a template holds a <form> posting, and
// a view that is neither exempt nor JSON accepts POST, PUT, PATCH or
// DELETE. The warning names both, and how to turn protection on.

// postForm finds the opening tag of a form whose method is POST in a
// template's text (case-insensitive; the method may be quoted or not).
var postForm = regexp.MustCompile(`(?is)<form\b[^>]*\bmethod\s*=\s*["']?\s*post\b`)

// maxScannedTemplate is the largest template file read for forms.
const maxScannedTemplate = 1 << 20

// formSite is where a template declares a posting form.
type formSite struct {
	bundle, file string
	line         int
}

// warnCSRFOff logs the CSRF-off warning, at most once per App, when CSRF
// protection is off, a template posts a form and a view takes it (see
// above). Serve calls it before serving.
func (a *App) warnCSRFOff() {
	if a.csrf.on {
		return
	}
	a.csrf.offWarning.Do(func() {
		views := a.unprotectedFormViews()
		if len(views) == 0 {
			return
		}
		site, ok := a.firstPostForm()
		if !ok {
			return
		}
		v := views[0]
		a.log.Warn("fwk: CSRF protection is off (WTF_CSRF_ENABLED=false, the default) while the app serves "+
			"HTML forms that post: turn it on with WTF_CSRF_ENABLED=true (Config.CSRFEnabled) and a SECRET_KEY, "+
			"or mark views that take no form fwk.CSRFExempt() or fwk.ServesJSON()",
			"template", site.file, "line", site.line, "bundle", site.bundle,
			"view", v.endpoint, "methods", strings.Join(unsafeMethods(v.rt.Methods()), ","), "rule", v.rule,
			"declared_at", v.route.declaredAt, "unprotected_views", len(views))
	})
}

// unprotectedFormViews returns the views, in registration order, that would
// take a posted HTML form unchecked: not CSRF-exempt, not serving JSON (a
// resource, ServesJSON, Meta.ServesJSON, a typed result), with an unsafe
// method.
func (a *App) unprotectedFormViews() []*view {
	var out []*view
	for _, v := range a.views {
		if v.csrfExempt || v.servesJSON || v.result != nil || v.rt == nil {
			continue
		}
		if len(unsafeMethods(v.rt.Methods())) > 0 {
			out = append(out, v)
		}
	}
	return out
}

// unsafeMethods returns the methods of ms that change state: POST, PUT,
// PATCH, DELETE.
func unsafeMethods(ms []string) []string {
	var out []string
	for _, m := range ms {
		switch m {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			out = append(out, m)
		}
	}
	return out
}

// firstPostForm returns the first posting form of the bundles' templates,
// the app bundle's first, files in lexical order.
func (a *App) firstPostForm() (formSite, bool) {
	for _, src := range a.templates {
		var site formSite
		found := false
		_ = fs.WalkDir(src.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // an unreadable entry holds no form
			}
			if d.IsDir() || strings.HasPrefix(path.Base(p), ".") {
				return nil
			}
			if info, err := d.Info(); err != nil || info.Size() > maxScannedTemplate {
				return nil
			}
			data, err := fs.ReadFile(src.fsys, p)
			if err != nil {
				return nil
			}
			if loc := postForm.FindIndex(data); loc != nil {
				site, found = formSite{bundle: src.bundle, file: p, line: 1 + bytes.Count(data[:loc[0]], []byte("\n"))}, true
				return fs.SkipAll
			}
			return nil
		})
		if found {
			return site, true
		}
	}
	return formSite{}, false
}

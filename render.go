package fwk

import (
	"errors"
	"fmt"
	"html/template"
	"path"
	"strings"

	"github.com/fwkgo/fwk/internal/tmpl"
)

// Templates: every bundle's Templates() FS is a source, the app bundle's
// first, so that it overrides the others (App.initTemplates records them).
// The sources are parsed once at start-up (ControllerBundle.BeforeInitApp)
// into a set of html/template pages (see internal/tmpl for layouts/ and
// partials/); with Config.Debug each render reads the files again.
//
// A set selects its files by extension: the first set is built for
// Config.TemplateFileExtension and covers every file whose name contains it
// (".html" also covers "index.html.j2"). A controller whose
// Meta.TemplateFileExtension is not covered gets a set of its own when its
// views are bound.

// templates is the template environment of an App.
type templates struct {
	srcs  []tmpl.Source
	funcs template.FuncMap // declared functions and their defaults
	debug bool
	sets  []extSet // the Config extension's first
}

// extSet is the set of templates of one file extension.
type extSet struct {
	ext string
	set *tmpl.Set
}

// errOutsideRequest is the error of the request-bound template functions
// called without a request.
var errOutsideRequest = errors.New("called outside a request")

// loadTemplates parses the bundles' templates recorded by initTemplates.
func (a *App) loadTemplates() error {
	t := &a.tmpl
	t.srcs = t.srcs[:0]
	for _, s := range a.templates {
		t.srcs = append(t.srcs, tmpl.Source{Bundle: s.bundle, FS: s.fsys})
	}
	t.debug = a.cfg.Debug
	cfg := a.cfg
	t.funcs = template.FuncMap{
		"urlFor":      nil,                                                                     // bound per request: Ctx.URLFor
		"flashes":     nil,                                                                     // bound per request: Ctx.Flashes
		"csrfToken":   func() (string, error) { return "", errOutsideRequest },                 // bound per request: GenerateCSRF
		"csrfMetaTag": func(...string) (template.HTML, error) { return "", errOutsideRequest }, // CSRFMetaTag
		"config":      func(key string) string { return cfg.Get(key) },
	}
	t.sets = t.sets[:0]
	_, err := t.set(a.cfg.TemplateFileExtension)
	return err
}

// set returns the set of templates of ext, loading it the first time.
func (t *templates) set(ext string) (*tmpl.Set, error) {
	if ext == "" {
		ext = ".html" // what tmpl selects files by when given none
	}
	for _, s := range t.sets {
		if s.ext == ext {
			return s.set, nil
		}
	}
	set, err := tmpl.Load(t.srcs, tmpl.Options{Ext: ext, Funcs: t.funcs, Debug: t.debug, LinkFunc: "urlFor",
		TrackFuncs: []string{"csrfToken", "csrfMetaTag"}})
	if err != nil {
		return nil, &prefixError{"fwk: templates: ", err}
	}
	t.sets = append(t.sets, extSet{ext: ext, set: set})
	return set, nil
}

// prepareTemplates makes sure the templates of the extension of r's
// controller are loaded; it runs at start-up, when r's view is bound.
func (a *App) prepareTemplates(r *Route) error {
	if r.meta == nil || r.meta.TemplateFileExtension == "" || len(a.tmpl.sets) == 0 {
		return nil
	}
	ext := r.meta.TemplateFileExtension
	if strings.Contains(ext, a.tmpl.sets[0].ext) {
		return nil
	}
	_, err := a.tmpl.set(ext)
	return err
}

// setFor returns the set holding the template called name: the first one
// whose extension the name contains, else the first set.
func (t *templates) setFor(name string) *tmpl.Set {
	base := path.Base(name)
	for _, s := range t.sets {
		if strings.Contains(base, s.ext) {
			return s.set
		}
	}
	if len(t.sets) == 0 {
		return nil
	}
	return t.sets[0].set
}

// Render renders the template name with data and writes it with status 200
// (or the status the view set with WriteHeader before; see RenderStatus)
// and Content-Type "text/html; charset=utf-8" (unless a Content-Type was
// set). The page is rendered into a buffer first: when rendering fails,
// nothing is written and the error is returned, which the app answers with
// a logged 500.
//
// name is resolved against the controller serving the request (as
// Flask-Unchained's render): without a '.', the extension
// (Meta.TemplateFileExtension, else Config.TemplateFileExtension) is appended;
// then, without a '/', the controller's template folder (Meta.TemplateFolder,
// default naming.ControllerName of the type) is put in front. For
// SiteController, "index" is "site/index.html"; "index.html.j2" is
// "site/index.html.j2"; "site/index.html.j2" is used as is. Plain func views
// have no folder. The file is looked up in the bundles' Templates(), the app
// bundle first.
//
// data is either nothing (an empty M), one value used as the template's
// dot (an M, a map, a struct, ...), or key, value pairs collected into an M:
//
//	return ctx.Render("index", fwk.M{"user": u})
//	return ctx.Render("index", "user", u, "page", 2)
//
// Templates can call urlFor (Ctx.URLFor), flashes (Ctx.Flashes), config
// (Config.Get) and csrfToken (GenerateCSRF).
func (c *Ctx) Render(name string, data ...any) error {
	return c.render(name, data)
}

// RenderStatus is Render answering with status instead of 200: a form
// with errors answers 422, an error handler the error's status
// (StatusCode(err)), in one call:
//
//	return ctx.RenderStatus(http.StatusUnprocessableEntity, "contact", "form", f)
//
// The page is rendered before the status and the headers go out, so the
// session changes rendering makes (the flashed messages a layout reads)
// are saved with the response. status must be 200-999.
func (c *Ctx) RenderStatus(status int, name string, data ...any) error {
	if status < 200 || status > 999 {
		return fmt.Errorf("fwk: render %q: invalid status code %d", name, status)
	}
	c.w.WriteHeader(status) // held until the page is written (respWriter)
	return c.render(name, data)
}

// render renders the template name (see Render).
func (c *Ctx) render(name string, data []any) error {
	d, err := templateData(data)
	if err != nil {
		return fmt.Errorf("fwk: render %q: %w", name, err)
	}
	full := c.templateName(name)
	set := c.app.tmpl.setFor(full)
	if set == nil {
		return fmt.Errorf("fwk: render %q: the templates are not loaded", full)
	}
	_, end := c.traceStep(c.req.Context(), "render", full)
	err = set.Render(htmlWriter{c}, full, d, c.templateFuncs())
	if end != nil {
		end(err)
	}
	if err != nil {
		return &prefixError{fmt.Sprintf("fwk: render %q: ", full), err}
	}
	return nil
}

// htmlWriter sets the Content-Type of a rendered page on its only Write, so
// that a failed render leaves the headers alone.
// It holds only the Ctx pointer, so boxing it does not allocate.
type htmlWriter struct{ c *Ctx }

func (h htmlWriter) Write(b []byte) (int, error) {
	setDefaultContentType(h.c.w.Header(), "text/html; charset=utf-8")
	return h.c.w.Write(b)
}

// templateName resolves name for the view being served (see Render).
func (c *Ctx) templateName(name string) string {
	var r *Route
	if c.view != nil {
		r = c.view.route
	}
	return c.app.templateName(r, name)
}

// templateName resolves name for the views of r (nil: a view of no
// controller).
func (a *App) templateName(r *Route, name string) string {
	folder, ext := "", a.cfg.TemplateFileExtension
	if r != nil && r.meta != nil {
		folder = r.meta.TemplateFolder
		if r.meta.TemplateFileExtension != "" {
			ext = r.meta.TemplateFileExtension
		}
	}
	return resolveTemplate(name, folder, ext)
}

// resolveTemplate is Flask-Unchained's template resolution: ext is appended to a name
// without '.', then folder is put in front of a name without '/'.
func resolveTemplate(name, folder, ext string) string {
	if !strings.Contains(name, ".") {
		name += ext
	}
	if folder != "" && !strings.Contains(name, "/") {
		name = folder + "/" + name
	}
	return name
}

// templateData builds the dot of a template from Render's data arguments.
func templateData(data []any) (any, error) {
	switch len(data) {
	case 0:
		return M{}, nil
	case 1:
		return data[0], nil
	}
	if len(data)%2 != 0 {
		return nil, fmt.Errorf("data must be one value or key, value pairs; got %d values", len(data))
	}
	m := make(M, len(data)/2)
	for i := 0; i < len(data); i += 2 {
		k, ok := data[i].(string)
		if !ok {
			return nil, fmt.Errorf("data key %d is a %T, not a string", i/2+1, data[i])
		}
		m[k] = data[i+1]
	}
	return m, nil
}

// templateFuncs returns the per-request template functions of c. They are
// made once per pooled Ctx and read the request c is serving.
func (c *Ctx) templateFuncs() template.FuncMap {
	if c.tfuncs == nil {
		c.tfuncs = template.FuncMap{
			"urlFor": func(target string, args ...any) (string, error) { return c.URLFor(target, args...) },
			"flashes": func(categories ...string) ([]FlashMessage, error) {
				return c.Flashes(categories...)
			},
			"csrfToken": func() (string, error) { return GenerateCSRF(c) },
			"csrfMetaTag": func(name ...string) (template.HTML, error) {
				return CSRFMetaTag(c, strings.Join(name, ""))
			},
		}
	}
	return c.tfuncs
}

// prefixError replaces the "fwk: " prefix of err's message with its own,
// keeping err for errors.Is and errors.As.
type prefixError struct {
	prefix string
	err    error
}

func (e *prefixError) Error() string {
	return e.prefix + strings.TrimPrefix(e.err.Error(), "fwk: ")
}

func (e *prefixError) Unwrap() error { return e.err }

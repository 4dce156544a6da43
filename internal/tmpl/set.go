package tmpl

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/fwkgo/fwk/internal/suggest"
)

// ErrNotFound is wrapped by the error of [Set.Render] for a template that no
// source holds.
var ErrNotFound = errors.New("template not found")

// Source is one bundle's template files.
type Source struct {
	Bundle string // bundle name, used in error messages
	FS     fs.FS  // the bundle's template folder
}

// Options configures [Load].
type Options struct {
	// Ext selects the template files: every file whose base name contains it.
	// Default ".html".
	Ext string
	// Funcs fixes the names of the template functions at parse time. Its
	// values are the defaults used when [Set.Render] is not given an
	// implementation; a nil value must be bound at render time.
	Funcs template.FuncMap
	// Debug re-reads the sources on every Render and Has call. Default false.
	Debug bool
	// LinkFunc names the function whose constant first arguments Links
	// reports ("urlFor"). Default none.
	LinkFunc string
	// TrackFuncs names functions whose first call FirstUse reports
	// ("csrfToken"). Default none.
	TrackFuncs []string
}

// Set is a parsed collection of templates. It is safe for concurrent use.
type Set struct {
	srcs     []Source
	ext      string
	defaults template.FuncMap
	debug    bool
	pages    map[string]*page
	bufs     sync.Pool // of *bytes.Buffer

	linkFunc string
	loading  bool             // Load is parsing: collect links
	links    []Link           // see Links
	tracked  map[string]*Link // TrackFuncs -> first call (nil until seen)
}

// page is one renderable template and its pool of executable clones.
type page struct {
	name     string
	pristine *template.Template // never executed; clones are made from it
	pool     sync.Pool          // of *instance
}

// instance is an executable clone whose functions read b.
type instance struct {
	t *template.Template
	b *binding
}

// maxPooledBuf bounds the buffers kept for reuse.
const maxPooledBuf = 64 << 10

// Load parses every template of srcs (given in priority order, first wins)
// once. It returns an error naming the bundle, file and line for a parse
// error, and an error for a bad option (an invalid function name or
// signature, a nil FS).
func Load(srcs []Source, opt Options) (*Set, error) {
	s := &Set{srcs: append([]Source(nil), srcs...), ext: opt.Ext, debug: opt.Debug, linkFunc: opt.LinkFunc}
	if len(opt.TrackFuncs) > 0 {
		s.tracked = make(map[string]*Link, len(opt.TrackFuncs))
		for _, name := range opt.TrackFuncs {
			s.tracked[name] = nil
		}
	}
	if s.ext == "" {
		s.ext = ".html"
	}
	for i, src := range srcs {
		if src.FS == nil {
			return nil, fmt.Errorf("fwk: templates: source %d (bundle %q) has a nil FS", i, src.Bundle)
		}
	}
	var err error
	if s.defaults, err = checkFuncs(opt.Funcs); err != nil {
		return nil, err
	}
	files, err := s.scan(".")
	if err != nil {
		return nil, err
	}
	s.loading = true
	s.pages, err = s.parseAll(files)
	s.loading = false
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Has reports whether a template called name exists.
func (s *Set) Has(name string) bool {
	name, ok := cleanName(name)
	if !ok {
		return false
	}
	if s.debug {
		_, ok := s.find(name)
		return ok
	}
	_, ok = s.pages[name]
	return ok
}

// Render executes the template name (a path such as "site/index.html") with
// data and writes the result to w. bind gives the per-request
// implementations of functions declared in [Options.Funcs]; a name not
// declared there is an error. Nothing is written to w when execution fails.
func (s *Set) Render(w io.Writer, name string, data any, bind template.FuncMap) error {
	for k := range bind {
		if _, ok := s.defaults[k]; !ok {
			return fmt.Errorf("fwk: template %q: function %q is not declared in Options.Funcs", name, k)
		}
	}
	clean, ok := cleanName(name)
	if !ok {
		return s.notFound(name)
	}
	buf := s.buffer()
	defer s.release(buf)
	var err error
	if s.debug {
		err = s.renderDebug(buf, clean, data, bind)
	} else {
		err = s.renderPooled(buf, clean, data, bind)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

func (s *Set) renderPooled(buf *bytes.Buffer, name string, data any, bind template.FuncMap) error {
	p := s.pages[name]
	if p == nil {
		return s.notFound(name)
	}
	inst, err := s.take(p)
	if err != nil {
		return err
	}
	inst.b.funcs = bind
	err = inst.t.Execute(buf, data)
	inst.b.funcs = nil
	p.pool.Put(inst)
	if err != nil {
		return fmt.Errorf("fwk: template %q: %w", name, err)
	}
	return nil
}

// take returns a pooled clone of p, or makes one from the pristine copy.
func (s *Set) take(p *page) (*instance, error) {
	if inst, ok := p.pool.Get().(*instance); ok {
		return inst, nil
	}
	c, err := p.pristine.Clone()
	if err != nil {
		return nil, fmt.Errorf("fwk: template %q: %w", p.name, err)
	}
	b := &binding{}
	c.Funcs(s.funcMap(b))
	return &instance{t: c.Lookup(p.name), b: b}, nil
}

func (s *Set) renderDebug(buf *bytes.Buffer, name string, data any, bind template.FuncMap) error {
	ref, ok := s.find(name)
	if !ok {
		return s.notFound(name)
	}
	shared, err := s.scanShared()
	if err != nil {
		return err
	}
	b := &binding{funcs: bind}
	base, err := s.parseShared(template.New("").Funcs(s.funcMap(b)), shared)
	if err != nil {
		return err
	}
	if !isShared(name) {
		if err := s.parseFile(base, ref); err != nil {
			return err
		}
	}
	if err := base.ExecuteTemplate(buf, name, data); err != nil {
		return fmt.Errorf("fwk: template %q: %w", name, err)
	}
	return nil
}

func (s *Set) notFound(name string) error {
	bundles := make([]string, len(s.srcs))
	for i, src := range s.srcs {
		bundles[i] = fmt.Sprintf("%q", src.Bundle)
	}
	return fmt.Errorf("fwk: template %q not found in bundles [%s]: %w%s", name, strings.Join(bundles, ", "), ErrNotFound,
		suggest.Hint(name, s.Names()))
}

// Names returns the names of the templates, sorted: those parsed, or in
// debug mode those the sources hold now.
func (s *Set) Names() []string {
	if !s.debug {
		return slices.Sorted(maps.Keys(s.pages))
	}
	files, err := s.scan(".")
	if err != nil {
		return nil
	}
	return slices.Sorted(maps.Keys(files))
}

func (s *Set) buffer() *bytes.Buffer {
	if b, ok := s.bufs.Get().(*bytes.Buffer); ok {
		return b
	}
	return new(bytes.Buffer)
}

func (s *Set) release(b *bytes.Buffer) {
	if b.Cap() > maxPooledBuf {
		return
	}
	b.Reset()
	s.bufs.Put(b)
}

// cleanName accepts "a/b.html" and "/a/b.html", nothing with . or .. parts.
func cleanName(name string) (string, bool) {
	name = strings.TrimPrefix(name, "/")
	return name, fs.ValidPath(name) && name != "."
}

package tmpl

import (
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// fileRef locates the file that won for a template path.
type fileRef struct {
	src  int    // index in Set.srcs
	path string // path in that source, also the template name
}

// sharedDirs are the top-level folders parsed into every page's set.
var sharedDirs = [...]string{"layouts", "partials"}

func isShared(name string) bool {
	for _, d := range sharedDirs {
		if strings.HasPrefix(name, d+"/") {
			return true
		}
	}
	return false
}

// isTemplate selects files by base name.
func (s *Set) isTemplate(base string) bool {
	return !strings.HasPrefix(base, ".") && strings.Contains(base, s.ext)
}

// scan walks root in every source and returns the winning file of each
// template path (the first source holding it).
func (s *Set) scan(root string) (map[string]fileRef, error) {
	files := map[string]fileRef{}
	for i, src := range s.srcs {
		err := fs.WalkDir(src.FS, root, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil && p == root && errors.Is(err, fs.ErrNotExist):
				return fs.SkipAll
			case err != nil:
				return err
			case d.IsDir() && p != root && strings.HasPrefix(d.Name(), "."):
				return fs.SkipDir
			case d.IsDir() || !s.isTemplate(d.Name()):
				return nil
			}
			if _, seen := files[p]; !seen {
				files[p] = fileRef{src: i, path: p}
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("fwk: templates: bundle %q: %w", src.Bundle, err)
		}
	}
	return files, nil
}

// scanShared returns the shared files, sorted by path.
func (s *Set) scanShared() ([]fileRef, error) {
	var refs []fileRef
	for _, d := range sharedDirs {
		files, err := s.scan(d)
		if err != nil {
			return nil, err
		}
		refs = append(refs, sortedRefs(files)...)
	}
	return refs, nil
}

func sortedRefs(files map[string]fileRef) []fileRef {
	refs := make([]fileRef, 0, len(files))
	for _, r := range files {
		refs = append(refs, r)
	}
	slices.SortFunc(refs, func(a, b fileRef) int { return strings.Compare(a.path, b.path) })
	return refs
}

// find looks name up in the sources directly (debug mode).
func (s *Set) find(name string) (fileRef, bool) {
	if !s.isTemplate(path.Base(name)) {
		return fileRef{}, false
	}
	for i, src := range s.srcs {
		if fi, err := fs.Stat(src.FS, name); err == nil && !fi.IsDir() {
			return fileRef{src: i, path: name}, true
		}
	}
	return fileRef{}, false
}

// parseAll builds the pristine set of every page: the shared files once,
// then one clone per page with the page parsed into it.
func (s *Set) parseAll(files map[string]fileRef) (map[string]*page, error) {
	refs := sortedRefs(files)
	var shared []fileRef
	for _, r := range refs {
		if isShared(r.path) {
			shared = append(shared, r)
		}
	}
	base, err := s.parseShared(template.New("").Funcs(s.funcMap(&binding{})), shared)
	if err != nil {
		return nil, err
	}
	pages := make(map[string]*page, len(refs))
	for _, r := range refs {
		c, err := base.Clone()
		if err != nil {
			return nil, fmt.Errorf("fwk: template %s: %w", r.path, err)
		}
		if !isShared(r.path) {
			if err := s.parseFile(c, r); err != nil {
				return nil, err
			}
		}
		pages[r.path] = &page{name: r.path, pristine: c}
	}
	return pages, nil
}

func (s *Set) parseShared(base *template.Template, shared []fileRef) (*template.Template, error) {
	for _, r := range shared {
		if err := s.parseFile(base, r); err != nil {
			return nil, err
		}
	}
	return base, nil
}

// parseFile adds the file of r to t under its path (see parseAs).
func (s *Set) parseFile(t *template.Template, r fileRef) error {
	return s.parseAs(t, r, r.path, 1)
}

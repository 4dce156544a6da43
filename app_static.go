package fwk

import (
	"io/fs"
	"net/http"
	"strings"
)

// addStatic serves the static files of bundle name from fsys at
// /<name>/static/<path:filename> (endpoint "<name>.static", GET and HEAD).
func (a *App) addStatic(name string, fsys fs.FS) error {
	h := &staticFiles{fsys: noDirFS{fsys}}
	r := &Route{
		rule:       "/" + name + "/static/<path:filename>",
		view:       h,
		handler:    h,
		endpoint:   name + ".static",
		methods:    []string{http.MethodGet},
		set:        setEndpoint | setMethods,
		declaredAt: "static files of bundle " + name,
	}
	return a.addRoute(r, r.rule, r.endpoint)
}

// staticFiles serves files of an fs.FS named by the "filename" URL param. No
// directory is ever listed, and names are checked with fs.ValidPath, so no
// name can reach outside the FS ("..", absolute or backslash names are 404s).
type staticFiles struct{ fsys fs.FS }

func (s *staticFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("filename")
	if !fs.ValidPath(name) || name == "." || strings.ContainsRune(name, '\\') {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	http.ServeFileFS(w, r, s.fsys, name)
}

// noDirFS hides directories: opening one is fs.ErrNotExist, so file servers
// never list them.
type noDirFS struct{ fs.FS }

// Open opens name unless it is a directory.
func (n noDirFS) Open(name string) (fs.File, error) {
	f, err := n.FS.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return f, nil
}

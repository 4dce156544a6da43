package fwk

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"strings"
)

// addStatic serves the static files of bundle name from fsys at
// /<name>/static/<path:filename> (endpoint "<name>.static", GET and HEAD).
func (a *App) addStatic(name string, fsys fs.FS) error {
	h := &staticFiles{fsys: fsys}
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

// staticFiles serves the files of an fs.FS named by the "filename" URL
// param, exactly by name:
//
//	filename            served
//	css/app.css         the file (Range, If-Modified-Since, ... as http.ServeContent)
//	index.html          the file (never redirected to "./")
//	css, css/           404: directories are never listed
//	.env, .git/config   404: no dot-named file or directory
//	a/../b, \x, /x      404: no name reaches outside the FS (fs.ValidPath)
//
// Its errors (404, and 412 or 416 from http.ServeContent) are rendered by
// the app like any view's: App.HandleError and the JSON/HTML negotiation
// apply.
type staticFiles struct{ fsys fs.FS }

func (s *staticFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := s.serveFile(w, r, r.PathValue("filename"))
	if err == nil {
		return
	}
	if c := ctxFromRequest(r); c != nil {
		c.app.handleError(c, err)
		return
	}
	code := StatusCode(err) // not served by an App: plain text
	http.Error(w, http.StatusText(code), code)
}

// serveFile writes the file name, or returns the error to render without
// having written anything.
func (s *staticFiles) serveFile(w http.ResponseWriter, r *http.Request, name string) error {
	if !staticName(name) {
		return Abort(http.StatusNotFound)
	}
	f, err := s.fsys.Open(name)
	if err != nil {
		return Abort(http.StatusNotFound)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return Abort(http.StatusNotFound)
	}
	content, ok := f.(io.ReadSeeker)
	if !ok { // e.g. a file of a zip.Reader: read it once
		b, err := io.ReadAll(f)
		if err != nil {
			return err
		}
		content = bytes.NewReader(b)
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	ew := &errorStatusWriter{ResponseWriter: w}
	http.ServeContent(ew, r, st.Name(), st.ModTime(), content)
	if ew.status != 0 {
		return Abort(ew.status)
	}
	return nil
}

// staticName reports whether name may be served: a valid fs.FS path (no
// "." or ".." segment, no empty segment, no leading or trailing slash), no
// backslash, and no segment starting with a dot.
func staticName(name string) bool {
	if !fs.ValidPath(name) || name == "." || strings.ContainsRune(name, '\\') {
		return false
	}
	for seg := range strings.SplitSeq(name, "/") {
		if seg[0] == '.' { // ValidPath: no segment is empty
			return false
		}
	}
	return true
}

// errorStatusWriter passes a successful response through and swallows an
// error one (status 400 and above), keeping its status for the app to
// render.
type errorStatusWriter struct {
	http.ResponseWriter
	status int
}

// WriteHeader forwards code unless it is an error status.
func (e *errorStatusWriter) WriteHeader(code int) {
	if code >= 400 {
		e.status = code
		return
	}
	e.ResponseWriter.WriteHeader(code)
}

// Write forwards b unless an error status was swallowed.
func (e *errorStatusWriter) Write(b []byte) (int, error) {
	if e.status != 0 {
		return len(b), nil
	}
	return e.ResponseWriter.Write(b)
}

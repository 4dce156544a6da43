package fwk

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"reflect"
	"strings"
)

// addStatic serves the static files of bundle name from fsys at
// /<name>/static/<path:filename> (endpoint "<name>.static", GET and HEAD).
// With Config.Debug every answer says Cache-Control: no-cache, so that a
// browser asks again on each page load and an edited file shows at once.
func (a *App) addStatic(name string, fsys fs.FS) error {
	h := newStaticFiles(fsys)
	h.revalidate = a.cfg.Debug
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
//	link -> /etc/passwd 404: no symbolic link leads outside the folder
//	link -> ../x        404: likewise
//	link -> css/app.css the file: a link inside the folder is followed
//
// Links are kept inside in one of two ways (see newStaticFiles): an
// os.DirFS folder is served through an os.Root, which the kernel holds to
// the folder at every step of every open; any other file system that can
// report links (fs.ReadLinkFS: fs.Sub of an os.DirFS, fstest.MapFS) has
// each link of a name resolved and checked before the file is opened.
//
// Its errors (404, and 412 or 416 from http.ServeContent) are rendered by
// the app like any view's: App.HandleError and the JSON/HTML negotiation
// apply.
type staticFiles struct {
	fsys       fs.FS
	links      fs.ReadLinkFS // nil: fsys keeps links inside itself or has none
	revalidate bool          // Cache-Control: no-cache (Debug)
}

// dirFSType is the type of os.DirFS's file systems.
var dirFSType = reflect.TypeOf(os.DirFS("."))

// newStaticFiles serves fsys. An os.DirFS is replaced by the FS of an
// os.Root opened on its folder now (the folder stays open as long as the
// App): its opens never leave the folder, absolute links included. A
// folder that cannot be opened as a root (missing at start-up) and any
// other file system that reports links have their links checked by name.
func newStaticFiles(fsys fs.FS) *staticFiles {
	if reflect.TypeOf(fsys) == dirFSType {
		if root, err := os.OpenRoot(reflect.ValueOf(fsys).String()); err == nil {
			return &staticFiles{fsys: root.FS()}
		}
	}
	links, _ := fsys.(fs.ReadLinkFS)
	return &staticFiles{fsys: fsys, links: links}
}

func (s *staticFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := s.serveFile(w, r, r.PathValue("filename"))
	if err == nil {
		return
	}
	WriteError(w, r, err)
}

// serveFile writes the file name, or returns the error to render without
// having written anything.
func (s *staticFiles) serveFile(w http.ResponseWriter, r *http.Request, name string) error {
	if !staticName(name) {
		return Abort(http.StatusNotFound)
	}
	if s.links != nil {
		var ok bool
		if name, ok = resolveInside(s.links, name); !ok {
			return Abort(http.StatusNotFound)
		}
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
	if s.revalidate {
		w.Header().Set("Cache-Control", "no-cache")
	}
	ew := &errorStatusWriter{ResponseWriter: w}
	http.ServeContent(ew, r, st.Name(), st.ModTime(), content)
	if ew.status != 0 {
		return Abort(ew.status)
	}
	return nil
}

// maxLinks bounds the links followed for one name, as the kernel does
// (ELOOP).
const maxLinks = 40

// resolveInside resolves the symbolic links of name in fsys, segment by
// segment, and returns the name without links, or false when a link is
// absolute, leads above the root, is a loop or cannot be read, or a
// segment does not exist.
func resolveInside(fsys fs.ReadLinkFS, name string) (string, bool) {
	segs := strings.Split(name, "/")
	dir, links := ".", 0
	for i := 0; i < len(segs); i++ {
		p := path.Join(dir, segs[i])
		fi, err := fsys.Lstat(p)
		if err != nil {
			return "", false
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			dir = p
			continue
		}
		target, err := fsys.ReadLink(p)
		if links++; err != nil || links > maxLinks || target == "" || path.IsAbs(target) {
			return "", false
		}
		joined := path.Join(dir, target) // "../x" when it climbs above the root
		if !fs.ValidPath(joined) {
			return "", false
		}
		segs = append(strings.Split(joined, "/"), segs[i+1:]...)
		dir, i = ".", -1
	}
	return dir, true
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

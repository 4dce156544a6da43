package router

import (
	"net/http"
	"strings"
)

// ServeHTTP routes the request. A HandlerFunc receives the parameters
// directly (no allocation); any other handler reads them with
// Request.PathValue. The router itself answers redirects (308, with the
// request's query appended to the path-only Location), automatic OPTIONS
// (200 with Allow), 405 (with Allow), 400 and 404, using the NotFound,
// MethodNotAllowed and BadRequest handlers when set. A matched route without
// a handler is answered like a 404.
func (r *Router) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	t := r.frozen.Load()
	if t == nil {
		t = r.freeze()
	}
	m, _ := r.pool.Get().(*Match)
	if m == nil {
		m = new(Match)
	}
	r.lookup(t, req.Method, req.Host, requestPath(req), m, true)
	switch m.Status {
	case http.StatusOK:
		r.dispatch(w, req, m)
	case http.StatusPermanentRedirect:
		loc := m.Location
		if req.URL.RawQuery != "" {
			loc += "?" + req.URL.RawQuery
		}
		w.Header().Set("Location", loc)
		w.WriteHeader(http.StatusPermanentRedirect)
	case http.StatusMethodNotAllowed:
		w.Header().Set("Allow", m.Allow)
		reply(w, req, r.MethodNotAllowed, http.StatusMethodNotAllowed)
	case http.StatusBadRequest:
		reply(w, req, r.BadRequest, http.StatusBadRequest)
	default:
		reply(w, req, r.NotFound, http.StatusNotFound)
	}
	m.Params.Reset()
	m.Route = nil
	r.pool.Put(m)
}

// requestPath returns the escaped path of req, avoiding the escaping work
// of URL.EscapedPath when the decoded path is also the escaped one.
func requestPath(req *http.Request) string {
	u := req.URL
	if u.RawPath == "" && strings.IndexByte(u.Path, '%') < 0 {
		return u.Path
	}
	return u.EscapedPath()
}

func (r *Router) dispatch(w http.ResponseWriter, req *http.Request, m *Match) {
	rt := m.Route
	switch {
	case rt == nil: // automatic OPTIONS
		w.Header().Set("Allow", m.Allow)
		w.Header().Set("Content-Length", "0")
		w.WriteHeader(http.StatusOK)
	case rt.hf != nil:
		rt.hf(w, req, &m.Params)
	case rt.rule.Handler != nil:
		for i := 0; i < m.Params.Len(); i++ {
			p := m.Params.At(i)
			req.SetPathValue(p.Key, p.Value)
		}
		rt.rule.Handler.ServeHTTP(w, req)
	default:
		reply(w, req, r.NotFound, http.StatusNotFound)
	}
}

// reply runs h, or writes the plain-text default for code.
func reply(w http.ResponseWriter, req *http.Request, h http.Handler, code int) {
	if h != nil {
		h.ServeHTTP(w, req)
		return
	}
	http.Error(w, http.StatusText(code), code)
}

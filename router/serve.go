package router

import (
	"net/http"
	"net/url"
)

// ServeHTTP routes the request. A HandlerFunc receives the parameters
// directly (no allocation); any other handler reads them with
// Request.PathValue. Request.Pattern is set to the matched rule. The router
// itself answers redirects (308, with the request's query appended to the
// path-only Location), automatic OPTIONS (200 with Allow), 405 (with
// Allow), 400 and 404, using the NotFound, MethodNotAllowed and BadRequest
// handlers when set. A matched route without a handler is answered like a
// 404.
func (r *Router) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	t := r.rules()
	// Without an escape in the request, its Path is routed as it is unless
	// the walk finds a '%' there (see lookup); a fully static rule's path
	// holding a '%' is served alike either way.
	p, pct := req.URL.Path, false
	if req.URL.RawPath != "" {
		p, pct = escapedURLPath(req.URL)
	}
	// A plain rule of a fully static path is served without the Match pool.
	if !pct && p != "" && t.maybeStatic(p) {
		if l := t.static[p]; l != nil && !l.sum.complex {
			if rt := l.quick(methodBit(req.Method)); rt != nil && rt.extra == nil {
				r.dispatch(w, req, rt, &t.noParams)
				return
			}
		}
	}
	m, _ := r.pool.Get().(*Match)
	if m == nil {
		m = new(Match)
	}
	if rt, n := r.quickWalk(t, req.Method, p, pct, m); rt != nil {
		m.Params.rt, m.Params.n = rt, n
		r.dispatch(w, req, rt, &m.Params)
		r.release(m)
		return
	}
	var unsure *url.URL // set: p is its Path, which lookup may give up for the escaped path
	if req.URL.RawPath == "" {
		unsure = req.URL
	}
	r.lookup(t, req.Method, req.Host, p, m, pct, true, unsure)
	if m.Status == http.StatusOK && m.Route != nil {
		r.dispatch(w, req, m.Route, &m.Params)
	} else {
		m.ServeMiss(w, req, func(status int) {
			h := r.NotFound
			if status == http.StatusMethodNotAllowed {
				h = r.MethodNotAllowed
			} else if status == http.StatusBadRequest {
				h = r.BadRequest
			}
			reply(w, req, h, status)
		})
	}
	r.release(m)
}

// release returns m to the pool.
func (r *Router) release(m *Match) {
	m.Params.rt, m.Params.n = nil, 0 // values are overwritten by the next match
	m.Route = nil
	r.pool.Put(m)
}

// ServeMiss writes the answer to a Match that has no route to serve, the
// one way Router.ServeHTTP and fwk's App answer misses: a 308 redirect to
// Location with the request's query appended, the automatic OPTIONS answer
// (200, Allow, empty body), or, after setting Allow for a 405, fail(status)
// for 404, 405 and 400 to render the body.
func (m *Match) ServeMiss(w http.ResponseWriter, req *http.Request, fail func(status int)) {
	switch m.Status {
	case http.StatusPermanentRedirect:
		loc := m.Location
		if m.Host != "" && req.TLS != nil {
			loc = "https://" + m.Host + loc
		} else if m.Host != "" {
			loc = "http://" + m.Host + loc
		}
		if req.URL.RawQuery != "" {
			loc += "?" + req.URL.RawQuery
		}
		w.Header().Set("Location", loc)
		w.WriteHeader(http.StatusPermanentRedirect)
	case http.StatusOK: // automatic OPTIONS
		w.Header().Set("Allow", m.Allow)
		w.Header().Set("Content-Length", "0")
		w.WriteHeader(http.StatusOK)
	case http.StatusMethodNotAllowed:
		w.Header().Set("Allow", m.Allow)
		fail(http.StatusMethodNotAllowed)
	case http.StatusBadRequest:
		fail(http.StatusBadRequest)
	default:
		fail(http.StatusNotFound)
	}
}

// dispatch runs the handler of rt with the parameters ps; a route without
// one is a 404.
func (r *Router) dispatch(w http.ResponseWriter, req *http.Request, rt *Route, ps *Params) {
	hf, isFunc := rt.handler.(HandlerFunc)
	if rt.handler == nil || isFunc && hf == nil {
		reply(w, req, r.NotFound, http.StatusNotFound)
		return
	}
	req.Pattern = rt.path
	if isFunc {
		hf(w, req, ps)
		return
	}
	for i := range ps.Len() {
		p := ps.At(i)
		req.SetPathValue(p.Key, p.Value)
	}
	rt.handler.ServeHTTP(w, req)
}

// reply runs h, or writes the plain-text default for code.
func reply(w http.ResponseWriter, req *http.Request, h http.Handler, code int) {
	if h != nil {
		h.ServeHTTP(w, req)
		return
	}
	http.Error(w, http.StatusText(code), code)
}

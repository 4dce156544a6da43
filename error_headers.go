package fwk

// This file gives error responses clean headers. The rule: an error
// response (the default page, an App.HandleError handler, an AbortWith
// handler, the app's own 404/405/400/413) starts from the headers that
// were set when the app began serving the request, i.e. by app-wide
// middleware that wraps the App; of what the view, its decorators or its
// AfterThisRequest callbacks added, only the headers keptOnError lists stay.
//
//	header set by                 example                          on the error page
//	app-wide middleware           X-Request-Id, CSP                kept, with the middleware's value
//	the view                      Set-Cookie, Content-Encoding     dropped
//	the view                      Cache-Control: public            dropped (the middleware's value, if any, comes back)
//	the view                      Content-Disposition              dropped
//	the view or a decorator       WWW-Authenticate, Allow, Vary    kept (keptOnError)
//	the view                      Strict-Transport-Security        kept (keptOnError)
//
// A session saved at header-write time re-adds its cookie after this
// cleaning, so flashed messages survive an error page.

import "net/http"

// keptOnError reports whether a view's header key (canonical form) stays
// on its error response of status: the headers an error status needs (Allow
// for 405, WWW-Authenticate and Proxy-Authenticate for 401/407, Retry-After
// for 429/503, Content-Range for 416 only), Vary, and security headers,
// which are safe on any response.
func keptOnError(key string, status int) bool {
	switch key {
	case "Content-Range":
		return status == http.StatusRequestedRangeNotSatisfiable
	case "Allow", "Proxy-Authenticate", "Retry-After", "Vary", "Www-Authenticate",
		"Content-Security-Policy", "Content-Security-Policy-Report-Only",
		"Cross-Origin-Embedder-Policy", "Cross-Origin-Opener-Policy", "Cross-Origin-Resource-Policy",
		"Permissions-Policy", "Referrer-Policy", "Strict-Transport-Security",
		"X-Content-Type-Options", "X-Frame-Options":
		return true
	}
	return false
}

// headerSnapshot records the response headers present when the app began
// serving a request. It keeps the header's own value slices (Header.Set
// replaces a slice, it does not write into it), so taking it allocates
// nothing unless more than len(keys) headers were present.
type headerSnapshot struct {
	n    int
	keys [8]string
	vals [8][]string
	more http.Header // a clone when more than len(keys) headers were set
}

// take records h.
func (s *headerSnapshot) take(h http.Header) {
	s.n, s.more = 0, nil
	if len(h) == 0 {
		return
	}
	if len(h) > len(s.keys) {
		s.more = h.Clone()
		return
	}
	for k, v := range h {
		s.keys[s.n], s.vals[s.n] = k, v
		s.n++
	}
}

// release drops the references to the request's headers.
func (s *headerSnapshot) release() {
	clear(s.keys[:s.n])
	clear(s.vals[:s.n])
	s.n, s.more = 0, nil
}

// restore makes h, for an error response of status, the recorded headers
// plus the keptOnError headers set since (which win over recorded ones of
// the same name).
func (s *headerSnapshot) restore(h http.Header, status int) {
	for k := range h {
		if !keptOnError(k, status) {
			delete(h, k)
		}
	}
	for i := range s.n {
		if _, ok := h[s.keys[i]]; !ok {
			h[s.keys[i]] = s.vals[i]
		}
	}
	for k, v := range s.more {
		if _, ok := h[k]; !ok {
			h[k] = v
		}
	}
}

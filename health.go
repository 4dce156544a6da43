package fwk

import "net/http"

// Liveness and readiness for a load balancer (the drain that Serve does
// before it stops is App.drain).
//
// Config.LivenessPath (LIVENESS_PATH) answers GET/HEAD 200 "ok" while
// the process serves; Config.ReadinessPath (READINESS_PATH) 200 "ready",
// or 503 "draining" once shutdown began; Config.DrainDelay
// (SERVE_DRAIN_DELAY) is how long Serve keeps serving, not ready, before
// it stops. "" leaves a path unserved (routes may use it). Both are
// answered before the app's middleware and routes, never logged, never
// redirected.

// serveHealth answers a liveness or readiness probe; it reports whether r
// was one.
func (a *App) serveHealth(w http.ResponseWriter, r *http.Request) bool {
	path := r.URL.Path
	switch {
	case path == "":
		return false
	case path == a.cfg.LivenessPath:
		a.LivenessHandler().ServeHTTP(w, r)
	case path == a.cfg.ReadinessPath:
		a.ReadinessHandler().ServeHTTP(w, r)
	default:
		return false
	}
	return true
}

// LivenessHandler answers 200 "ok" to GET and HEAD while the process can
// serve (405 to other methods): a balancer or supervisor restarts a
// process that stops answering it. Config.LivenessPath serves it on the
// app; mount it elsewhere (an admin listener) with this method.
func (a *App) LivenessHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		probe(w, r, http.StatusOK, "ok\n")
	})
}

// ReadinessHandler answers 200 "ready" to GET and HEAD while the app is
// ready (see SetReady), 503 "draining" otherwise: a balancer sends no new
// requests to a replica that is not ready. Serve makes the app not ready as
// soon as its shutdown begins. Config.ReadinessPath serves it on the app.
func (a *App) ReadinessHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.Ready() {
			probe(w, r, http.StatusOK, "ready\n")
			return
		}
		probe(w, r, http.StatusServiceUnavailable, "draining\n")
	})
}

// probe writes the answer of a health endpoint.
func probe(w http.ResponseWriter, r *http.Request, status int, body string) {
	h := w.Header()
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		status, body = http.StatusMethodNotAllowed, "method not allowed\n"
	}
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write([]byte(body))
	}
}

// Ready reports whether the app takes new requests: true from New until
// Serve begins to shut down, or as set by SetReady.
func (a *App) Ready() bool { return !a.notReady.Load() }

// SetReady sets what the readiness endpoint answers: false takes the
// replica out of the balancer (for maintenance, or while a dependency is
// down) without stopping it; true puts it back.
func (a *App) SetReady(ready bool) { a.notReady.Store(!ready) }

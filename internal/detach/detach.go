// Package detach lets a decorator of this module answer a request while
// the handler inside it still runs (middleware.Timeout's 503 at the
// deadline) without sharing the App's per-request state with that handler.
//
// An fwk App serving a view through decorators stores, under Key in the
// request's context, a value that implements Answerer.
package detach

import "net/http"

// Key is the request-context key of the App's per-request value.
type Key struct{}

// Answerer is what the App stores under Key.
type Answerer interface {
	// Answer takes the response from the App and writes the App's error
	// page of status to w, complete (with its Content-Length) and flushed,
	// with Connection: close (the connection stays busy until the handler
	// returns). From then on the App's writer passes writes straight to
	// the server's, saves no session and runs no AfterThisRequest callback:
	// the running handler's changes are dropped. It reports false, writing
	// nothing, when the request is no longer being served.
	Answer(w http.ResponseWriter, r *http.Request, status int) bool
}

// From returns the Answerer of a request an App serves through
// decorators, or nil.
func From(r *http.Request) Answerer {
	a, _ := r.Context().Value(Key{}).(Answerer)
	return a
}

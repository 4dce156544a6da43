package fwk

import "net/http"

// SessionTransaction runs fn with a *Ctx for the request r outside of any
// view, as Flask's session_transaction does for its test client: fn reads
// or changes the session the request carries (ctx.Session()), flashes a
// message, or calls GenerateCSRF, as a view would. When fn returns nil the
// session is saved as at the end of a request, and the header of the
// response that would carry it is returned: its Set-Cookie lines (none when
// nothing changed) and Vary. When fn returns an error nothing is saved and
// the error is returned, so fn may also just look (say, at the pending
// flashes, which ctx.Flashes would otherwise consume).
//
// r carries the session as a request to the app does, in its Cookie header;
// its Method, Host and URL are those the Ctx reports (and route it, for
// URLFor). Its body is not read. A session that cannot be loaded (no
// SECRET_KEY, a SessionStore error) is reported by ctx.Session().Err() and,
// when fn used it and returned nil, returned as the error.
//
// It is meant for tests (github.com/fwkgo/fwk/fwktest uses it to log a
// user in without the login form, and to get a CSRF token for an API call).
// It needs the *App, hence its SECRET_KEY: it gives no one a power over
// sessions they did not have.
func (a *App) SessionTransaction(r *http.Request, fn func(ctx *Ctx) error) (http.Header, error) {
	hw := headerWriter{}
	c := a.pool.Get().(*Ctx)
	c.reset(&hw, r)
	defer a.finishTransaction(c)
	a.router.LookupURL(r.Method, r.Host, r.URL, &c.match)
	if rt := c.match.Route; rt != nil && c.match.Status == http.StatusOK {
		c.view, _ = rt.Data().(*view)
	}
	if err := fn(c); err != nil {
		return nil, err
	}
	if err := c.saveSession(); err != nil {
		return nil, err
	}
	return hw.Header(), nil
}

// finishTransaction gives back the Ctx of SessionTransaction.
func (a *App) finishTransaction(c *Ctx) {
	c.clear()
	a.pool.Put(c)
}

// headerWriter is the response of SessionTransaction: only its header
// matters.
type headerWriter struct{ h http.Header }

// Header returns the header, made on first use.
func (w *headerWriter) Header() http.Header {
	if w.h == nil {
		w.h = http.Header{}
	}
	return w.h
}

// Write discards b.
func (w *headerWriter) Write(b []byte) (int, error) { return len(b), nil }

// WriteHeader does nothing.
func (w *headerWriter) WriteHeader(int) {}

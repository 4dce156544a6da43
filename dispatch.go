package fwk

import (
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
)

// ServeHTTP serves one request: through the bundles' Middleware (see
// MiddlewareBundle) when there is any, then serve. A request from a trusted
// proxy is first rewritten as its headers say (see RequestInfo): the
// middleware and the views see the client's Host and RemoteAddr.
func (a *App) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if a.health && a.serveHealth(w, r) {
		return
	}
	if a.proxy.on {
		r = a.proxy.apply(r)
	}
	if a.handler != nil {
		a.handler.ServeHTTP(w, r)
		return
	}
	a.serve(w, r)
}

// serve dispatches one request: it takes a pooled *Ctx, looks the escaped
// path up in the router and dispatches to the view. Misses are answered as
// the router would: 404, 405 with Allow, 400 for a param with NUL or invalid
// UTF-8, 308 redirects (strict slashes, clean paths, RedirectTo; the query
// string is kept) and 200 with Allow for OPTIONS.
//
// A func(*Ctx) error view (and the common param signatures) costs no
// allocation here. A view's error is rendered with renderError; a panic is a
// 500, logged with the endpoint and stack.
func (a *App) serve(w http.ResponseWriter, r *http.Request) {
	c := a.pool.Get().(*Ctx)
	c.reset(w, r)
	defer a.finish(c)
	a.dispatch(c)
	c.endResponse() // the status, session and callbacks of a response with no body
}

// dispatch runs the view of the request of c, or answers its miss.
func (a *App) dispatch(c *Ctx) {
	a.router.LookupURL(c.req.Method, c.req.Host, c.req.URL, &c.match)
	if obs := a.routeObs.list.Load(); obs != nil {
		c.observeRoute(*obs)
	}
	rt := c.match.Route
	if rt == nil || c.match.Status != http.StatusOK {
		a.serveMiss(c)
		return
	}
	v, ok := rt.Data().(*view)
	c.view = v
	if !a.limitBody(c) {
		return
	}
	if !ok { // a rule added with App.Router().Add
		c.setPathValues()
		rt.Handler().ServeHTTP(c.w, c.req)
		return
	}
	if err := a.checkCSRF(c); err != nil {
		a.handleError(c, err)
	} else if v.handler != nil {
		a.serveHandler(c, v)
	} else if err := v.call(c); err != nil {
		a.handleError(c, err)
	}
}

// finish ends the request of c: a panic becomes a response, and c goes
// back to the pool. When the response had already started, the panic is
// logged and the connection aborted (http.ErrAbortHandler), so that the
// client cannot take the partial response for a complete one.
func (a *App) finish(c *Ctx) {
	abort := false
	if p := recover(); p != nil {
		abort = a.handlePanic(c, p)
	}
	c.clear()
	a.pool.Put(c)
	if abort {
		panic(http.ErrAbortHandler)
	}
}

// serveHandler serves an http.Handler view or a middleware chain; the
// request carries the URL params as path values and the *Ctx in its context
// (see ctxFromRequest).
func (a *App) serveHandler(c *Ctx, v *view) {
	c.setPathValues()
	a.serveDecorated(c, v)
}

// ctxFromRequest returns the *Ctx of a request served by an App to an
// http.Handler view or through middleware, or nil, in particular once the
// decorators of the request returned (viewGuard).
func ctxFromRequest(r *http.Request) *Ctx {
	if ref := refFrom(r); ref != nil && ref.c.guard.isLive(ref.round) {
		return ref.c
	}
	return nil
}

// lostCtx answers for a middleware chain that replaced the request context
// with one that no longer holds the *Ctx: the view cannot run.
func (a *App) lostCtx(w http.ResponseWriter, r *http.Request, v *view) {
	a.log.Error("fwk: middleware replaced the request context; the view cannot run", "endpoint", v.endpoint)
	a.renderError(w, r, Abort(http.StatusInternalServerError))
}

// serveMiss answers a request that matched no view, as the router does
// (router.Match.ServeMiss), rendering 404, 405 and 400 as error pages.
func (a *App) serveMiss(c *Ctx) {
	if c.match.Status == http.StatusPermanentRedirect {
		if info, ok := c.req.Context().Value(proxyKey{}).(*RequestInfo); ok {
			redirectBehindProxy(c, info)
			return
		}
	}
	c.match.ServeMiss(c.w, c.req, func(status int) { a.renderCtxError(c, Abort(status)) })
}

// handleError renders err for the view being served; server errors are
// logged. Once the response has started, the error cannot be rendered: it
// is logged and the connection aborted (a panic with http.ErrAbortHandler,
// which finish passes on to net/http).
func (a *App) handleError(c *Ctx, err error) {
	status := StatusCode(err)
	if status >= 500 && !isHandlerAbort(err) {
		msg := "fwk: view error"
		var he *HTTPError
		if errors.As(err, &he) && !validErrorStatus(he.Status) {
			msg = "fwk: programming error: an HTTPError (Abort) status must be 400-599; answered 500"
		}
		a.log.ErrorContext(c.req.Context(), msg, "endpoint", c.endpoint(), "method", c.req.Method,
			"path", c.req.URL.Path, "status", status, "error", err)
	}
	if c.rw.started() {
		if c.rw.failed { // the view's writes failed: the session's 500 page went out instead
			return
		}
		a.log.Warn("fwk: view failed after the response started; connection aborted", "endpoint", c.endpoint(),
			"error", err)
		panic(http.ErrAbortHandler)
	}
	a.renderCtxError(c, err)
}

// isHandlerAbort reports whether err is an AbortWith: the handler answers,
// so there is nothing to log.
func isHandlerAbort(err error) bool {
	var he *HTTPError
	return errors.As(err, &he) && he.handler != nil
}

// handlePanic turns a panic of a view (or of an AfterThisRequest callback)
// into a response: an *HTTPError is rendered like a returned one, anything
// else is a 500 logged with its stack. It reports whether the connection
// must be aborted instead: the panic is http.ErrAbortHandler, or the
// response had started (the panic is logged all the same).
func (a *App) handlePanic(c *Ctx, p any) (abort bool) {
	if p == http.ErrAbortHandler {
		return true
	}
	c.after.abandon()
	if err, ok := p.(error); ok && !c.rw.started() {
		var he *HTTPError
		if errors.As(err, &he) {
			a.handleError(c, err) // the response has not started
			return false
		}
	}
	stack := debug.Stack()
	a.log.ErrorContext(c.req.Context(), "fwk: panic in view", "endpoint", c.endpoint(), "method", c.req.Method,
		"path", c.req.URL.Path, "panic", fmt.Sprint(p), "stack", string(stack))
	if c.rw.started() {
		return !c.rw.failed // a complete 500 page of the session went out
	}
	a.renderCtxError(c, &PanicError{Value: p, Stack: stack})
	return false
}

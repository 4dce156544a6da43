package fwk

// This file renders error responses: the errors views return or panic with
// (Abort, AbortWith, any error), the router's misses (404, 405, 400) and
// panics.
//
//	error                          status  body (Debug off)
//	Abort(404)                     404     "Not Found"
//	Abort(403, "no <way>")         403     "no <way>" (escaped in HTML)
//	AbortWith(h)                   h's     whatever h writes
//	errors.New("db down")          500     "Internal Server Error"
//	panic("boom")                  500     "Internal Server Error"
//
// The body is JSON, {"error": message, "status": code} (or RFC 9457
// problem details with Config.ErrorFormat "problem+json": ErrorPage.writeProblem),
// for every request to a view the OpenAPI document lists (a Resource's
// view, one declared with ServesJSON, one with a typed result or body:
// the document says so, whatever the client's Accept), when the client
// prefers JSON, or, for a request no view matched, when it accepts
// anything and the path is in a JSON area (App.jsonByDefault): see prefersJSON.
// It is HTML otherwise: for a client that asks for HTML (a browser navigating), the
// template errors/<status><ext> or errors/error<ext> of any bundle,
// rendered with the fields of an ErrorPage; else the built-in page
// (ErrorPage.writeHTML). The built-in page reads nothing from the session,
// so a missing favicon or image, whose request does not ask for HTML,
// does not take the flashed messages meant for the page. A *ValidationError (422) adds "errors", the
// messages per field, to the JSON body and lists them on the HTML page;
// "details" lists the values fwk refused with their locations
// (ErrorDetail).
// With Config.Debug, server errors (5xx) also show the error text, the
// route (endpoint and rule) and, for panics, the stack, on the built-in
// page; never without Debug. App.HandleError replaces the rendering for a
// status.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
)

// ErrorHandler renders the response of an error for App.HandleError. c is
// the request's Ctx (c.Route() is nil for a request no view matched); err is
// the error being rendered: an *HTTPError from Abort or a router miss, the
// error a view returned, or the *PanicError of a panic. StatusCode(err) is
// the status to answer with, and ErrorMessage(err) the message the user may
// see.
//
// Returning err itself hands it back: the app renders it as if there were
// no handler (the default page, or the errors/ template), and logs
// nothing. Returning another non-nil error makes the app log it as a
// failure of the handler and render err with the default page, unless the
// handler already started the response.
type ErrorHandler func(c *Ctx, err error) error

// HandleError makes h render the error responses of status, for errors of
// views and for the app's own 404, 405 and 400 answers. A status of 0 makes
// h the fallback for every status without its own handler. A nil h removes
// the handler. AbortWith handlers are always served as given.
//
// A handler keeps the error's status by rendering with it (RenderStatus,
// or JSON with the status):
//
//	app.HandleError(http.StatusNotFound, func(c *fwk.Ctx, err error) error {
//		if strings.HasPrefix(c.Request().URL.Path, "/api/") {
//			return err // the default page (JSON for JSON clients)
//		}
//		return c.RenderStatus(fwk.StatusCode(err), "errors/not_found.html",
//			"path", c.Request().URL.Path, "message", fwk.ErrorMessage(err))
//	})
//
// Often no handler is needed: a template errors/404.html or
// errors/error.html in any bundle replaces the default HTML page (see
// ErrorPage).
//
// HandleError is safe to call while the app serves requests, though it is
// meant for set-up.
func (a *App) HandleError(status int, h ErrorHandler) {
	a.errHandlersMu.Lock()
	defer a.errHandlersMu.Unlock()
	old := a.errHandlers.Load()
	next := make(map[int]ErrorHandler, 1)
	if old != nil {
		for k, v := range *old {
			next[k] = v
		}
	}
	if h == nil {
		delete(next, status)
	} else {
		next[status] = h
	}
	a.errHandlers.Store(&next)
}

// errorHandler returns the handler of status, the fallback or nil.
func (a *App) errorHandler(status int) ErrorHandler {
	m := a.errHandlers.Load()
	if m == nil {
		return nil
	}
	if h, ok := (*m)[status]; ok {
		return h
	}
	return (*m)[0]
}

// PanicError is the error a panic of a view (with anything but an
// *HTTPError) is rendered as: a 500 whose debug page shows Stack.
type PanicError struct {
	// Value is what the view panicked with.
	Value any
	// Stack is the goroutine's stack at the panic.
	Stack []byte
}

// Error returns "fwk: panic: <value>".
func (e *PanicError) Error() string { return fmt.Sprintf("fwk: panic: %v", e.Value) }

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// renderError writes the response of err for a request without a known
// Ctx (no ErrorHandler runs).
func (a *App) renderError(w http.ResponseWriter, r *http.Request, err error) {
	a.writeError(nil, w, r, err)
}

// renderCtxError writes the response of err for the request of c.
func (a *App) renderCtxError(c *Ctx, err error) {
	a.writeError(c, c.w, c.req, err)
}

// writeError serves AbortWith's handler, else runs the ErrorHandler of the
// status (when c is known), else writes the default page.
func (a *App) writeError(c *Ctx, w http.ResponseWriter, r *http.Request, err error) {
	status := StatusCode(err)
	if c != nil && !c.rw.started() {
		c.rw.pending = 0                  // the view's status gives way to the error's
		c.hdr.restore(w.Header(), status) // see headerSnapshot.restore
	}
	var he *HTTPError
	if errors.As(err, &he) && he.handler != nil {
		he.handler.ServeHTTP(w, r)
		return
	}
	if c != nil {
		if h := a.errorHandler(status); h != nil {
			herr := callErrorHandler(h, c, err)
			if herr == nil {
				return
			}
			if !sameError(herr, err) { // err itself hands the error back to the default page
				a.log.Error("fwk: error handler failed", "status", status, "error", herr, "rendering", err)
			}
			if c.rw.started() { // a partial error page: abort it, as for views
				if c.rw.failed {
					return
				}
				panic(http.ErrAbortHandler)
			}
			c.rw.pending = 0
			c.hdr.restore(w.Header(), status)
		}
	}
	p := a.newErrorPage(c, err, status)
	switch {
	case c != nil && c.view != nil && c.view.documented(), prefersJSON(r, a.jsonByDefault(c, r)):
		p.writeJSON(w)
	case c != nil && asksForHTML(r) && a.renderErrorTemplate(c, p):
	default:
		p.writeHTML(w)
	}
}

// sameError reports whether a and b are the same error value, without
// panicking on an error type that is not comparable.
func sameError(a, b error) bool {
	if reflect.TypeOf(a) != reflect.TypeOf(b) || !reflect.TypeOf(a).Comparable() {
		return false
	}
	return a == b
}

// callErrorHandler runs h, turning a panic into an error.
func callErrorHandler(h ErrorHandler, c *Ctx, err error) (herr error) {
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			herr = fmt.Errorf("fwk: error handler panicked: %v", p)
		}
	}()
	return h(c, err)
}

// ErrorPage is what an error page shows. An error template,
// errors/<status><ext> (errors/404.html), else errors/error<ext>, looked
// up in the templates of every bundle, the app bundle first (ext is
// Config.TemplateFileExtension), renders the page for clients that ask for
// HTML (Accept: text/html, as browsers send when they navigate; others get
// the built-in page). It gets the fields as an M ("Status",
// "Title", "Message", "Fields", "Hint", "Err", "Debug"), so that a layout reading
// keys of other pages (".user") finds nothing rather than failing. Without
// such a template the app writes its own page with the same contents.
//
//	<h1>{{.Status}} {{.Title}}</h1>
//	<p>{{.Message}}</p>
type ErrorPage struct {
	// Status is the status of the response (404).
	Status int
	// Title is the status text ("Not Found").
	Title string
	// Message is the message meant for the user: ErrorMessage(Err).
	Message string
	// Fields are the messages per field of a *ValidationError.
	Fields map[string][]string
	// Details are the values the request was refused for, with their
	// locations (ErrorDetails): the "details" of the JSON body.
	Details []ErrorDetail
	// Hint says how to avoid the error, when fwk knows: for a form posted
	// without its CSRF token, the field to add and the template helpers
	// that add it. It names no secret and no value of the request. HTML
	// pages show it; JSON error bodies keep to "error" and "status".
	Hint string
	// Err is the error rendered. Its text is meant for the log: show
	// Message to users.
	Err error
	// Debug holds the details of a server error (5xx) with Config.Debug,
	// and is nil otherwise.
	Debug *ErrorDebug

	problem bool // written as RFC 9457 problem details (Config.ErrorFormat)
}

// ErrorDebug is what an error page shows of a server error with
// Config.Debug: never without it.
type ErrorDebug struct {
	// Error is the error's text.
	Error string `json:"error"`
	// Endpoint and Rule name the view that failed, if any.
	Endpoint string `json:"endpoint,omitempty"`
	Rule     string `json:"rule,omitempty"`
	// Stack is the stack of a panic.
	Stack string `json:"stack,omitempty"`
}

// data returns the fields of p as the data of an error template.
func (p *ErrorPage) data() M {
	return M{"Status": p.Status, "Title": p.Title, "Message": p.Message, "Fields": p.Fields, "Details": p.Details,
		"Hint": p.Hint, "Err": p.Err, "Debug": p.Debug}
}

// newErrorPage decides what the client may see: the message of an
// *HTTPError, the status text otherwise; the details only in Debug mode.
func (a *App) newErrorPage(c *Ctx, err error, status int) *ErrorPage {
	p := &ErrorPage{Status: status, Title: statusTitle(status), Message: ErrorMessage(err), Err: err,
		problem: a.cfg.ErrorFormat == errorFormatProblem}
	if StatusCode(err) != status { // an error rendered with another status
		p.Message = p.Title
	} else {
		p.Details = ErrorDetails(err)
	}
	var ve *ValidationError
	if errors.As(err, &ve) {
		p.Fields = ve.Fields
	}
	p.Hint = a.errorHint(err, status)
	if !a.cfg.Debug || status < 500 {
		return p
	}
	d := &ErrorDebug{Error: err.Error()}
	if c != nil && c.view != nil {
		d.Endpoint, d.Rule = c.view.endpoint, c.view.rule
	}
	var pe *PanicError
	if errors.As(err, &pe) {
		d.Stack = string(pe.Stack)
	}
	p.Debug = d
	return p
}

// statusTitle is the status text of status, or "Error".
func statusTitle(status int) string {
	if t := http.StatusText(status); t != "" {
		return t
	}
	return "Error"
}

func (p *ErrorPage) header(w http.ResponseWriter, contentType string) {
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	if p.Debug != nil {
		h.Set("Cache-Control", "no-store")
	}
	w.WriteHeader(p.Status)
}

func (p *ErrorPage) writeJSON(w http.ResponseWriter) {
	if p.problem {
		p.writeProblem(w)
		return
	}
	body, err := json.Marshal(struct {
		Error   string              `json:"error"`
		Status  int                 `json:"status"`
		Errors  map[string][]string `json:"errors,omitempty"`
		Details []ErrorDetail       `json:"details,omitempty"`
		Debug   *ErrorDebug         `json:"debug,omitempty"`
	}{p.Message, p.Status, p.Fields, p.Details, p.Debug})
	if err != nil { // strings and ints always encode
		body = []byte(`{"error":"Internal Server Error","status":500}`)
	}
	p.header(w, "application/json")
	_, _ = w.Write(append(body, '\n'))
}

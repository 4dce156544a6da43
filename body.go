package fwk

// This file bounds the request bodies the app reads (MAX_CONTENT_LENGTH,
// MAX_FORM_MEMORY_SIZE).
//
//	request                                  outcome (defaults)
//	GET, no body                             untouched, no allocation
//	POST, Content-Length 11 MiB              413 before the view runs, nothing read
//	POST, chunked, 11 MiB                    reads fail past 10 MiB with *http.MaxBytesError (413)
//	POST url-encoded form of 600 kB          parseForm: 413 (MAX_FORM_MEMORY_SIZE)
//	  the same chunked                       parseForm: 413 once 500 kB are read
//	POST multipart, a 5 MB file              parseForm: file spooled to disk, ok
//	POST multipart, 600 kB of text fields    parseForm: 413 (MAX_FORM_MEMORY_SIZE)
//	POST multipart with a broken boundary    parseForm: 400
//	POST multipart of more than 1000 parts   parseForm: 413
//	POST, the body read times out            408 (ReadTimeout, a deadline)

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
)

// LimitBody caps the body of r at n bytes; n < 0 means no limit. An App
// applies MAX_CONTENT_LENGTH (Config.MaxBodyBytes) the same way to every
// request it routes to a view, before the view or its middleware runs (with
// a reader of its own that costs no allocation); LimitBody is for
// middleware that reads bodies before the App does.
//
// A request without a body is left alone (no allocation). A declared
// Content-Length above n is refused without reading anything: LimitBody
// returns an *HTTPError with status 413 that wraps an *http.MaxBytesError.
// Otherwise r.Body is replaced by http.MaxBytesReader(w, r.Body, n): reading
// past n bytes fails with an *http.MaxBytesError, which StatusCode maps to
// 413, and the server closes the connection after the response. Pass the
// server's own ResponseWriter (or one whose Unwrap leads to it) as w.
func LimitBody(w http.ResponseWriter, r *http.Request, n int64) error {
	if n < 0 || r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	if r.ContentLength > n {
		return errBodyTooLarge(n, "MAX_CONTENT_LENGTH")
	}
	r.Body = http.MaxBytesReader(w, r.Body, n)
	return nil
}

// limitBody applies MAX_CONTENT_LENGTH to the request of c (see LimitBody)
// and reports whether the view may run; if not, the 413 is rendered. It is
// inlined: a request without a body pays two comparisons.
func (a *App) limitBody(c *Ctx) bool {
	if b := c.req.Body; b == nil || b == http.NoBody {
		return true
	}
	return a.limitPresentBody(c)
}

// limitPresentBody is limitBody for a request with a body.
func (a *App) limitPresentBody(c *Ctx) bool {
	var n int64
	if c.view != nil {
		n = c.view.maxBody
	} else {
		n = a.cfg.maxBodyBytes()
	}
	if n < 0 {
		return true
	}
	if err := c.limitRequestBody(c.rw.ResponseWriter, n); err != nil {
		a.renderCtxError(c, err)
		return false
	}
	return true
}

// MaxBodyBytes sets the largest request body of a view in place of
// Config.MaxBodyBytes (MAX_CONTENT_LENGTH): more for an upload view, less
// for a small JSON endpoint. A negative n means no limit, 0 the app's.
// MAX_FORM_MEMORY_SIZE still bounds the values of forms.
//
//	routes.Func("/photos", uploadPhoto, fwk.Methods("POST"), fwk.MaxBodyBytes(200<<20))
func MaxBodyBytes(n int64) ViewOption {
	return func(r *Route) { r.maxBody = n }
}

// maxBodyBytes is the body limit of the route's view under cfg.
func (r *Route) maxBodyBytes(cfg Config) int64 {
	if r.maxBody != 0 {
		return r.maxBody
	}
	return cfg.maxBodyBytes()
}

// errBodyTooLarge is the 413 of a body (or form) over limit bytes.
func errBodyTooLarge(limit int64, key string) *HTTPError {
	return &HTTPError{
		Status:  http.StatusRequestEntityTooLarge,
		Message: fmt.Sprintf("The request body is larger than %d bytes (%s).", limit, key),
		err:     &http.MaxBytesError{Limit: limit},
	}
}

// bodyError turns an error of reading or parsing the request body into the
// error a view should return: nil stays nil, an *HTTPError is kept, a body
// over the limit or a multipart body of too many parts or headers is a 413,
// a read that timed out a 408, a file the server could not spool a 500 and
// anything else a 400. Every body reader of the framework (forms, Bind, the
// CSRF field) goes through it. The client is told what was wrong with its
// bytes, never the error's own text, which can name socket addresses
// ("read tcp 10.0.0.1:80->..."), temporary files or Go types: the error
// stays wrapped for the log and errors.Is/As.
func bodyError(err error) error {
	if err == nil {
		return nil
	}
	var he *HTTPError
	if errors.As(err, &he) {
		return err
	}
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		e := errBodyTooLarge(mb.Limit, keyMaxBodyBytes)
		e.err = err
		return e
	}
	var ne net.Error
	var pe *fs.PathError
	switch {
	case errors.Is(err, multipart.ErrMessageTooLarge):
		return &HTTPError{Status: http.StatusRequestEntityTooLarge,
			Message: fmt.Sprintf("The multipart body has too many parts (at most %d) or headers.", maxFormFields), err: err}
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return &HTTPError{Status: http.StatusRequestTimeout, Message: "Timed out reading the request body.", err: err}
	case errors.As(err, &pe):
		return &HTTPError{Status: http.StatusInternalServerError, Message: http.StatusText(http.StatusInternalServerError), err: err}
	}
	return &HTTPError{Status: http.StatusBadRequest, Message: "Malformed request body" + bodyProblem(err), err: err}
}

// bodyProblem says what is wrong with the client's bytes, for the errors
// whose cause it knows: ": <what>", or "." for any other.
func bodyProblem(err error) string {
	var esc url.EscapeError
	switch {
	case errors.As(err, &esc):
		return ": invalid URL escape " + strconv.Quote(string(esc)) + "."
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return ": it ends too early."
	case errors.Is(err, http.ErrMissingBoundary):
		return ": no multipart boundary in the Content-Type."
	case strings.Contains(err.Error(), "invalid semicolon separator"):
		return ": ';' does not separate form fields, '&' does."
	case strings.HasPrefix(err.Error(), "mime: "):
		return ": malformed Content-Type."
	case strings.HasPrefix(err.Error(), "multipart: "):
		return ": malformed multipart data."
	}
	return "."
}

// parseForm parses the form of the request once, under the app's limits,
// and returns nil or an *HTTPError from bodyError: 413 when the body is over
// MAX_CONTENT_LENGTH or when the form's non-file names and values add up to
// more than MAX_FORM_MEMORY_SIZE, 400 for a malformed body. A url-encoded
// body is read (POST, PUT, PATCH, DELETE); a multipart body only when multipart is
// true, its files beyond MAX_FORM_MEMORY_SIZE spooled to temporary files
// that the server removes after the request. Other bodies are left unread.
// A later call returns the first call's error.
//
// Afterwards r.Form and r.PostForm (and r.MultipartForm) hold the values.
// This is the one place the framework parses forms: Redirect's form next,
// the CSRF field and form binding all call it.
func (c *Ctx) parseForm(multipart bool) error {
	r := c.req
	if c.formErr != nil || (r.PostForm != nil && (r.MultipartForm != nil || !multipart || !isMultipart(r))) {
		return c.formErr
	}
	c.formErr = parseFormLimited(r, multipart, c.app.cfg.maxFormMemory())
	return c.formErr
}

// parseFormLimited is parseForm for r alone.
func parseFormLimited(r *http.Request, multipart bool, maxMemory int64) error {
	if r.Method == http.MethodDelete && isURLEncoded(r) {
		return parseDeleteForm(r, maxMemory) // net/http leaves it unread
	}
	urlEncoded := isURLEncoded(r)
	if urlEncoded && r.ContentLength > maxMemory {
		return errBodyTooLarge(maxMemory, keyMaxFormMemory)
	}
	if urlEncoded && r.ContentLength < 0 && r.Body != nil {
		// a body of unknown length (chunked) is cut past the limit, not read
		// whole and parsed first
		r.Body = http.MaxBytesReader(nil, r.Body, maxMemory)
	}
	var err error
	if multipart && isMultipart(r) {
		err = r.ParseMultipartForm(maxMemory)
	} else {
		err = r.ParseForm()
	}
	var mb *http.MaxBytesError
	if urlEncoded && errors.As(err, &mb) && mb.Limit == maxMemory {
		return errBodyTooLarge(maxMemory, keyMaxFormMemory)
	}
	if err != nil {
		return bodyError(err)
	}
	if valuesSize(r.PostForm) > maxMemory {
		return errBodyTooLarge(maxMemory, keyMaxFormMemory)
	}
	return nil
}

// valuesSize is the number of bytes of the names and values of v.
func valuesSize(v map[string][]string) int64 {
	var n int64
	for k, vs := range v {
		n += int64(len(k))
		for _, s := range vs {
			n += int64(len(s))
		}
	}
	return n
}

// mediaType is the lower-case media type of r's Content-Type, or "".
func mediaType(r *http.Request) string {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return ""
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ""
	}
	return mt
}

// isMultipart reports whether r carries a multipart/form-data body.
func isMultipart(r *http.Request) bool { return mediaType(r) == "multipart/form-data" }

// isURLEncoded reports whether r carries a url-encoded form body the
// framework reads: on POST, PUT and PATCH as Request.ParseForm does, and on
// DELETE (which it leaves unread) as Werkzeug does (parseDeleteForm).
func isURLEncoded(r *http.Request) bool {
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return mediaType(r) == "application/x-www-form-urlencoded"
	}
	return false
}

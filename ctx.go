package fwk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"

	"github.com/fwkgo/fwk/router"
)

// Ctx is the state of one request handled by a fwk view: the request, the
// response writer, the matched route and its URL params. The app reuses Ctx
// values: a view must not keep its *Ctx (or anything it returns that is
// documented as owned by it) after it returns.
type Ctx struct {
	app   *App
	rw    respWriter
	w     http.ResponseWriter
	req   *http.Request
	match router.Match
	view  *view

	pathValuesSet bool
	formErr       error          // the error of the first parseForm
	lim           bodyLimit      // the reader of a limited body
	hdr           headerSnapshot // headers set before the app ran
	hdrTaken      bool           // hdr was recorded (respWriter.Header)
	guard         viewGuard      // a decorated view's hold on c

	after       afterWriter      // AfterThisRequest
	flashes     []FlashMessage   // Flashes of this request
	flashesRead bool             //
	tfuncs      template.FuncMap // per-request template funcs (Ctx.Render)

	sess      Session // Session, loaded lazily
	csrfToken string  // GenerateCSRF's token of this request
	csrfValid bool    // the request passed the CSRF check (App.protectCSRF)
	sbuf      []byte  // scratch buffers of the session cookie, reused
	sbuf2     []byte  //
	sbuf3     []byte  //
	mac       [2 * macLen]byte
}

// reset prepares c for the request r written to w. The app and the
// match are set elsewhere: c.app once by the pool, c.match by the router.
func (c *Ctx) reset(w http.ResponseWriter, r *http.Request) {
	c.rw = respWriter{ResponseWriter: w, c: c}
	c.w = &c.rw
	c.req = r
	c.view = nil
	c.pathValuesSet = false
	c.formErr = nil
	c.hdrTaken = false // see respWriter.Header
}

// clear drops the references c holds to the request once it is done (the
// params are overwritten by the next lookup).
func (c *Ctx) clear() {
	if c.req != nil && c.req.MultipartForm != nil { // Bind's temporary files
		_ = c.req.MultipartForm.RemoveAll()
	}
	c.rw.ResponseWriter = nil
	c.w, c.req, c.view = nil, nil, nil
	if c.lim.r != nil {
		c.lim = bodyLimit{}
	}
	if c.hdr.n != 0 || c.hdr.more != nil {
		c.hdr.release()
	}
	if c.after.state != afterIdle || c.flashesRead {
		c.resetHelpers()
	}
	if c.sess.loaded {
		c.sess.reset()
	}
	c.csrfToken, c.csrfValid = "", false
}

// App returns the application serving the request.
func (c *Ctx) App() *App { return c.app }

// Route returns the route of the view being served.
func (c *Ctx) Route() *Route {
	if c.view == nil {
		return nil
	}
	return c.view.route
}

// Controller returns the controller (or resource) value of the view being
// served, or nil for a plain function view.
func (c *Ctx) Controller() any {
	if c.view == nil {
		return nil
	}
	return c.view.route.controller
}

// endpoint is the registered endpoint of the view being served, or "".
func (c *Ctx) endpoint() string {
	if c.view == nil {
		return ""
	}
	return c.view.endpoint
}

// Param returns the value of the URL param name (decoded text as matched by
// the rule, or the route's default), or "".
func (c *Ctx) Param(name string) string { return c.match.Params.Get(name) }

// Request returns the request. On its first call it also stores the URL
// params with Request.SetPathValue, so that code reading r.PathValue works;
// this is done lazily because it allocates. Middleware and http.Handler views
// always receive a request whose path values are set.
func (c *Ctx) Request() *http.Request {
	c.setPathValues()
	return c.req
}

// Context returns the request's context.
func (c *Ctx) Context() context.Context { return c.req.Context() }

// setPathValues copies the matched params to the request, once.
func (c *Ctx) setPathValues() {
	if c.pathValuesSet {
		return
	}
	c.pathValuesSet = true
	for i := range c.match.Params.Len() {
		p := c.match.Params.At(i)
		c.req.SetPathValue(p.Key, p.Value)
	}
}

// Writer returns the response writer. It implements http.Flusher and
// Unwrap, so http.NewResponseController reaches the server's writer.
func (c *Ctx) Writer() http.ResponseWriter { return c.w }

// NoContent answers 204 No Content.
func (c *Ctx) NoContent() error {
	c.w.WriteHeader(http.StatusNoContent)
	return nil
}

// Respond writes status code and body, which is a string, a []byte, an
// io.Reader (copied) or nil (no body). Set a Content-Type header first
// unless sniffing it is fine.
func (c *Ctx) Respond(code int, body any) error {
	switch b := body.(type) {
	case nil:
		c.w.WriteHeader(code)
		return nil
	case string:
		c.w.WriteHeader(code)
		_, err := io.WriteString(c.w, b)
		return err
	case []byte:
		c.w.WriteHeader(code)
		_, err := c.w.Write(b)
		return err
	case io.Reader:
		c.w.WriteHeader(code)
		_, err := io.Copy(c.w, b)
		return err
	}
	return fmt.Errorf("fwk: Respond: unsupported body type %T", body)
}

// JSON writes data encoded as JSON with status 200. args may hold an int
// status code and headers (http.Header or map[string]string); a data that
// does not encode is an error and nothing is written.
//
//	return ctx.JSON(fwk.M{"user": u}, http.StatusCreated)
func (c *Ctx) JSON(data any, args ...any) error {
	status, _, err := c.responseArgs("JSON", http.StatusOK, false, args)
	if err != nil {
		return err
	}
	return c.writeJSON(status, data)
}

// Errors writes the list errs as JSON under the key "errors", with status
// 400. args may hold an int status code, a string key replacing "errors" and
// headers (http.Header or map[string]string).
//
//	return ctx.Errors([]string{"name is required"}, "fields", http.StatusUnprocessableEntity)
func (c *Ctx) Errors(errs []string, args ...any) error {
	status, key, err := c.responseArgs("Errors", http.StatusBadRequest, true, args)
	if err != nil {
		return err
	}
	if key == "" {
		key = "errors"
	}
	if errs == nil {
		errs = []string{}
	}
	return c.writeJSON(status, map[string][]string{key: errs})
}

// responseArgs reads the optional arguments of JSON and Errors and applies
// their headers.
func (c *Ctx) responseArgs(fn string, status int, keyOK bool, args []any) (int, string, error) {
	key := ""
	for _, a := range args {
		switch v := a.(type) {
		case int:
			if v < 100 || v > 999 {
				return 0, "", fmt.Errorf("fwk: %s: invalid status code %d", fn, v)
			}
			status = v
		case http.Header:
			for k, vs := range v {
				c.w.Header()[http.CanonicalHeaderKey(k)] = vs
			}
		case map[string]string:
			for k, s := range v {
				c.w.Header().Set(k, s)
			}
		case string:
			if !keyOK {
				return 0, "", fmt.Errorf("fwk: %s: unexpected string argument %q", fn, v)
			}
			key = v
		default:
			return 0, "", fmt.Errorf("fwk: %s: unsupported argument of type %T", fn, a)
		}
	}
	return status, key, nil
}

// writeJSON encodes data first, so that an encoding error leaves the
// response untouched.
func (c *Ctx) writeJSON(status int, data any) error {
	body, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("fwk: JSON: %w", err)
	}
	setDefaultContentType(c.w.Header(), "application/json")
	c.w.WriteHeader(status)
	body = append(body, '\n')
	_, err = c.w.Write(body)
	return err
}

// setDefaultContentType sets the Content-Type of h to ct unless a non-empty
// one is set: h.Get and h.Set without canonicalizing a key that already is
// canonical, which costs about 400 instructions a call, on every response.
func setDefaultContentType(h http.Header, ct string) {
	if v := h["Content-Type"]; len(v) == 0 || v[0] == "" {
		h["Content-Type"] = []string{ct}
	}
}

// respWriter records whether the response was started, so that an error
// returned after writing is logged instead of written into the body. Right
// before the headers are sent it saves the session (beforeHeaders).
//
// A status set with WriteHeader is held until the first Write or Flush, or
// until the view returns (sendPending): a view that sets 422 and then
// renders a page still has the session changes of the rendering (the
// flashed messages the layout read) saved with the response, and an error
// returned before anything was written still gets its error page.
type respWriter struct {
	http.ResponseWriter
	status  int // the status sent, 0 before the headers went out
	pending int // the status set by WriteHeader and not sent yet
	c       *Ctx
	failed  bool // the session could not be saved: a 500 was sent instead
}

// WriteHeader holds code until the first Write or Flush, or the end of the
// view; the first status set wins, as with net/http. Informational statuses
// (1xx) and invalid codes go through at once.
func (w *respWriter) WriteHeader(code int) {
	if out := w.detachedTo(); out != nil {
		out.WriteHeader(code)
		return
	}
	if w.failed {
		return
	}
	if w.status == 0 && code >= 200 && code <= 999 {
		if w.pending == 0 {
			w.pending = code
		}
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

// send saves the session and sends the held status, if the headers have
// not gone out yet; it reports whether the response may be written. The
// status is recorded once it went through: an AfterThisRequest callback
// that panics while it is being sent leaves the response unstarted, so an
// error page can still be written.
func (w *respWriter) send() bool {
	if w.failed || w.status == 0 && !w.beforeHeaders() {
		return false
	}
	if w.status == 0 && w.pending != 0 {
		w.ResponseWriter.WriteHeader(w.pending)
		w.status = w.pending
	}
	return true
}

// sendPending sends the status of a view that set one and wrote nothing.
func (w *respWriter) sendPending() {
	if w.pending != 0 && w.status == 0 {
		w.send()
	}
}

// Write forwards b, recording an implicit 200.
func (w *respWriter) Write(b []byte) (int, error) {
	if out := w.detachedTo(); out != nil {
		return out.Write(b)
	}
	if !w.send() {
		return 0, errSessionNotSaved
	}
	n, err := w.ResponseWriter.Write(b)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return n, err
}

// Flush flushes the underlying writer when it can.
func (w *respWriter) Flush() {
	if out := w.detachedTo(); out != nil {
		_ = http.NewResponseController(out).Flush()
		return
	}
	if !w.send() {
		return
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
	if w.status == 0 {
		w.status = http.StatusOK
	}
}

// Header returns the response headers, recording them first (see
// recordHeaders).
func (w *respWriter) Header() http.Header {
	if out := w.detachedTo(); out != nil {
		return out.Header()
	}
	w.recordHeaders()
	return w.ResponseWriter.Header()
}

// recordHeaders records, once per request, the response headers present
// before fwk or the view touched them: those app-wide middleware set, which
// error responses keep (headerSnapshot). It runs on the first Header
// through w, before AfterThisRequest callbacks, which get the underlying
// writer, and when an error response restores them: until one of those,
// nothing but middleware touched the headers. Recording lazily keeps a view
// that never touches the headers from paying for it: on a ResponseWriter
// whose Header makes a map per call, as in the bench module, recording at
// the start of every request cost an allocation and about 40% of App
// dispatch; and net/http copies the header map of a response whose Header
// was asked for before its WriteHeader, which a 204 or a body with no
// header of its own then paid (POST of a JSON body answered 204 over
// net/http: 82.4k -> 79.9k instructions against gin's 79.3k, 50 -> 49
// allocations as gin).
func (w *respWriter) recordHeaders() {
	if c := w.c; c != nil && !c.hdrTaken {
		c.hdrTaken = true
		c.hdr.take(w.ResponseWriter.Header())
	}
}

// Unwrap returns the underlying writer, for http.ResponseController.
func (w *respWriter) Unwrap() http.ResponseWriter {
	if out := w.detachedTo(); out != nil {
		return out
	}
	return w.ResponseWriter
}

// detachedTo returns the server's writer once a decorator took the
// response (viewGuard.detach), else nil: the App's writer then records
// nothing and saves nothing.
func (w *respWriter) detachedTo() http.ResponseWriter {
	if w.c != nil && w.c.guard.detached.Load() {
		return w.c.guard.out
	}
	return nil
}

// started reports whether a status was sent.
func (w *respWriter) started() bool { return w.status != 0 }

// errSessionNotSaved is what writes return once a failed session save has
// turned the response into a 500.
var errSessionNotSaved = errors.New("fwk: the session could not be saved; the response was replaced by a 500")

// beforeHeaders saves the session of the request, if it was used, right
// before the headers are sent. When that fails the response becomes a
// logged 500 (an error page) and it returns false: the caller's write is
// dropped. A request that never used the session pays one comparison.
func (w *respWriter) beforeHeaders() bool {
	if w.c == nil {
		return true
	}
	if w.c.guard.decorated() {
		return w.c.guard.saveFor(w) // see viewGuard
	}
	return w.save()
}

// save saves the session of beforeHeaders.
func (w *respWriter) save() bool {
	c := w.c
	if !c.sess.loaded || c.sess.saved {
		return true
	}
	err := c.saveSession()
	if err == nil {
		return true
	}
	c.app.log.Error("fwk: session not saved; answering 500", "endpoint", c.endpoint(),
		"method", c.req.Method, "path", c.req.URL.Path, "error", err)
	c.app.renderCtxError(c, err)
	w.failed = true
	return false
}

// endResponse ends the response of a view that wrote no body: the status
// it set goes out, else the session is saved and the AfterThisRequest
// callbacks run before net/http sends its implicit 200.
func (c *Ctx) endResponse() {
	c.rw.sendPending()
	c.saveUnwritten()
	c.flushAfter()
}

// saveUnwritten saves the session of a view that returned without writing
// anything, before net/http sends its implicit 200.
func (c *Ctx) saveUnwritten() {
	if c.sess.loaded && !c.sess.saved && !c.rw.started() {
		c.rw.beforeHeaders()
	}
}

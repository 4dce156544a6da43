package fwk

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/fwkgo/fwk/internal/tmpl"
)

// Sentinel errors of start-up, for errors.Is. Router errors (a bad rule, an
// unknown converter, a conflict) are wrapped as they come from fwk/router, so
// router.ErrBadRule, router.ErrUnknownConverter and router.ErrConflict match too.
var (
	// ErrBadView: a view's signature cannot be bound to its rule.
	ErrBadView = errors.New("view signature cannot be bound")
	// ErrDuplicateEndpoint: one endpoint is bound to two different views.
	ErrDuplicateEndpoint = errors.New("endpoint already bound to another view")
	// ErrMissingService: no service fits a field tagged `fwk:"inject"`.
	ErrMissingService = errors.New("no service for injected field")
	// ErrAmbiguousService: several services fit a field tagged `fwk:"inject"`.
	ErrAmbiguousService = errors.New("several services for injected field")
	// ErrSecretKey: a secret key (SECRET_KEY, WTF_CSRF_SECRET_KEY or one of
	// SECRET_KEY_FALLBACKS) is set but shorter than 32 bytes or a
	// placeholder ("changeme", "your-secret-key", ...), or SECRET_KEY is
	// missing while a feature that needs it is on.
	ErrSecretKey = errors.New("bad secret key")
	// ErrNoRoutes: the app bundle declares neither Routes nor Controllers
	// (RegisterRoutesHook.GetExplicitRoutes).
	ErrNoRoutes = errors.New("bundle has no Routes method")
	// ErrBadMiddleware: a bundle's Middleware lists a nil middleware, or one
	// that returns a nil handler.
	ErrBadMiddleware = errors.New("bad middleware")
	// ErrWrappedFS: a bundle's Templates() or Static() file system holds
	// only the folder "templates" or "static" (an embed.FS not passed
	// through fs.Sub).
	ErrWrappedFS = errors.New("file system wrapped in its own folder")
	// ErrBrokenLink: a template calls urlFor with a constant target that
	// does not resolve.
	ErrBrokenLink = errors.New("broken link")
	// ErrTemplateNotFound: no bundle holds the template, for Ctx.Render
	// (its error wraps it) and for the names a view declares with Renders
	// (fwk.New fails).
	ErrTemplateNotFound = tmpl.ErrNotFound
)

// StartupError is an error of fwk.New. Its message has the form
//
//	fwk: <What>: <Culprit> (declared at <DeclaredAt>): <Err>
//
// where the parenthesis is left out when the place is unknown.
type StartupError struct {
	What       string // "route", "view", "inject", "config", ...
	Culprit    string // the endpoint, view, field or key at fault
	DeclaredAt string // "file.go:42" of the declaration, if known
	Err        error  // the reason; often a sentinel of this package or fwk/router
}

// Error formats the error as documented on StartupError.
func (e *StartupError) Error() string {
	var b strings.Builder
	b.WriteString("fwk: ")
	b.WriteString(e.What)
	b.WriteString(": ")
	b.WriteString(e.Culprit)
	if e.DeclaredAt != "" {
		b.WriteString(" (declared at ")
		b.WriteString(e.DeclaredAt)
		b.WriteString(")")
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "fwk: "))
	}
	return b.String()
}

// Unwrap returns the reason.
func (e *StartupError) Unwrap() error { return e.Err }

// HTTPError is an error that a view returns (or panics with) to end the
// request with an HTTP error status. Build it with Abort or AbortWith.
//
// Message is for the user (ErrorMessage returns it for any error); Error()
// is for the log and carries the "fwk: " prefix and the status.
type HTTPError struct {
	// Status is the HTTP status code (4xx or 5xx for Abort).
	Status int
	// Message is shown to the client; default http.StatusText(Status).
	Message string

	handler http.Handler  // AbortWith: serves the response instead
	err     error         // the cause, for 404s of URL params that do not convert
	details []ErrorDetail // the values fwk refused (ErrorDetails)
}

// Error returns "fwk: <status> <message>".
func (e *HTTPError) Error() string {
	if e.handler != nil {
		return "fwk: request aborted with a handler"
	}
	return fmt.Sprintf("fwk: %d %s", e.Status, e.Message)
}

// Unwrap returns the cause of the error, if any.
func (e *HTTPError) Unwrap() error { return e.err }

// Abort returns an *HTTPError for status, with the message msg joined by
// spaces (default: the status text). Return it from a view, or panic with
// it; the app renders it as JSON for JSON clients and as a small HTML page
// otherwise:
//
//	if user == nil {
//		return fwk.Abort(http.StatusNotFound, "no such user")
//	}
func Abort(status int, msg ...string) error {
	m := strings.Join(msg, " ")
	if m == "" {
		m = http.StatusText(status)
	}
	return &HTTPError{Status: status, Message: m}
}

// AbortWith returns an error that makes the app answer the request with h
// (Werkzeug's abort with a WSGI application). A nil h is a 500.
func AbortWith(h http.Handler) error {
	if h == nil {
		return &HTTPError{Status: http.StatusInternalServerError, Message: http.StatusText(http.StatusInternalServerError)}
	}
	return &HTTPError{handler: h}
}

// StatusCode returns the HTTP status err stands for: http.StatusOK for nil,
// the Status of an *HTTPError found with errors.As (404 for a URL param that
// does not convert) when it is an error status (400-599), 413 for an
// *http.MaxBytesError (a body over MAX_CONTENT_LENGTH, see LimitBody), 422
// for a *ValidationError, and 500 for any other error, an *HTTPError with a
// status outside 400-599 included (Abort(103) or Abort(200) is a
// programming error).
func StatusCode(err error) int {
	if err == nil {
		return http.StatusOK
	}
	var he *HTTPError
	if errors.As(err, &he) {
		if validErrorStatus(he.Status) {
			return he.Status
		}
		return http.StatusInternalServerError
	}
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return http.StatusRequestEntityTooLarge
	}
	var ve *ValidationError
	if errors.As(err, &ve) {
		return validationStatus
	}
	return http.StatusInternalServerError
}

// ErrorMessage returns the message of err meant for the user, the one the
// default error page shows: the Message of an *HTTPError (Abort's msg, or
// the status text), the status text of StatusCode(err) for any other error
// (a 500 shows "Internal Server Error", never the error's own text). Its
// Error() is the text meant for the log ("fwk: 404 Not Found").
func ErrorMessage(err error) string {
	status := StatusCode(err)
	var he *HTTPError
	if errors.As(err, &he) && he.Message != "" && he.Status == status {
		return he.Message
	}
	if t := http.StatusText(status); t != "" {
		return t
	}
	return "Error"
}

// validErrorStatus reports whether an *HTTPError may carry status.
func validErrorStatus(status int) bool { return status >= 400 && status <= 599 }

package fwk

import (
	"errors"
	"fmt"
	"strings"
)

// Errors of route declarations. A bad declaration never panics: the route
// carries a *DeclarationError wrapping one of these, reported by Route.Err
// and by fwk.New. Test for them with errors.Is.
var (
	// ErrInvalidView: the view is nil or of a kind a route cannot serve.
	ErrInvalidView = errors.New("invalid view")
	// ErrUnknownView: the view names a method the controller does not have.
	ErrUnknownView = errors.New("unknown view")
	// ErrUnboundView: a method name or method expression used outside of a
	// controller.
	ErrUnboundView = errors.New("unbound view")
	// ErrMissingController: a routing call without its controller or prefix.
	ErrMissingController = errors.New("missing controller")
	// ErrNotController: the value is not a usable controller or resource (not a
	// non-nil pointer to a struct embedding fwk.Controller, abstract, or a
	// resource given where a controller is expected).
	ErrNotController = errors.New("not a controller")
	// ErrInvalidMeta: a Meta option fails its check (template folder with '/',
	// member param not of the form <converter:name>, nil decorator).
	ErrInvalidMeta = errors.New("invalid Meta")
	// ErrInvalidOption: an option that does not apply to the call or the view.
	ErrInvalidOption = errors.New("invalid option")
	// ErrParamCollision: a subresource rule already holds the name its parent's
	// member param would be renamed to.
	ErrParamCollision = errors.New("member param collision")
)

// DeclarationError is the error of a bad route declaration: the call that
// made it, where, and what is wrong (wrapping one of the Err* sentinels).
type DeclarationError struct {
	// Call is the declaring function, such as "routes.Controller" or "fwk.View".
	Call string
	// At is "file.go:42", where the call was made; "" when unknown.
	At string
	// Err is the cause.
	Err error
}

// Error returns "fwk: <call> at <file:line>: <cause>".
func (e *DeclarationError) Error() string {
	var where []string
	if e.Call != "" {
		where = append(where, e.Call)
	}
	if e.At != "" {
		where = append(where, "at "+e.At)
	}
	if len(where) == 0 {
		return "fwk: " + e.Err.Error()
	}
	return "fwk: " + strings.Join(where, " ") + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *DeclarationError) Unwrap() error { return e.Err }

// errorf returns an error wrapping sentinel with a formatted message.
func errorf(sentinel error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
}

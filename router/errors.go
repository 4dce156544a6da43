package router

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors. Every error returned by this package wraps one of them, so
// callers can test with errors.Is.
var (
	// ErrNotFound reports that no rule matches the request path.
	ErrNotFound = errors.New("not found")
	// ErrMethodNotAllowed reports that rules match the path but none serves
	// the method; when building, that no rule of the endpoint serves
	// BuildOptions.Method.
	ErrMethodNotAllowed = errors.New("method not allowed")
	// ErrBadRequest reports a request path whose parameter would decode to a
	// NUL byte or to invalid UTF-8.
	ErrBadRequest = errors.New("bad request")
	// ErrUnknownEndpoint reports a Build for an endpoint no rule names.
	ErrUnknownEndpoint = errors.New("unknown endpoint")
	// ErrMissingParam reports a Build that lacks a value for a rule parameter.
	ErrMissingParam = errors.New("missing parameter")
	// ErrInvalidValue reports a Build value a converter refuses, a default
	// that disagrees with the given value, or malformed key/value arguments.
	ErrInvalidValue = errors.New("invalid value")
	// ErrUnknownConverter reports a rule naming a converter the router lacks.
	ErrUnknownConverter = errors.New("unknown converter")
	// ErrBadRule reports a malformed rule, method, host, default or converter
	// argument.
	ErrBadRule = errors.New("bad rule")
	// ErrConflict reports two rules matching exactly the same URLs for an
	// overlapping method on the same host.
	ErrConflict = errors.New("conflicting rules")
	// ErrServing reports a registration after the router started serving
	// (after the first Lookup or ServeHTTP).
	ErrServing = errors.New("router already serving")
)

// ConflictError is the error (inside a *RuleError) of a rule that matches
// exactly the URLs of a rule added before it, on the same host, with the
// same methods or a common method other than HEAD and OPTIONS. errors.Is
// matches it with ErrConflict. Refused is the rule Add refused (never
// registered); Existing is the registered one, whose Data can tell the
// caller where it was declared.
type ConflictError struct {
	Refused, Existing *Route
}

// Error names both rules, their endpoints, methods and hosts.
func (e *ConflictError) Error() string {
	o := e.Existing
	return fmt.Sprintf("%v: methods %s overlap with rule %q (endpoint %q, methods %s, host %q)",
		ErrConflict, strings.Join(e.Refused.Methods(), ","), o.path, o.endpoint, strings.Join(o.Methods(), ","), o.Host())
}

// Unwrap returns ErrConflict.
func (e *ConflictError) Unwrap() error { return ErrConflict }

// RuleError describes why a rule was refused by Router.Add. Offset is the byte
// offset in Rule of the problem, or -1 when the problem is not in the rule
// text (methods, defaults, host, conflicts). Err wraps one of the sentinels.
type RuleError struct {
	Rule   string
	Offset int
	Err    error
}

// Error formats the error as `fwk: rule "/x" at offset 3: ...`.
func (e *RuleError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("fwk: rule %q: %v", e.Rule, e.Err)
	}
	return fmt.Sprintf("fwk: rule %q at offset %d: %v", e.Rule, e.Offset, e.Err)
}

// Unwrap returns the underlying error.
func (e *RuleError) Unwrap() error { return e.Err }

// ruleErr builds a RuleError whose Err wraps sentinel with a detail message.
func ruleErr(rule string, off int, sentinel error, format string, args ...any) *RuleError {
	return &RuleError{Rule: rule, Offset: off, Err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}

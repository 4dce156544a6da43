package bind

import (
	"errors"
	"fmt"
	"strconv"
)

// ErrUnsupported is wrapped by the start-up errors of [For], [ForType] and
// [Query] for a type that cannot be bound.
var ErrUnsupported = errors.New("unsupported type")

// ErrNotFinite is the Err of an [*Error] for a float value of NaN or ±Inf.
var ErrNotFinite = errors.New("not a finite number")

// ErrUnknownValue is the Err of an [*Error] from a [MapConverter] lookup
// that has no entry for the value.
var ErrUnknownValue = errors.New("not one of the accepted values")

// maxQuoted bounds how much of a bad value an error message repeats.
const maxQuoted = 64

// Error reports a value that could not be converted. Its message names the
// parameter (when known) and the value; callers answer 400.
type Error struct {
	Param string // parameter or query key; empty when not known to the converter
	Value string // the offending text
	Err   error  // the cause, for errors.Is
}

// Error returns a message such as
// `fwk: parameter "page": invalid value "abc": invalid syntax`.
func (e *Error) Error() string {
	v := e.Value
	if len(v) > maxQuoted {
		v = v[:maxQuoted] + "..."
	}
	if e.Param == "" {
		return fmt.Sprintf("fwk: invalid value %q: %v", v, e.Err)
	}
	return fmt.Sprintf("fwk: parameter %q: invalid value %q: %v", e.Param, v, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// valueError wraps a parse failure, unwrapping *strconv.NumError so that
// the cause is the bare strconv.ErrSyntax or strconv.ErrRange.
func valueError(s string, err error) *Error {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		err = ne.Err
	}
	return &Error{Value: s, Err: err}
}

package textconv

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
	// Want says what the value should have been ("an integer from 0 to
	// 255"), in place of the cause's text in the message; empty for a cause
	// that says it itself (a MapConverter's, an UnmarshalText's).
	Want string
}

// Error returns a message such as
// `fwk: parameter "page": invalid value "abc": want an integer`.
func (e *Error) Error() string {
	v := e.Value
	if len(v) > maxQuoted {
		v = v[:maxQuoted] + "..."
	}
	why := fmt.Sprint(e.Err)
	if e.Want != "" {
		why = "want " + e.Want
	}
	if e.Param == "" {
		return fmt.Sprintf("fwk: invalid value %q: %s", v, why)
	}
	return fmt.Sprintf("fwk: parameter %q: invalid value %q: %s", e.Param, v, why)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// valueError wraps a parse failure, unwrapping *strconv.NumError so that
// the cause is the bare strconv.ErrSyntax or strconv.ErrRange; want is
// what the value should have been.
func valueError(s string, err error, want string) *Error {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		err = ne.Err
	}
	return &Error{Value: s, Err: err, Want: want}
}

// Wanted values, in messages.
const (
	wantInteger  = "an integer"
	wantNumber   = "a number"
	wantFinite   = "a finite number"
	wantBool     = "true or false"
	wantUUID     = "a UUID like 123e4567-e89b-12d3-a456-426614174000"
	wantDateTime = "a date-time like 2006-01-02T15:04:05Z"
)

// wantInt is what a value of an integer type of bits bits should be: "an
// integer" when it is not one, with the type's range when it is out of it
// (and always for unsigned types, which refuse a sign).
func wantInt(err error, bits int, unsigned bool) string {
	switch {
	case unsigned:
		return fmt.Sprintf("%s from 0 to %d", wantInteger, uint64(1)<<bits-1)
	case errors.Is(err, strconv.ErrRange):
		return fmt.Sprintf("%s from %d to %d", wantInteger, -(int64(1) << (bits - 1)), int64(1)<<(bits-1)-1)
	}
	return wantInteger
}

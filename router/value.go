package router

import (
	"fmt"
	"reflect"

	"github.com/fwkgo/fwk/internal/ascii"
)

// ValueTyper is implemented by a Converter that declares the type of its
// values: every value its ToValue returns has the dynamic type ValueType().
// The built-in converters implement it: int gives int64, float float64,
// uuid [16]byte, and default, string, path and any give string. Code that
// binds parameters to typed variables (fwk's views) reads it to check a
// binding before serving.
type ValueTyper interface {
	ValueType() reflect.Type
}

// ValueType returns the type of the converter's values.
func (c *builtin) ValueType() reflect.Type { return reflect.TypeOf(c.parser()).Out(0) }

// ValueFunc returns the conversion of a parameter's text into its value as
// a T, the value c.ToValue gives. For a built-in converter whose values are
// T the function neither boxes the value in an interface nor allocates; for
// any other converter it calls ToValue and fails when the value is not a T.
func ValueFunc[T any](c Converter) func(s string) (T, error) {
	if b, ok := c.(*builtin); ok {
		if parse, ok := b.parser().(func(string) (T, bool)); ok {
			return func(s string) (T, error) {
				v, ok := parse(s)
				if !ok {
					return v, noMatch(s)
				}
				return v, nil
			}
		}
	}
	return func(s string) (T, error) {
		x, err := c.ToValue(s)
		v, ok := x.(T)
		if err == nil && !ok {
			err = fmt.Errorf("router: the converter's value of %q is a %T, not a %v", s, x, reflect.TypeFor[T]())
		}
		return v, err
	}
}

// ToValue returns the value of s: a string (upper-cased with upper=True),
// an int64, a float64 or the [16]byte of a UUID.
func (c *builtin) ToValue(s string) (v any, err error) {
	ok := false
	switch c.kind {
	case kindInt:
		v, ok = c.parseInt(s)
	case kindFloat:
		v, ok = c.parseFloat(s)
	case kindUUID:
		v, ok = ascii.ParseUUID(s)
	default:
		v, ok = c.parseText(s)
	}
	if !ok {
		return nil, noMatch(s)
	}
	return v, nil
}

// parser returns the conversion of the converter's texts, a
// func(string) (V, bool) where V is the type of its values.
func (c *builtin) parser() any {
	switch c.kind {
	case kindInt:
		return c.parseInt
	case kindFloat:
		return c.parseFloat
	case kindUUID:
		return ascii.ParseUUID
	}
	return c.parseText
}

func noMatch(s string) error { return fmt.Errorf("%q does not match", s) }

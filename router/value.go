package router

import (
	"fmt"
	"reflect"
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

// ValueType returns the type of the converter's values: the result type of
// its valueFunc.
func (c *builtin) ValueType() reflect.Type { return reflect.TypeOf(c.valueFunc()).Out(0) }

// ValueFunc returns the conversion of a parameter's text into its value as
// a T, the value c.ToValue gives. For a built-in converter whose values are
// T the function neither boxes the value in an interface nor allocates; for
// any other converter it calls ToValue and fails when the value is not a T.
func ValueFunc[T any](c Converter) func(s string) (T, error) {
	if b, ok := c.(*builtin); ok {
		if f, ok := b.valueFunc().(func(string) (T, error)); ok {
			return f
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

// valueFunc returns ToValue as a func(string) (V, error), V the type of
// the converter's values.
func (c *builtin) valueFunc() any {
	switch c.kind {
	case kindInt:
		return c.intValue
	case kindFloat:
		return c.floatValue
	case kindUUID:
		return c.uuidValue
	}
	return c.textValue
}

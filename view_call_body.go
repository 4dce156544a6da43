package fwk

import (
	"reflect"
	"unsafe"
)

// Direct callers of views that take a Body[T], with no reflection per
// request:
//
//	func(*Ctx, Body[T]) error
//	func(*Ctx, string, Body[T]) error
//	func(*Ctx, int, Body[T]) error
//	func(*Ctx, int64, Body[T]) error
//
// and the same as methods of a controller. The generic code for T is
// reached through the Body[T] itself: fwk.New makes a *Body[T] of the
// parameter's type and asks it (bodyParam.bodyCaller) for the caller, which
// is what lets a non-generic registration instantiate code for T.

// bodyCaller returns the direct caller of fn (a method expression when recv
// is not nil) or false when its signature is not one of the above.
func (*Body[T]) bodyCaller(fn reflect.Value, recv unsafe.Pointer, ps []urlParam) (func(*Ctx) error, bool) {
	if recv != nil {
		return bodyMethodCaller[T](fn, recv, ps)
	}
	switch f := fn.Interface().(type) {
	case func(*Ctx, Body[T]) error:
		return callBody(f), f != nil
	case func(*Ctx, string, Body[T]) error:
		return callParamBody(f, ps)
	case func(*Ctx, int, Body[T]) error:
		return callParamBody(f, ps)
	case func(*Ctx, int64, Body[T]) error:
		return callParamBody(f, ps)
	}
	return nil, false
}

// bodyMethodCaller is bodyCaller for method expressions.
func bodyMethodCaller[T any](m reflect.Value, recv unsafe.Pointer, ps []urlParam) (func(*Ctx) error, bool) {
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, Body[T]) error](m); ok {
		return callBody(func(c *Ctx, b Body[T]) error { return f(recv, c, b) }), true
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, string, Body[T]) error](m); ok {
		return callParamBody(boundBody(f, recv), ps)
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, int, Body[T]) error](m); ok {
		return callParamBody(boundBody(f, recv), ps)
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, int64, Body[T]) error](m); ok {
		return callParamBody(boundBody(f, recv), ps)
	}
	return nil, false
}

func boundBody[P, T any](f func(unsafe.Pointer, *Ctx, P, Body[T]) error, recv unsafe.Pointer) func(*Ctx, P, Body[T]) error {
	return func(c *Ctx, p P, b Body[T]) error { return f(recv, c, p, b) }
}

// callBody binds the body, then calls f; a body that does not bind is the
// error (f is not called).
func callBody[T any](f func(*Ctx, Body[T]) error) func(*Ctx) error {
	return func(c *Ctx) error {
		b := new(Body[T])
		if err := c.Bind(&b.Value); err != nil {
			return err
		}
		return f(c, *b)
	}
}

// callParamBody converts the one URL param of ps (a failure is a 404, as
// call1's), binds the body, then calls f.
func callParamBody[P string | int | int64, T any](f func(*Ctx, P, Body[T]) error, ps []urlParam) (func(*Ctx) error, bool) {
	if f == nil || len(ps) != 1 {
		return nil, false
	}
	return call1(func(c *Ctx, p P) error {
		b := new(Body[T])
		if err := c.Bind(&b.Value); err != nil {
			return err
		}
		return f(c, p, *b)
	}, ps)
}

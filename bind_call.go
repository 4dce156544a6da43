package fwk

import (
	"reflect"
	"strconv"
	"unsafe"
)

// fastCall returns a direct caller for the common view signatures, with no
// reflection per request:
//
//	func(*Ctx) error
//	func(*Ctx, string) error       func(*Ctx, string, string) error
//	func(*Ctx, int) error          func(*Ctx, int, int) error
//	func(*Ctx, int64) error
//
// recv is the controller pointer when fn is a method expression.
func fastCall(fn reflect.Value, recv unsafe.Pointer, names []string) (func(*Ctx) error, bool) {
	if recv != nil {
		return fastMethodCall(fn, recv, names)
	}
	switch f := fn.Interface().(type) {
	case func(*Ctx) error:
		return f, f != nil
	case func(*Ctx, string) error:
		return call1(f, names[0], parseString), f != nil
	case func(*Ctx, int) error:
		return call1(f, names[0], strconv.Atoi), f != nil
	case func(*Ctx, int64) error:
		return call1(f, names[0], parseInt64), f != nil
	case func(*Ctx, string, string) error:
		return call2(f, names, parseString), f != nil
	case func(*Ctx, int, int) error:
		return call2(f, names, strconv.Atoi), f != nil
	}
	return nil, false
}

// fastMethodCall is fastCall for method expressions.
func fastMethodCall(m reflect.Value, recv unsafe.Pointer, names []string) (func(*Ctx) error, bool) {
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx) error](m); ok {
		return func(c *Ctx) error { return f(recv, c) }, true
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, string) error](m); ok {
		return call1(bound1(f, recv), names[0], parseString), true
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, int) error](m); ok {
		return call1(bound1(f, recv), names[0], strconv.Atoi), true
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, int64) error](m); ok {
		return call1(bound1(f, recv), names[0], parseInt64), true
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, string, string) error](m); ok {
		return call2(bound2(f, recv), names, parseString), true
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, int, int) error](m); ok {
		return call2(bound2(f, recv), names, strconv.Atoi), true
	}
	return nil, false
}

func bound1[P any](f func(unsafe.Pointer, *Ctx, P) error, recv unsafe.Pointer) func(*Ctx, P) error {
	return func(c *Ctx, p P) error { return f(recv, c, p) }
}

func bound2[P any](f func(unsafe.Pointer, *Ctx, P, P) error, recv unsafe.Pointer) func(*Ctx, P, P) error {
	return func(c *Ctx, p, q P) error { return f(recv, c, p, q) }
}

// call1 converts the param name and calls f with it; a conversion failure is
// a 404.
func call1[P any](f func(*Ctx, P) error, name string, parse func(string) (P, error)) func(*Ctx) error {
	return func(c *Ctx) error {
		s := c.match.Params.Get(name)
		p, err := parse(s)
		if err != nil {
			return paramError(name, s, err)
		}
		return f(c, p)
	}
}

// call2 is call1 for two params of one type.
func call2[P any](f func(*Ctx, P, P) error, names []string, parse func(string) (P, error)) func(*Ctx) error {
	n0, n1 := names[0], names[1]
	return func(c *Ctx) error {
		s0, s1 := c.match.Params.Get(n0), c.match.Params.Get(n1)
		p, err := parse(s0)
		if err != nil {
			return paramError(n0, s0, err)
		}
		q, err := parse(s1)
		if err != nil {
			return paramError(n1, s1, err)
		}
		return f(c, p, q)
	}
}

func parseString(s string) (string, error) { return s, nil }

func parseInt64(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) }

package fwk

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/fwkgo/fwk/internal/textconv"
)

// fastCall returns a direct caller for the common view signatures, with no
// reflection per request:
//
//	func(*Ctx) error
//	func(*Ctx, string) error       func(*Ctx, string, string) error
//	func(*Ctx, int) error          func(*Ctx, int, int) error
//	func(*Ctx, int64) error
//
// when the rule's converters give their values without boxing (see
// typedParse). recv is the controller pointer when fn is a method
// expression.
func fastCall(fn reflect.Value, recv unsafe.Pointer, ps []urlParam) (func(*Ctx) error, bool) {
	if recv != nil {
		return fastMethodCall(fn, recv, ps)
	}
	switch f := fn.Interface().(type) {
	case func(*Ctx) error:
		return f, f != nil
	case func(*Ctx, string) error:
		return call1(f, ps)
	case func(*Ctx, int) error:
		return call1(f, ps)
	case func(*Ctx, int64) error:
		return call1(f, ps)
	case func(*Ctx, string, string) error:
		return call2(f, ps)
	case func(*Ctx, int, int) error:
		return call2(f, ps)
	}
	return nil, false
}

// fastMethodCall is fastCall for method expressions.
func fastMethodCall(m reflect.Value, recv unsafe.Pointer, ps []urlParam) (func(*Ctx) error, bool) {
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx) error](m); ok {
		return func(c *Ctx) error { return f(recv, c) }, true
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, string) error](m); ok {
		return call1(bound1(f, recv), ps)
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, int) error](m); ok {
		return call1(bound1(f, recv), ps)
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, int64) error](m); ok {
		return call1(bound1(f, recv), ps)
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, string, string) error](m); ok {
		return call2(bound2(f, recv), ps)
	}
	if f, ok := recvFunc[func(unsafe.Pointer, *Ctx, int, int) error](m); ok {
		return call2(bound2(f, recv), ps)
	}
	return nil, false
}

func bound1[P any](f func(unsafe.Pointer, *Ctx, P) error, recv unsafe.Pointer) func(*Ctx, P) error {
	return func(c *Ctx, p P) error { return f(recv, c, p) }
}

func bound2[P any](f func(unsafe.Pointer, *Ctx, P, P) error, recv unsafe.Pointer) func(*Ctx, P, P) error {
	return func(c *Ctx, p, q P) error { return f(recv, c, p, q) }
}

// call1 converts the one URL param of ps and calls f with it; a conversion
// failure is a 404. It reports false when the converter gives no P without
// boxing.
func call1[P string | int | int64](f func(*Ctx, P) error, ps []urlParam) (func(*Ctx) error, bool) {
	a, ok := newURLArg[P](&ps[0])
	if f == nil || !ok {
		return nil, false
	}
	return func(c *Ctx) error {
		if n, ok := c.match.Params.IntAt(a.ints); ok { // kept, inlined: 1,024 -> 1,009 (AppParamInt)
			if p, ok := fromInt[P](n); ok {
				return f(c, p)
			}
		}
		p, err := a.text(c)
		if err != nil {
			return err
		}
		return f(c, p)
	}, true
}

// call2 is call1 for two params of one type.
func call2[P string | int | int64](f func(*Ctx, P, P) error, ps []urlParam) (func(*Ctx) error, bool) {
	a0, ok0 := newURLArg[P](&ps[0])
	a1, ok1 := newURLArg[P](&ps[1])
	if f == nil || !ok0 || !ok1 {
		return nil, false
	}
	return func(c *Ctx) error {
		p, err := a0.get(c)
		if err != nil {
			return err
		}
		q, err := a1.get(c)
		if err != nil {
			return err
		}
		return f(c, p, q)
	}, true
}

// urlArg is how a direct caller reads one URL param as a P.
type urlArg[P string | int | int64] struct {
	name  string
	idx   int // the param's place in the rule, -1 for a default
	ints  int // idx when P is int or int64 (router.Params.IntAt), else -1
	parse func(string) (P, error)
}

// newURLArg returns the reading of p as a P, and false when the converter
// gives no P without boxing (typedParse).
func newURLArg[P string | int | int64](p *urlParam) (urlArg[P], bool) {
	parse, ok := typedParse[P](p)
	a := urlArg[P]{name: p.name, idx: p.idx, ints: -1, parse: parse}
	if _, isInt := fromInt[P](0); isInt {
		a.ints = p.idx
	}
	return a, ok
}

// kept returns the number the router's int converter kept while matching
// (no second parse), when there is one and it fits a P.
func (a *urlArg[P]) kept(c *Ctx) (P, bool) {
	if n, ok := c.match.Params.IntAt(a.ints); ok {
		return fromInt[P](n)
	}
	var zero P
	return zero, false
}

// text returns the param's text converted by parse (a failure is
// paramError's 404).
func (a *urlArg[P]) text(c *Ctx) (P, error) {
	ps := &c.match.Params
	var s string
	if a.idx >= 0 {
		s = ps.At(a.idx).Value
	} else {
		s = ps.Get(a.name)
	}
	p, err := a.parse(s)
	if err != nil {
		return p, paramError(a.name, s, err)
	}
	return p, nil
}

// get returns the param's value: the kept number, else the converted text.
func (a *urlArg[P]) get(c *Ctx) (P, error) {
	if p, ok := a.kept(c); ok {
		return p, nil
	}
	return a.text(c)
}

// fromInt returns n as a P when P is int (and n fits) or int64: the number
// the router's int converter kept while matching.
func fromInt[P string | int | int64](n int64) (P, bool) {
	var p P
	switch q := any(&p).(type) {
	case *int:
		*q = int(n)
		return p, int64(*q) == n
	case *int64:
		*q = n
		return p, true
	}
	return p, false
}

// typedParse returns the conversion of the text of URL param p into a P
// without reflection, as urlParam defines it. For an int converter: its
// int64 value (router.ValueFunc) for an int (range-checked) or an int64, the
// text it accepted for a string. For a string converter: its value (or a
// default's text) for a string, converted by internal/textconv for an int. It
// reports false for other converters.
func typedParse[P string | int | int64](p *urlParam) (func(string) (P, error), bool) {
	var out any
	var zero P
	switch {
	case p.i64 != nil:
		switch any(zero).(type) {
		case int:
			i64 := p.i64
			out = func(s string) (int, error) {
				v, err := i64(s)
				if err == nil && int64(int(v)) != v {
					err = fmt.Errorf("%d: %w for int", v, errOutOfRange)
				}
				return int(v), err
			}
		case int64:
			out = p.i64
		case string: // the matched text, once the converter took it
			i64 := p.i64
			out = func(s string) (string, error) {
				_, err := i64(s)
				return s, err
			}
		}
	case p.str != nil || p.conv == nil:
		text := p.str
		if text == nil {
			text = parseString
		}
		num, err := textconv.ForType[P]()
		if err != nil {
			return nil, false
		}
		if _, ok := any(zero).(string); ok {
			out = text
		} else {
			out = func(s string) (P, error) {
				t, err := text(s)
				if err != nil {
					return zero, err
				}
				return num(t)
			}
		}
	}
	f, ok := out.(func(string) (P, error))
	return f, ok
}

func parseString(s string) (string, error) { return s, nil }

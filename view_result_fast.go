package fwk

// Typed results without reflection per request. A view returning (T, error)
// whose T is one pointer word (a pointer, map, chan or func) or a slice, and
// whose parameters are those fastCall calls directly (none, one or two
// string/int/int64 URL params, or a lone model), is stored into a func whose
// result type is unsafe.Pointer (or []byte for a slice) with the same calling
// convention, as recvFunc does for receivers; the result is boxed back into
// an interface of type T with the type word of T. BenchmarkViewResult: a
// typed result then costs what writing the same answer with ctx.JSON does
// (the reflective call cost 3 more allocations and ~0.5 µs).

import (
	"reflect"
	"unsafe"
)

// erasable reports whether results of type t can be erased: one pointer
// word, or a slice.
func erasable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Slice:
		return true
	}
	return false
}

// eraseFunc stores fn, a func([R,] *Ctx, A...) (T, error), into a value of
// type F whose parameters are fn's with pointer types (the receiver R, a
// model) as unsafe.Pointer, and whose result is unsafe.Pointer (T a pointer
// word) or []byte (T a slice). It reports false when fn has another shape.
func eraseFunc[F any](fn reflect.Value) (F, bool) {
	var f F
	ft, mt := reflect.TypeFor[F](), fn.Type()
	if mt.NumIn() != ft.NumIn() || mt.NumOut() != 2 || ft.NumOut() != 2 || mt.IsVariadic() ||
		mt.Out(1) != ft.Out(1) || !sameWord(mt.Out(0), ft.Out(0)) {
		return f, false
	}
	for i := range mt.NumIn() {
		if mt.In(i) != ft.In(i) && !(ft.In(i).Kind() == reflect.UnsafePointer && mt.In(i).Kind() == reflect.Pointer) {
			return f, false
		}
	}
	reflect.NewAt(mt, unsafe.Pointer(&f)).Elem().Set(fn)
	return f, true
}

// sameWord reports whether a result of type t is passed as one of type e:
// a pointer word as unsafe.Pointer, a slice as []byte.
func sameWord(t, e reflect.Type) bool {
	if e.Kind() == reflect.Slice {
		return t.Kind() == reflect.Slice
	}
	return e.Kind() == reflect.UnsafePointer && t.Kind() != reflect.Slice && erasable(t)
}

// eface is the layout of an interface value with methodless type (any).
type eface struct {
	typ, data unsafe.Pointer
}

// boxer makes values of the interface of type t from erased results.
type boxer struct {
	typ unsafe.Pointer // the type word of t
}

func newBoxer(t reflect.Type) boxer {
	z := reflect.Zero(t).Interface()
	return boxer{typ: (*eface)(unsafe.Pointer(&z)).typ}
}

// word boxes a pointer word: no allocation, as the runtime does.
func (b boxer) word(p unsafe.Pointer) any {
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{typ: b.typ, data: p}
	return x
}

// slice boxes a slice: one allocation for its header, as the runtime does.
func (b boxer) slice(s []byte) any {
	h := new([]byte)
	*h = s
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{typ: b.typ, data: unsafe.Pointer(h)}
	return x
}

// resultFast returns a caller of the typed view fn (with receiver recv for
// a method expression) without reflection, for the shapes named in the file
// comment.
func (v *view) resultFast(fn reflect.Value, recv unsafe.Pointer, plan []argPlan) (func(*Ctx) error, bool) {
	if !erasable(v.result.typ) {
		return nil, false
	}
	model, ok := v.directShape(plan)
	if !ok {
		return nil, false
	}
	b := newBoxer(v.result.typ)
	var wrapped reflect.Value
	if v.result.typ.Kind() == reflect.Slice {
		wrapped = wrapResult(v.result, fn, recv, model != nil, b.slice)
	} else {
		wrapped = wrapResult(v.result, fn, recv, model != nil, b.word)
	}
	switch {
	case !wrapped.IsValid():
		return nil, false
	case model != nil:
		return model.model.direct(wrapped, nil, v.param(model.name), model.field)
	}
	return fastCall(wrapped, nil, v.params)
}

// word is the erased result of a typed view.
type word interface{ unsafe.Pointer | []byte }

// wrapResult returns fn as a func(*Ctx[, P[, P]]) error that answers its
// erased result (boxed by box) in shape s, or as a func(*Ctx, *M) error for
// a model view; an invalid Value when fn has none of these shapes.
func wrapResult[W word](s *resultShape, fn reflect.Value, recv unsafe.Pointer, model bool, box func(W) any) reflect.Value {
	answer := func(c *Ctx, w W, err error) error {
		if err != nil {
			return err
		}
		return s.respond(c, box(w))
	}
	if model {
		g, ok := erase1[unsafe.Pointer, W](fn, recv)
		if !ok {
			return reflect.Value{}
		}
		f := func(c *Ctx, m unsafe.Pointer) error { w, err := g(c, m); return answer(c, w, err) }
		skip := 0
		if recv != nil {
			skip = 1
		}
		return retype(f, reflect.FuncOf([]reflect.Type{ctxType, fn.Type().In(skip + 1)}, []reflect.Type{errorType}, false))
	}
	if g, ok := erase0[W](fn, recv); ok {
		return reflect.ValueOf(func(c *Ctx) error { w, err := g(c); return answer(c, w, err) })
	}
	if f, ok := wrap1[string](fn, recv, answer); ok {
		return f
	}
	if f, ok := wrap1[int](fn, recv, answer); ok {
		return f
	}
	if f, ok := wrap1[int64](fn, recv, answer); ok {
		return f
	}
	if f, ok := wrap2[string](fn, recv, answer); ok {
		return f
	}
	if f, ok := wrap2[int](fn, recv, answer); ok {
		return f
	}
	return reflect.Value{}
}

var (
	ctxType   = reflect.TypeFor[*Ctx]()
	errorType = reflect.TypeFor[error]()
)

// retype returns f as a Value of the func type t, whose parameters have
// the same calling convention as f's (a pointer for unsafe.Pointer).
func retype(f func(*Ctx, unsafe.Pointer) error, t reflect.Type) reflect.Value {
	p := reflect.New(t)
	*(*func(*Ctx, unsafe.Pointer) error)(p.UnsafePointer()) = f
	return p.Elem()
}

func wrap1[P string | int | int64, W word](fn reflect.Value, recv unsafe.Pointer, answer func(*Ctx, W, error) error) (reflect.Value, bool) {
	g, ok := erase1[P, W](fn, recv)
	if !ok {
		return reflect.Value{}, false
	}
	return reflect.ValueOf(func(c *Ctx, p P) error { w, err := g(c, p); return answer(c, w, err) }), true
}

func wrap2[P string | int, W word](fn reflect.Value, recv unsafe.Pointer, answer func(*Ctx, W, error) error) (reflect.Value, bool) {
	g, ok := erase2[P, W](fn, recv)
	if !ok {
		return reflect.Value{}, false
	}
	return reflect.ValueOf(func(c *Ctx, p, q P) error { w, err := g(c, p, q); return answer(c, w, err) }), true
}

// erase0, erase1 and erase2 erase fn (eraseFunc), binding recv when fn is
// a method expression.
func erase0[W word](fn reflect.Value, recv unsafe.Pointer) (func(*Ctx) (W, error), bool) {
	if recv == nil {
		return eraseFunc[func(*Ctx) (W, error)](fn)
	}
	f, ok := eraseFunc[func(unsafe.Pointer, *Ctx) (W, error)](fn)
	return func(c *Ctx) (W, error) { return f(recv, c) }, ok
}

func erase1[P any, W word](fn reflect.Value, recv unsafe.Pointer) (func(*Ctx, P) (W, error), bool) {
	if recv == nil {
		return eraseFunc[func(*Ctx, P) (W, error)](fn)
	}
	f, ok := eraseFunc[func(unsafe.Pointer, *Ctx, P) (W, error)](fn)
	return func(c *Ctx, p P) (W, error) { return f(recv, c, p) }, ok
}

func erase2[P any, W word](fn reflect.Value, recv unsafe.Pointer) (func(*Ctx, P, P) (W, error), bool) {
	if recv == nil {
		return eraseFunc[func(*Ctx, P, P) (W, error)](fn)
	}
	f, ok := eraseFunc[func(unsafe.Pointer, *Ctx, P, P) (W, error)](fn)
	return func(c *Ctx, p, q P) (W, error) { return f(recv, c, p, q) }, ok
}

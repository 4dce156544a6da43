package tmpl

import (
	"errors"
	"fmt"
	"html/template"
	"reflect"
	"unicode"
)

// binding holds the per-request functions of one executable clone. Only the
// goroutine that took the clone from its pool touches it.
type binding struct {
	funcs template.FuncMap
}

var errorType = reflect.TypeFor[error]()

// checkFuncs validates the declared functions: names html/template accepts,
// values that are nil or functions it can call. It returns a copy.
func checkFuncs(m template.FuncMap) (template.FuncMap, error) {
	out := make(template.FuncMap, len(m))
	for name, f := range m {
		if !goodName(name) {
			return nil, fmt.Errorf("fwk: templates: function name %q is not a valid identifier", name)
		}
		if f != nil {
			if err := checkSignature(reflect.TypeOf(f)); err != nil {
				return nil, fmt.Errorf("fwk: templates: function %q: %w", name, err)
			}
		}
		out[name] = f
	}
	return out, nil
}

// goodName mirrors text/template: a letter or '_', then letters, digits, '_'.
func goodName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		switch {
		case r == '_':
		case i == 0 && !unicode.IsLetter(r):
			return false
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			return false
		}
	}
	return true
}

// checkSignature accepts functions returning one value, or a value and an
// error.
func checkSignature(t reflect.Type) error {
	switch {
	case t.Kind() != reflect.Func:
		return fmt.Errorf("%v is not a function", t)
	case t.NumOut() == 1:
	case t.NumOut() == 2 && t.Out(1) == errorType:
	default:
		return fmt.Errorf("%v must return one value, or a value and an error", t)
	}
	return nil
}

// funcMap returns the functions installed in a template set: for each
// declared name, a closure calling b's implementation, else the default.
func (s *Set) funcMap(b *binding) template.FuncMap {
	m := make(template.FuncMap, len(s.defaults))
	for name, def := range s.defaults {
		m[name] = func(args ...any) (any, error) {
			f := b.funcs[name]
			if f == nil {
				f = def
			}
			if f == nil {
				return nil, fmt.Errorf("function %q is not bound for this render", name)
			}
			return call(f, args)
		}
	}
	return m
}

var errArgs = errors.New("wrong number or type of arguments")

// call invokes f with args, directly for common signatures and through
// reflection otherwise.
func call(f any, args []any) (any, error) {
	switch f := f.(type) {
	case func(string, ...any) (string, error):
		if s, ok := firstString(args); ok {
			return f(s, args[1:]...)
		}
		return nil, errArgs
	case func(...any) (string, error):
		return f(args...)
	case func(...any) (any, error):
		return f(args...)
	case func(...any) string:
		return f(args...), nil
	case func(string) string:
		if s, ok := firstString(args); ok && len(args) == 1 {
			return f(s), nil
		}
		return nil, errArgs
	case func() string:
		if len(args) == 0 {
			return f(), nil
		}
		return nil, errArgs
	case func() template.HTML:
		if len(args) == 0 {
			return f(), nil
		}
		return nil, errArgs
	case func() any:
		if len(args) == 0 {
			return f(), nil
		}
		return nil, errArgs
	}
	return callReflect(reflect.ValueOf(f), args)
}

func firstString(args []any) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	s, ok := args[0].(string)
	return s, ok
}

// callReflect calls fv with args converted to its parameter types.
func callReflect(fv reflect.Value, args []any) (any, error) {
	t := fv.Type()
	if err := checkSignature(t); err != nil {
		return nil, err
	}
	n := t.NumIn()
	if t.IsVariadic() && len(args) < n-1 || !t.IsVariadic() && len(args) != n {
		return nil, fmt.Errorf("%w: %v called with %d", errArgs, t, len(args))
	}
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		pt := paramType(t, i)
		v, ok := argValue(a, pt)
		if !ok {
			return nil, fmt.Errorf("%w: argument %d of %v: %T", errArgs, i+1, t, a)
		}
		in[i] = v
	}
	out := fv.Call(in)
	if len(out) == 2 && !out[1].IsNil() {
		return nil, out[1].Interface().(error)
	}
	return out[0].Interface(), nil
}

func paramType(t reflect.Type, i int) reflect.Type {
	if t.IsVariadic() && i >= t.NumIn()-1 {
		return t.In(t.NumIn() - 1).Elem()
	}
	return t.In(i)
}

// argValue converts a to pt: as is when assignable, between numeric kinds
// (template constants arrive as int or float64), nil to a nillable zero.
func argValue(a any, pt reflect.Type) (reflect.Value, bool) {
	if a == nil {
		switch pt.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
			return reflect.Zero(pt), true
		}
		return reflect.Value{}, false
	}
	v := reflect.ValueOf(a)
	switch {
	case v.Type().AssignableTo(pt):
		return v, true
	case isNumber(v.Kind()) && isNumber(pt.Kind()):
		return v.Convert(pt), true
	}
	return reflect.Value{}, false
}

func isNumber(k reflect.Kind) bool {
	return k >= reflect.Int && k <= reflect.Float64 && k != reflect.Uintptr
}

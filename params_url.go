package fwk

// URL params reach views through the rule's converter (router.Converter),
// the one conversion of a param's text. A view parameter receives the
// converter's value of the matched text (ToValue; router.ValueFunc, which
// does not box, for the built-in converters), converted to the parameter's
// type:
//
//	the value's type is assignable   the value as is (a custom type, any)
//	a string value                   converted as text by internal/textconv
//	                                 ("42" to an int, a TextUnmarshaler, ...)
//	an integer value                 an integer type it fits (int64 to int;
//	                                 out of range is a 404) or a float type
//	a float value                    a float type (out of range is a 404)
//	an array value                   an array type it converts to
//	                                 ([16]byte to a UUID type)
//	any of those                     a pointer to a type it fits
//	a value none of the above fits   the matched text, for a string or
//	                                 TextUnmarshaler parameter (an <int:id>
//	                                 into an id string gives "42")
//
// A converter declares its value type with a ValueType() reflect.Type
// method (router.ValueTyper; every built-in does): a binding no value can
// fit then fails New, naming the view and the param. The values of a
// converter that declares none are fitted per request, and one that does
// not fit is a 500 (ErrBadView, logged). A converter error is a 404, like a
// param that does not match.
//
// Model loaders and ParamConverter converters take text: they receive the
// converter's value when it is a string (upper-cased by
// <string(upper=True):code>), else the matched text once the converter has
// converted it (a ToValue error is a 404 there too).

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"

	"github.com/fwkgo/fwk/internal/textconv"
	"github.com/fwkgo/fwk/router"
)

// urlParam is one URL param of a view's rule and its converter.
type urlParam struct {
	name string
	rt   *router.Route    // the view's rule, for errors (see spec)
	conv router.Converter // nil for a default that is not a rule param
	typ  reflect.Type     // the converter's declared value type, or nil
	// For a converter declaring string or int64 values, its values without
	// boxing (router.ValueFunc); else nil.
	str func(string) (string, error)
	i64 func(string) (int64, error)
	// idx is the param's place among the rule's params, where the
	// router keeps the number of the built-in int converter
	// (router.Params.IntAt); -1 for a default.
	idx int
}

// urlParams returns the URL params of the view, in the order of v.names.
func (v *view) urlParams() []urlParam {
	out := make([]urlParam, len(v.names))
	for i, name := range v.names {
		out[i] = urlParam{name: name, rt: v.rt, idx: -1}
		if v.rt == nil {
			continue
		}
		p := &out[i]
		p.idx = slices.Index(v.rt.ParamNames(), name)
		p.conv = v.rt.Converter(name)
		switch p.typ = declaredType(p.conv); p.typ {
		case stringType:
			p.str = router.ValueFunc[string](p.conv)
		case int64Type:
			p.i64 = router.ValueFunc[int64](p.conv)
		}
	}
	return out
}

// param returns the URL param called name.
func (v *view) param(name string) *urlParam {
	for i := range v.params {
		if v.params[i].name == name {
			return &v.params[i]
		}
	}
	return &urlParam{name: name, rt: v.rt, idx: -1}
}

// spec returns the param as named in errors: its quoted name, followed by
// its text in the rule or its host when there is one ("id" (<int:id>)).
func (p *urlParam) spec() string {
	name := strconv.Quote(p.name)
	if p.rt == nil {
		return name
	}
	for _, text := range []string{p.rt.Path(), "/" + p.rt.Rule().Host} {
		pr, _ := router.ParseRule(text)
		for _, rp := range pr.Params {
			if rp.Name == p.name {
				return name + " (" + pr.Path[rp.Start:rp.End] + ")"
			}
		}
	}
	return name
}

var (
	stringType = reflect.TypeFor[string]()
	int64Type  = reflect.TypeFor[int64]()
)

// declaredType returns the type of conv's values when it declares one
// (router.ValueTyper), else nil.
func declaredType(conv router.Converter) reflect.Type {
	if vt, ok := conv.(router.ValueTyper); ok {
		return vt.ValueType()
	}
	return nil
}

// value returns the converter's value of raw, the matched text.
func (p *urlParam) value(raw string) (reflect.Value, error) {
	if p.conv == nil {
		return reflect.ValueOf(raw), nil
	}
	x, err := p.conv.ToValue(raw)
	if err != nil {
		return reflect.Value{}, err
	}
	xv := reflect.ValueOf(x)
	switch {
	case !xv.IsValid():
		return xv, fmt.Errorf("fwk: URL param %s: the converter's ToValue returned nil (%w)", p.spec(), ErrBadView)
	case p.typ != nil && xv.Type() != p.typ:
		return xv, fmt.Errorf("fwk: URL param %s: the converter's ToValue returned a %v, its ValueType %v (%w)", p.spec(), xv.Type(), p.typ, ErrBadView)
	}
	return xv, nil
}

// text returns the converter's value of raw as text: a string value as is;
// for another value, raw once the converter has converted it.
func (p *urlParam) text(raw string) (string, error) {
	var err error
	switch p.typ {
	case nil:
		if p.conv == nil {
			return raw, nil
		}
		var x any
		if x, err = p.conv.ToValue(raw); err == nil {
			if s, ok := x.(string); ok {
				return s, nil
			}
		}
	case stringType:
		return p.str(raw)
	case int64Type: // the int converter: no boxing
		_, err = p.i64(raw)
	default:
		_, err = p.value(raw)
	}
	return raw, err
}

// argConv returns the conversion of the param's text into a view parameter
// of type t (argPlan.conv), or an error when no value of the converter fits
// t.
func (p *urlParam) argConv(t reflect.Type) (func(*Ctx, string) (reflect.Value, error), error) {
	if p.conv != nil && p.typ == nil { // undeclared: fitted per request
		var text func(string) (reflect.Value, error)
		if textconv.TakesText(t) {
			var err error
			if text, err = textconv.For(t); err != nil {
				return nil, err
			}
		}
		return func(_ *Ctx, raw string) (reflect.Value, error) {
			x, err := p.value(raw)
			if err != nil {
				return x, err
			}
			f, err := fit(x.Type(), t)
			switch {
			case err == nil:
				return f(x)
			case text != nil: // x is not a string: the text it came from
				return text(raw)
			}
			return reflect.Value{}, fmt.Errorf("fwk: URL param %s: %w (%w)", p.spec(), err, ErrBadView)
		}, nil
	}
	vt := p.typ
	if p.conv == nil {
		vt = stringType
	}
	f, err := fit(vt, t)
	// A textual parameter takes the matched text when no value fits it (an
	// <int:id> into an id string gives "42").
	if err != nil && textconv.TakesText(t) {
		return p.textConv(t)
	}
	if err != nil {
		return nil, err
	}
	return func(_ *Ctx, raw string) (reflect.Value, error) {
		x, err := p.value(raw)
		if err != nil {
			return x, err
		}
		return f(x)
	}, nil
}

// textConv converts the param's text (p.text: checked by the converter)
// into a parameter of a type that takes text (textconv.TakesText).
func (p *urlParam) textConv(t reflect.Type) (func(*Ctx, string) (reflect.Value, error), error) {
	conv, err := textconv.For(t)
	if err != nil {
		return nil, err
	}
	return func(_ *Ctx, raw string) (reflect.Value, error) {
		s, err := p.text(raw)
		if err != nil {
			return reflect.Value{}, err
		}
		return conv(s)
	}, nil
}

// errOutOfRange is the error of a value that does not fit the parameter's
// numeric type.
var errOutOfRange = errors.New("value out of range")

// fit returns the conversion of a value of type vt into a parameter of type
// t (see the table at the top of this file), or an error when no value of
// vt ever fits.
func fit(vt, t reflect.Type) (func(reflect.Value) (reflect.Value, error), error) {
	switch {
	case vt.AssignableTo(t):
		return func(x reflect.Value) (reflect.Value, error) { return x, nil }, nil
	case vt.Kind() == reflect.String:
		conv, err := textconv.For(t)
		if err != nil {
			return nil, fmt.Errorf("the converter gives %v, which does not convert to %v: %w", vt, t, err)
		}
		return func(x reflect.Value) (reflect.Value, error) { return conv(x.String()) }, nil
	case isInt(vt) && (isInt(t) || isFloat(t)), isFloat(vt) && isFloat(t),
		vt.Kind() == reflect.Array && t.Kind() == reflect.Array && vt.ConvertibleTo(t):
		return func(x reflect.Value) (reflect.Value, error) { return convertNumber(x, t) }, nil
	case t.Kind() == reflect.Pointer:
		if elem, err := fit(vt, t.Elem()); err == nil {
			return func(x reflect.Value) (reflect.Value, error) {
				e, err := elem(x)
				if err != nil {
					return e, err
				}
				p := reflect.New(t.Elem())
				p.Elem().Set(e)
				return p, nil
			}, nil
		}
	}
	return nil, fmt.Errorf("the converter gives %v, which does not fit the parameter's type %v", vt, t)
}

// convertNumber converts x to t, checking that integers and floats fit.
func convertNumber(x reflect.Value, t reflect.Type) (reflect.Value, error) {
	out := reflect.New(t).Elem()
	var fits bool
	switch {
	case isSigned(x.Type()):
		fits = isFloat(t) || isSigned(t) && !out.OverflowInt(x.Int()) ||
			!isSigned(t) && x.Int() >= 0 && !out.OverflowUint(uint64(x.Int()))
	case isInt(x.Type()):
		fits = isFloat(t) || !isSigned(t) && !out.OverflowUint(x.Uint()) ||
			isSigned(t) && x.Uint() <= math.MaxInt64 && !out.OverflowInt(int64(x.Uint()))
	case isFloat(x.Type()):
		fits = !out.OverflowFloat(x.Float())
	default:
		fits = true // arrays
	}
	if !fits {
		return reflect.Value{}, fmt.Errorf("%v: %w for %v", x, errOutOfRange, t)
	}
	out.Set(x.Convert(t))
	return out, nil
}

func isSigned(t reflect.Type) bool { return t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64 }
func isInt(t reflect.Type) bool    { return t.Kind() >= reflect.Int && t.Kind() <= reflect.Uintptr }
func isFloat(t reflect.Type) bool  { return t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64 }

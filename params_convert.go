package fwk

// ParamConverter: Flask-Unchained's explicit param_converter. A ParamConverter
// view carries one P per parameter; at start-up each is resolved into an argPlan
// (view.prepare) taking a URL param or a query argument through a converter.

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"

	"github.com/fwkgo/fwk/internal/textconv"
)

// P is one argument of ParamConverter: a single entry whose key names the
// source (a URL param of the rule, else a query string argument) and whose
// value is the converter. Go maps have no order, so each P holds exactly
// one entry and the Ps follow the view's parameters in order.
type P map[string]any

// Conv is a converter with a default, for ParamConverter: a query argument
// that is absent gives the view Default instead of the zero value.
//
//	fwk.P{"page": fwk.Conv{Convert: strconv.Atoi, Default: 1}}
type Conv struct {
	Convert any // any converter a P accepts
	Default any // assignable to the view's parameter type
}

// ParamConverter is Flask-Unchained's param_converter: it returns view (a func
// or a controller method value, expression or name) with explicit converters for
// its parameters, to use wherever the view itself goes (fwk.View, routes.Func,
// routes.Rule, ...). The i-th P feeds the i-th parameter after *Ctx; URL params
// no P names are read with Ctx.Param.
//
// The key of a P is a URL param of the rule or, when the rule has none by
// that name, a query string argument. For a URL param the converter reads
// the rule converter's value when it is a string (upper-cased by
// <string(upper=True):code>), else the matched text. The value is a
// converter:
//
//	User{} or (*User)(nil)         a registered model (RegisterModel); the
//	                               parameter is *User
//	P{"a_user": User{}}            the same, naming the view argument
//	                               (Flask-Unchained's {view_arg: Model})
//	map[string]V{"a": v, ...}      a lookup: the text is a key of the map
//	func(string) (V, error)        a function of the text; func(string) V too
//	0, "", 1.5, uuid.UUID{}, ...   a type, by example: bool, ints, floats,
//	                               strings, [16]byte UUIDs, TextUnmarshalers
//	                               and slices of them (all the query values);
//	                               a non-zero example is the default
//	reflect.Type                   that type
//	Conv{Convert: c, Default: d}   c, with d for an absent query argument
//
// As in Flask-Unchained, a model's URL param may carry the snake-cased model
// name as a prefix, which is stripped for the loader's field (<int:one_role_id>
// loads a OneRole by "id", see ModelField). A converter that fails answers 404
// for a URL param and 400 naming the argument for a query argument; a model that
// is not found answers 404. An absent query argument gives the default (or the
// zero value, nil for a model). Converting a result to the parameter's type is
// checked at start-up.
//
//	fwk.View(fwk.ParamConverter(c.Show,
//		fwk.P{"id": User{}},                            // u *User
//		fwk.P{"something": map[string]any{"foo": "bar"}}, // s any: ?something=foo gives "bar"
//		fwk.P{"n": func(s string) (int, error) { ... }},  // n int
//	), "/users/<int:id>")
func ParamConverter(view any, params ...P) any {
	cv := &convertedView{view: view, params: params}
	_, cv.declaredAt = callSite()
	return cv
}

// convertedView is the view ParamConverter returns; routes unwrap it (see
// unwrapView) and the view binding reads its converters.
type convertedView struct {
	view       any
	params     []P
	declaredAt string
}

// unwrapView returns the view inside a ParamConverter result.
func unwrapView(v any) any {
	if cv, ok := v.(*convertedView); ok {
		return cv.view
	}
	return v
}

// prepare runs before a view is bound: a ParamConverter must wrap a fwk
// view, and the templates of the controller's extension are loaded.
func (v *view) prepare() error {
	r := v.route
	if _, ok := r.view.(*convertedView); ok {
		isHandler := r.handler != nil
		if r.fn.IsValid() {
			ft := r.fn.Type()
			isHandler = ft.NumIn() > 0 && ft.In(0) == reflect.TypeFor[http.ResponseWriter]()
		}
		if isHandler {
			return fmt.Errorf("%w: ParamConverter needs a view taking *fwk.Ctx, not an http.Handler", ErrBadView)
		}
	}
	if err := v.app.prepareTemplates(r); err != nil {
		return err
	}
	if err := v.checkParamDocs(); err != nil {
		return err
	}
	return v.app.checkRenders(r)
}

// converters returns the ParamConverter declaration of the route's view:
// its own, or the one of the controller's Meta.Views declaring the same
// method (Flask-Unchained decorates the method, so every route of it converts).
func (v *view) converters() *convertedView {
	r := v.route
	if cv, ok := r.view.(*convertedView); ok {
		return cv
	}
	if r.meta == nil {
		return nil
	}
	for _, spec := range r.meta.Views {
		cv, ok := spec.view.(*convertedView)
		if ok && !spec.noRoute && viewMethodName(cv.view) == r.methodName {
			return cv
		}
	}
	return nil
}

// viewMethodName is the method name a view value stands for.
func viewMethodName(view any) string {
	if s, ok := view.(string); ok {
		return s
	}
	fv := reflect.ValueOf(view)
	if fv.Kind() != reflect.Func || fv.IsNil() {
		return ""
	}
	return parseFuncName(fv).methodName()
}

// converter is a ParamConverter converter resolved at start-up.
type converter struct {
	conv  func(c *Ctx, raw string) (reflect.Value, error)
	fits  func(t reflect.Type) bool // whether one result can be assigned to t
	gives string                    // what one result is, for errors
	model *ModelLoader
	slice reflect.Type  // a slice example: conv converts its elements
	def   reflect.Value // a non-zero example: the default
}

// convertedPlan plans a ParamConverter view: one P per parameter.
func (v *view) convertedPlan(ft reflect.Type, skip int, cv *convertedView) ([]argPlan, error) {
	if _, ok := cv.view.(*convertedView); ok {
		return nil, errors.New("the view is itself a ParamConverter: give all converters in one call")
	}
	n := ft.NumIn() - skip - 1
	if n != len(cv.params) {
		return nil, fmt.Errorf("the view takes %d params after *fwk.Ctx but %d converters are given", n, len(cv.params))
	}
	plan := make([]argPlan, n)
	for i, p := range cv.params {
		if len(p) != 1 {
			return nil, fmt.Errorf("converter %d has %d entries: give each parameter its own P (maps have no order)", i+1, len(p))
		}
		for name, conv := range p {
			a, err := v.convertedArg(name, conv, ft.In(skip+1+i))
			if err != nil {
				return nil, fmt.Errorf("converter %d %q: %w", i+1, name, err)
			}
			plan[i] = a
		}
	}
	return plan, nil
}

// convertedArg plans the parameter of type t converted by conv from name,
// a URL param of the rule or else a query argument.
func (v *view) convertedArg(name string, conv any, t reflect.Type) (argPlan, error) {
	a := argPlan{src: fromQuery, name: name, typ: t}
	if contains(v.names, name) {
		a.src = fromURL
	}
	var def any
	hasDef := false
	switch c := conv.(type) {
	case Conv:
		conv, def, hasDef = c.Convert, c.Default, true
	case *Conv:
		if c != nil {
			conv, def, hasDef = c.Convert, c.Default, true
		}
	}
	c, err := v.converterOf(conv)
	if err != nil {
		return a, err
	}
	a.conv, a.model, a.def = c.conv, c.model, c.def
	if a.model != nil {
		a.field = a.model.field(name)
		a.conv = modelConv(a.model, v.param(name), a.field)
	} else if a.src == fromURL {
		a.conv = textConv(v.param(name), a.conv)
	}
	switch {
	case c.slice != nil && c.slice.AssignableTo(t):
		a.multi, a.slice = true, c.slice
	case c.slice == nil && c.fits(t):
	case c.slice == nil && t.Kind() == reflect.Slice && c.fits(t.Elem()):
		a.multi, a.slice = true, t
	default:
		return a, fmt.Errorf("the converter gives %s, which does not fit the parameter's type %v", c.gives, t)
	}
	if a.multi && a.src == fromURL {
		return a, fmt.Errorf("a URL param is one value; the parameter's type %v is a slice", t)
	}
	if a.def.IsValid() && !a.def.Type().AssignableTo(t) {
		a.def = reflect.Value{}
	}
	if hasDef {
		if a.src == fromURL {
			return a, errors.New("Conv.Default applies to query arguments; use fwk.Defaults for URL params")
		}
		if a.def, err = valueOf(def, t); err != nil {
			return a, fmt.Errorf("Conv.Default: %w", err)
		}
	}
	return a, nil
}

// textConv gives conv, a converter of text, the rule converter's value of
// URL param p as text.
func textConv(p *urlParam, conv func(*Ctx, string) (reflect.Value, error)) func(*Ctx, string) (reflect.Value, error) {
	return func(c *Ctx, raw string) (reflect.Value, error) {
		s, err := p.text(raw)
		if err != nil {
			return reflect.Value{}, paramError(p.name, raw, err)
		}
		return conv(c, s)
	}
}

// converterOf resolves one converter value (see ParamConverter).
func (v *view) converterOf(conv any) (converter, error) {
	if conv == nil {
		return converter{}, errors.New("nil converter")
	}
	if t, ok := conv.(reflect.Type); ok {
		return v.typeConverter(t, reflect.Value{})
	}
	if m := v.modelOf(reflect.TypeOf(conv)); m != nil {
		return modelConverter(m), nil
	}
	cv := reflect.ValueOf(conv)
	switch cv.Kind() {
	case reflect.Map:
		if cv.Type().Key().Kind() != reflect.String {
			return converter{}, fmt.Errorf("a lookup map must have string keys, not %v", cv.Type().Key())
		}
		if cv.Len() == 1 { // {view_arg: Model}
			it := cv.MapRange()
			it.Next()
			if e := it.Value(); e.IsValid() && !(e.Kind() == reflect.Interface && e.IsNil()) {
				if m := v.modelOf(reflect.TypeOf(e.Interface())); m != nil {
					return modelConverter(m), nil
				}
			}
		}
		return lookupConverter(cv), nil
	case reflect.Func:
		return funcConverter(cv)
	}
	return v.typeConverter(cv.Type(), cv)
}

// modelOf returns the loader of a model given as T, *T or a reflect.Type.
func (v *view) modelOf(t reflect.Type) *ModelLoader {
	if t == nil {
		return nil
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return v.app.models[t]
}

func modelConverter(m *ModelLoader) converter {
	pt := reflect.PointerTo(m.typ)
	return converter{
		model: m,
		fits:  func(t reflect.Type) bool { return t == pt },
		gives: "the model " + pt.String(),
		conv:  nil, // set per argument: it needs the name
	}
}

// typeConverter converts text to t (by example: ex, when valid, is the
// example value; a non-zero one is the default).
func (v *view) typeConverter(t reflect.Type, ex reflect.Value) (converter, error) {
	if m := v.modelOf(t); m != nil {
		return modelConverter(m), nil
	}
	c := converter{gives: t.String(), fits: func(p reflect.Type) bool { return t.AssignableTo(p) }}
	bt := t
	if _, err := textconv.For(t); err != nil && t.Kind() == reflect.Slice {
		c.slice, bt = t, t.Elem()
	}
	conv, err := textconv.For(bt)
	if err != nil {
		if indirect(bt).Kind() == reflect.Struct {
			return c, fmt.Errorf("%v is neither a registered model (fwk.RegisterModel) nor a type a param converts to: %w", bt, err)
		}
		return c, err
	}
	c.conv = func(_ *Ctx, raw string) (reflect.Value, error) { return conv(raw) }
	if ex.IsValid() && !ex.IsZero() {
		c.def = ex
	}
	return c, nil
}

// lookupConverter converts text with the map m (Flask-Unchained's dict lookup).
func lookupConverter(m reflect.Value) converter {
	entries := make(map[string]any, m.Len())
	for it := m.MapRange(); it.Next(); {
		entries[it.Key().String()] = it.Value().Interface()
	}
	look := textconv.MapConverter(entries)
	c := converter{gives: "the values of a " + m.Type().String()}
	c.fits = func(t reflect.Type) bool {
		for _, e := range entries {
			if _, err := valueOf(e, t); err != nil {
				return false
			}
		}
		return true
	}
	c.conv = func(_ *Ctx, raw string) (reflect.Value, error) {
		x, err := look(raw)
		if err != nil || x != nil {
			return reflect.ValueOf(x), err
		}
		return reflect.Value{}, nil // nil entry: fixed up by the caller
	}
	return c
}

// funcConverter calls f: func(string) R or func(string) (R, error).
func funcConverter(f reflect.Value) (converter, error) {
	t := f.Type()
	if f.IsNil() || t.IsVariadic() || t.NumIn() != 1 || t.In(0).Kind() != reflect.String ||
		t.NumOut() < 1 || t.NumOut() > 2 || t.NumOut() == 2 && t.Out(1) != reflect.TypeFor[error]() {
		return converter{}, fmt.Errorf("a converter func must be func(string) (T, error) or func(string) T, not %v", t)
	}
	in, out := t.In(0), t.Out(0)
	return converter{
		gives: out.String(),
		fits:  func(p reflect.Type) bool { return out.AssignableTo(p) },
		conv: func(_ *Ctx, raw string) (reflect.Value, error) {
			res := f.Call([]reflect.Value{reflect.ValueOf(raw).Convert(in)})
			if len(res) == 2 && !res[1].IsNil() {
				return reflect.Value{}, res[1].Interface().(error)
			}
			return res[0], nil
		},
	}, nil
}

// valueOf returns x as a value assignable to t (nil is t's zero value when
// t can be nil).
func valueOf(x any, t reflect.Type) (reflect.Value, error) {
	if x == nil {
		switch t.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
			return reflect.Zero(t), nil
		}
		return reflect.Value{}, fmt.Errorf("nil does not fit %v", t)
	}
	xv := reflect.ValueOf(x)
	if !xv.Type().AssignableTo(t) {
		return reflect.Value{}, fmt.Errorf("a %v does not fit %v", xv.Type(), t)
	}
	return xv, nil
}

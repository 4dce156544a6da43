package fwk

// View params: a view with params (anything the direct callers of
// view.directCall do not cover) is turned into a plan at start-up, one argPlan
// per parameter after *Ctx, then called with reflect.Value.Call:
//
//	positional   func(*Ctx, P1..Pn[, Q]) error: P1..Pn take the rule's URL
//	             params in order (scalars through internal/textconv, *T of a
//	             registered model through its loader); an optional trailing
//	             struct Q is filled from the query string (textconv.Query)
//	converted    ParamConverter(view, P{...}, ...): one P entry per parameter,
//	             each naming a URL param or a query argument and its converter
//
// A lone model parameter, func(*Ctx, *T) error, is called directly by the
// generic code RegisterModel made for T.

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"unsafe"

	"github.com/fwkgo/fwk/internal/textconv"
)

// argSource says where an argument comes from.
type argSource uint8

const (
	fromURL         argSource = iota // a URL param (or a route default)
	fromQuery                        // one query argument (all values for slices)
	fromQueryStruct                  // the whole query string, into a struct
	fromBody                         // the request body, into a Body[T]
)

// argPlan is how one view argument is made.
type argPlan struct {
	src   argSource
	name  string       // URL param or query key
	typ   reflect.Type // the view parameter's type
	model *ModelLoader // set for model arguments
	field string       // the model field (ModelField)
	conv  func(c *Ctx, raw string) (reflect.Value, error)
	multi bool          // fromQuery into a slice: conv converts one element
	slice reflect.Type  // multi: the slice type made
	def   reflect.Value // fromQuery: the value when absent (invalid: zero)
	query func(url.Values) (reflect.Value, error)
	check bool // fromQueryStruct: the struct has `validate` tags
}

// bindParams returns the caller of the view fn of type ft (a method
// expression with receiver recv, or a func) whose signature checkSignature
// accepted.
func (v *view) bindParams(fn reflect.Value, ft reflect.Type, recv unsafe.Pointer) (func(*Ctx) error, error) {
	skip := 0
	if recv != nil {
		skip = 1
	}
	sig := signature(ft, skip)
	v.params = v.urlParams()
	var plan []argPlan
	var err error
	if cv := v.converters(); cv != nil {
		if plan, err = v.convertedPlan(ft, skip, cv); err != nil {
			return nil, fmt.Errorf("%w: %s: ParamConverter (declared at %s): %w", ErrBadView, sig, orUnknown(cv.declaredAt), err)
		}
		v.plan = plan // for app.OpenAPI
		return v.finishCall(fn, ft, recv, plan), nil
	}
	if plan, err = v.positionalPlan(ft, skip); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadView, sig, err)
	}
	direct := v.directCall
	if v.result != nil {
		direct = v.resultFast
	}
	v.plan = plan
	if call, ok := direct(fn, recv, plan); ok {
		return call, nil
	}
	return v.finishCall(fn, ft, recv, plan), nil
}

// finishCall returns the reflective caller of the view.
func (v *view) finishCall(fn reflect.Value, ft reflect.Type, recv unsafe.Pointer, plan []argPlan) func(*Ctx) error {
	if v.result != nil {
		return resultCall(fn, ft, recv, plan, v.result)
	}
	return planCall(fn, ft, recv, plan)
}

// directCall returns a caller without reflection for the signatures of
// fastCall and for a lone model parameter.
func (v *view) directCall(fn reflect.Value, recv unsafe.Pointer, plan []argPlan) (func(*Ctx) error, bool) {
	if n := len(plan); n > 0 && plan[n-1].src == fromBody {
		return v.directBodyCall(fn, recv, plan)
	}
	model, ok := v.directShape(plan)
	switch {
	case !ok:
		return nil, false
	case model != nil:
		return model.model.direct(fn, recv, v.param(model.name), model.field)
	}
	return fastCall(fn, recv, v.params)
}

// directShape reports whether plan is one a direct caller takes: no
// argument or the rule's URL params (none a model), or a lone model (then
// returned).
func (v *view) directShape(plan []argPlan) (model *argPlan, ok bool) {
	if len(plan) == 1 && plan[0].model != nil {
		return &plan[0], true
	}
	for _, a := range plan {
		if a.src != fromURL || a.model != nil {
			return nil, false
		}
	}
	return nil, len(plan) == 0 || len(plan) == len(v.names)
}

// directBodyCall is directCall for a view whose last parameter is a
// Body[T], after no URL param or after the rule's only one (not a model).
func (v *view) directBodyCall(fn reflect.Value, recv unsafe.Pointer, plan []argPlan) (func(*Ctx) error, bool) {
	body := plan[len(plan)-1]
	switch {
	case len(plan) == 1:
	case len(plan) == 2 && len(v.params) == 1 && plan[0].src == fromURL && plan[0].model == nil:
	default:
		return nil, false
	}
	return reflect.New(body.typ).Interface().(bodyParam).bodyCaller(fn, recv, v.params)
}

// positionalPlan plans func(*Ctx) error (the view reads params with
// Ctx.Param) and func(*Ctx, P1..Pn[, Body[T]][, Q]) error, n the number of
// URL params.
func (v *view) positionalPlan(ft reflect.Type, skip int) ([]argPlan, error) {
	n := ft.NumIn() - skip - 1
	bodyPos, body, err := v.bodyArg(ft, skip)
	if err != nil {
		return nil, err
	}
	if bodyPos >= 0 {
		if n--; bodyPos != len(v.names) && n != 0 {
			return nil, errBodyPosition
		}
	}
	var query *argPlan
	if n == len(v.names)+1 && bodyPos != n {
		if q, ok, err := v.queryStructArg(ft.In(ft.NumIn() - 1)); err != nil {
			return nil, err
		} else if ok {
			query, n = &q, n-1
		}
	}
	if n > 0 && n != len(v.names) {
		return nil, fmt.Errorf("takes %d URL params but rule %q has %d %q", n, v.rt.Path(), len(v.names), v.names)
	}
	if bodyPos >= 0 && bodyPos != n {
		return nil, errBodyPosition
	}
	size := n
	if bodyPos >= 0 {
		size++
	}
	if query != nil {
		size++
	}
	if size == 0 {
		return nil, nil // kept by every func(*Ctx) error view: no empty array (57 kB on the GitHub set)
	}
	plan := make([]argPlan, 0, size)
	for i := range n {
		a, err := v.urlArg(v.names[i], ft.In(skip+1+i))
		if err != nil {
			return nil, fmt.Errorf("URL param %s: %w", v.param(v.names[i]).spec(), err)
		}
		plan = append(plan, a)
	}
	if bodyPos >= 0 {
		plan = append(plan, body)
	}
	if query != nil {
		plan = append(plan, *query)
	}
	return plan, nil
}

// queryStructArg reports whether t, the last parameter, is a struct to fill
// from the query string: a struct (not a pointer) that is neither a model
// nor a type URL params convert to (time.Time, ...).
func (v *view) queryStructArg(t reflect.Type) (argPlan, bool, error) {
	if t.Kind() != reflect.Struct || v.app.models[t] != nil {
		return argPlan{}, false, nil
	}
	if _, err := textconv.For(t); err == nil {
		return argPlan{}, false, nil
	}
	q, err := textconv.Query(t)
	if err != nil {
		return argPlan{}, false, fmt.Errorf("query struct %v: %w", t, err)
	}
	return argPlan{src: fromQueryStruct, typ: t, query: q, check: hasValidateTags(t)}, true, nil
}

// urlArg plans an argument of type t taken from the URL param name: a model
// or the value of the rule's converter (urlParam).
func (v *view) urlArg(name string, t reflect.Type) (argPlan, error) {
	a := argPlan{src: fromURL, name: name, typ: t}
	p := v.param(name)
	if m := v.app.modelFor(t); m != nil {
		a.model, a.field = m, m.field(name)
		a.conv = modelConv(m, p, a.field)
		return a, nil
	}
	conv, err := p.argConv(t)
	if err != nil {
		switch {
		case t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct:
			return a, fmt.Errorf("no model registered for %v (list fwk.RegisterModel(loader) in a bundle's Services): %w", t.Elem(), err)
		case t.Kind() == reflect.Struct && v.app.modelFor(reflect.PointerTo(t)) != nil:
			return a, fmt.Errorf("the model is taken by value: take it as *%v, the type its loader returns: %w", t, err)
		case t.Kind() == reflect.Struct:
			return a, fmt.Errorf("%w (a struct filled from the query string comes after all URL params)", err)
		}
		return a, err
	}
	a.conv = conv
	return a, nil
}

// modelConv loads model m from the converter's value of URL param p, as
// text.
func modelConv(m *ModelLoader, p *urlParam, field string) func(*Ctx, string) (reflect.Value, error) {
	return func(c *Ctx, raw string) (reflect.Value, error) {
		id, err := p.text(raw)
		if err != nil {
			return reflect.Value{}, paramError(p.name, raw, err)
		}
		return m.value(c, p.name, field, id)
	}
}

// planCall returns the caller of fn that makes its arguments by plan.
func planCall(fn reflect.Value, ft reflect.Type, recv unsafe.Pointer, plan []argPlan) func(*Ctx) error {
	rv, skip := receiver(ft, recv)
	return func(c *Ctx) error {
		args, err := planArgs(c, rv, skip, plan)
		if err != nil {
			return err
		}
		err, _ = fn.Call(args)[0].Interface().(error)
		return err
	}
}

// receiver returns the controller pointer recv as the first argument of
// the method expression of type ft, and 1; or no value and 0 for a func.
func receiver(ft reflect.Type, recv unsafe.Pointer) (reflect.Value, int) {
	if recv == nil {
		return reflect.Value{}, 0
	}
	return reflect.NewAt(ft.In(0).Elem(), recv), 1
}

// planArgs makes the arguments of a view call for the request of c: the
// receiver rv when skip is 1, c, then each argument of plan.
func planArgs(c *Ctx, rv reflect.Value, skip int, plan []argPlan) ([]reflect.Value, error) {
	args := make([]reflect.Value, skip+1+len(plan))
	if skip == 1 {
		args[0] = rv
	}
	args[skip] = reflect.ValueOf(c)
	var q url.Values
	for i := range plan {
		val, err := plan[i].value(c, &q)
		if err != nil {
			return nil, err
		}
		args[skip+1+i] = val
	}
	return args, nil
}

// value makes the argument of a for the request of c; q caches the parsed
// query string.
func (a *argPlan) value(c *Ctx, q *url.Values) (reflect.Value, error) {
	switch a.src {
	case fromURL:
		raw := c.match.Params.Get(a.name)
		val, err := a.conv(c, raw)
		switch {
		case err != nil && (a.model != nil || isHTTPError(err) || errors.Is(err, ErrBadView)):
			return val, err
		case err != nil:
			return val, paramError(a.name, raw, err)
		case !val.IsValid():
			return reflect.Zero(a.typ), nil
		}
		return val, nil
	case fromBody:
		return a.bodyValue(c)
	case fromQueryStruct:
		val, err := a.query(c.query(q))
		if err != nil {
			return val, queryError("", "", err)
		}
		if a.check {
			err = c.app.validateQuery(val)
		}
		return val, err
	}
	vals := c.query(q)[a.name]
	if len(vals) == 0 {
		if a.def.IsValid() {
			return a.def, nil
		}
		return reflect.Zero(a.typ), nil
	}
	if !a.multi {
		return a.one(c, vals[0])
	}
	s := reflect.MakeSlice(a.slice, len(vals), len(vals))
	for i, raw := range vals {
		val, err := a.one(c, raw)
		if err != nil {
			return val, err
		}
		s.Index(i).Set(val)
	}
	return s, nil
}

// one converts one query value.
func (a *argPlan) one(c *Ctx, raw string) (reflect.Value, error) {
	val, err := a.conv(c, raw)
	switch {
	case err != nil && (a.model != nil || isHTTPError(err)):
		return val, err
	case err != nil:
		return val, queryError(a.name, raw, err)
	case !val.IsValid(): // a nil lookup entry
		if a.multi {
			return reflect.Zero(a.slice.Elem()), nil
		}
		return reflect.Zero(a.typ), nil
	}
	return val, nil
}

// isHTTPError reports whether err carries its own status (Abort).
func isHTTPError(err error) bool {
	var he *HTTPError
	return errors.As(err, &he)
}

// query returns the parsed query string of the request, parsing it once.
func (c *Ctx) query(q *url.Values) url.Values {
	if *q == nil {
		*q = c.req.URL.Query()
	}
	return *q
}

// queryError is the 400 of a query value that does not convert; its message
// names the argument and the value.
func queryError(name, raw string, err error) error {
	var be *textconv.Error
	if !errors.As(err, &be) {
		be = &textconv.Error{Param: name, Value: raw, Err: err}
	} else if be.Param == "" && name != "" {
		be = &textconv.Error{Param: name, Value: be.Value, Err: be.Err}
	}
	he := &HTTPError{Status: http.StatusBadRequest, Message: strings.TrimPrefix(be.Error(), "fwk: "), err: be}
	if be.Param != "" {
		he.details = []ErrorDetail{textDetail("query", be.Param, be.Value, be)}
	}
	return he
}

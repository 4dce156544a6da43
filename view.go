package fwk

// View binding: every route is turned into a *view once, at start-up. A view
// holds one of two ready-to-call forms, so that serving a request never looks
// at types again:
//
//	call     func(*Ctx) error  views of the fwk kind: func(*Ctx) error, or
//	                           func(*Ctx, P1, ..., Pn) error with the params
//	                           converted before the call
//	handler  http.Handler      http.Handler views, and every view that has
//	                           middleware (the chain ends in call)
//
// Controller methods are called through their method expression with the
// controller pointer as receiver (see recvFunc), never through reflect's
// method values, which allocate on every call. The common signatures
// (no param, one string/int/int64 param, two string or int params, one
// model) are called directly; others follow a plan made at start-up
// (view.prepare and argPlan: URL params by type through internal/textconv,
// models, a query struct, ParamConverter) and go through reflect.Value.Call.

import (
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"unsafe"

	"github.com/fwkgo/fwk/router"
)

// view is a route bound to its callable form; it is the Data of its router rule.
type view struct {
	app      *App
	route    *Route
	rt       *router.Route
	endpoint string // the endpoint registered with the router
	rule     string // the rule registered with the router
	names    []string
	params   []urlParam // names with their converters
	// servesJSON: the view's error responses are JSON whatever the
	// client's Accept (App.writeError; see prefersJSON for the others).
	servesJSON bool

	call    func(*Ctx) error
	handler http.Handler

	csrfExempt bool  // CSRFExempt or Meta.CSRFExempt
	maxBody    int64 // the body limit: MaxBodyBytes of the route, else the Config's

	result *resultShape // a view returning (T, error): how T is answered
	plan   []argPlan    // the arguments' plan, for app.OpenAPI (nil: URL params only)
	model  any          // a model resource's *modelRoute[T]
}

// ServeHTTP lets the router's own ServeHTTP serve the rule: the app looks the
// request up again and serves it.
func (v *view) ServeHTTP(w http.ResponseWriter, r *http.Request) { v.app.ServeHTTP(w, r) }

// bind makes the callable form of v.route, whose URL params (v.names) are
// known.
func (v *view) bind() error {
	r := v.route
	if err := v.prepare(); err != nil {
		return err
	}
	switch {
	case r.handler != nil:
		v.handler = r.handler
	case r.fn.IsValid() && r.fn.Kind() == reflect.Func:
		if err := v.bindFunc(); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%w: route has no view function or handler", ErrBadView)
	}
	return v.wrapMiddleware()
}

// bindFunc binds a func or controller method.
func (v *view) bindFunc() error {
	if m, recv, ok := v.methodExpr(); ok {
		return v.bindTyped(m, m.Type(), recv)
	}
	return v.bindTyped(v.route.fn, v.route.fn.Type(), nil)
}

// methodExpr returns the method expression of a controller route's view and
// the controller pointer, when the view is a method of a pointer controller.
func (v *view) methodExpr() (reflect.Value, unsafe.Pointer, bool) {
	r := v.route
	if r.controller == nil {
		return reflect.Value{}, nil, false
	}
	cv := reflect.ValueOf(r.controller)
	if cv.Kind() != reflect.Pointer || cv.IsNil() {
		return reflect.Value{}, nil, false
	}
	m, ok := cv.Type().MethodByName(r.MethodName())
	if !ok || m.Type.NumIn() != r.fn.Type().NumIn()+1 {
		return reflect.Value{}, nil, false
	}
	return m.Func, cv.UnsafePointer(), true
}

// bindTyped binds fn of type ft; recv is the controller pointer when fn is a
// method expression (its first parameter is the receiver).
func (v *view) bindTyped(fn reflect.Value, ft reflect.Type, recv unsafe.Pointer) error {
	skip := 0
	if recv != nil {
		skip = 1
	}
	if h, ok := handlerOf(fn, recv); ok {
		v.handler = h
		return nil
	}
	if err := v.checkSignature(ft, skip); err != nil {
		return err
	}
	call, err := v.bindParams(fn, ft, recv)
	if err != nil {
		return err
	}
	v.call = call
	return nil
}

// checkSignature checks that ft is func([recv,] *Ctx, ...) error or
// func([recv,] *Ctx, ...) (T, error), recording T's shape in v.result; which
// params fit the rule is checked by bindParams.
func (v *view) checkSignature(ft reflect.Type, skip int) error {
	var why string
	switch {
	case ft.IsVariadic():
		why = "variadic views are not supported"
	case ft.NumIn() <= skip || ft.In(skip) != reflect.TypeFor[*Ctx]():
		why = "the first parameter must be *fwk.Ctx (or the view an http.Handler)"
	case ft.NumOut() == 2 && ft.Out(1) == reflect.TypeFor[error]():
		if bad := unencodable(ft.Out(0)); bad != "" {
			why = "encoding/json cannot write the result type (" + bad + ")"
			break
		}
		v.result = resultShapeOf(v.route, ft.Out(0))
		return nil
	case ft.NumOut() != 1 || ft.Out(0) != reflect.TypeFor[error]():
		why = "the view must return exactly one error, or (T, error) for a typed result"
	default:
		return nil
	}
	return fmt.Errorf("%w: %s: %s%s", ErrBadView, signature(ft, skip), why, v.helperHint())
}

// helperHint explains, for a controller method, how to keep an exported
// method that is not a view.
func (v *view) helperHint() string {
	r := v.route
	if r == nil || r.controller == nil {
		return ""
	}
	m := r.MethodName()
	return fmt.Sprintf("; if %s is a helper, not a view, unexport it or list fwk.NoRoute(c.%s) in Meta().Views", m, m)
}

// signature formats ft without its receiver, for error messages.
func signature(ft reflect.Type, skip int) string {
	s := "func("
	for i := skip; i < ft.NumIn(); i++ {
		if i > skip {
			s += ", "
		}
		if i == ft.NumIn()-1 && ft.IsVariadic() {
			s += "..." + ft.In(i).Elem().String()
			continue
		}
		s += ft.In(i).String()
	}
	s += ")"
	switch ft.NumOut() {
	case 0:
	case 1:
		s += " " + ft.Out(0).String()
	default:
		s += " (" + ft.Out(0).String() + ", ...)"
	}
	return s
}

// handlerOf returns fn as an http.Handler when it is one or has the
// signature func(http.ResponseWriter, *http.Request).
func handlerOf(fn reflect.Value, recv unsafe.Pointer) (http.Handler, bool) {
	if recv != nil {
		f, ok := recvFunc[func(unsafe.Pointer, http.ResponseWriter, *http.Request)](fn)
		if !ok {
			return nil, false
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { f(recv, w, r) }), true
	}
	if fn.Type().Implements(reflect.TypeFor[http.Handler]()) {
		h, ok := fn.Interface().(http.Handler)
		return h, ok && !fn.IsNil()
	}
	if f, ok := fn.Interface().(func(http.ResponseWriter, *http.Request)); ok && f != nil {
		return http.HandlerFunc(f), true
	}
	return nil, false
}

// recvFunc stores the method expression m (func(*T, A...) R) into a value of
// type F = func(unsafe.Pointer, A...) R. Both have the same calling
// convention and pointer layout (the receiver is one pointer either way), so
// calling the result with the controller pointer calls the method directly.
// It reports false when m does not have F's shape.
func recvFunc[F any](m reflect.Value) (F, bool) {
	var f F
	ft, mt := reflect.TypeFor[F](), m.Type()
	if mt.NumIn() != ft.NumIn() || mt.NumOut() != ft.NumOut() || mt.IsVariadic() ||
		mt.NumIn() == 0 || mt.In(0).Kind() != reflect.Pointer {
		return f, false
	}
	for i := 1; i < mt.NumIn(); i++ {
		if mt.In(i) != ft.In(i) {
			return f, false
		}
	}
	for i := range mt.NumOut() {
		if mt.Out(i) != ft.Out(i) {
			return f, false
		}
	}
	reflect.NewAt(mt, unsafe.Pointer(&f)).Elem().Set(m)
	return f, true
}

// wrapMiddleware builds the middleware chain of the route, if any. The inner
// end of the chain of a fwk view recovers the *Ctx from the request context.
func (v *view) wrapMiddleware() error {
	mw := v.route.middleware
	if len(mw) == 0 {
		return nil
	}
	h := v.handler
	if h == nil {
		h = http.HandlerFunc(v.serveInner)
	}
	for i := len(mw) - 1; i >= 0; i-- {
		if mw[i] == nil {
			return fmt.Errorf("%w: middleware %d of %d is nil", ErrBadView, i+1, len(mw))
		}
		if h = mw[i](guardLayer(h)); h == nil {
			return fmt.Errorf("%w: middleware %d of %d returned a nil handler", ErrBadView, i+1, len(mw))
		}
	}
	v.handler = h
	return nil
}

// serveInner is the innermost handler of a middleware chain around a fwk
// view; guardLayer, around it, counts it in the guard of its Ctx.
func (v *view) serveInner(w http.ResponseWriter, r *http.Request) {
	ref := refFrom(r)
	if ref == nil {
		v.app.lostCtx(w, r, v)
		return
	}
	c := ref.c
	c.w, c.req = w, r
	if err := v.call(c); err != nil {
		v.app.handleError(c, err)
	}
}

// paramNames lists the params a view receives: the rule's params in order of
// appearance, then the keys of the route's defaults that the rule lacks,
// sorted.
func paramNames(rt *router.Route, defaults map[string]any) []string {
	names := append([]string(nil), rt.ParamNames()...)
	var extra []string
	for k := range defaults {
		if !contains(names, k) {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	return append(names, extra...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// paramError is the error of a URL param that does not convert: a 404.
func paramError(name, value string, err error) error {
	return &HTTPError{Status: http.StatusNotFound, Message: http.StatusText(http.StatusNotFound),
		err: fmt.Errorf("fwk: URL param %s=%q: %w", name, value, err), details: []ErrorDetail{textDetail("path", name, value, err)}}
}

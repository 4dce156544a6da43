package fwk

// The typed body parameter of views. A view declares what its request body
// holds with a Body[T] parameter placed right after its URL params (and
// before an optional query struct):
//
//	func (r *UserResource) Create(ctx *fwk.Ctx, in fwk.Body[NewUser]) error
//	func (r *UserResource) Patch(ctx *fwk.Ctx, u *User, in fwk.Body[UserPatch]) error
//	func (c *Search) Run(ctx *fwk.Ctx, in fwk.Body[Query], page Page) error
//
// The generic wrapper is what tells the three struct-shaped parameters
// apart: a *T of a registered model comes from a URL param, a plain struct
// after the URL params is a query struct, and only Body[T] reads the body.

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"unsafe"
)

// Body is a view parameter that receives the request body, decoded and
// validated exactly as Ctx.Bind does; when that fails the view is not
// called and the error is rendered (400, 413, 415, or 422 for a
// *ValidationError). The view reads the value from Value:
//
//	func (r *NoteResource) Create(ctx *fwk.Ctx, in fwk.Body[NewNote]) error {
//		id := r.Notes.Add(in.Value.Title)
//		return ctx.JSON(fwk.M{"id": id}, http.StatusCreated)
//	}
//
// A view has at most one Body parameter, right after its URL params, and
// only on a route whose methods include POST, PUT or PATCH (or another
// method that carries a body); fwk.New checks both.
type Body[T any] struct {
	// Value is the decoded, validated body.
	Value T
}

// bindBody fills b from the request of c.
func (b *Body[T]) bindBody(c *Ctx) error { return c.Bind(&b.Value) }

// bodyParam is implemented by *Body[T].
type bodyParam interface {
	bindBody(c *Ctx) error
	bodyCaller(fn reflect.Value, recv unsafe.Pointer, ps []urlParam) (func(*Ctx) error, bool)
}

// isBodyType reports whether t is an instantiation of Body.
func isBodyType(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.PkgPath() == fwkPkg && strings.HasPrefix(t.Name(), "Body[") &&
		reflect.PointerTo(t).Implements(reflect.TypeFor[bodyParam]())
}

// bodyArg finds the Body parameter of ft (its position among the params
// after *Ctx, or -1) and checks that it is the only one and that the route
// has a method with a body.
func (v *view) bodyArg(ft reflect.Type, skip int) (int, argPlan, error) {
	pos := -1
	for i := skip + 1; i < ft.NumIn(); i++ {
		if !isBodyType(ft.In(i)) {
			continue
		}
		if pos >= 0 {
			return -1, argPlan{}, fmt.Errorf("takes two fwk.Body parameters; a request has one body")
		}
		pos = i - skip - 1
	}
	if pos < 0 {
		return -1, argPlan{}, nil
	}
	if !hasBodyMethod(v.route.Methods()) {
		return -1, argPlan{}, fmt.Errorf("has a fwk.Body parameter but its methods %v carry no body (use POST, PUT or PATCH)", v.route.Methods())
	}
	bt := ft.In(skip + 1 + pos)
	if d := v.app.defaultsOf(bt.Field(0).Type); d.err != nil { // Body[T].Value
		return -1, argPlan{}, d.err
	}
	return pos, argPlan{src: fromBody, typ: bt}, nil
}

var errBodyPosition = errors.New("the fwk.Body parameter must come right after the URL params (and before a query struct)")

// hasBodyMethod reports whether one of methods carries a request body.
func hasBodyMethod(methods []string) bool {
	for _, m := range methods {
		switch m {
		case http.MethodGet, http.MethodHead, http.MethodDelete, http.MethodOptions, http.MethodTrace, http.MethodConnect:
		default:
			return true
		}
	}
	return false
}

// bodyValue makes a Body argument for the request of c.
func (a *argPlan) bodyValue(c *Ctx) (reflect.Value, error) {
	p := reflect.New(a.typ)
	if err := p.Interface().(bodyParam).bindBody(c); err != nil {
		return reflect.Value{}, err
	}
	return p.Elem(), nil
}

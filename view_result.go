package fwk

// Typed responses: a view may return (T, error) instead of error. When the view
// returns a nil error and has not written a response itself, fwk answers T as
// JSON. For the methods of a Resource the reference's payload shapes apply
// (Flask-Unchained's resource routes); names come from the resource, as
// ControllerName gives them ("PostResource" -> "post", plural "posts"):
//
//	method          status  body
//	List            200     {"posts": T}
//	Create          201     {"post": T}
//	Get, Patch, Put 200     {"post": T}
//	Delete          204     none (T is dropped)
//	any other view  200     T
//
// The result type is what app.OpenAPI documents as the response schema,
// never null: a nil slice is answered [], a nil map {}, and a nil pointer
// with a nil error is the view's mistake, answered 500 (and logged) rather
// than null. A result type encoding/json cannot write (a func, a chan, a
// complex number, a map keyed by a struct, anywhere in T) fails fwk.New.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"unsafe"

	"github.com/fwkgo/fwk/naming"
)

// resultShape is how a typed result is answered.
type resultShape struct {
	typ     reflect.Type // T
	key     string       // the key T is wrapped under, or "" for T itself
	status  int          // 200, 201 or 204 (no body)
	nilKind reflect.Kind // Pointer, Map or Slice when T may be nil, else Invalid
}

// resultShapeOf returns the shape of the result of type t for the view of
// route r.
func resultShapeOf(r *Route, t reflect.Type) *resultShape {
	s := &resultShape{typ: t, status: http.StatusOK}
	if t != nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice:
			s.nilKind = t.Kind()
		}
	}
	if r == nil || r.controller == nil {
		return s
	}
	if _, ok := r.controller.(interface{ fwkResource() }); !ok {
		return s
	}
	singular := resourceKey(r.controller)
	switch r.MethodName() {
	case "List":
		s.key = naming.Pluralize(singular)
	case "Create":
		s.key, s.status = singular, http.StatusCreated
	case "Get", "Patch", "Put":
		s.key = singular
	case "Delete":
		s.status = http.StatusNoContent
	}
	return s
}

// respond answers the result val of a view that returned no error, unless
// the view wrote a response itself.
func (s *resultShape) respond(c *Ctx, val any) error {
	if c.rw.started() {
		return nil
	}
	if s.status == http.StatusNoContent {
		return c.NoContent()
	}
	if s.nilKind != reflect.Invalid && reflect.ValueOf(val).IsNil() {
		switch s.nilKind {
		case reflect.Slice:
			val = json.RawMessage("[]")
		case reflect.Map:
			val = json.RawMessage("{}")
		default:
			return fmt.Errorf("fwk: view %s returned a nil %v and a nil error: return a value or an error", c.view.endpoint, s.typ)
		}
	}
	switch {
	case s.key != "":
		return c.writeJSON(s.status, map[string]any{s.key: val})
	}
	return c.writeJSON(s.status, val)
}

// resultCall is planCall for a view returning (T, error).
func resultCall(fn reflect.Value, ft reflect.Type, recv unsafe.Pointer, plan []argPlan, shape *resultShape) func(*Ctx) error {
	rv, skip := receiver(ft, recv)
	return func(c *Ctx) error {
		args, err := planArgs(c, rv, skip, plan)
		if err != nil {
			return err
		}
		out := fn.Call(args)
		if err, _ := out[1].Interface().(error); err != nil {
			return err
		}
		return shape.respond(c, out[0].Interface())
	}
}

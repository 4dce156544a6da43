package fwk

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/fwkgo/fwk/naming"
)

// To returns the URL target of a view given as a Go value rather than as
// text, so that the compiler checks the name: a method value (c.Index), a
// method expression ((*SiteController).Index) or a named view func. Use it
// wherever a target is a string: URLFor, Redirect, Default, Override.
//
//	return ctx.Redirect(fwk.To(c.Index))           // not ctx.Redirect("Index")
//	u, err := ctx.URLFor(fwk.To(c.Post), "id", 3) // not "SiteController.Post"
//
// A method gives its controller key ("SiteController.Index"), which names
// the view whatever its endpoint; a func gives its default endpoint, its
// snake-cased name (a func routed under fwk.Endpoint("x") is named "x",
// not by To). A method that is not a routed view, a closure or a value
// that is not a func gives a target that does not resolve: URLFor and
// Redirect report it as an unknown endpoint, with the nearest known name.
func To(view any) string {
	v := reflect.ValueOf(view)
	if !v.IsValid() || v.Kind() != reflect.Func || v.IsNil() {
		return fmt.Sprintf("fwk.To(%T): not a func", view)
	}
	f := parseFuncName(v)
	switch {
	case f.recv != "":
		return f.recv + "." + f.name
	case f.name == "" || strings.Contains(f.name, "."): // "Outer.func1"
		return fmt.Sprintf("fwk.To(%s): a closure has no name; name its route with fwk.Endpoint and use that", f.name)
	}
	return naming.SnakeCase(f.name)
}

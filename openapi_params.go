package fwk

// The words of path parameters in the OpenAPI document. A path parameter
// is a view function's argument, which has no struct tag to carry a `doc`
// (as a query struct's fields do): its description and examples are given
// with the view (PathParam) or once for every view of a controller
// (Meta.PathParams), and fwk.New checks that the rule has the param.

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/fwkgo/fwk/internal/suggest"
	"github.com/fwkgo/fwk/openapi"
	"github.com/fwkgo/fwk/router"
)

// ParamDoc documents a path parameter of a rule in the OpenAPI document:
// what PathParam declares for a view, and Meta.PathParams for the views
// of a controller.
type ParamDoc struct {
	// Name is the param's name in the rule ("id" for <int:id>).
	Name string
	// Description is the parameter's description (CommonMark).
	Description string
	// Examples are values of the param, written as the schema's examples
	// (Swagger UI fills "Try it out" with the first).
	Examples []any
}

// ErrUnknownParam is what fwk.New fails with (wrapped) when PathParam or
// Meta.PathParams names a param that the rule, or no rule of the
// controller, has.
var ErrUnknownParam = errors.New("no such path param")

// PathParam documents the path parameter name of the view's rule in the
// OpenAPI document: its description, and examples of its values. fwk.New
// fails (ErrUnknownParam, with the nearest name) when the rule has no
// param of that name. For the member param of a resource, shared by its
// Get, Patch, Put and Delete, give Meta.PathParams instead.
//
//	routes.Get("/posts/<int:id>", r.Show, fwk.PathParam("id", "The post's number.", 42))
func PathParam(name, description string, examples ...any) ViewOption {
	d := ParamDoc{Name: name, Description: description, Examples: examples}
	return func(r *Route) {
		changeCopy(&r.doc, func(o *opDoc) { o.params = append(o.params[:len(o.params):len(o.params)], d) })
	}
}

// checkParamDocs fails when a PathParam of the view names a param its
// rule does not have.
func (v *view) checkParamDocs() error {
	if v.route.doc == nil {
		return nil
	}
	for _, d := range v.route.doc.params {
		if !slices.Contains(v.names, d.Name) {
			return fmt.Errorf("fwk.PathParam(%q): %w in rule %q (its params: %q)%s",
				d.Name, ErrUnknownParam, v.rule, v.names, suggest.Hint(d.Name, v.names))
		}
	}
	return nil
}

// checkMetaParamDocs fails when Meta.PathParams of a controller names a
// param no rule of its views has.
func (a *App) checkMetaParamDocs() error {
	names := map[*Meta][]string{}
	first := map[*Meta]*view{}
	for _, v := range a.views {
		if m := v.route.meta; m != nil && len(m.PathParams) > 0 {
			names[m] = append(names[m], v.names...)
			if first[m] == nil {
				first[m] = v
			}
		}
	}
	for m, known := range names {
		for _, d := range m.PathParams {
			if slices.Contains(known, d.Name) {
				continue
			}
			r := first[m].route
			slices.Sort(known)
			return &StartupError{What: "controller", Culprit: controllerTypeName(r.controller), DeclaredAt: r.declaredAt,
				Err: fmt.Errorf("Meta.PathParams %q: %w in the rules of its views (%q)%s",
					d.Name, ErrUnknownParam, slices.Compact(known), suggest.Hint(d.Name, known))}
		}
	}
	return nil
}

// controllerTypeName is the type name of controller c.
func controllerTypeName(c any) string {
	t := reflect.TypeOf(c)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "<nil>"
	}
	return t.Name()
}

// paramDoc returns the words of v's path param name: the view's own
// (PathParam, the last for a name), else its controller's
// (Meta.PathParams).
func (v *view) paramDoc(name string) (ParamDoc, bool) {
	if d := v.route.doc; d != nil {
		for i := len(d.params) - 1; i >= 0; i-- {
			if d.params[i].Name == name {
				return d.params[i], true
			}
		}
	}
	if m := v.route.meta; m != nil {
		for _, d := range m.PathParams {
			if d.Name == name {
				return d, true
			}
		}
	}
	return ParamDoc{}, false
}

// pathParameter is the document's parameter of v's path param p.
func (v *view) pathParameter(p *urlParam) *openapi.Parameter {
	op := &openapi.Parameter{Name: p.name, In: "path", Required: true, Schema: schemaOf(router.ConverterSchema(p.conv))}
	if d, ok := v.paramDoc(p.name); ok {
		op.Description = d.Description
		if len(d.Examples) > 0 {
			op.Schema.Examples = d.Examples
		}
	}
	return op
}

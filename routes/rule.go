package routes

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// Rule returns the route of view at rule. Inside Controller or Resource
// Rules, view names a method of the controller by name ("Edit"), method
// expression ((*AdminController).Edit) or method value, and the options not
// given are inherited from the method's own fwk.View declaration. Elsewhere
// view is a func or an http.Handler, as for Func.
func Rule(rule string, view any, opts ...fwk.ViewOption) []*fwk.Route {
	return []*fwk.Route{fwk.NewRoute(rule, view, opts...)}
}

// Get is Rule for the GET method only (GET also serves HEAD); a Methods
// option is overridden.
func Get(rule string, view any, opts ...fwk.ViewOption) []*fwk.Route {
	return verb(http.MethodGet, rule, view, opts)
}

// Post is Rule for the POST method only; a Methods option is overridden.
func Post(rule string, view any, opts ...fwk.ViewOption) []*fwk.Route {
	return verb(http.MethodPost, rule, view, opts)
}

// Put is Rule for the PUT method only; a Methods option is overridden.
func Put(rule string, view any, opts ...fwk.ViewOption) []*fwk.Route {
	return verb(http.MethodPut, rule, view, opts)
}

// Patch is Rule for the PATCH method only; a Methods option is overridden.
func Patch(rule string, view any, opts ...fwk.ViewOption) []*fwk.Route {
	return verb(http.MethodPatch, rule, view, opts)
}

// Delete is Rule for the DELETE method only; a Methods option is overridden.
func Delete(rule string, view any, opts ...fwk.ViewOption) []*fwk.Route {
	return verb(http.MethodDelete, rule, view, opts)
}

// verb returns the route of Rule with its methods forced to method.
func verb(method, rule string, view any, opts []fwk.ViewOption) []*fwk.Route {
	all := make([]fwk.ViewOption, 0, len(opts)+1)
	all = append(append(all, opts...), fwk.Methods(method))
	return []*fwk.Route{fwk.NewRoute(rule, view, all...)}
}

package fwk

import (
	"reflect"
	"sync"

	"github.com/fwkgo/fwk/naming"
)

// The default endpoints of a controller class given with Cls that the app
// does not route (Flask-Unchained's url_for(..., _cls=C) reads the routes
// the class declares, registered or not): a view method's first route
// names "<Meta.EndpointPrefix>.<snake_case method>", or its Endpoint
// option. URLFor builds that endpoint if some rule of the app has it.

// clsEndpoints caches classEndpoints by struct type: a class's own
// routes depend on its type only.
var clsEndpoints sync.Map // reflect.Type -> map[string]string

// classEndpoint returns the default endpoint of the view method name
// (Go name or snake_case) of the controller struct type ctrl, or "".
func classEndpoint(ctrl reflect.Type, name string) string {
	if eps, ok := clsEndpoints.Load(ctrl); ok {
		return eps.(map[string]string)[name]
	}
	eps := map[string]string{}
	if info, err := inspectController(reflect.New(ctrl).Interface(), "fwk.Cls", ""); err == nil {
		for method, r := range info.first {
			ep := r.endpoint
			if ep == "" {
				ep = info.meta.EndpointPrefix + "." + naming.SnakeCase(method)
			}
			eps[method] = ep
		}
		for method, ep := range eps {
			if snake := naming.SnakeCase(method); eps[snake] == "" {
				eps[snake] = ep
			}
		}
	}
	clsEndpoints.Store(ctrl, eps)
	return eps[name]
}

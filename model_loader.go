package fwk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"unsafe"

	"github.com/fwkgo/fwk/naming"
)

// ErrNotFound is what a model loader returns (wrapped or not) when no model
// has the requested id; the request is answered 404, as for a nil model.
var ErrNotFound = errors.New("not found")

// ModelLoader is a model type and the function that loads it by id; make it
// with RegisterModel and list it in a bundle's Services.
type ModelLoader struct {
	typ   reflect.Type // the model type T (views take *T)
	snake string       // snake_case of T's name: the URL param prefix to strip
	nilFn bool         // RegisterModel was given a nil loader

	// value loads the model for raw as a reflect.Value of type *T.
	value func(c *Ctx, name, field, raw string) (reflect.Value, error)
	// direct returns a caller of fn (a func(*Ctx, *T) error, or its method
	// expression with receiver recv) that loads the model from URL param p
	// without reflection.
	direct func(fn reflect.Value, recv unsafe.Pointer, p *urlParam, field string) (func(*Ctx) error, bool)
}

// RegisterModel declares T as a model type that views can take as a *T
// parameter, loaded by loader from a URL param (or, with ParamConverter, a
// query argument). Put the result in a bundle's Services:
//
//	func (AppBundle) Services() []any {
//		return []any{fwk.RegisterModel(store.UserByID)} // func(ctx, id string) (*User, error)
//	}
//	func (r *UserResource) Get(ctx *fwk.Ctx, u *User) error // GET /users/<int:id>
//
// A view parameter of type *T receives the model whose id is the URL param
// in its position. The loader gets the request's context and the rule
// converter's value of the param when it is a string (upper-cased for
// <string(upper=True):code>), else the param's text once the converter has
// converted it ("42" for <int:id>; a converter error is a 404). Its results
// decide the response:
//
//	(m, nil), m != nil              the view is called with m
//	(nil, nil), or an error wrapping ErrNotFound   404, the view is not called
//	an error from Abort             that error's status
//	any other error                 500 (logged)
//
// Following Flask-Unchained, the URL param name, once every "<snake_case of T>_"
// is removed from it, names the field the id belongs to: "id" for <int:id>,
// <int:user_id> or <int:one_role_id> (for OneRole), "slug" for <user_slug>. A
// loader that supports other fields than the id reads it with ModelField(ctx).
//
// Registering two loaders for one type is a start-up error, and so is a
// view taking a *T for a T nobody registered.
func RegisterModel[T any](loader func(ctx context.Context, id string) (*T, error)) *ModelLoader {
	t := reflect.TypeFor[T]()
	m := &ModelLoader{typ: t, snake: naming.SnakeCase(t.Name()), nilFn: loader == nil}
	load := func(c *Ctx, name, field, raw string) (*T, error) {
		ctx := c.req.Context()
		if field != defaultModelField {
			ctx = context.WithValue(ctx, modelFieldKey{}, field)
		}
		ctx, end := c.traceStep(ctx, "load", t.Name())
		p, err := loader(ctx, raw)
		if end != nil {
			end(err)
		}
		if err != nil || p == nil {
			return nil, m.failure(name, raw, err)
		}
		return p, nil
	}
	m.value = func(c *Ctx, name, field, raw string) (reflect.Value, error) {
		p, err := load(c, name, field, raw)
		if err != nil {
			return reflect.Value{}, err
		}
		return reflect.ValueOf(p), nil
	}
	m.direct = func(fn reflect.Value, recv unsafe.Pointer, p *urlParam, field string) (func(*Ctx) error, bool) {
		get := func(c *Ctx) (*T, error) {
			raw := c.match.Params.Get(p.name)
			id, err := p.text(raw)
			if err != nil {
				return nil, paramError(p.name, raw, err)
			}
			return load(c, p.name, field, id)
		}
		if recv != nil {
			f, ok := recvFunc[func(unsafe.Pointer, *Ctx, *T) error](fn)
			if !ok {
				return nil, false
			}
			return func(c *Ctx) error {
				model, err := get(c)
				if err != nil {
					return err
				}
				return f(recv, c, model)
			}, true
		}
		f, ok := fn.Interface().(func(*Ctx, *T) error)
		if !ok || f == nil {
			return nil, false
		}
		return func(c *Ctx) error {
			model, err := get(c)
			if err != nil {
				return err
			}
			return f(c, model)
		}, true
	}
	return m
}

// failure turns a loader's nil model or error into the request's error.
func (m *ModelLoader) failure(name, raw string, err error) error {
	var he *HTTPError
	switch {
	case err == nil:
		return &HTTPError{Status: http.StatusNotFound, Message: http.StatusText(http.StatusNotFound),
			err: fmt.Errorf("fwk: no %v with %s=%q: %w", m.typ, name, raw, ErrNotFound)}
	case errors.Is(err, ErrNotFound):
		return &HTTPError{Status: http.StatusNotFound, Message: http.StatusText(http.StatusNotFound),
			err: fmt.Errorf("fwk: load %v with %s=%q: %w", m.typ, name, raw, err)}
	case errors.As(err, &he):
		return err
	}
	return fmt.Errorf("fwk: load %v with %s=%q: %w", m.typ, name, raw, err)
}

// field returns the field a URL param names for this model (as Flask-Unchained: every
// "<snake model>_" removed from the name).
func (m *ModelLoader) field(param string) string {
	if m.snake == "" {
		return param
	}
	if f := strings.ReplaceAll(param, m.snake+"_", ""); f != "" {
		return f
	}
	return param
}

// defaultModelField is the field ModelField reports when the param names no
// other.
const defaultModelField = "id"

// modelFieldKey is the context key of the field of a model load.
type modelFieldKey struct{}

// ModelField returns, inside a model loader called by fwk, the field the id
// belongs to: the URL param name without the model's snake-cased name and
// '_' ("slug" for <user_slug> and a *User), "id" by default.
func ModelField(ctx context.Context) string {
	if f, ok := ctx.Value(modelFieldKey{}).(string); ok {
		return f
	}
	return defaultModelField
}

// initModels collects the model loaders among the bundles' services.
func (a *App) initModels() error {
	a.models = map[reflect.Type]*ModelLoader{}
	for _, s := range a.services {
		m, ok := s.(*ModelLoader)
		if !ok {
			continue
		}
		if m.value == nil {
			return &StartupError{What: "model", Culprit: "fwk.ModelLoader{}", Err: errors.New("make model loaders with fwk.RegisterModel")}
		}
		if m.nilFn {
			return &StartupError{What: "model", Culprit: m.typ.String(), Err: errors.New("RegisterModel was given a nil loader")}
		}
		if a.models[m.typ] != nil {
			return &StartupError{What: "model", Culprit: m.typ.String(), Err: errors.New("registered twice")}
		}
		a.models[m.typ] = m
	}
	return nil
}

// modelFor returns the loader of t when t is *T for a registered T.
func (a *App) modelFor(t reflect.Type) *ModelLoader {
	if t.Kind() != reflect.Pointer {
		return nil
	}
	return a.models[t.Elem()]
}

// initHelpers sets up the request helpers at start-up, from
// ControllerBundle.BeforeInitApp: the model loaders, then the templates.
func (a *App) initHelpers() error {
	if err := a.initModels(); err != nil {
		return err
	}
	return a.loadTemplates()
}

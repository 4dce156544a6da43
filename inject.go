package fwk

import (
	"fmt"
	"reflect"
	"strings"
)

// Dependency injection: fields tagged `fwk:"inject"` on controllers,
// resources and services are filled at start-up from the services of all
// bundles (ServicesBundle), matched by type:
//
//	field type            service chosen
//	*T, T (not interface) the one service whose type is exactly the field's
//	interface I           the one service implementing I
//
// No service, or several, is a start-up error naming the type and field.
// Fields that are already set (non-zero) are left alone, so a test can put a
// double in place before New. Tagged fields must be exported; fields of
// embedded structs count, fields behind embedded pointers do not.

// injectTag is the struct tag value marking a field for injection.
const injectTag = "inject"

// collectServices gathers the services of all bundles, then injects into
// each pointer-to-struct service.
func (a *App) collectServices() error {
	for _, b := range a.bundles {
		sb, ok := b.(ServicesBundle)
		if !ok {
			continue
		}
		for i, s := range sb.Services() {
			if isNil(s) {
				return &StartupError{What: "service", Culprit: fmt.Sprintf("%q Services()[%d]", b.Name(), i),
					Err: fmt.Errorf("nil service")}
			}
			a.services = append(a.services, s)
		}
	}
	for _, s := range a.services {
		if err := a.inject(s, ""); err != nil {
			return err
		}
	}
	return nil
}

// inject fills the tagged fields of target (a pointer to a struct), once per
// target. declaredAt names where target was declared, for errors.
func (a *App) inject(target any, declaredAt string) error {
	pv := reflect.ValueOf(target)
	if pv.Kind() != reflect.Pointer || pv.IsNil() || pv.Elem().Kind() != reflect.Struct {
		return nil
	}
	if !pv.Type().Comparable() || a.injected[target] {
		return nil
	}
	a.injected[target] = true
	sv := pv.Elem()
	for _, f := range reflect.VisibleFields(sv.Type()) {
		if !hasInjectTag(f.Tag) {
			continue
		}
		culprit := sv.Type().String() + "." + f.Name
		fv, ok := fieldByIndex(sv, f.Index)
		if !ok {
			return &StartupError{What: "inject", Culprit: culprit, DeclaredAt: declaredAt,
				Err: fmt.Errorf("field is promoted through an embedded pointer")}
		}
		if !f.IsExported() || !fv.CanSet() {
			return &StartupError{What: "inject", Culprit: culprit, DeclaredAt: declaredAt,
				Err: fmt.Errorf("field is unexported and cannot be injected")}
		}
		if !fv.IsZero() {
			continue
		}
		s, err := a.serviceFor(f.Type)
		if err != nil {
			at := declaredAt
			if site := fieldSite(sv.Type(), f.Name); site != "" {
				at = site // the field itself, rather than the route or Meta
			}
			return &StartupError{What: "inject", Culprit: culprit, DeclaredAt: at, Err: err}
		}
		fv.Set(reflect.ValueOf(s))
	}
	return nil
}

// hasInjectTag reports whether the fwk tag lists "inject".
func hasInjectTag(tag reflect.StructTag) bool {
	v, ok := tag.Lookup("fwk")
	if !ok {
		return false
	}
	for _, part := range strings.Split(v, ",") {
		if strings.TrimSpace(part) == injectTag {
			return true
		}
	}
	return false
}

// fieldByIndex is Value.FieldByIndex that reports false instead of
// panicking on a nil embedded pointer.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			return reflect.Value{}, false
		}
		v = v.Field(x)
	}
	return v, true
}

// serviceFor returns the one service assignable to a field of type t.
func (a *App) serviceFor(t reflect.Type) (any, error) {
	var found []any
	for _, s := range a.services {
		st := reflect.TypeOf(s)
		if st == t || (t.Kind() == reflect.Interface && st.Implements(t)) {
			found = append(found, s)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, fmt.Errorf("%w: no service of type %v among the bundles' services", ErrMissingService, t)
	}
	types := make([]string, len(found))
	for i, s := range found {
		types[i] = fmt.Sprintf("%T", s)
	}
	return nil, fmt.Errorf("%w: %d services fit %v: %s", ErrAmbiguousService, len(found), t, strings.Join(types, ", "))
}

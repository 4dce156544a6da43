package naming

import (
	"reflect"
	"strings"
)

// SuffixRemover is implemented by controller types that know which suffixes
// ControllerName strips from their type name. fwk.Controller reports
// ["Controller", "View"] and fwk.Resource ["Resource", "MethodView",
// "Controller", "View"]; a user type embedding either gets the method by
// promotion. An abstract base of your own can report its own name in front
// of the inherited list, so that FooBaseCtl is named "foo".
type SuffixRemover interface {
	ControllerSuffixes() []string
}

// defaultSuffixes returns the suffixes ControllerName strips from a type
// that does not implement SuffixRemover. Each call returns a new slice.
func defaultSuffixes() []string {
	return []string{"Controller", "View"}
}

// ControllerName returns the snake-cased name of a controller type after
// stripping at most one suffix from it: the first suffix in the list that
// the type name ends with. Empty suffixes are ignored.
//
// v may be a value of the type, a pointer to one (any depth, nil pointers
// included), a reflect.Type, a reflect.Value or a string holding a type
// name. The suffixes are removeSuffixes when any are given; otherwise, for a
// type, those it reports as a SuffixRemover (on a zero value) or
// "Controller" and "View", and for a string none at all.
//
// Generic instantiations are named after their generic type ("Box[int]" is
// "Box"). Values of unnamed types and nil give "".
//
// Examples: UserController -> "user", APIController -> "api",
// HTTPSProxyController -> "https_proxy", OAuthController -> "o_auth",
// a Resource RoleMethodView -> "role", ControllerName("FooViewController",
// "Controller", "View") -> "foo_view", ControllerName("SomeView") ->
// "some_view".
func ControllerName(v any, removeSuffixes ...string) string {
	name, t := typeName(v)
	suffixes := removeSuffixes
	if len(suffixes) == 0 && t != nil {
		suffixes = typeSuffixes(t)
	}
	for _, suffix := range suffixes {
		if suffix != "" && strings.HasSuffix(name, suffix) {
			name = name[:len(name)-len(suffix)]
			break
		}
	}
	return SnakeCase(name)
}

// typeName returns the name ControllerName works on and, unless v is a
// string, the dereferenced type it came from.
func typeName(v any) (string, reflect.Type) {
	var t reflect.Type
	switch v := v.(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	case reflect.Type:
		t = v
	case reflect.Value:
		if !v.IsValid() {
			return "", nil
		}
		t = v.Type()
	default:
		t = reflect.TypeOf(v)
	}
	if t == nil {
		return "", nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := t.Name()
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return name, t
}

// typeSuffixes returns the suffixes t (a non-pointer type) reports through
// SuffixRemover, or defaultSuffixes. The method is called on a pointer to a
// fresh zero value, which holds both value and pointer receiver methods. A
// method that panics on that zero value (say, promoted through a nil
// embedded pointer) counts as not implemented.
func typeSuffixes(t reflect.Type) (suffixes []string) {
	remover, ok := reflect.New(t).Interface().(SuffixRemover)
	if !ok {
		return defaultSuffixes()
	}
	defer func() {
		if recover() != nil {
			suffixes = defaultSuffixes()
		}
	}()
	return remover.ControllerSuffixes()
}

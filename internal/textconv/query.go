package textconv

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strings"
)

// field is one bindable struct field, resolved at start-up.
type field struct {
	key        string   // query key
	index      []int    // path for reflect.Value.FieldByIndex
	conv       Func     // converts one value of the field (or slice element) type
	slice      bool     // the field is a slice filled from repeated values
	skipEmpty  bool     // empty values count as absent (non-string element types)
	defaults   []string // values used when the key is absent
	hasDefault bool
}

// Query returns a binder filling a struct of type t (or a *T when t is a
// pointer to a struct) from url.Values, following the rules in the package
// documentation. It returns an error at start-up, naming the field, for an
// unsupported field type, an invalid default, or two fields sharing a key.
// The binder's errors are [*Error] values whose Param is the query key.
func Query(t reflect.Type) (func(v url.Values) (reflect.Value, error), error) {
	if t == nil {
		return nil, fmt.Errorf("fwk: bind query <nil>: %w", ErrUnsupported)
	}
	st, ptr := t, false
	if st.Kind() == reflect.Pointer {
		st, ptr = st.Elem(), true
	}
	if st.Kind() != reflect.Struct {
		return nil, fmt.Errorf("fwk: bind query %v: not a struct: %w", t, ErrUnsupported)
	}
	fields, err := collect(st, nil, nil, map[string]string{})
	if err != nil {
		return nil, fmt.Errorf("fwk: bind query %v: %w", t, err)
	}
	return func(v url.Values) (reflect.Value, error) {
		p := reflect.New(st)
		if err := fill(p.Elem(), fields, v); err != nil {
			return reflect.Value{}, err
		}
		if ptr {
			return p, nil
		}
		return p.Elem(), nil
	}, nil
}

// collect resolves the fields of st, flattening embedded structs. seen maps
// keys to the field that took them.
func collect(st reflect.Type, index []int, out []field, seen map[string]string) ([]field, error) {
	for i := range st.NumField() {
		sf := st.Field(i)
		_, tagged := sf.Tag.Lookup("query")
		name := QueryKey(sf)
		if name == "-" {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		if sf.Anonymous && !tagged && isPlainStruct(sf.Type) {
			var err error
			if out, err = collect(sf.Type, idx, out, seen); err != nil {
				return nil, err
			}
			continue
		}
		if !sf.IsExported() {
			if tagged {
				return nil, fmt.Errorf("field %s: unexported field has a query tag", sf.Name)
			}
			continue
		}
		if prev, dup := seen[name]; dup {
			return nil, fmt.Errorf("fields %s and %s: both bind query key %q", prev, sf.Name, name)
		}
		seen[name] = sf.Name
		f, err := newField(sf, name, idx)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// isPlainStruct reports a struct type that has no UnmarshalText of its own.
func isPlainStruct(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && !reflect.PointerTo(t).Implements(textUnmarshalerType)
}

func newField(sf reflect.StructField, key string, index []int) (field, error) {
	f := field{key: key, index: index}
	et := sf.Type
	f.conv = converter(et)
	if f.conv == nil && et.Kind() == reflect.Slice {
		et = et.Elem()
		f.conv, f.slice = converter(et), true
	}
	if f.conv == nil {
		return field{}, fmt.Errorf("field %s: type %v: %w", sf.Name, sf.Type, ErrUnsupported)
	}
	f.skipEmpty = !keepsEmpty(et)
	if def, ok := sf.Tag.Lookup("default"); ok {
		f.defaults, f.hasDefault = []string{def}, true
		if f.slice {
			f.defaults = strings.Split(def, ",")
		}
		probe := reflect.New(sf.Type).Elem()
		if err := f.set(probe, f.defaults); err != nil {
			return field{}, fmt.Errorf("field %s: default: %w", sf.Name, err)
		}
	}
	return f, nil
}

// keepsEmpty reports whether an empty value is a value for t: true for
// string kinds (through pointers) without UnmarshalText, where "" is
// meaningful, false for the others, where it is a blank form input.
func keepsEmpty(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.String && !reflect.PointerTo(t).Implements(textUnmarshalerType)
}

// fill sets every field of s present in v (or defaulted).
func fill(s reflect.Value, fields []field, v url.Values) error {
	for i := range fields {
		f := &fields[i]
		vals := v[f.key]
		if f.skipEmpty {
			vals = nonEmpty(vals)
		}
		if len(vals) == 0 {
			if !f.hasDefault {
				continue
			}
			vals = f.defaults
		}
		if err := f.set(s.FieldByIndex(f.index), vals); err != nil {
			return err
		}
	}
	return nil
}

// set converts vals (at least one) into dst: the first value for a scalar,
// all of them for a slice.
func (f *field) set(dst reflect.Value, vals []string) error {
	if !f.slice {
		x, err := f.conv(vals[0])
		if err != nil {
			return f.named(err)
		}
		dst.Set(x)
		return nil
	}
	sl := reflect.MakeSlice(dst.Type(), len(vals), len(vals))
	for i, s := range vals {
		x, err := f.conv(s)
		if err != nil {
			return f.named(err)
		}
		sl.Index(i).Set(x)
	}
	dst.Set(sl)
	return nil
}

// named fills in the parameter name of a conversion error.
func (f *field) named(err error) error {
	var e *Error
	if errors.As(err, &e) {
		e.Param = f.key
	}
	return err
}

// nonEmpty drops empty strings, allocating only when there is one to drop.
func nonEmpty(vals []string) []string {
	for i, s := range vals {
		if s != "" {
			continue
		}
		out := append([]string(nil), vals[:i]...)
		for _, s := range vals[i+1:] {
			if s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return vals
}

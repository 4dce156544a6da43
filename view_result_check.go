package fwk

// A typed result is answered with encoding/json: a type it cannot write (a
// func, a chan, a complex number, an unsafe.Pointer, a map keyed by a
// struct) anywhere in T would fail on every request, so fwk.New refuses the
// view instead (ErrBadView, naming the view and where it was declared).

import (
	"encoding"
	"encoding/json"
	"reflect"
)

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// unencodable returns the path to the part of t encoding/json cannot
// write ("T.Field: func() int"), or "".
func unencodable(t reflect.Type) string {
	return unencodableAt(t, t.String(), map[reflect.Type]bool{})
}

func unencodableAt(t reflect.Type, at string, seen map[reflect.Type]bool) string {
	if seen[t] || writesItself(t) {
		return ""
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Func, reflect.Chan, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		return at + ": " + t.String()
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return unencodableAt(t.Elem(), at, seen)
	case reflect.Map:
		if k := t.Key(); !mapKeyOK(k) {
			return at + ": map key " + k.String()
		}
		return unencodableAt(t.Elem(), at, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Tag.Get("json") == "-" || !f.IsExported() && !(f.Anonymous && f.Type.Kind() == reflect.Struct) {
				continue
			}
			if why := unencodableAt(f.Type, at+"."+f.Name, seen); why != "" {
				return why
			}
		}
	}
	return ""
}

// writesItself reports whether t (or *T) implements json.Marshaler or
// encoding.TextMarshaler, which encoding/json calls instead of reading t.
func writesItself(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t.Implements(marshalerType) || p.Implements(marshalerType) ||
		t.Implements(textMarshalerType) || p.Implements(textMarshalerType)
}

// mapKeyOK reports whether encoding/json writes maps keyed by k.
func mapKeyOK(k reflect.Type) bool {
	switch k.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return k.Implements(textMarshalerType) || reflect.PointerTo(k).Implements(textMarshalerType)
}

package fwk

// The `default` tags of body fields: Ctx.Bind (and so a Body[T]) fills
// each field that has one before decoding, so that a key the client
// leaves out keeps the default and a key it sends, zero or not,
// overwrites it:
//
//	type Search struct {
//		Limit int     `json:"limit" default:"20"`
//		Tags  []string `json:"tags" default:"[\"go\"]"`
//		Draft *bool   `json:"draft" default:"true"`
//	}
//
//	{}                       Limit 20, Tags [go], Draft true
//	{"limit": 0}             Limit 0 (the client's zero is kept)
//	{"draft": null}          Draft nil (null empties a pointer)
//	{"limit": null}          Limit 20 (encoding/json ignores null for a non-pointer)
//
// The tag's text is read as the document writes it (openapi.TagValue: the
// text itself for a string, a number or bool for those kinds, JSON for a
// slice), then decoded into the field as if the client had sent it. A
// field is filled only when it is still zero, so Ctx.Bind into a value the
// view filled beforehand keeps the view's values as the starting point.
//
// Only fields encoding/json decodes into in place can be filled: fields of
// the body struct and of the structs it holds by value. A `default` inside
// a struct reached through a pointer, a slice, an array or a map (which
// encoding/json makes anew), on a map or plain struct field (whose keys
// encoding/json merges into the default), or one that does not decode into
// its field, fails fwk.New for a Body[T], and Ctx.Bind (whose types fwk
// learns only at run time) with a 500 whose logged error names the type,
// the field and the tag.

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/fwkgo/fwk/openapi"
)

// bodyDefault is one field to fill: its index from the body struct and its
// default value.
type bodyDefault struct {
	index []int
	value reflect.Value
}

// bodyDefaults are the defaults of a body type, or the error of its tags.
type bodyDefaults struct {
	fields []bodyDefault
	err    error
}

// BodyDefaultError is the error of a `default` tag on a body field that fwk
// cannot fill: one that does not decode into the field's type, one on a
// map or struct field, or one on a field encoding/json makes anew (inside
// a struct reached through a pointer, slice, array or map). fwk.New fails
// with it for the type of a Body parameter; Ctx.Bind returns it (a 500)
// for a type first seen at run time.
type BodyDefaultError struct {
	Type  reflect.Type // the body type
	Field string       // the field's path from it, "Options.Limit"
	Tag   string       // the tag's text
	Err   error        // what is wrong
}

// Error names the type, the field and the tag.
func (e *BodyDefaultError) Error() string {
	return fmt.Sprintf("fwk: body type %s, field %s: default %q: %v", e.Type, e.Field, e.Tag, e.Err)
}

// Unwrap returns what is wrong.
func (e *BodyDefaultError) Unwrap() error { return e.Err }

// defaultsOf returns the defaults of the body type t (the type Bind's
// pointer points to), reading its tags once per App.
func (a *App) defaultsOf(t reflect.Type) *bodyDefaults {
	c := a.codecs()
	if d, ok := c.defaults.Load(t); ok {
		return d.(*bodyDefaults)
	}
	d := &bodyDefaults{}
	if t.Kind() == reflect.Struct {
		d.err = collectDefaults(t, t, nil, "", &d.fields)
	}
	if d.err == nil && len(d.fields) == 0 {
		d = noDefaults
	}
	got, _ := c.defaults.LoadOrStore(t, d)
	return got.(*bodyDefaults)
}

var noDefaults = &bodyDefaults{}

// collectDefaults adds the defaults of struct t (at index from the body
// type root, path its field path) to out.
func collectDefaults(root, t reflect.Type, index []int, path string, out *[]bodyDefault) error {
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() && !sf.Anonymous || sf.Tag.Get("json") == "-" {
			continue
		}
		idx := append(index[:len(index):len(index)], i)
		name := path + sf.Name
		text, has := sf.Tag.Lookup("default")
		fail := func(err error) error { return &BodyDefaultError{Type: root, Field: name, Tag: text, Err: err} }
		switch {
		case has:
			v, err := defaultValue(sf.Type, text)
			if err != nil {
				return fail(err)
			}
			*out = append(*out, bodyDefault{index: idx, value: v})
		case sf.Type.Kind() == reflect.Struct && !decodesWhole(sf.Type):
			if err := collectDefaults(root, sf.Type, idx, name+".", out); err != nil {
				return err
			}
		default:
			if inner, innerText := unreachableDefault(sf.Type, map[reflect.Type]bool{}); inner != "" {
				name, text = name+"."+inner, innerText
				return fail(errUnreachableDefault)
			}
		}
	}
	return nil
}

// defaultValue decodes a default's text into a value of type t.
func defaultValue(t reflect.Type, text string) (reflect.Value, error) {
	if err := fillable(t); err != nil {
		return reflect.Value{}, err
	}
	doc, ok := openapi.TagValue(t, text)
	if !ok {
		return reflect.Value{}, fmt.Errorf("not a value of type %s", t)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return reflect.Value{}, err
	}
	p := reflect.New(t)
	if err := json.Unmarshal(b, p.Interface()); err != nil {
		return reflect.Value{}, fmt.Errorf("not a value of type %s: %v", t, err)
	}
	return p.Elem(), nil
}

var (
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
)

// decodesWhole reports whether struct type t decodes itself (time.Time),
// replacing its value rather than merging keys into it.
func decodesWhole(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(jsonUnmarshalerType) || p.Implements(textUnmarshalerType)
}

// fillable says why a field of type t cannot have a default, or nil: fwk
// fills scalars, types that decode themselves whole (time.Time), pointers
// to those and slices of those, whose copies share no memory a decoder
// writes to.
func fillable(t reflect.Type) error {
	elem := t
	if k := t.Kind(); k == reflect.Pointer || k == reflect.Slice {
		elem = t.Elem()
	}
	switch k := elem.Kind(); {
	case k == reflect.Map || t.Kind() == reflect.Map:
		return fmt.Errorf("a map cannot have a default: encoding/json merges the client's keys into it")
	case k == reflect.Struct && !decodesWhole(elem):
		return fmt.Errorf("a struct cannot have a default: encoding/json merges the client's keys into it; give its fields defaults")
	case k == reflect.Pointer || k == reflect.Slice || k == reflect.Array || k == reflect.Interface ||
		k == reflect.Chan || k == reflect.Func || t.Kind() == reflect.Array:
		return fmt.Errorf("a %s cannot have a default: fwk fills scalars, pointers to them and slices of them", t)
	}
	return nil
}

var errUnreachableDefault = errors.New("inside a pointer, slice, array or map, which encoding/json makes anew: fwk cannot fill it")

// unreachableDefault returns the field path (from t's element struct) and
// the text of a `default` tag on a field of a struct that t reaches
// through a pointer, slice, array or map, or "".
func unreachableDefault(t reflect.Type, seen map[reflect.Type]bool) (path, text string) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] || decodesWhole(t) {
		return "", ""
	}
	seen[t] = true
	for i := range t.NumField() {
		sf := t.Field(i)
		if text, ok := sf.Tag.Lookup("default"); ok && (sf.IsExported() || sf.Anonymous) {
			return sf.Name, text
		}
		if path, text := unreachableDefault(sf.Type, seen); path != "" {
			return sf.Name + "." + path, text
		}
	}
	return "", ""
}

// fill sets each defaulted field of the struct rv (addressable) that is
// still zero to its default; pointers and slices get a copy of their own.
func (d *bodyDefaults) fill(rv reflect.Value) {
	for _, f := range d.fields {
		fv := rv.FieldByIndex(f.index)
		if !fv.IsZero() {
			continue
		}
		switch f.value.Kind() {
		case reflect.Pointer:
			p := reflect.New(f.value.Type().Elem())
			p.Elem().Set(f.value.Elem())
			fv.Set(p)
		case reflect.Slice:
			fv.Set(reflect.AppendSlice(reflect.MakeSlice(f.value.Type(), 0, f.value.Len()), f.value))
		default:
			fv.Set(f.value)
		}
	}
}

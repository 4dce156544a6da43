package fwk

import (
	"fmt"
	"reflect"
)

// Data returns the value of every field by name (WTForms' form.data), the
// CSRF field left out; nil before BindForm.
func (f *Form) Data() map[string]any {
	st := f.st
	if st == nil {
		return nil
	}
	m := make(map[string]any, len(st.fields))
	for i := range st.fields {
		m[st.fields[i].name] = st.outer.Elem().FieldByIndex(st.fields[i].index).Interface()
	}
	return m
}

// PopulateObj copies the data of every field onto obj (WTForms'
// populate_obj): a pointer to a struct, whose exported field matching a
// form field (by form key or Go name, as FormObj matches them) gets its
// value, or a map with string keys, which gets one entry per field. The
// CSRF field is not copied. Values are assigned, converted between numeric
// kinds, or taken through or into a pointer; a struct field of another type
// is an error naming it, and nothing is copied. A struct without a field of
// that name is left alone (Go cannot add one).
//
// The usual edit view binds the form with FormObj(record), and on a valid
// submission copies it back:
//
//	f := &ArticleForm{}
//	if err := fwk.BindForm(ctx, f, fwk.FormObj(article)); err != nil {
//		return err
//	}
//	if f.ValidateOnSubmit() {
//		if err := f.PopulateObj(article); err != nil {
//			return err
//		}
//		// save article
//	}
func (f *Form) PopulateObj(obj any) error {
	st := f.st
	if st == nil {
		return fmt.Errorf("fwk: PopulateObj: the form is not bound")
	}
	dst := reflect.ValueOf(obj)
	if dst.Kind() != reflect.Pointer || dst.IsNil() || dst.Elem().Kind() != reflect.Struct {
		if dst.Kind() == reflect.Map && !dst.IsNil() && dst.Type().Key().Kind() == reflect.String {
			return st.populateMap(dst)
		}
		return fmt.Errorf("fwk: PopulateObj: need a pointer to a struct or a map with string keys, got %T", obj)
	}
	type set struct{ to, v reflect.Value }
	var sets []set
	for i := range st.fields {
		ff := &st.fields[i]
		to, ok := attrField(dst.Elem(), ff.name, ff.goName)
		if !ok {
			continue
		}
		v, err := convertTo(st.outer.Elem().FieldByIndex(ff.index), to.Type())
		if err != nil {
			return fmt.Errorf("fwk: PopulateObj: field %q: %w", ff.name, err)
		}
		sets = append(sets, set{to, v})
	}
	for _, s := range sets {
		s.to.Set(s.v)
	}
	return nil
}

// populateMap sets one entry of m per field.
func (st *formState) populateMap(m reflect.Value) error {
	for i := range st.fields {
		ff := &st.fields[i]
		v, err := convertTo(st.outer.Elem().FieldByIndex(ff.index), m.Type().Elem())
		if err != nil {
			return fmt.Errorf("fwk: PopulateObj: field %q: %w", ff.name, err)
		}
		m.SetMapIndex(reflect.ValueOf(ff.name).Convert(m.Type().Key()), v)
	}
	return nil
}

// attrField returns the settable exported field of the struct s matching
// name (form key) or goName, as lookupAttr finds it.
func attrField(s reflect.Value, name, goName string) (reflect.Value, bool) {
	t := s.Type()
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.IsExported() && (formKey(sf) == name || sf.Name == goName) {
			return s.Field(i), true
		}
	}
	if sf, ok := t.FieldByName(goName); ok && sf.IsExported() {
		if v, err := s.FieldByIndexErr(sf.Index); err == nil {
			return v, true
		}
	}
	return reflect.Value{}, false
}

// convertTo returns v as a value of type t: assigned, converted between
// numeric kinds, dereferenced or addressed.
func convertTo(v reflect.Value, t reflect.Type) (reflect.Value, error) {
	switch {
	case v.Type().AssignableTo(t):
		return v, nil
	case isNumber(v.Kind()) && isNumber(t.Kind()):
		return v.Convert(t), nil
	case v.Kind() == reflect.Pointer && v.Type().Elem().AssignableTo(t):
		if v.IsNil() {
			return reflect.Zero(t), nil
		}
		return v.Elem(), nil
	case t.Kind() == reflect.Pointer && v.Type().AssignableTo(t.Elem()):
		p := reflect.New(t.Elem())
		p.Elem().Set(v)
		return p, nil
	}
	return reflect.Value{}, fmt.Errorf("a %v does not fit a %v", v.Type(), t)
}

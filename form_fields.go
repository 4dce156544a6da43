package fwk

// The fields of a Form: what BindForm learns from the struct's tags, and
// how one field gets its value. Each field is resolved as WTForms does
// (BaseForm.process, then Field.process):
//
//	1. its data: obj's attribute of that name if obj has one (even a nil
//	   one), else kwargs[name] (FormData is merged under FormKwargs), else
//	   the `default` tag, else the zero value;
//	2. then, when there is formdata (a submitted, non-empty form), the
//	   submitted value replaces it if the key is present; a bool field
//	   whose key is absent becomes false (an unchecked checkbox), other
//	   fields keep their data.

import (
	"encoding"
	"fmt"
	"mime/multipart"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/fwkgo/fwk/internal/textconv"
)

// formField is one field of a form type, resolved from its struct field.
type formField struct {
	name   string // the field name, without prefix (form tag or snake_case)
	goName string
	index  []int
	typ    reflect.Type
	label  string
	input  string // the input type: text, email, checkbox, number, textarea, ...
	def    string // the default tag
	hasDef bool
	// required: the validate tag has "required", WTForms' DataRequired.
	required bool
	parse    func(vals []string) (reflect.Value, error) // nil for file fields
}

var timeType = reflect.TypeFor[time.Time]()

// formFields resolves the fields of the struct type st (the Form embedded
// in it excluded). The fields of an embedded struct (another form, or a
// group of fields several forms share) are the form's own, in its place,
// as Go promotes them: an outer field hides an embedded one of the same
// name, as a WTForms subclass's field replaces its base's.
func formFields(st reflect.Type) ([]formField, error) {
	var out []formField
	seen := map[string]bool{}
	for _, sf := range reflect.VisibleFields(st) {
		switch {
		case sf.Type == reflect.TypeFor[Form]() || !sf.IsExported() && !sf.Anonymous:
			continue
		case sf.Anonymous && sf.Type.Kind() == reflect.Struct:
			continue // its fields follow
		case sf.Anonymous && sf.Type.Kind() == reflect.Pointer:
			return nil, fmt.Errorf("field %s: embed the struct, not a pointer to it", sf.Name)
		case !sf.IsExported():
			continue
		}
		name := formKey(sf)
		if name == "-" {
			continue
		}
		if seen[name] {
			return nil, fmt.Errorf("two fields are named %q", name)
		}
		seen[name] = true
		f, err := newFormField(sf, name)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", sf.Name, err)
		}
		out = append(out, f)
	}
	return out, nil
}

func newFormField(sf reflect.StructField, name string) (formField, error) {
	f := formField{name: name, goName: sf.Name, index: sf.Index, typ: sf.Type,
		label: sf.Tag.Get("label"), input: sf.Tag.Get("input"), required: hasRequired(sf)}
	if f.label == "" {
		f.label = defaultLabel(name)
	}
	if f.input == "" {
		f.input = inputType(sf.Type)
	}
	f.def, f.hasDef = sf.Tag.Lookup("default")
	for _, t := range strings.Split(sf.Tag.Get("validate"), ",") {
		if p, ok := strings.CutPrefix(t, tagFileSize+"="); ok {
			if _, _, err := fileSizeBounds(p); err != nil {
				return f, err
			}
		}
	}
	if sf.Type == fileHeaderType || sf.Type == fileHeadersType {
		return f, nil
	}
	parse, err := fieldParser(sf.Type)
	if err != nil {
		return f, err
	}
	f.parse = parse
	if f.input == "date" && indirect(sf.Type) == timeType { // WTForms' DateField says "date"
		f.parse = func(vals []string) (reflect.Value, error) {
			v, err := parse(vals)
			if err != nil {
				err = errNotValid("date")
			}
			return v, err
		}
	}
	if f.hasDef {
		if _, err := parse([]string{f.def}); err != nil {
			return f, fmt.Errorf("default %q: %w", f.def, err)
		}
	}
	return f, nil
}

// defaultLabel is WTForms' default label: "first_name" -> "First Name".
func defaultLabel(name string) string {
	words := strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' })
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// inputType is the HTML input type of a Go type.
func inputType(t reflect.Type) string {
	switch indirect(t).Kind() {
	case reflect.Bool:
		return "checkbox"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number"
	}
	switch t {
	case timeType, reflect.PointerTo(timeType):
		return "datetime-local"
	case fileHeaderType, fileHeadersType:
		return "file"
	}
	return "text"
}

// fieldParser returns the parser of submitted values for type t.
func fieldParser(t reflect.Type) (func([]string) (reflect.Value, error), error) {
	switch {
	case t.Kind() == reflect.Bool:
		return parseCheckbox, nil
	case t == timeType:
		return parseTimeField, nil
	case t == reflect.PointerTo(timeType):
		return func(vals []string) (reflect.Value, error) {
			if len(vals) == 0 || vals[0] == "" {
				return reflect.Zero(t), nil
			}
			v, err := parseTimeField(vals)
			if err != nil {
				return v, err
			}
			p := reflect.New(timeType)
			p.Elem().Set(v)
			return p, nil
		}, nil
	case t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8:
		one, err := fieldParser(t.Elem())
		if err != nil {
			return nil, err
		}
		return func(vals []string) (reflect.Value, error) {
			s := reflect.MakeSlice(t, len(vals), len(vals))
			for i := range vals {
				v, err := one(vals[i : i+1])
				if err != nil {
					return reflect.Value{}, err
				}
				s.Index(i).Set(v)
			}
			return s, nil
		}, nil
	}
	conv, err := textconv.For(t)
	if err != nil {
		return nil, err
	}
	what := kindWord(t)
	return func(vals []string) (reflect.Value, error) {
		if len(vals) == 0 || (vals[0] == "" && indirect(t).Kind() != reflect.String) {
			return reflect.Zero(t), nil // an empty input: the validate tags decide
		}
		v, err := conv(vals[0])
		if err != nil {
			return reflect.Value{}, errNotValid(what)
		}
		return v, nil
	}, nil
}

// parseTimeField parses a time.Time field's value (parseFormTime).
func parseTimeField(vals []string) (reflect.Value, error) {
	v, err := parseFormTime(vals)
	if err != nil {
		return reflect.Value{}, errNotValid("datetime")
	}
	return reflect.ValueOf(v), nil
}

// parseCheckbox is WTForms' BooleanField: absent, "" and "false" are false,
// anything else (an HTML checkbox sends "y" or "on") is true.
func parseCheckbox(vals []string) (reflect.Value, error) {
	on := len(vals) > 0 && vals[0] != "" && vals[0] != "false"
	return reflect.ValueOf(on), nil
}

// kindWord names what a value of t must look like, in WTForms' messages.
func kindWord(t reflect.Type) string {
	if indirect(t) == timeType {
		return "datetime"
	}
	switch indirect(t).Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "float"
	}
	return ""
}

// formValueError is the message of a submitted value that does not parse.
type formValueError string

func (e formValueError) Error() string { return string(e) }

func errNotValid(what string) error {
	if what == "" {
		return formValueError("Not a valid value.")
	}
	return formValueError("Not a valid " + what + " value.")
}

// fromData sets dst, the field f, from a Go value of obj, kwargs or data:
// assigned, converted between numeric kinds, dereferenced or addressed, or
// parsed when it is a string. A file field given something other than a
// file (a string...) has no file, as Flask-WTF's file validators see it.
func (f *formField) fromData(dst reflect.Value, v any) error {
	if v == nil {
		dst.SetZero()
		return nil
	}
	src := reflect.ValueOf(v)
	if f.parse == nil && !src.Type().AssignableTo(dst.Type()) { // a file field
		dst.SetZero()
		return nil
	}
	if src.Kind() == reflect.String && f.parse != nil && !src.Type().AssignableTo(dst.Type()) {
		pv, err := f.parse([]string{src.String()})
		if err != nil {
			return fmt.Errorf("%q: %w", src.String(), err)
		}
		dst.Set(pv)
		return nil
	}
	cv, err := convertTo(src, dst.Type())
	if err != nil {
		return err
	}
	dst.Set(cv)
	return nil
}

func isNumber(k reflect.Kind) bool {
	return k >= reflect.Int && k <= reflect.Float64
}

// fromFormdata sets dst from the submitted values of the field (vals; ok
// when its key is present) and files; a value that does not parse is
// returned as a message for the field's errors.
func (f *formField) fromFormdata(dst reflect.Value, vals []string, ok bool, files []*multipart.FileHeader) error {
	switch {
	case f.typ == fileHeaderType:
		if len(files) > 0 {
			dst.Set(reflect.ValueOf(files[0]))
		}
		return nil
	case f.typ == fileHeadersType:
		if len(files) > 0 {
			dst.Set(reflect.ValueOf(files))
		}
		return nil
	case !ok && f.typ.Kind() != reflect.Bool:
		return nil
	}
	v, err := f.parse(vals)
	if err != nil {
		return err
	}
	dst.Set(v)
	return nil
}

// display is the text of a field's value for an input's value attribute.
func display(v reflect.Value, input string) string {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return ""
		}
		v = v.Elem()
	}
	if t, ok := v.Interface().(time.Time); ok {
		return formatInputTime(t, input)
	}
	if m, ok := v.Interface().(encoding.TextMarshaler); ok {
		b, err := m.MarshalText()
		if err != nil {
			return ""
		}
		return string(b)
	}
	switch v.Kind() {
	case reflect.String:
		return v.String()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, v.Type().Bits())
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	}
	return fmt.Sprint(v.Interface())
}

// formatInputTime formats t as the HTML input of type input expects.
func formatInputTime(t time.Time, input string) string {
	if t.IsZero() {
		return ""
	}
	switch input {
	case "date":
		return t.Format("2006-01-02")
	case "datetime-local":
		return t.Format("2006-01-02T15:04")
	}
	return t.Format(time.RFC3339)
}

// lookupAttr returns obj's attribute name (a struct field whose form key or
// Go name matches, or a map entry) and whether obj has it: WTForms'
// hasattr(obj, name).
func lookupAttr(obj reflect.Value, name, goName string) (any, bool) {
	for obj.Kind() == reflect.Pointer || obj.Kind() == reflect.Interface {
		if obj.IsNil() {
			return nil, false
		}
		obj = obj.Elem()
	}
	switch obj.Kind() {
	case reflect.Map:
		if obj.Type().Key().Kind() != reflect.String {
			return nil, false
		}
		v := obj.MapIndex(reflect.ValueOf(name).Convert(obj.Type().Key()))
		if !v.IsValid() {
			return nil, false
		}
		return v.Interface(), true
	case reflect.Struct:
		if v, ok := attrField(obj, name, goName); ok {
			return v.Interface(), true
		}
	}
	return nil, false
}

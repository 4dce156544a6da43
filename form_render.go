package fwk

import (
	"html/template"
	"reflect"
	"strings"
)

// Field is one field of a bound Form as a template renders it: Form.Fields
// lists them in render order. Its HTML methods escape with html/template.
//
//	{{range .form.Fields}}{{.HTML}}{{end}}
//	{{range .form.Fields}}{{.LabelHTML}} {{.InputHTML}} {{range .Errors}}<b>{{.}}</b>{{end}}{{end}}
//	{{.form.HTML}}
type Field struct {
	// Name is the input's name: the field name with the form's prefix.
	Name string
	// ID is the input's id (equal to Name, as in WTForms).
	ID string
	// Label is the label text.
	Label string
	// Value is the value as text ("" for password and file inputs).
	Value string
	// Values are the values of a slice field, one input each.
	Values []string
	// Type is the input type: text, email, number, checkbox, hidden,
	// textarea, datetime-local, file, password, ...
	Type string
	// Checked is a checkbox's state.
	Checked bool
	// Required is set when the `validate` tag has "required".
	Required bool
	// Errors are the field's messages from the last Validate.
	Errors []string
}

// fieldInput is a Field with one of its values, for slice fields.
type fieldInput struct {
	F Field
	V string
}

// fieldTemplateText renders Fields; see fieldTemplates.
const fieldTemplateText = `{{define "label"}}<label for="{{.ID}}">{{.Label}}</label>{{end}}` +
	`{{define "one"}}<input type="{{.F.Type}}" id="{{.F.ID}}" name="{{.F.Name}}" value="{{.V}}"{{if .F.Required}} required{{end}}>{{end}}` +
	`{{define "input"}}{{if eq .Type "textarea"}}<textarea id="{{.ID}}" name="{{.Name}}"{{if .Required}} required{{end}}>{{.Value}}</textarea>` +
	`{{else if eq .Type "checkbox"}}<input type="checkbox" id="{{.ID}}" name="{{.Name}}" value="y"{{if .Checked}} checked{{end}}>` +
	`{{else if .Values}}{{$f := .}}{{range .Values}}{{template "one" (pair $f .)}}{{end}}` +
	`{{else}}{{template "one" (pair . .Value)}}{{end}}{{end}}` +
	`{{define "errors"}}{{if .Errors}}<ul class="errors">{{range .Errors}}<li>{{.}}</li>{{end}}</ul>{{end}}{{end}}` +
	`{{define "field"}}{{if eq .Type "hidden"}}{{template "input" .}}{{else}}{{template "label" .}} {{template "input" .}}{{end}}` +
	`{{template "errors" .}}` + "\n" + `{{end}}` +
	`{{define "form-errors"}}{{if .}}<ul class="errors form-errors">{{range .}}<li>{{.}}</li>{{end}}</ul>` + "\n" + `{{end}}{{end}}`

// fieldTemplates render a Field with html/template's escaping; parsed once,
// never changed (safe for concurrent use).
var fieldTemplates = template.Must(template.New("field").Funcs(template.FuncMap{
	"pair": func(f Field, v string) fieldInput { return fieldInput{f, v} },
}).Parse(fieldTemplateText))

// renderTemplate runs the named template on data.
func renderTemplate(name string, data any) template.HTML {
	var b strings.Builder
	if err := fieldTemplates.ExecuteTemplate(&b, name, data); err != nil {
		return template.HTML(template.HTMLEscapeString(err.Error()))
	}
	return template.HTML(b.String()) // #nosec: made by html/template
}

// LabelHTML renders the field's <label>.
func (f Field) LabelHTML() template.HTML { return renderTemplate("label", f) }

// InputHTML renders the field's input (a <textarea> for "textarea", one
// <input> per value for slice fields).
func (f Field) InputHTML() template.HTML { return renderTemplate("input", f) }

// HTML renders the label, the input and the errors (a hidden field: the
// input only).
func (f Field) HTML() template.HTML { return renderTemplate("field", f) }

// Fields returns the form's fields in render order (the CSRF field first when
// enabled, then Flask-Unchained's field_order: the fields FieldOrder does not
// list, then those it lists), each with its name, id, label, value, type and
// errors. Nil before BindForm.
func (f *Form) Fields() []Field {
	st := f.st
	if st == nil {
		return nil
	}
	out := make([]Field, 0, len(st.fields)+1)
	if st.csrf.enabled {
		out = append(out, st.csrf.renderField(st))
	}
	for i := range st.fields {
		out = append(out, st.field(&st.fields[i]))
	}
	return out
}

// HTML renders the messages of the form as a whole (FormErrors) and every
// field of the form in order (not the <form> element, whose action and
// method are the page's).
func (f *Form) HTML() template.HTML {
	var b strings.Builder
	b.WriteString(string(f.FormErrorsHTML()))
	for _, fl := range f.Fields() {
		b.WriteString(string(fl.HTML()))
	}
	return template.HTML(b.String()) // #nosec: each part made by html/template
}

// FormErrors returns the messages of the form as a whole, not of one field
// (WTForms' form_errors): those added with AddError("", msg), as from
// ValidateForm. Nil when there are none.
func (f *Form) FormErrors() []string {
	if f.st == nil {
		return nil
	}
	return f.st.errors[""]
}

// FormErrorsHTML renders FormErrors as <ul class="errors form-errors">, or
// nothing when there are none, for a template that lays out the fields
// itself (HTML renders it first):
//
//	<form method="post">{{.form.FormErrorsHTML}}{{.form.HiddenTag}} ... </form>
func (f *Form) FormErrorsHTML() template.HTML { return renderTemplate("form-errors", f.FormErrors()) }

// field makes the Field of ff.
func (st *formState) field(ff *formField) Field {
	v := st.outer.Elem().FieldByIndex(ff.index)
	f := Field{Name: st.prefix + ff.name, ID: st.prefix + ff.name, Label: ff.label, Type: ff.input,
		Required: ff.required, Errors: st.errorsOf(ff.name)}
	switch {
	case ff.input == "password" || ff.input == "file":
	case ff.typ.Kind() == reflect.Bool:
		f.Checked = v.Bool()
	case ff.typ.Kind() == reflect.Slice && ff.typ.Elem().Kind() != reflect.Uint8:
		for i := range v.Len() {
			f.Values = append(f.Values, display(v.Index(i), ff.input))
		}
	default:
		f.Value = display(v, ff.input)
	}
	return f
}

// hasRequired reports whether the field's validate tag requires it.
func hasRequired(sf reflect.StructField) bool {
	for _, t := range strings.Split(sf.Tag.Get("validate"), ",") {
		if t == "required" {
			return true
		}
	}
	return false
}

// errorsOf returns the messages of the field name from the last Validate.
func (st *formState) errorsOf(name string) []string {
	return st.errors[name]
}

// HiddenTag renders the form's hidden fields, the CSRF field among them
// (Flask-WTF's hidden_tag), for a template that lays out the visible fields
// itself:
//
//	<form method="post">{{.form.HiddenTag}} ... </form>
//
// Given names, it renders only the hidden fields of those names; a name
// that is not a hidden field renders nothing.
func (f *Form) HiddenTag(names ...string) template.HTML {
	var b strings.Builder
	for _, fl := range f.Fields() {
		if fl.Type != "hidden" || (len(names) > 0 && !f.named(fl.Name, names)) {
			continue
		}
		b.WriteString(string(fl.InputHTML()))
	}
	return template.HTML(b.String()) // #nosec: each part made by html/template
}

// named reports whether the field of input name full is among names
// (field names, without the prefix).
func (f *Form) named(full string, names []string) bool {
	for _, n := range names {
		if f.st.prefix+n == full {
			return true
		}
	}
	return false
}

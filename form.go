package fwk

// Forms with the semantics of Flask-WTF's FlaskForm, as Flask-Unchained uses it:
// a struct embedding Form, bound by BindForm from the request's form and the
// constructor arguments, validated by its `validate` tags, rendered field by
// field in FieldOrder. Fields are resolved by formFields, rendered by Field
// and Form.HTML; the CSRF field is formCSRF's.

import (
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"sort"
	"strings"
)

// Form, embedded in a struct, makes it a form for BindForm. The struct's
// exported fields are the form's fields: the `form` tag (or the snake_case
// of the field name) names the input, `label` its label (default: the name
// in title case), `input` its HTML type (default by Go type: text, number,
// checkbox, datetime-local, file), `default` its default value and
// `validate` its checks (go-playground/validator):
//
//	type ContactForm struct {
//		fwk.Form
//		Name    string `validate:"required" label:"Your name"`
//		Email   string `validate:"required,email" input:"email"`
//		Message string `validate:"required,max=2000" input:"textarea"`
//		Copy    bool   `label:"Send me a copy"`
//	}
//
// Field types: string, integers, floats, bool (a checkbox: absent, "" and
// "false" are false), time.Time (RFC 3339, datetime-local or date inputs),
// encoding.TextUnmarshaler, pointers to those, slices of those (repeated
// inputs), *multipart.FileHeader and []*multipart.FileHeader (uploads);
// another type is an error of BindForm naming the field. The fields of an
// embedded struct are the form's own, where it is embedded (a form embedding
// another extends it, as a WTForms subclass does; an outer field hides an
// embedded one of the same name).
//
// An optional method FieldOrder() []string on the form (Flask-Unchained's
// field_order, a constant list) names fields in render order; the fields it does
// not list come first, in declaration order. The fields of a type are resolved
// once per App. A Form belongs to the request it was bound for and must not be
// kept after it.
type Form struct {
	st *formState
}

// formState is what BindForm learned; nil before.
type formState struct {
	c         *Ctx
	outer     reflect.Value // pointer to the user's struct
	fields    []formField   // in render order
	prefix    string
	submitted bool                // the request's method submits a form
	formdata  url.Values          // nil when absent
	process   map[string][]string // values that did not parse, by field
	errors    map[string][]string
	csrf      formCSRF
}

// FormOption is an argument of BindForm: FormFormData, FormObj, FormData,
// FormKwargs, FormPrefix or FormMeta (WTForms' form constructor parameters).
type FormOption func(*formArgs)

type formArgs struct {
	formdata    url.Values
	hasFormdata bool
	obj         any
	data        map[string]any
	kwargs      map[string]any
	prefix      string
	meta        map[string]any
}

// FormFormData gives the submitted data (WTForms' formdata) instead of the
// request's form. Empty values are formdata all the same (a checkbox absent
// from them is unchecked); nil means none, as WTForms' formdata=None: the
// fields keep their obj, kwargs, data or default values.
func FormFormData(v url.Values) FormOption {
	return func(a *formArgs) { a.formdata, a.hasFormdata = v, true }
}

// FormObj gives an object (a struct, a pointer to one or a map with string
// keys) whose attributes matching field names fill the fields, unless
// formdata is present (WTForms' obj). A struct field matches by its form key
// or its Go name. A nil obj is no obj.
func FormObj(obj any) FormOption { return func(a *formArgs) { a.obj = obj } }

// FormData gives values by field name, used when formdata and obj do not
// provide the field (WTForms' data); FormKwargs wins a shared key, as WTForms
// merges data under kwargs.
func FormData(m map[string]any) FormOption { return func(a *formArgs) { a.data = m } }

// FormKwargs gives values by field name, used for a field that obj does
// not have when formdata does not provide it (WTForms' **kwargs).
func FormKwargs(m map[string]any) FormOption { return func(a *formArgs) { a.kwargs = m } }

// FormPrefix prefixes every field's name and id (WTForms' prefix): a prefix
// not ending in one of "-_;:/." gets "-", so FormPrefix("p") names the
// field email "p-email", as WTForms does.
func FormPrefix(p string) FormOption { return func(a *formArgs) { a.prefix = p } }

// FormMeta overrides the form's meta options (WTForms' meta): "csrf" (bool:
// add and check the CSRF field; default Config.CSRFEnabled),
// "csrf_time_limit" (time.Duration; default Config.CSRFTimeLimit),
// "csrf_field_name" (string; default Config.CSRFFieldName). Another key,
// or a value of another type, is an error of BindForm.
func FormMeta(m map[string]any) FormOption { return func(a *formArgs) { a.meta = m } }

// fieldOrderer is implemented by forms declaring Flask-Unchained's field_order.
type fieldOrderer interface{ FieldOrder() []string }

// BindForm binds the form f, a pointer to a struct embedding Form, for the
// request of c, with WTForms' precedence for each field: formdata > obj (when
// it has the attribute) > kwargs > data > the field's default.
//
// The formdata is the request's body on POST, PUT, PATCH and DELETE: a
// url-encoded or multipart form (read as Ctx.Bind reads it), or a JSON
// object, whose values fill the fields as a form's would (Flask-WTF wraps
// request JSON the same way). It is read per field as WTForms reads it
// (WTForms' "formdata is empty or absent" is about each field): a field
// whose name the formdata lacks keeps its obj, kwargs, data or default
// value, except a checkbox, which an absent name unchecks, so that a user
// can clear a box on an edit form. A submitted value that does not parse (a
// word for an int) is kept as an error of its field, reported by Validate,
// as WTForms does.
//
// It returns an error for a body that cannot be read (400, 413: return it
// from the view), and for mistakes in the form type or the options (unknown
// FieldOrder or meta names, a value that does not fit its field).
func BindForm(c *Ctx, f any, opts ...FormOption) error {
	outer := reflect.ValueOf(f)
	if outer.Kind() != reflect.Pointer || outer.IsNil() || outer.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("fwk: BindForm: need a pointer to a struct embedding fwk.Form, got %T", f)
	}
	form := outer.Elem().FieldByName("Form")
	if !form.IsValid() || form.Type() != reflect.TypeFor[Form]() {
		return fmt.Errorf("fwk: BindForm: %T does not embed fwk.Form", f)
	}
	var args formArgs
	for _, o := range opts {
		o(&args)
	}
	st, err := newFormState(c, outer, &args)
	if err != nil {
		return fmt.Errorf("fwk: BindForm %T: %w", f, err)
	}
	form.Addr().Interface().(*Form).st = st
	if err := st.readFormdata(&args); err != nil {
		return err
	}
	if err := st.fill(&args); err != nil {
		return fmt.Errorf("fwk: BindForm %T: %w", f, err)
	}
	return nil
}

// formType is what a form type's fields and FieldOrder say, resolved once
// per App and type.
type formType struct {
	fields []formField // in render order
	err    error
}

// formTypeOf returns the resolved fields of the form outer points to.
func (a *App) formTypeOf(outer reflect.Value) ([]formField, error) {
	cache := &a.codecs().forms
	if ft, ok := cache.Load(outer.Type()); ok {
		return ft.(*formType).fields, ft.(*formType).err
	}
	ft := &formType{}
	ft.fields, ft.err = formFields(outer.Elem().Type())
	if fo, ok := outer.Interface().(fieldOrderer); ok && ft.err == nil {
		ft.fields, ft.err = orderFields(ft.fields, fo.FieldOrder())
	}
	cache.Store(outer.Type(), ft)
	return ft.fields, ft.err
}

// newFormState resolves the fields, their order, the prefix and the meta.
func newFormState(c *Ctx, outer reflect.Value, args *formArgs) (*formState, error) {
	fields, err := c.app.formTypeOf(outer)
	if err != nil {
		return nil, err
	}
	st := &formState{c: c, outer: outer, fields: fields, prefix: wtfPrefix(args.prefix),
		process: map[string][]string{}}
	if err := st.csrf.configure(c, args.meta); err != nil {
		return nil, err
	}
	return st, nil
}

// wtfPrefix is WTForms' prefix rule.
func wtfPrefix(p string) string {
	if p == "" {
		return ""
	}
	switch p[len(p)-1] {
	case '-', '_', ';', ':', '/', '.':
		return p
	}
	return p + "-"
}

// orderFields puts the fields order does not name first (declaration
// order), then those it names, in its order.
func orderFields(fields []formField, order []string) ([]formField, error) {
	rank := make(map[string]int, len(order))
	for i, name := range order {
		if _, dup := rank[name]; dup {
			return nil, fmt.Errorf("FieldOrder lists %q twice", name)
		}
		rank[name] = i + 1
	}
	known := 0
	for _, f := range fields {
		if rank[f.name] > 0 {
			known++
		}
	}
	if known != len(order) {
		return nil, fmt.Errorf("FieldOrder %q names a field the form does not have", order)
	}
	out := append([]formField(nil), fields...)
	sort.SliceStable(out, func(i, j int) bool { return rank[out[i].name] < rank[out[j].name] })
	return out, nil
}

// readFormdata sets the formdata: the FormFormData option (nil: none),
// else the request's form or JSON body when the method submits one. Given
// formdata is formdata even when empty (see formField.fromFormdata).
func (st *formState) readFormdata(args *formArgs) error {
	st.submitted = isSubmitMethod(st.c.req.Method)
	if args.hasFormdata {
		st.formdata = args.formdata
		return nil
	}
	if !st.submitted {
		return nil
	}
	fd, err := st.c.submittedForm()
	if err != nil {
		return err
	}
	if fd == nil {
		fd = url.Values{}
	}
	st.formdata = fd
	return nil
}

// isSubmitMethod reports whether a request of method submits a form:
// Flask-WTF's SUBMIT_METHODS.
func isSubmitMethod(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// submittedForm returns the values of the request's body: a url-encoded
// or multipart form, read as Ctx.Bind reads it, or a JSON object
// (Ctx.jsonFormdata); nil for a request without a body or with another
// Content-Type.
func (c *Ctx) submittedForm() (url.Values, error) {
	ct := c.req.Header.Get("Content-Type")
	if ct == "" {
		return nil, nil
	}
	kind, err := contentKind(ct)
	switch {
	case err != nil:
		return nil, nil
	case kind == bodyJSON:
		return c.jsonFormdata()
	}
	return c.formValues(kind)
}

// fill gives every field its value (see formField.fromData and
// formField.fromFormdata).
func (st *formState) fill(args *formArgs) error {
	kwargs := make(map[string]any, len(args.data)+len(args.kwargs))
	for k, v := range args.data {
		kwargs[k] = v
	}
	for k, v := range args.kwargs {
		kwargs[k] = v
	}
	obj := reflect.ValueOf(args.obj)
	for i := range st.fields {
		f := &st.fields[i]
		dst := st.outer.Elem().FieldByIndex(f.index)
		if err := st.fillData(f, dst, obj, kwargs); err != nil {
			return fmt.Errorf("field %q: %w", f.name, err)
		}
		if st.formdata == nil {
			continue
		}
		vals, ok := st.formdata[st.prefix+f.name]
		if err := f.fromFormdata(dst, vals, ok, st.files(f.name)); err != nil {
			st.process[f.name] = append(st.process[f.name], err.Error())
		}
	}
	return nil
}

// fillData sets dst from obj, kwargs (data merged under them) or the
// default, in that order.
func (st *formState) fillData(f *formField, dst reflect.Value, obj reflect.Value, kwargs map[string]any) error {
	if obj.IsValid() {
		if v, ok := lookupAttr(obj, f.name, f.goName); ok {
			return f.fromData(dst, v)
		}
	}
	if v, ok := kwargs[f.name]; ok {
		return f.fromData(dst, v)
	}
	if f.hasDef {
		return f.fromData(dst, f.def)
	}
	dst.SetZero()
	return nil
}

// files returns the uploaded files of the field name.
func (st *formState) files(name string) []*multipart.FileHeader {
	mf := st.c.req.MultipartForm
	if mf == nil {
		return nil
	}
	return mf.File[st.prefix+name]
}

// IsSubmitted reports whether the request's method submits a form: POST,
// PUT, PATCH or DELETE, whatever the body (Flask-WTF's is_submitted).
func (f *Form) IsSubmitted() bool { return f.st != nil && f.st.submitted }

// Validate checks the CSRF field (when enabled), the submitted values that
// did not parse and the `validate` tags; it reports whether all passed.
// Errors returns the messages. In a form, `required` is WTForms'
// DataRequired: a string of only white space is missing too, and so is an
// upload without a file name (Flask-WTF's FileRequired); a missing field
// has the one message "This field is required.". For WTForms'
// InputRequired (0 and false accepted, only an absent or empty input
// refused), tag a pointer field (*int, *bool) `required`.
func (f *Form) Validate() bool {
	st := f.st
	if st == nil {
		return false
	}
	st.errors = map[string][]string{}
	for k, v := range st.process {
		st.errors[k] = append([]string(nil), v...)
	}
	st.csrf.validate(st)
	err := st.c.app.validateValue(st.outer, wtformsNames)
	var ve *ValidationError
	if errors.As(err, &ve) {
		for k, msgs := range ve.Fields {
			if _, bad := st.process[k]; !bad { // a value that did not parse has its message
				st.errors[k] = append(st.errors[k], msgs...)
			}
		}
	}
	st.dataRequired()
	if fv, ok := st.outer.Interface().(FormValidator); ok {
		fv.ValidateForm()
	}
	return len(st.errors) == 0
}

// FormValidator is implemented by a form with checks beyond its tags, as
// WTForms' validate_<field> methods and overridden validate are:
// Form.Validate calls ValidateForm after the tags, and the form is valid
// when no field, and not the form as a whole, has a message. ValidateForm
// adds messages with AddError and may read Errors.
//
//	func (f *SignupForm) ValidateForm() {
//		if f.Password == f.Name {
//			f.AddError("password", "Choose a password other than your name.")
//		}
//	}
type FormValidator interface{ ValidateForm() }

// AddError adds msg to the messages of the field name (without prefix), or
// of the form as a whole for "" (WTForms' form_errors, its errors[None]):
// from ValidateForm, or in a view after Validate for a check it makes
// itself (a name already taken). A bound form is invalid afterwards:
// ValidationError returns the messages.
func (f *Form) AddError(name, msg string) {
	if f.st == nil {
		return
	}
	if f.st.errors == nil {
		f.st.errors = map[string][]string{}
	}
	f.st.errors[name] = append(f.st.errors[name], msg)
}

// dataRequired is WTForms' DataRequired for the fields tagged `required`:
// a string of spaces, or a file field without a named file, is missing
// too, and a missing field has that one message.
func (st *formState) dataRequired() {
	for i := range st.fields {
		f := &st.fields[i]
		if f.required && blank(st.outer.Elem().FieldByIndex(f.index)) {
			st.errors[f.name] = []string{msgRequired}
		}
	}
}

// blank reports whether v is a string (or *string) of only white space, or
// a file field without a file that has a name.
func blank(v reflect.Value) bool {
	switch x := v.Interface().(type) {
	case string:
		return strings.TrimSpace(x) == ""
	case *string:
		return x == nil || strings.TrimSpace(*x) == ""
	case *multipart.FileHeader, []*multipart.FileHeader:
		_, ok := uploadedFiles(v)
		return !ok
	}
	return false
}

// ValidateOnSubmit is IsSubmitted() && Validate() (Flask-WTF's
// validate_on_submit): false without a submitted form, so a GET renders the
// empty form without errors.
func (f *Form) ValidateOnSubmit() bool { return f.IsSubmitted() && f.Validate() }

// Errors returns the messages of the last Validate by field name (without
// prefix; the CSRF field under its name; the form's own under ""), or nil
// before Validate and AddError. The map is the form's own.
func (f *Form) Errors() map[string][]string {
	if f.st == nil {
		return nil
	}
	return f.st.errors
}

// ValidationError returns the errors of the last Validate as a
// *ValidationError (rendered 422), or nil when there are none: for views
// that answer a failed form as an error rather than by rendering it again.
func (f *Form) ValidationError() error {
	if f.st == nil || len(f.st.errors) == 0 {
		return nil
	}
	return &ValidationError{Fields: f.st.errors}
}

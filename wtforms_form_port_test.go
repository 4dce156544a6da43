package fwk_test

// A port of WTForms' tests/test_form.py (wtforms/wtforms at e8621d7,
// October 2024), test by test, through real HTTP (portServer). WTForms'
// DummyPostData is explicit formdata (FormFormData) or a submitted request;
// BaseForm.process(**kwargs) is BindForm with FormKwargs; an inline
// validate_<field> method or an overridden validate is ValidateForm
// (fwk.FormValidator) with AddError. Python's run-time changes to a form
// class (adding, deleting or reassigning fields and Meta classes) have no
// Go counterpart: a form's fields are its struct type's, fixed when it
// compiles.
//
//	test_baseform_data_proxy               TestWTFormsDataProxy (Form.Data)
//	test_baseform_errors_proxy             TestWTFormsErrorsProxy
//	test_baseform_contains                 TestWTFormsContains (the names of Form.Fields)
//	test_baseform_field_removal            not applicable: fields are the struct type's
//	test_baseform_field_adding             not applicable: fields are the struct type's
//	test_baseform_populate_obj             TestWTFormsPopulateObj (a map gets exactly the fields; a
//	                                       struct without the field is left alone: Go cannot add one)
//	test_baseform_prefixes                 TestWTFormsPrefixes
//	test_baseform_formdata_wrapper_error   not applicable: FormFormData takes url.Values, so a list
//	                                       cannot be given (the TypeError is a compile error)
//	test_form_meta_monkeypatch             not applicable: run-time changes to a class
//	test_form_meta_subclassing             TestWTFormsMetaSubclassing (a subclass is a struct embedding
//	                                       the base form; the class identity asserts: not applicable)
//	test_form_meta_class_meta_reassign     not applicable: the meta is FormMeta's options, per BindForm
//	test_validate                          TestWTFormsValidate
//	test_validate_with_extra               TestWTFormsValidateWithExtra (Validate takes no extra
//	                                       validators: the view adds its messages with AddError)
//	test_form_level_errors                 TestWTFormsFormLevelErrors (form_errors: Errors()[""])
//	test_field_adding_disabled             not applicable: fields are the struct type's
//	test_field_removal                     not applicable: fields are the struct type's
//	test_delattr_idempotency               not applicable: Python attribute deletion
//	test_ordered_fields                    TestWTFormsOrderedFields (declaration order; the
//	                                       reassignments after it: not applicable)
//	test_data_arg                          TestWTFormsDataArg
//	test_empty_formdata                    TestWTFormsEmptyFormdata (the field that acts on an empty
//	                                       value list is a checkbox: absent from given formdata, false)
//	test_errors_access_during_validation   TestWTFormsErrorsAccessDuringValidation
//	test_meta_basic                        not applicable: Meta class inheritance (the one fact it
//	                                       shares, csrf off by default, is TestWTFormsMetaCSRFDefault)
//	test_meta_missing_diamond              not applicable: Meta class inheritance

import (
	"net/url"
	"reflect"
	"testing"

	"github.com/fwkgo/fwk"
)

// testForm is get_form()'s BaseForm and test_form.py's F: one text field
// "test" whose validator wants "foobar".
type testForm struct {
	fwk.Form
	Test string
}

// ValidateForm is F.validate_test.
func (f *testForm) ValidateForm() {
	if f.Test != "foobar" {
		f.AddError("test", "error")
	}
}

func TestWTFormsDataProxy(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &testForm{}
		bind(t, ctx, f, fwk.FormKwargs(map[string]any{"test": "foo"}))
		if want := map[string]any{"test": "foo"}; !reflect.DeepEqual(f.Data(), want) {
			t.Errorf("data = %v, want %v", f.Data(), want)
		}
	})
}

func TestWTFormsErrorsProxy(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &testForm{}
		bind(t, ctx, f, fwk.FormKwargs(map[string]any{"test": "foobar"}))
		f.Validate()
		if len(f.Errors()) != 0 {
			t.Errorf("errors = %v, want none", f.Errors())
		}
		g := &testForm{}
		bind(t, ctx, g)
		g.Validate()
		if want := map[string][]string{"test": {"error"}}; !reflect.DeepEqual(g.Errors(), want) {
			t.Errorf("errors = %v, want %v", g.Errors(), want)
		}
	})
}

func TestWTFormsContains(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &testForm{}
		bind(t, ctx, f)
		has := map[string]bool{}
		for _, fl := range f.Fields() {
			has[fl.Name] = true
		}
		if !has["test"] || has["abcd"] {
			t.Errorf("fields %v", has)
		}
	})
}

// model is test_baseform_populate_obj's empty Model class, as a Go map, and
// as a struct that has the attribute.
type model struct{ Test string }

func TestWTFormsPopulateObj(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &testForm{}
		bind(t, ctx, f, fwk.FormKwargs(map[string]any{"test": "foobar"}))
		m := map[string]any{}
		if err := f.PopulateObj(m); err != nil {
			t.Fatal(err)
		}
		if want := map[string]any{"test": "foobar"}; !reflect.DeepEqual(m, want) {
			t.Errorf("populated %v, want %v", m, want)
		}
		var s model
		if err := f.PopulateObj(&s); err != nil || s.Test != "foobar" {
			t.Errorf("populated struct %+v, %v", s, err)
		}
	})
}

func TestWTFormsPrefixes(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &testForm{}
		bind(t, ctx, f, fwk.FormPrefix("foo"))
		if fl := f.Fields()[0]; fl.Name != "foo-test" || fl.ID != "foo-test" {
			t.Errorf("prefix foo: name %q id %q", fl.Name, fl.ID)
		}
		if _, ok := f.Data()["test"]; !ok { // short_name
			t.Errorf("data %v lacks the short name test", f.Data())
		}
		g := &testForm{}
		bind(t, ctx, g, fwk.FormPrefix("foo."), fwk.FormFormData(url.Values{"foo.test": {"hello"}, "test": {"bye"}}))
		if g.Test != "hello" {
			t.Errorf("prefix foo.: %q, want hello", g.Test)
		}
		h := &testForm{}
		bind(t, ctx, h, fwk.FormPrefix("foo["))
		if name := h.Fields()[0].Name; name != "foo[-test" {
			t.Errorf("prefix foo[: %q", name)
		}
	})
}

// baseA and subB are test_form_meta_subclassing's A and B(A): B's c hides
// A's, as a subclass's field replaces its base's.
type baseA struct {
	fwk.Form
	A string
	C string `validate:"required"`
}

type subB struct {
	baseA
	B string
	C string
}

func TestWTFormsMetaSubclassing(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		names := func(fields []fwk.Field) (out []string) {
			for _, fl := range fields {
				out = append(out, fl.Name)
			}
			return out
		}
		a, b := &baseA{}, &subB{}
		bind(t, ctx, a, fwk.FormFormData(url.Values{"a": {"1"}}))
		bind(t, ctx, b, fwk.FormFormData(url.Values{"a": {"1"}, "b": {"2"}}))
		if got := names(a.Fields()); !reflect.DeepEqual(got, []string{"a", "c"}) {
			t.Errorf("A's fields %v", got)
		}
		if got := names(b.Fields()); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
			t.Errorf("B's fields %v", got)
		}
		if b.A != "1" || b.B != "2" {
			t.Errorf("B bound %+v", b)
		}
		// A's c is required, B's is not: B's replaced it.
		if a.Validate() || !b.Validate() {
			t.Errorf("A valid %v (%v), B valid %v (%v)", a.Validate(), a.Errors(), b.Validate(), b.Errors())
		}
	})
}

func TestWTFormsValidate(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &testForm{}
		bind(t, ctx, f, fwk.FormKwargs(map[string]any{"test": "foobar"}))
		if !f.Validate() {
			t.Errorf("F(test=foobar) invalid: %v", f.Errors())
		}
		g := &testForm{}
		bind(t, ctx, g)
		if g.Validate() {
			t.Error("F() valid")
		}
	})
}

// extraForm is test_validate_with_extra's F2: F and a field "other".
type extraForm struct {
	fwk.Form
	Test  string
	Other string
}

func (f *extraForm) ValidateForm() {
	if f.Test != "foobar" {
		f.AddError("test", "error")
	}
}

func TestWTFormsValidateWithExtra(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		for _, tc := range []struct {
			test, other string
			valid       bool
		}{{"foobar", "extra", true}, {"foobar", "nope", false}, {"nope", "extra", false}} {
			f := &extraForm{}
			bind(t, ctx, f, fwk.FormKwargs(map[string]any{"test": tc.test, "other": tc.other}))
			valid := f.Validate()
			if f.Other != "extra" { // the extra validator
				f.AddError("other", "error")
				valid = false
			}
			if valid != tc.valid || (f.ValidationError() == nil) != tc.valid {
				t.Errorf("test=%s other=%s: valid %v, errors %v", tc.test, tc.other, valid, f.Errors())
			}
		}
	})
}

// evenForm is test_form_level_errors' F with its validate.
type evenForm struct {
	fwk.Form
	A, B int
}

func (f *evenForm) ValidateForm() {
	if (f.A+f.B)%2 != 0 {
		f.AddError("", "a + b should be even")
	}
}

func TestWTFormsFormLevelErrors(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &evenForm{}
		bind(t, ctx, f, fwk.FormKwargs(map[string]any{"a": 1, "b": 1}))
		if !f.Validate() || len(f.Errors()) != 0 {
			t.Errorf("a=1 b=1: %v", f.Errors())
		}
		g := &evenForm{}
		bind(t, ctx, g, fwk.FormKwargs(map[string]any{"a": 0, "b": 1}))
		if g.Validate() {
			t.Error("a=0 b=1 valid")
		}
		if got := g.Errors()[""]; !reflect.DeepEqual(got, []string{"a + b should be even"}) {
			t.Errorf("form errors %q", got)
		}
	})
}

// fruitForm is test_ordered_fields' MyForm.
type fruitForm struct {
	fwk.Form
	Strawberry, Banana, Kiwi string
}

func TestWTFormsOrderedFields(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &fruitForm{}
		bind(t, ctx, f)
		var names []string
		for _, fl := range f.Fields() {
			names = append(names, fl.Name)
		}
		if want := []string{"strawberry", "banana", "kiwi"}; !reflect.DeepEqual(names, want) {
			t.Errorf("order %v, want %v", names, want)
		}
	})
}

func TestWTFormsDataArg(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		data := map[string]any{"test": "foo"}
		f := &testForm{}
		bind(t, ctx, f, fwk.FormData(data))
		if f.Test != "foo" {
			t.Errorf("data: %q, want foo", f.Test)
		}
		g := &testForm{}
		bind(t, ctx, g, fwk.FormData(data), fwk.FormKwargs(map[string]any{"test": "bar"}))
		if g.Test != "bar" {
			t.Errorf("data and kwargs: %q, want bar", g.Test)
		}
	})
}

// checkForm has the field that acts on an empty value list (a checkbox)
// and a text field, which keeps its value.
type checkForm struct {
	fwk.Form
	Test bool
	Text string
}

func TestWTFormsEmptyFormdata(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		on := map[string]any{"test": true, "text": "kept"}
		for _, tc := range []struct {
			name string
			opts []fwk.FormOption
			want checkForm
		}{
			{"F()", nil, checkForm{}},
			{"F(test=...)", []fwk.FormOption{fwk.FormKwargs(on)}, checkForm{Test: true, Text: "kept"}},
			{"F(DummyPostData(other=...))", []fwk.FormOption{fwk.FormFormData(url.Values{"other": {"other"}})}, checkForm{}},
			{"F(DummyPostData())", []fwk.FormOption{fwk.FormFormData(url.Values{})}, checkForm{}},
			{"F(DummyPostData(), test=...)", []fwk.FormOption{fwk.FormFormData(url.Values{}), fwk.FormKwargs(on)},
				checkForm{Test: false, Text: "kept"}},
			{"F(DummyPostData(test=foo), test=...)", []fwk.FormOption{
				fwk.FormFormData(url.Values{"test": {"foo"}, "text": {"foo"}}), fwk.FormKwargs(on)},
				checkForm{Test: true, Text: "foo"}},
		} {
			f := &checkForm{}
			bind(t, ctx, f, tc.opts...)
			if f.Test != tc.want.Test || f.Text != tc.want.Text {
				t.Errorf("%s: test=%v text=%q, want %v %q", tc.name, f.Test, f.Text, tc.want.Test, tc.want.Text)
			}
		}
	})
	// A submitted request is given formdata too, even with an empty body.
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := &checkForm{}
		bind(t, ctx, f, fwk.FormObj(map[string]any{"test": true, "text": "kept"}))
		if f.Test || f.Text != "kept" {
			t.Errorf("empty POST over an obj: test=%v text=%q, want false kept", f.Test, f.Text)
		}
		return ctx.NoContent()
	})
	portForm(t, base, c, ran, "POST", "/", url.Values{})
}

// fooForm is test_errors_access_during_validation's F.
type fooForm struct {
	fwk.Form
	Foo string `validate:"required"`
}

func (f *fooForm) ValidateForm() {
	_ = f.Errors()
	f.AddError("foo", "bar")
}

func TestWTFormsErrorsAccessDuringValidation(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &fooForm{}
		bind(t, ctx, f, fwk.FormKwargs(map[string]any{"foo": "whatever"}))
		f.Validate()
		if want := map[string][]string{"foo": {"bar"}}; !reflect.DeepEqual(f.Errors(), want) {
			t.Errorf("errors %v, want %v", f.Errors(), want)
		}
	})
}

func TestWTFormsMetaCSRFDefault(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &testForm{}
		bind(t, ctx, f)
		if fields := f.Fields(); len(fields) != 1 || fields[0].Name != "test" {
			t.Errorf("a form without csrf meta has fields %v", fields)
		}
	})
}

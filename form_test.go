package fwk_test

import (
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type profileForm struct {
	fwk.Form
	Name  string   `validate:"required"`
	Email string   `input:"email" validate:"omitempty,email"`
	Age   int      `default:"18" validate:"gte=0"`
	Admin bool     `label:"Administrator"`
	Tags  []string `form:"tag"`
}

type orderedForm struct {
	fwk.Form
	A, B, C, D string
}

func (*orderedForm) FieldOrder() []string { return []string{"d", "b"} }

type profileObj struct {
	Name  string
	Age   int
	Admin bool
}

// bindFormVia serves one request to a view that binds f with opts, and
// returns the recorder.
func bindFormVia(t *testing.T, cfg fwk.Config, req *http.Request, f any, view func(*fwk.Ctx) error, opts ...fwk.FormOption) *httptest.ResponseRecorder {
	t.Helper()
	a := mustNew(t, cfg, routesBundle{rs: routes.Tree(routes.Func("/f", func(ctx *fwk.Ctx) error {
		if err := fwk.BindForm(ctx, f, opts...); err != nil {
			return err
		}
		if view != nil {
			return view(ctx)
		}
		return nil
	}, fwk.Methods("GET", "POST")))})
	rec := httptest.NewRecorder()
	a.ServeHTTP(rec, req)
	return rec
}

func formPost(body string) *http.Request {
	r := httptest.NewRequest("POST", "/f", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return r
}

func TestFormPrecedence(t *testing.T) {
	obj := &profileObj{Name: "Obj", Age: 40, Admin: true}
	kw := map[string]any{"name": "Kw", "email": "kw@example.com", "age": 50}
	data := map[string]any{"name": "Data", "email": "data@example.com", "age": 60, "tag": []string{"d"}}
	get := func() *http.Request { return httptest.NewRequest("GET", "/f", nil) }
	for _, tc := range []struct {
		name string
		req  *http.Request
		opts []fwk.FormOption
		want profileForm
		sub  bool
	}{
		{"formdata wins over all", formPost("name=Form&email=f%40example.com&age=7&admin=y&tag=a&tag=b"),
			[]fwk.FormOption{fwk.FormObj(obj), fwk.FormKwargs(kw), fwk.FormData(data)},
			profileForm{Name: "Form", Email: "f@example.com", Age: 7, Admin: true, Tags: []string{"a", "b"}}, true},
		{"formdata present, key absent: obj kept, bool false", formPost("email=f%40example.com"),
			[]fwk.FormOption{fwk.FormObj(obj)},
			profileForm{Name: "Obj", Email: "f@example.com", Age: 40, Admin: false}, true},
		{"empty submitted form is formdata: fields kept, checkbox unchecked", formPost(""),
			[]fwk.FormOption{fwk.FormObj(obj), fwk.FormKwargs(kw)},
			profileForm{Name: "Obj", Email: "kw@example.com", Age: 40, Admin: false}, true},
		{"nil formdata is none: the posted form is ignored", formPost("name=Form&admin=y"),
			[]fwk.FormOption{fwk.FormFormData(nil), fwk.FormObj(obj)},
			profileForm{Name: "Obj", Age: 40, Admin: true}, true},
		{"formdata absent on GET", httptest.NewRequest("GET", "/f?name=Query", nil),
			[]fwk.FormOption{fwk.FormObj(obj)},
			profileForm{Name: "Obj", Age: 40, Admin: true}, false},
		{"obj with the attribute over kwargs and data", get(),
			[]fwk.FormOption{fwk.FormObj(obj), fwk.FormKwargs(kw), fwk.FormData(data)},
			profileForm{Name: "Obj", Email: "kw@example.com", Age: 40, Admin: true, Tags: []string{"d"}}, false},
		{"obj's zero attribute still wins", get(),
			[]fwk.FormOption{fwk.FormObj(&profileObj{}), fwk.FormKwargs(kw)},
			profileForm{Name: "", Email: "kw@example.com", Age: 0}, false},
		{"kwargs only where obj lacks the attribute", get(),
			[]fwk.FormOption{fwk.FormObj(map[string]any{"name": "Map"}), fwk.FormKwargs(kw)},
			profileForm{Name: "Map", Email: "kw@example.com", Age: 50}, false},
		{"kwargs over data", get(),
			[]fwk.FormOption{fwk.FormKwargs(map[string]any{"name": "Kw"}), fwk.FormData(data)},
			profileForm{Name: "Kw", Email: "data@example.com", Age: 60, Tags: []string{"d"}}, false},
		{"data alone", get(), []fwk.FormOption{fwk.FormData(data)},
			profileForm{Name: "Data", Email: "data@example.com", Age: 60, Tags: []string{"d"}}, false},
		{"nil obj is no obj", get(), []fwk.FormOption{fwk.FormObj((*profileObj)(nil)), fwk.FormData(data)},
			profileForm{Name: "Data", Email: "data@example.com", Age: 60, Tags: []string{"d"}}, false},
		{"defaults", get(), nil, profileForm{Age: 18}, false},
		{"string values of data are parsed", get(), []fwk.FormOption{fwk.FormData(map[string]any{"age": "33", "admin": "y"})},
			profileForm{Age: 33, Admin: true}, false},
		{"explicit formdata", get(), []fwk.FormOption{fwk.FormFormData(url.Values{"name": {"Given"}}), fwk.FormObj(obj)},
			profileForm{Name: "Given", Age: 40}, false},
		{"explicit empty formdata", get(), []fwk.FormOption{fwk.FormFormData(url.Values{}), fwk.FormObj(obj)},
			profileForm{Name: "Obj", Age: 40}, false},
		{"prefix", formPost("p-name=Pre&name=NoPrefix&p-age=3"), []fwk.FormOption{fwk.FormPrefix("p")},
			profileForm{Name: "Pre", Age: 3}, true},
		{"prefix with separator", formPost("p_name=Pre"), []fwk.FormOption{fwk.FormPrefix("p_")},
			profileForm{Name: "Pre", Age: 18}, true},
	} {
		var f profileForm
		rec := bindFormVia(t, fwk.DefaultConfig(), tc.req, &f, nil, tc.opts...)
		if rec.Code != 200 {
			t.Errorf("%s: status %d: %s", tc.name, rec.Code, rec.Body)
			continue
		}
		got := profileForm{Name: f.Name, Email: f.Email, Age: f.Age, Admin: f.Admin, Tags: f.Tags}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.name, got, tc.want)
		}
		if f.IsSubmitted() != tc.sub {
			t.Errorf("%s: IsSubmitted = %v, want %v", tc.name, f.IsSubmitted(), tc.sub)
		}
	}
}

func TestFormValidate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		body  string
		ok    bool
		errs  map[string][]string
		onSub bool
	}{
		{"valid", "name=Ann&email=a%40b.co&age=3", true, map[string][]string{}, true},
		{"required and email", "email=nope", false, map[string][]string{
			"name": {"This field is required."}, "email": {"Invalid email address."}}, false},
		{"value that does not parse", "name=Ann&age=abc", false, map[string][]string{"age": {"Not a valid integer value."}}, false},
		{"negative", "name=Ann&age=-1", false, map[string][]string{"age": {"Number must be at least 0."}}, false},
	} {
		var f profileForm
		bindFormVia(t, fwk.DefaultConfig(), formPost(tc.body), &f, nil)
		if got := f.Validate(); got != tc.ok {
			t.Errorf("%s: Validate = %v, want %v", tc.name, got, tc.ok)
		}
		if !reflect.DeepEqual(f.Errors(), tc.errs) {
			t.Errorf("%s: Errors = %v, want %v", tc.name, f.Errors(), tc.errs)
		}
		if got := f.ValidateOnSubmit(); got != tc.onSub {
			t.Errorf("%s: ValidateOnSubmit = %v", tc.name, got)
		}
		if (f.ValidationError() == nil) != tc.ok {
			t.Errorf("%s: ValidationError = %v", tc.name, f.ValidationError())
		}
	}
	var f profileForm
	bindFormVia(t, fwk.DefaultConfig(), httptest.NewRequest("GET", "/f", nil), &f, nil)
	if f.ValidateOnSubmit() || f.Errors() != nil {
		t.Errorf("GET: ValidateOnSubmit true or errors %v", f.Errors())
	}
	var unbound profileForm
	if unbound.Validate() || unbound.Fields() != nil || unbound.IsSubmitted() {
		t.Error("an unbound form validates or has fields")
	}
}

func TestFormFieldsAndOrder(t *testing.T) {
	var f profileForm
	bindFormVia(t, fwk.DefaultConfig(), formPost("p-name=<Ann>&p-age=x&p-tag=a&p-tag=b&p-admin=on"), &f, nil, fwk.FormPrefix("p"))
	f.Validate()
	fields := f.Fields()
	want := []fwk.Field{
		{Name: "p-name", ID: "p-name", Label: "Name", Value: "<Ann>", Type: "text", Required: true},
		{Name: "p-email", ID: "p-email", Label: "Email", Type: "email"},
		{Name: "p-age", ID: "p-age", Label: "Age", Value: "18", Type: "number", Errors: []string{"Not a valid integer value."}},
		{Name: "p-admin", ID: "p-admin", Label: "Administrator", Type: "checkbox", Checked: true},
		{Name: "p-tag", ID: "p-tag", Label: "Tag", Values: []string{"a", "b"}, Type: "text"},
	}
	if !reflect.DeepEqual(fields, want) {
		t.Errorf("Fields:\n got %+v\nwant %+v", fields, want)
	}
	html := string(f.HTML())
	for _, s := range []string{
		`<label for="p-name">Name</label> <input type="text" id="p-name" name="p-name" value="&lt;Ann&gt;" required>`,
		`<input type="checkbox" id="p-admin" name="p-admin" value="y" checked>`,
		`<input type="text" id="p-tag" name="p-tag" value="a"><input type="text" id="p-tag" name="p-tag" value="b">`,
		`<ul class="errors"><li>Not a valid integer value.</li></ul>`,
	} {
		if !strings.Contains(html, s) {
			t.Errorf("HTML lacks %s:\n%s", s, html)
		}
	}
	var o orderedForm
	bindFormVia(t, fwk.DefaultConfig(), httptest.NewRequest("GET", "/f", nil), &o, nil)
	var names []string
	for _, fl := range o.Fields() {
		names = append(names, fl.Name)
	}
	if got := strings.Join(names, " "); got != "a c d b" {
		t.Errorf("field_order: %s, want a c d b", got)
	}
}

type badOrderForm struct {
	fwk.Form
	A string
}

func (*badOrderForm) FieldOrder() []string { return []string{"zzz"} }

func TestBindFormMistakes(t *testing.T) {
	get := func() *http.Request { return httptest.NewRequest("GET", "/f", nil) }
	for _, tc := range []struct {
		name string
		f    any
		opts []fwk.FormOption
	}{
		{"not a form", &profileObj{}, nil},
		{"not a pointer", profileForm{}, nil},
		{"unknown field_order name", &badOrderForm{}, nil},
		{"value of the wrong type", &profileForm{}, []fwk.FormOption{fwk.FormData(map[string]any{"age": []int{1}})}},
		{"unknown meta", &profileForm{}, []fwk.FormOption{fwk.FormMeta(map[string]any{"csrf_secret": "x"})}},
		{"meta of the wrong type", &profileForm{}, []fwk.FormOption{fwk.FormMeta(map[string]any{"csrf": "yes"})}},
	} {
		rec := bindFormVia(t, fwk.DefaultConfig(), get(), tc.f, nil, tc.opts...)
		if rec.Code != 500 {
			t.Errorf("%s: status %d, want 500 (a programming error)", tc.name, rec.Code)
		}
	}
	rec := bindFormVia(t, fwk.DefaultConfig(), formPost("a]=1"), &profileForm{}, nil)
	if rec.Code != 400 {
		t.Errorf("malformed form key: %d, want 400", rec.Code)
	}
}

type avatarForm struct {
	fwk.Form
	Title  string                  `validate:"required"`
	Avatar *multipart.FileHeader   `validate:"required"`
	Extra  []*multipart.FileHeader `form:"extra"`
	Secret string                  `input:"password"`
}

func TestFormMultipart(t *testing.T) {
	ct, body := multipartOf(t, map[string]string{"title": "me", "secret": "hunter2"},
		map[string][]string{"avatar": {"PNG"}, "extra": {"1", "2"}})
	req := httptest.NewRequest("POST", "/f", strings.NewReader(body))
	req.Header.Set("Content-Type", ct)
	var f avatarForm
	rec := bindFormVia(t, fwk.DefaultConfig(), req, &f, func(ctx *fwk.Ctx) error {
		if !f.Validate() {
			return f.ValidationError()
		}
		file, err := f.Avatar.Open()
		if err != nil {
			return err
		}
		defer file.Close()
		b, _ := io.ReadAll(file)
		return ctx.Respond(200, fmt.Sprintf("%s %s %d %s", f.Title, b, len(f.Extra), f.HTML()))
	})
	got := rec.Body.String()
	if rec.Code != 200 || !strings.HasPrefix(got, "me PNG 2 ") {
		t.Fatalf("%d %s", rec.Code, got)
	}
	if strings.Contains(got, "hunter2") || !strings.Contains(got, `<input type="password" id="secret" name="secret" value="">`) ||
		!strings.Contains(got, `<input type="file" id="avatar" name="avatar" value="" required>`) {
		t.Errorf("rendered: %s", got)
	}
	ct, body = multipartOf(t, map[string]string{"title": "me"}, nil)
	req = httptest.NewRequest("POST", "/f", strings.NewReader(body))
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Accept", "application/json")
	var missing avatarForm
	rec = bindFormVia(t, fwk.DefaultConfig(), req, &missing, func(ctx *fwk.Ctx) error {
		missing.Validate()
		return missing.ValidationError()
	})
	if want := `"errors":{"avatar":["This field is required."]}`; rec.Code != 422 || !strings.Contains(rec.Body.String(), want) {
		t.Errorf("missing file: %d %s, want 422 with %s", rec.Code, rec.Body, want)
	}
}

package fwk_test

// A port of Flask-WTF's tests/test_form.py and tests/test_i18n.py
// (wtforms/flask-wtf at 2c408dd, August 2024), test by test. Expected values
// are the upstream assertions; every view is served on a real listener
// (httptest.NewServer) to a client with a cookie jar. Flask-WTF's
// BasicForm (csrf off, a required name and a file) is basicForm below.
//
// tests/test_form.py
//
//	test_populate_from_form             TestFlaskWTFPopulateFromForm
//	test_populate_from_files            TestFlaskWTFPopulateFromFiles
//	test_populate_from_json             TestFlaskWTFPopulateFromJSON
//	test_populate_manually              TestFlaskWTFPopulateManually (request.args: FormFormData(ctx.Request().URL.Query()))
//	test_populate_none                  TestFlaskWTFPopulateNone (None: FormFormData(nil); Go's "" for None)
//	test_validate_on_submit             TestFlaskWTFValidateOnSubmit
//	test_no_validate_on_get             TestFlaskWTFNoValidateOnGet
//	test_hidden_tag                     TestFlaskWTFHiddenTag
//	test_set_default_message_language   TestFlaskWTFSetDefaultMessageLanguage (the /default view);
//	                                    the /es view (Meta.locales = ["es"]): not applicable, fwk's
//	                                    messages are English only and has no message catalogs; a view
//	                                    that needs another language maps Form.Errors itself
//
// tests/test_i18n.py
//
//	test_no_extension                   TestFlaskWTFI18nNoExtension
//	test_i18n                           not applicable: Flask-Babel's Chinese catalog (no catalogs, as
//	                                    above); its last request, with translation off, expects the
//	                                    English message, which TestFlaskWTFI18nNoExtension asserts
//	test_outside_request                TestFlaskWTFI18nOutsideRequest (the English singular and plural
//	                                    of "Field must be at least %(min)d character(s) long."; Babel's
//	                                    translations object itself: not applicable)

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/fwkgo/fwk"
)

// portForm sends a url-encoded form.
func portForm(t *testing.T, base string, c *http.Client, ran *atomic.Int32, method, target string, vals url.Values, header ...string) {
	t.Helper()
	portCall(t, base, c, ran, method, target, "application/x-www-form-urlencoded", vals.Encode(), header...)
}

// uploadPart is one part of a multipart body: a field, or a file when
// file is set (its filename may be "", as a browser sends an empty file
// input).
type uploadPart struct {
	name, filename, content string
	file                    bool
}

// uploadBody encodes parts, returning the Content-Type and the body.
func uploadBody(t *testing.T, parts ...uploadPart) (string, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, p := range parts {
		if !p.file {
			if err := w.WriteField(p.name, p.content); err != nil {
				t.Fatal(err)
			}
			continue
		}
		fw, err := w.CreateFormFile(p.name, p.filename)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write([]byte(p.content))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), b.String()
}

// basicForm is Flask-WTF's BasicForm.
type basicForm struct {
	fwk.Form
	Name   string `validate:"required"`
	Avatar *multipart.FileHeader
}

// noCSRF is BasicForm's Meta: csrf = False.
var noCSRF = fwk.FormMeta(map[string]any{"csrf": false})

// bindBasic binds a basicForm for ctx, failing the test on an error.
func bindBasic(t *testing.T, ctx *fwk.Ctx, opts ...fwk.FormOption) *basicForm {
	t.Helper()
	f := &basicForm{}
	if err := fwk.BindForm(ctx, f, append([]fwk.FormOption{noCSRF}, opts...)...); err != nil {
		t.Errorf("BindForm: %v", err)
	}
	return f
}

func TestFlaskWTFPopulateFromForm(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		if f := bindBasic(t, ctx); f.Name != "form" {
			t.Errorf("name = %q, want form", f.Name)
		}
		return ctx.NoContent()
	})
	portForm(t, base, c, ran, "POST", "/", url.Values{"name": {"form"}})
}

func TestFlaskWTFPopulateFromFiles(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := bindBasic(t, ctx)
		if f.Avatar == nil || f.Avatar.Filename != "flask.png" {
			t.Errorf("avatar = %+v, want flask.png", f.Avatar)
		}
		return ctx.NoContent()
	})
	ct, body := uploadBody(t, uploadPart{name: "name", content: "files"},
		uploadPart{name: "avatar", filename: "flask.png", file: true})
	portCall(t, base, c, ran, "POST", "/", ct, body)
}

func TestFlaskWTFPopulateFromJSON(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		if f := bindBasic(t, ctx); f.Name != "json" {
			t.Errorf("name = %q, want json", f.Name)
		}
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "POST", "/", "application/json", `{"name": "json"}`)
}

func TestFlaskWTFPopulateManually(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		if f := bindBasic(t, ctx, fwk.FormFormData(ctx.Request().URL.Query())); f.Name != "args" {
			t.Errorf("name = %q, want args", f.Name)
		}
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "POST", "/?name=args", "", "")
}

func TestFlaskWTFPopulateNone(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		if f := bindBasic(t, ctx, fwk.FormFormData(nil)); f.Name != "" {
			t.Errorf("name = %q, want none", f.Name)
		}
		return ctx.NoContent()
	})
	portForm(t, base, c, ran, "POST", "/", url.Values{"name": {"ignore"}})
}

func TestFlaskWTFValidateOnSubmit(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := bindBasic(t, ctx)
		if !f.IsSubmitted() {
			t.Errorf("%s with an empty body: not submitted", ctx.Request().Method)
		}
		if f.ValidateOnSubmit() {
			t.Error("ValidateOnSubmit true without a name")
		}
		if _, ok := f.Errors()["name"]; !ok {
			t.Errorf("errors %v lack name", f.Errors())
		}
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "POST", "/", "", "")
	// Flask-WTF's SUBMIT_METHODS, each with an empty body.
	for _, m := range []string{"PUT", "PATCH", "DELETE"} {
		portCall(t, base, c, ran, m, "/", "", "")
	}
}

func TestFlaskWTFNoValidateOnGet(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := bindBasic(t, ctx)
		if f.ValidateOnSubmit() {
			t.Error("ValidateOnSubmit true on GET")
		}
		if _, ok := f.Errors()["name"]; ok {
			t.Errorf("errors %v hold name", f.Errors())
		}
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "GET", "/", "", "")
}

// hiddenForm is test_hidden_tag's F: BasicForm with csrf on, a hidden
// field and an integer field rendered hidden.
type hiddenForm struct {
	fwk.Form
	Name   string `validate:"required"`
	Avatar *multipart.FileHeader
	Key    string `input:"hidden"`
	Count  int    `input:"hidden"`
}

func TestFlaskWTFHiddenTag(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = strings.Repeat("k", 32)
	base, c, ran := portServer(t, cfg, func(ctx *fwk.Ctx) error {
		f := &hiddenForm{}
		if err := fwk.BindForm(ctx, f, fwk.FormMeta(map[string]any{"csrf": true})); err != nil {
			return err
		}
		out := string(f.HiddenTag())
		for _, x := range []string{"csrf_token", "count", "key"} {
			if !strings.Contains(out, x) {
				t.Errorf("hidden_tag() lacks %s: %s", x, out)
			}
		}
		if strings.Contains(out, "avatar") {
			t.Errorf("hidden_tag() holds avatar: %s", out)
		}
		if out := string(f.HiddenTag("count", "key")); strings.Contains(out, "csrf_token") {
			t.Errorf("hidden_tag(count, key) holds csrf_token: %s", out)
		}
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "GET", "/", "", "")
}

func TestFlaskWTFSetDefaultMessageLanguage(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := bindBasic(t, ctx)
		if f.ValidateOnSubmit() {
			t.Error(`ValidateOnSubmit true for name "  "`)
		}
		if got := f.Errors()["name"]; !contains(got, "This field is required.") {
			t.Errorf("name errors %q lack This field is required.", got)
		}
		return ctx.NoContent()
	})
	portForm(t, base, c, ran, "POST", "/", url.Values{"name": {"  "}})
}

// nameForm is test_i18n.py's NameForm.
type nameForm struct {
	fwk.Form
	Name string `validate:"required,min=8"`
}

func TestFlaskWTFI18nNoExtension(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := &nameForm{}
		if err := fwk.BindForm(ctx, f, noCSRF); err != nil {
			return err
		}
		f.Validate()
		if got := f.Errors()["name"]; len(got) == 0 || got[0] != "This field is required." {
			t.Errorf("name errors %q, want This field is required. first", got)
		}
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "POST", "/", "", "", "Accept-Language", "zh-CN,zh;q=0.8")
}

// minOneForm and minTwoForm ask for at least 1 and 2 characters.
type minOneForm struct {
	fwk.Form
	Name string `validate:"min=1"`
}

type minTwoForm struct {
	fwk.Form
	Name string `validate:"min=2"`
}

func TestFlaskWTFI18nOutsideRequest(t *testing.T) {
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		one, two := &minOneForm{}, &minTwoForm{}
		for _, f := range []any{one, two} {
			if err := fwk.BindForm(ctx, f, fwk.FormFormData(url.Values{"name": {""}})); err != nil {
				return err
			}
		}
		one.Validate()
		two.Validate()
		if got := one.Errors()["name"]; len(got) != 1 || got[0] != "Field must be at least 1 character long." {
			t.Errorf("min 1: %q", got)
		}
		if got := two.Errors()["name"]; len(got) != 1 || got[0] != "Field must be at least 2 characters long." {
			t.Errorf("min 2: %q", got)
		}
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "GET", "/", "", "")
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

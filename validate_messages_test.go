package fwk_test

import (
	"mime/multipart"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// messagesForm has one field per WTForms validator with a tag counterpart.
type messagesForm struct {
	fwk.Form
	Req      string   `validate:"required"`
	Email    string   `validate:"email"`
	URL      string   `validate:"url"`
	UUID     string   `validate:"uuid"`
	IP       string   `validate:"ip"`
	MAC      string   `validate:"mac"`
	Choice   string   `validate:"oneof=red green 'dark blue'"`
	Password string   `validate:"omitempty"`
	Confirm  string   `form:"confirm_password" validate:"eqfield=Password"`
	Between  string   `validate:"min=2,max=3"`
	AtLeast  string   `validate:"min=8"`
	One      string   `validate:"min=1"`
	AtMost   string   `validate:"max=1"`
	Exactly  string   `validate:"len=4"`
	Same     string   `validate:"min=3,max=3"`
	Num      int      `validate:"gte=1,lte=9"`
	NumMin   int      `validate:"gte=5"`
	NumMax   float64  `validate:"lte=1.5"`
	Tags     []string `validate:"max=1"`
	Alpha    string   `validate:"alpha"`
	Gt       int      `validate:"gt=3"`
	Items    []string `validate:"dive,min=2"`
}

func TestValidationMessagesAreWTForms(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &messagesForm{}
		bind(t, ctx, f, fwk.FormFormData(url.Values{
			"email": {"nope"}, "url": {"nope"}, "uuid": {"nope"}, "ip": {"nope"}, "mac": {"nope"},
			"choice": {"blue"}, "password": {"a"}, "confirm_password": {"b"}, "between": {"abcd"},
			"at_least": {"abc"}, "one": {""}, "at_most": {"ab"}, "exactly": {"abc"}, "same": {"ab"},
			"num": {"10"}, "num_min": {"4"}, "num_max": {"2"}, "tags": {"a", "b"}, "alpha": {"a1"}, "gt": {"3"},
			"items": {"ok", "x"},
		}))
		f.Validate()
		want := map[string][]string{
			"req":              {"This field is required."},
			"email":            {"Invalid email address."},
			"url":              {"Invalid URL."},
			"uuid":             {"Invalid UUID."},
			"ip":               {"Invalid IP address."},
			"mac":              {"Invalid Mac address."},
			"choice":           {"Invalid value, must be one of: red, green, dark blue."},
			"confirm_password": {"Field must be equal to password."},
			"between":          {"Field must be between 2 and 3 characters long."},
			"at_least":         {"Field must be at least 8 characters long."},
			"one":              {"Field must be at least 1 character long."},
			"at_most":          {"Field cannot be longer than 1 character."},
			"exactly":          {"Field must be exactly 4 characters long."},
			"same":             {"Field must be exactly 3 characters long."},
			"num":              {"Number must be between 1 and 9."},
			"num_min":          {"Number must be at least 5."},
			"num_max":          {"Number must be at most 1.5."},
			"tags":             {"Field cannot be longer than 1 character."},
			"alpha":            {"Field must contain only letters."},
			"gt":               {"Number must be greater than 3."},
			"items[1]":         {"Field must be at least 2 characters long."},
		}
		for k, w := range want {
			if got := f.Errors()[k]; !reflect.DeepEqual(got, w) {
				t.Errorf("%s: %q, want %q", k, got, w)
			}
		}
		for k, msgs := range f.Errors() {
			if _, ok := want[k]; !ok {
				t.Errorf("unexpected %s: %q", k, msgs)
			}
			for _, m := range msgs {
				if strings.Contains(m, " 1 characters") || strings.Contains(m, " 1 items") {
					t.Errorf("%s: ungrammatical %q", k, m)
				}
			}
		}
	})
}

// listBody is a JSON body with lists, for Ctx.Bind's wording.
type listBody struct {
	Tags  []string          `json:"tags" validate:"min=2,max=3"`
	One   []string          `json:"one" validate:"min=1"`
	Attrs map[string]string `json:"attrs" validate:"max=1"`
	Name  string            `json:"name" validate:"min=2,max=3"`
}

func TestValidationMessagesBindSaysItems(t *testing.T) {
	base, c, _ := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		var b listBody
		return ctx.Bind(&b)
	})
	status, body := portStatus(t, base, c, "POST", "application/json",
		`{"tags":["a"],"one":[],"attrs":{"a":"1","b":"2"},"name":"abcd"}`)
	for _, want := range []string{
		`"tags":["Field must have between 2 and 3 items."]`,
		`"one":["Field must have at least 1 item."]`,
		`"attrs":["Field must have at most 1 item."]`,
		`"name":["Field must be between 2 and 3 characters long."]`,
	} {
		if status != 422 || !strings.Contains(body, want) {
			t.Errorf("%d %s lacks %s", status, body, want)
		}
	}
}

// badSizeForm has a malformed file_size parameter.
type badSizeForm struct {
	fwk.Form
	File *multipart.FileHeader `validate:"file_size=big"`
}

func TestFileSizeBadParameter(t *testing.T) {
	base, c, _ := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := &badSizeForm{}
		if err := fwk.BindForm(ctx, f, fwk.FormKwargs(map[string]any{"file": &multipart.FileHeader{Filename: "a", Size: 1}})); err != nil {
			return err
		}
		f.Validate()
		return ctx.NoContent()
	})
	if status, body := portStatus(t, base, c, "GET", "", ""); status != 500 || !strings.Contains(body, "file_size") && !strings.Contains(body, "Internal") {
		t.Errorf("a malformed file_size: %d %s, want 500", status, body)
	}
}

// shadowBase's Name is hidden by shadowOuter's, as encoding/json hides it.
type shadowBase struct {
	Name string `json:"name" validate:"required"`
	Note string `json:"note" validate:"max=2"`
}

type shadowOuter struct {
	shadowBase
	Name string `json:"name"`
}

func TestValidationSkipsHiddenFields(t *testing.T) {
	base, c, _ := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		var v shadowOuter
		if err := ctx.Bind(&v); err != nil {
			return err
		}
		return ctx.NoContent()
	})
	if status, body := portStatus(t, base, c, "POST", "application/json", `{"note":"ok"}`); status != 204 {
		t.Errorf("a hidden required field: %d %s, want 204", status, body)
	}
	status, body := portStatus(t, base, c, "POST", "application/json", `{"note":"long"}`)
	if want := `"errors":{"note":["Field cannot be longer than 2 characters."]}`; status != 422 || !strings.Contains(body, want) {
		t.Errorf("a promoted field: %d %s, want 422 with %s", status, body, want)
	}
}

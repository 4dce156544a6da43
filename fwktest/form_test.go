package fwktest_test

import (
	"net/url"
	"reflect"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
)

// submittedForm is the JSON answer of /submit.
type submittedForm struct {
	Form  url.Values
	Files map[string]string
	Type  string
}

// TestFormFields: the fields are what a browser submits: named, enabled
// controls; checked boxes and radios; selected options (the first of a
// single select without one); textareas; not buttons nor files.
func TestFormFields(t *testing.T) {
	c := fwktest.New(t, newApp(t))
	f := c.Get("/page").Form("prefs")
	tok := f.Fields.Get("csrf_token")
	if len(tok) < 40 {
		t.Fatalf("csrf_token = %q", tok)
	}
	want := url.Values{"csrf_token": {tok}, "nick": {"ann"}, "news": {"yes"}, "size": {"m"}, "lang": {"Français"},
		"first": {"a"}, "many": {"x", "z"}, "bio": {"Hello,\nworld"}}
	if !reflect.DeepEqual(f.Fields, want) {
		t.Errorf("Fields =\n%v, want\n%v", f.Fields, want)
	}
	if f.Method != "POST" || f.Action != "http://localhost/submit" {
		t.Errorf("Method %q Action %q", f.Method, f.Action)
	}
}

// TestFormSelection: by id, name, action or selector; "" for a page's only
// form; a missing form fails the test.
func TestFormSelection(t *testing.T) {
	c := fwktest.New(t, newApp(t))
	page := c.Get("/page")
	for sel, want := range map[string]string{
		"search": "search", "prefs": "prefs", "/echo": "search", "form.tokenless": "tokenless", "#prefs-2": "prefs-2",
	} {
		f := page.Form(sel)
		if got := f.Attr("id") + f.Attr("name") + f.Attr("class"); got != want {
			t.Errorf("Form(%q) = %s, want %s", sel, f.HTML(), want)
		}
	}
	mustFail(t, fake(t, func(tb testing.TB) { fwktest.New(tb, newApp(t)).Get("/page").Form("nope") }),
		`no form with id, name or action "nope"`, "-> 200 OK")
	mustFail(t, fake(t, func(tb testing.TB) { fwktest.New(tb, newApp(t)).Get("/page").Form("") }),
		"the page has 4 forms, not one")
}

// TestFormSubmit: the page's token passes CSRF protection; given values
// replace the form's, an empty list removes one, the first named button is
// sent; the request carries the page's Origin and Referer.
func TestFormSubmit(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		c := fwktest.New(t, newApp(t), opts...)
		var got submittedForm
		c.Get("/page").Form("prefs").Submit(url.Values{"nick": {"bob"}, "news": {}, "ads": {"on"}, "many": {"y"}}).
			ExpectStatus(200).JSON(&got)
		want := url.Values{"nick": {"bob"}, "ads": {"on"}, "size": {"m"}, "lang": {"Français"}, "first": {"a"},
			"many": {"y"}, "bio": {"Hello,\nworld"}, "save": {"1"}, "avatar": {""}}
		if !reflect.DeepEqual(got.Form, want) || got.Type != "application/x-www-form-urlencoded" {
			t.Errorf("submitted %s %v, want %v", got.Type, got.Form, want)
		}

		got = submittedForm{}
		c.Get("/page").Form("prefs-2").Attach("doc", "a.txt", []byte("hello")).Submit(nil).ExpectStatus(200).JSON(&got)
		// no file chosen for photo: a part with an empty file name, which Go reads as a value
		if !reflect.DeepEqual(got.Form, url.Values{"outside": {"o"}, "photo": {""}}) || got.Type != "multipart/form-data" ||
			!reflect.DeepEqual(got.Files, map[string]string{"doc": `"a.txt":"hello"`}) {
			t.Errorf("multipart form: %s %v %v", got.Type, got.Form, got.Files)
		}
		got = submittedForm{}
		c.Get("/page").Form("prefs").Attach("avatar", "me.png", []byte("png")).Submit(nil).JSON(&got)
		if got.Form.Get("avatar") != "me.png" || len(got.Files) != 0 {
			t.Errorf("a url-encoded form sends the file's name only: %v %v", got.Form, got.Files)
		}

		var e echoed
		c.Get("/page").Form("search").Submit(url.Values{"q": {"fwk test"}}).JSON(&e)
		if e.Method != "GET" || e.URI != "/echo?q=fwk+test" || e.Referer != "http://localhost/page" || e.Origin != "http://localhost" {
			t.Errorf("GET form: %+v", e)
		}
	})
}

// TestFormWithoutToken: a form with no token is refused as a browser's
// would be.
func TestFormWithoutToken(t *testing.T) {
	c := fwktest.New(t, newApp(t))
	c.Get("/page").Form(".tokenless").Submit(url.Values{"a": {"1"}}).
		ExpectStatus(400).ExpectContains("The CSRF token is missing.")
}

func TestFormAttachUnknown(t *testing.T) {
	f := fake(t, func(tb testing.TB) {
		fwktest.New(tb, newApp(t)).Get("/page").Form("search").Attach("doc", "a.txt", nil)
	})
	mustFail(t, f, `<form id="search" action="/echo"> has no file input "doc" to attach "a.txt" to`)
}

// TestFormUnknownField: a value for a name the form has no control for
// fails the test, naming the form's fields.
func TestFormUnknownField(t *testing.T) {
	f := fake(t, func(tb testing.TB) {
		fwktest.New(tb, newApp(t)).Get("/page").Form("search").Submit(url.Values{"query": {"x"}})
	})
	mustFail(t, f, `<form id="search" action="/echo"> has no field "query" (it has q)`)
}

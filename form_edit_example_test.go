package fwk_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Article is a record an edit form changes.
type Article struct {
	Title     string
	Published bool
}

// ArticleForm edits an Article.
type ArticleForm struct {
	fwk.Form
	Title     string `validate:"required,max=60"`
	Published bool
}

type editBundle struct{ article *Article }

func (editBundle) Name() string { return "articles" }
func (b editBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Func("/edit", func(ctx *fwk.Ctx) error {
		f := &ArticleForm{}
		if err := fwk.BindForm(ctx, f, fwk.FormObj(b.article)); err != nil {
			return err
		}
		if !f.ValidateOnSubmit() {
			return ctx.Respond(200, fmt.Sprintf("form: %q %v %v\n", f.Title, f.Published, f.Errors()))
		}
		if err := f.PopulateObj(b.article); err != nil {
			return err
		}
		return ctx.Respond(200, fmt.Sprintf("saved: %+v\n", *b.article))
	}, fwk.Methods("GET", "POST")))
}

// An edit form: FormObj fills the form from the record, a submission
// replaces what it sends (an unchecked box is not sent: it is false), and
// PopulateObj copies the fields back onto the record.
func ExampleForm_PopulateObj() {
	article := &Article{Title: "Draft", Published: true}
	app, _ := fwk.New(fwk.DefaultConfig(), editBundle{article})
	send := func(method, body string) {
		req := httptest.NewRequest(method, "/edit", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Print(rec.Body.String())
	}
	send("GET", "")
	send("POST", "title=+++")   // blank: required refuses it
	send("POST", "title=Final") // the box unchecked
	send("POST", "title=Final&published=y")
	// Output:
	// form: "Draft" true map[]
	// form: "   " false map[title:[This field is required.]]
	// saved: {Title:Final Published:false}
	// saved: {Title:Final Published:true}
}

type jsonFormBundle struct{}

func (jsonFormBundle) Name() string { return "jsonform" }
func (jsonFormBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Func("/articles", func(ctx *fwk.Ctx) error {
		f := &ArticleForm{}
		if err := fwk.BindForm(ctx, f); err != nil {
			return err
		}
		if !f.ValidateOnSubmit() {
			return f.ValidationError()
		}
		return ctx.Respond(201, fmt.Sprintf("%+v\n", f.Data()))
	}, fwk.Methods("POST")))
}

// A JSON object body fills a form as a form body would (Flask-WTF wraps
// request JSON the same way), with the same validation and messages.
func ExampleBindForm_json() {
	app, _ := fwk.New(fwk.DefaultConfig(), jsonFormBundle{})
	for _, body := range []string{`{"title": "Hello", "published": true}`, `{"title": ""}`} {
		req := httptest.NewRequest("POST", "/articles", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Print(rec.Code, " ", rec.Body.String())
	}
	// Output:
	// 201 map[published:true title:Hello]
	// 422 {"error":"Unprocessable Entity","status":422,"errors":{"title":["This field is required."]}}
}

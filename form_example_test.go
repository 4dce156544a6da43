package fwk_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// ContactForm is a form: fwk.Form embedded, one field per exported field.
type ContactForm struct {
	fwk.Form
	Name    string `validate:"required" label:"Your name"`
	Email   string `validate:"required,email" input:"email"`
	Message string `validate:"required,max=500" input:"textarea"`
}

// FieldOrder is Flask-Unchained's field_order: unlisted fields come first.
func (*ContactForm) FieldOrder() []string { return []string{"email", "name"} }

func contact(ctx *fwk.Ctx) error {
	f := &ContactForm{}
	if err := fwk.BindForm(ctx, f, fwk.FormData(map[string]any{"name": "Anonymous"})); err != nil {
		return err
	}
	if f.ValidateOnSubmit() {
		return ctx.Respond(200, "thanks, "+f.Name+"\n")
	}
	return ctx.Respond(200, string(f.HTML()))
}

type contactBundle struct{}

func (contactBundle) Name() string { return "contact" }
func (contactBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Func("/contact", contact, fwk.Methods("GET", "POST")))
}

func ExampleBindForm() {
	app, _ := fwk.New(fwk.DefaultConfig(), contactBundle{})
	show := func(method, body string) {
		req := httptest.NewRequest(method, "/contact", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Print(rec.Body.String())
	}
	show("GET", "")
	show("POST", "name=Ann&email=nope&message=<b>hi</b>")
	show("POST", "name=Ann&email=ann@example.com&message=hi")
	// Output:
	// <label for="message">Message</label> <textarea id="message" name="message" required></textarea>
	// <label for="email">Email</label> <input type="email" id="email" name="email" value="" required>
	// <label for="name">Your name</label> <input type="text" id="name" name="name" value="Anonymous" required>
	// <label for="message">Message</label> <textarea id="message" name="message" required>&lt;b&gt;hi&lt;/b&gt;</textarea>
	// <label for="email">Email</label> <input type="email" id="email" name="email" value="nope" required><ul class="errors"><li>Invalid email address.</li></ul>
	// <label for="name">Your name</label> <input type="text" id="name" name="name" value="Ann" required>
	// thanks, Ann
}

// signupForm checks its fields together: a message of the form as a whole.
type signupForm struct {
	fwk.Form
	Password string `input:"password"`
	Confirm  string `input:"password"`
}

func (f *signupForm) ValidateForm() {
	if f.Password != f.Confirm {
		f.AddError("", "The passwords do not match.")
	}
}

func ExampleForm_FormErrors() {
	app, _ := fwk.New(fwk.DefaultConfig(), tplApp{}.with(routes.Tree(
		routes.Func("/signup", func(ctx *fwk.Ctx) error {
			f := &signupForm{}
			if err := fwk.BindForm(ctx, f); err != nil {
				return err
			}
			f.Validate()
			fmt.Println(f.FormErrors())
			return ctx.Respond(200, string(f.HTML())) // the form's messages come first
		}, fwk.Methods("POST")),
	)))
	req := httptest.NewRequest("POST", "/signup", strings.NewReader("password=a&confirm=b"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	fmt.Print(rec.Body.String())
	// Output:
	// [The passwords do not match.]
	// <ul class="errors form-errors"><li>The passwords do not match.</li></ul>
	// <label for="password">Password</label> <input type="password" id="password" name="password" value="">
	// <label for="confirm">Confirm</label> <input type="password" id="confirm" name="confirm" value="">
}

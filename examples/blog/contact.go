package main

import (
	"net/http"
	"net/mail"
	"strings"
	"unicode/utf8"

	"github.com/fwkgo/fwk"
)

// ContactForm is the contact page's form.
type ContactForm struct {
	Name    string
	Email   string
	Message string
	errors  map[string][]string
}

// validate checks the form and records its errors per field.
func (f *ContactForm) validate() bool {
	f.errors = map[string][]string{}
	need := func(field, v string, max int) {
		switch n := utf8.RuneCountInString(strings.TrimSpace(v)); {
		case n == 0:
			f.errors[field] = append(f.errors[field], "This field is required.")
		case n > max:
			f.errors[field] = append(f.errors[field], "This field is too long.")
		}
	}
	need("name", f.Name, 100)
	need("email", f.Email, 200)
	need("message", f.Message, 5000)
	if _, err := mail.ParseAddress(f.Email); f.Email != "" && err != nil {
		f.errors["email"] = append(f.errors["email"], "Invalid email address.")
	}
	return len(f.errors) == 0
}

// Contact shows the contact form (GET /contact) and takes it (POST): an
// invalid form is shown again with its errors (422); a valid one is stored,
// flashed and redirected to "next" when it is safe, else to the home page.
func (c *SiteController) Contact(ctx *fwk.Ctx) error {
	f := &ContactForm{}
	r := ctx.Request()
	if r.Method == http.MethodPost {
		f.Name, f.Email, f.Message = r.PostFormValue("name"), r.PostFormValue("email"), r.PostFormValue("message")
		if f.validate() {
			m := &Message{Name: f.Name, Email: f.Email, Body: f.Message}
			if err := c.Store.CreateMessage(ctx.Context(), m); err != nil {
				return err
			}
			if err := ctx.Flash("Thanks, "+f.Name+": your message was sent.", "success"); err != nil {
				return err
			}
			return ctx.Redirect("Index")
		}
		w := ctx.Writer()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusUnprocessableEntity)
	}
	return render(ctx, "contact", fwk.M{"form": f, "errors": f.errors, "next": r.FormValue("next")})
}

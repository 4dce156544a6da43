package main

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// ContactForm is the contact page's form: fwk.Form embedded, one field per
// exported field, checked by its `validate` tags. With CSRF protection on,
// the form also renders and checks the CSRF field.
type ContactForm struct {
	fwk.Form
	Name    string `validate:"required,max=100"`
	Email   string `validate:"required,email,max=200" input:"email"`
	Message string `validate:"required,max=5000" input:"textarea"`
	// Next is where to go once the message is sent: the "next" query
	// argument of the page, carried through the form.
	Next string `input:"hidden"`
}

// Contact shows the contact form (GET /contact) and takes it (POST): an
// invalid form is shown again with its errors next to the fields (422); a
// valid one is stored, flashed and redirected to "next" when it is a safe
// local URL, else to the home page.
func (c *SiteController) Contact(ctx *fwk.Ctx) error {
	f := &ContactForm{}
	next := fwk.FormData(fwk.M{"next": ctx.Request().URL.Query().Get("next")}) // WTForms' data: used when not submitted
	if err := fwk.BindForm(ctx, f, next); err != nil {
		return err
	}
	if f.ValidateOnSubmit() {
		m := &Message{Name: f.Name, Email: f.Email, Body: f.Message}
		if err := c.Store.CreateMessage(ctx.Context(), m); err != nil {
			return err
		}
		if err := ctx.Flash("Thanks, "+f.Name+": your message was sent.", "success"); err != nil {
			return err
		}
		return ctx.Redirect("Index")
	}
	status := http.StatusOK
	if f.IsSubmitted() {
		status = http.StatusUnprocessableEntity // shown again with its errors
	}
	return renderStatus(ctx, status, "contact", fwk.M{"form": f})
}

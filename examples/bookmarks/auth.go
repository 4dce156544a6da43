package main

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// AuthController logs users in and out. Its templates are in
// templates/auth/.
type AuthController struct {
	fwk.Controller
	Store *Store `fwk:"inject"`
}

// Meta routes Login on GET and POST, Logout on POST only (a POST needs the
// CSRF token: no other site can log the user out).
func (c *AuthController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Login, "/login", fwk.Methods(http.MethodGet, http.MethodPost)),
		fwk.View(c.Logout, "/logout", fwk.Methods(http.MethodPost)),
	}}
}

// LoginForm is the login page's form.
type LoginForm struct {
	fwk.Form
	Name     string `label:"User name" validate:"required"`
	Password string `input:"password" validate:"required"`
}

// Login shows the login form and checks it. On success the session gets
// a new identity (against session fixation) and the user's name.
func (c *AuthController) Login(ctx *fwk.Ctx) error {
	f := &LoginForm{}
	if err := fwk.BindForm(ctx, f); err != nil {
		return err
	}
	wrong := false
	if f.ValidateOnSubmit() {
		if c.Store.CheckPassword(f.Name, f.Password) {
			s := ctx.Session()
			s.Renew()
			s.Set(sessionUser, f.Name)
			return ctx.Redirect("BookmarksController.Index", fwk.RedirectStatus(http.StatusSeeOther))
		}
		wrong = true
	}
	return ctx.Render("login", "form", f, "wrong", wrong)
}

// Logout forgets the user.
func (c *AuthController) Logout(ctx *fwk.Ctx) error {
	ctx.Session().Clear()
	if err := ctx.Flash("You are logged out.", "info"); err != nil {
		return err
	}
	return ctx.Redirect("Login", fwk.RedirectStatus(http.StatusSeeOther))
}

// sessionUser is the session key of the logged-in user's name.
const sessionUser = "user"

// currentUser returns the name of the logged-in user, "" for none.
func currentUser(ctx *fwk.Ctx) string {
	name, _ := fwk.SessionValue[string](ctx.Session(), sessionUser)
	return name
}

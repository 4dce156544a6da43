package main

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// BookmarksController serves the home page: the user's bookmarks and the
// form that adds one. Its templates are in templates/bookmarks/.
type BookmarksController struct {
	fwk.Controller
	Store *Store `fwk:"inject"`
}

// Meta routes Index at / for GET (the page) and POST (its form).
func (c *BookmarksController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/", fwk.Methods(http.MethodGet, http.MethodPost)),
	}}
}

// BookmarkForm adds a bookmark. With CSRF protection on, it also renders
// and checks the hidden CSRF token.
type BookmarkForm struct {
	fwk.Form
	URL   string `form:"url" label:"URL" validate:"required,http_url"`
	Title string `validate:"required,max=200"`
}

// Index shows the bookmarks and the form; a valid form adds a bookmark,
// flashes "Bookmark added." and redirects back (so that reloading the page
// does not post again); an invalid one is shown again with its errors.
func (c *BookmarksController) Index(ctx *fwk.Ctx) error {
	user := currentUser(ctx)
	if user == "" {
		return ctx.Redirect("AuthController.Login")
	}
	f := &BookmarkForm{}
	if err := fwk.BindForm(ctx, f); err != nil {
		return err
	}
	if f.ValidateOnSubmit() {
		c.Store.Add(user, Bookmark{URL: f.URL, Title: f.Title})
		if err := ctx.Flash("Bookmark added.", "success"); err != nil {
			return err
		}
		return ctx.Redirect("Index", fwk.RedirectStatus(http.StatusSeeOther))
	}
	return ctx.Render("index", "user", user, "form", f, "bookmarks", c.Store.List(user))
}

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

// BookmarkResource is the JSON API of the logged-in user's bookmarks:
// GET and POST /api/bookmarks. It uses the session cookie of the pages, so
// a POST needs a CSRF token too (the X-CSRFToken header).
type BookmarkResource struct {
	fwk.Resource
	Store *Store `fwk:"inject"`
}

// List answers GET /api/bookmarks: {"bookmarks": [...]}.
func (r *BookmarkResource) List(ctx *fwk.Ctx) error {
	user := currentUser(ctx)
	if user == "" {
		return fwk.Abort(http.StatusUnauthorized)
	}
	return ctx.JSON(fwk.M{"bookmarks": r.Store.List(user)})
}

// NewBookmark is the body of POST /api/bookmarks.
type NewBookmark struct {
	URL   string `json:"url" validate:"required,http_url"`
	Title string `json:"title" validate:"required,max=200"`
}

// Create answers POST /api/bookmarks with the new bookmark (201).
func (r *BookmarkResource) Create(ctx *fwk.Ctx, in fwk.Body[NewBookmark]) error {
	user := currentUser(ctx)
	if user == "" {
		return fwk.Abort(http.StatusUnauthorized)
	}
	b := r.Store.Add(user, Bookmark{URL: in.Value.URL, Title: in.Value.Title})
	return ctx.JSON(fwk.M{"bookmark": b}, http.StatusCreated)
}

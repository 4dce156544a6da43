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

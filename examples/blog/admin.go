package main

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// AdminController is the login-protected area, under /admin: every view
// is wrapped by requireLogin (Meta.Decorators). Its templates are in
// templates/admin/.
type AdminController struct {
	fwk.Controller
	Store *Store `fwk:"inject"`
}

// Meta puts the controller under /admin behind the login check.
func (c *AdminController) Meta() fwk.Meta {
	return fwk.Meta{
		URLPrefix:  "/admin",
		Decorators: []func(http.Handler) http.Handler{requireLogin},
		Views:      []fwk.ViewSpec{fwk.View(c.Index, "/")},
	}
}

// Index shows every post, drafts included, and the latest contact
// messages: GET /admin/.
func (c *AdminController) Index(ctx *fwk.Ctx) error {
	posts, err := c.Store.Posts(ctx.Context(), false, 100)
	if err != nil {
		return err
	}
	messages, err := c.Store.Messages(ctx.Context())
	if err != nil {
		return err
	}
	return render(ctx, "index", fwk.M{"posts": posts, "messages": messages})
}

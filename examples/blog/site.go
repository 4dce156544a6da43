package main

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// SiteController serves the public pages. Its templates are in
// templates/site/ (the controller name, "site").
type SiteController struct {
	fwk.Controller
	Store *Store `fwk:"inject"`
}

// Meta puts Index at "/", a post page under /posts/ and the contact form
// on GET and POST; AboutUs keeps its derived rule, /about-us.
func (c *SiteController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/"),
		fwk.View(c.Post, "/posts/<int:id>"),
		fwk.View(c.Contact, "/contact", fwk.Methods(http.MethodGet, http.MethodPost)),
	}}
}

// Index lists the published posts: GET /.
func (c *SiteController) Index(ctx *fwk.Ctx) error {
	posts, err := c.Store.Posts(ctx.Context(), true, 20)
	if err != nil {
		return err
	}
	return render(ctx, "index", fwk.M{"posts": posts})
}

// AboutUs is routed by its name: GET /about-us.
func (c *SiteController) AboutUs(ctx *fwk.Ctx) error {
	return render(ctx, "about_us", nil)
}

// Post shows one post with its comments: GET /posts/<int:id>. The post is
// loaded by the model loader (a missing one is a 404 before this runs);
// a draft is shown to logged-in users only, a 404 to others.
func (c *SiteController) Post(ctx *fwk.Ctx, p *Post) error {
	if !p.Published && userName(ctx) == "" {
		return fwk.Abort(http.StatusNotFound)
	}
	comments, err := c.Store.Comments(ctx.Context(), p.ID)
	if err != nil {
		return err
	}
	return render(ctx, "post", fwk.M{"post": p, "comments": comments})
}

package main

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"strings"

	"github.com/fwkgo/fwk"
)

// PostInput is the body of POST /api/posts and PUT /api/posts/<id>: the
// whole post.
type PostInput struct {
	Title     string `json:"title" validate:"required,max=200"`
	Body      string `json:"body" validate:"required,max=20000"`
	Published bool   `json:"published"`
}

// PostPatch is the body of PATCH /api/posts/<id>: the fields to change.
type PostPatch struct {
	Title     *string `json:"title" validate:"omitnil,min=1,max=200"`
	Body      *string `json:"body" validate:"omitnil,min=1,max=20000"`
	Published *bool   `json:"published"`
}

// PostResource is the JSON API of posts, under /api/posts. Reads of
// published posts are public, drafts are read with the API token
// (Authorization: Bearer <token>), as are all writes. The
// writes check the token first, then read the body with ctx.Bind, so that
// a client without the token learns nothing about what the body should
// be (a fwk.Body parameter would be decoded before the view runs).
type PostResource struct {
	fwk.Resource
	Store *Store `fwk:"inject"`
	Keys  *Keys  `fwk:"inject"`
}

// Meta declares Publish as a member action: POST /api/posts/<int:id>/publish.
// The API is authenticated by a header, not a cookie, so it is exempt from
// CSRF protection; for the same reason it may take forms (curl -d): a
// cross-site form cannot send the header.
func (r *PostResource) Meta() fwk.Meta {
	return fwk.Meta{CSRFExempt: true, AcceptForms: true, Views: []fwk.ViewSpec{
		fwk.View(r.Publish, "/publish", fwk.IsMember(), fwk.Methods(http.MethodPost)),
	}}
}

// ListQuery is the query string of GET /api/posts, filled by fwk from its
// `query` tags (a value that is not a number is a 400 naming it).
type ListQuery struct {
	Limit int `query:"limit" default:"20"`
}

// List answers GET /api/posts?limit=N: {"posts": [...]}, newest first;
// drafts only with the API token.
func (r *PostResource) List(ctx *fwk.Ctx, q ListQuery) error {
	if q.Limit < 1 || q.Limit > 100 {
		return fwk.Abort(http.StatusBadRequest, "limit must be between 1 and 100")
	}
	posts, err := r.Store.Posts(ctx.Context(), !r.Keys.authorized(ctx), q.Limit)
	if err != nil {
		return err
	}
	return ctx.JSON(fwk.M{"posts": posts})
}

// Create answers POST /api/posts with the new post (201, Location).
func (r *PostResource) Create(ctx *fwk.Ctx) error {
	if err := r.Keys.authorize(ctx); err != nil {
		return err
	}
	var in PostInput
	if err := ctx.Bind(&in); err != nil {
		return err
	}
	p := &Post{Title: in.Title, Body: in.Body, Published: in.Published}
	if err := r.Store.CreatePost(ctx.Context(), p); err != nil {
		return err
	}
	loc, err := ctx.URLFor("PostResource.Get", "id", p.ID)
	if err != nil {
		return err
	}
	ctx.Writer().Header().Set("Location", loc)
	return ctx.JSON(fwk.M{"post": p}, http.StatusCreated)
}

// Get answers GET /api/posts/<int:id>; the post is loaded by the model
// loader (404 when missing). A draft is a 404 without the API token, as on
// the site.
func (r *PostResource) Get(ctx *fwk.Ctx, p *Post) error {
	if err := r.Keys.visible(ctx, p); err != nil {
		return err
	}
	return ctx.JSON(fwk.M{"post": p})
}

// Patch answers PATCH /api/posts/<int:id>: changes the fields given.
func (r *PostResource) Patch(ctx *fwk.Ctx, p *Post) error {
	if err := r.Keys.authorize(ctx); err != nil {
		return err
	}
	var in PostPatch
	if err := ctx.Bind(&in); err != nil {
		return err
	}
	if in.Title != nil {
		p.Title = *in.Title
	}
	if in.Body != nil {
		p.Body = *in.Body
	}
	if in.Published != nil {
		p.Published = *in.Published
	}
	return r.save(ctx, p)
}

// Put answers PUT /api/posts/<int:id>: replaces the post.
func (r *PostResource) Put(ctx *fwk.Ctx, p *Post) error {
	if err := r.Keys.authorize(ctx); err != nil {
		return err
	}
	var in PostInput
	if err := ctx.Bind(&in); err != nil {
		return err
	}
	p.Title, p.Body, p.Published = in.Title, in.Body, in.Published
	return r.save(ctx, p)
}

// Delete answers DELETE /api/posts/<int:id> with 204.
func (r *PostResource) Delete(ctx *fwk.Ctx, p *Post) error {
	if err := r.Keys.authorize(ctx); err != nil {
		return err
	}
	if err := r.Store.DeletePost(ctx.Context(), p.ID); err != nil {
		return notFound(err)
	}
	return ctx.NoContent()
}

// Publish answers POST /api/posts/<int:id>/publish: the member action that
// makes a post visible on the site.
func (r *PostResource) Publish(ctx *fwk.Ctx, p *Post) error {
	if err := r.Keys.authorize(ctx); err != nil {
		return err
	}
	p.Published = true
	return r.save(ctx, p)
}

// save stores p and answers it.
func (r *PostResource) save(ctx *fwk.Ctx, p *Post) error {
	if err := r.Store.UpdatePost(ctx.Context(), p); err != nil {
		return notFound(err)
	}
	return ctx.JSON(fwk.M{"post": p})
}

// notFound turns the store's ErrNotFound (a row deleted meanwhile) into a
// 404.
func notFound(err error) error {
	if errors.Is(err, ErrNotFound) {
		return fwk.Abort(http.StatusNotFound)
	}
	return err
}

// authorized reports whether the request carries the API token.
func (k *Keys) authorized(ctx *fwk.Ctx) bool {
	auth := ctx.Request().Header.Get("Authorization")
	token, ok := strings.CutPrefix(auth, "Bearer ")
	return ok && k.APIToken != "" && subtle.ConstantTimeCompare([]byte(token), []byte(k.APIToken)) == 1
}

// visible is a 404 for a draft read without the API token: to anonymous
// readers a draft does not exist.
func (k *Keys) visible(ctx *fwk.Ctx, p *Post) error {
	if p.Published || k.authorized(ctx) {
		return nil
	}
	return fwk.Abort(http.StatusNotFound)
}

// authorize checks the API token of a write request: 401 with a
// WWW-Authenticate challenge when it is missing or wrong.
func (k *Keys) authorize(ctx *fwk.Ctx) error {
	if k.authorized(ctx) {
		return nil
	}
	ctx.Writer().Header().Set("WWW-Authenticate", `Bearer realm="blog API"`)
	return fwk.Abort(http.StatusUnauthorized, "A valid API token is required: Authorization: Bearer <token>.")
}

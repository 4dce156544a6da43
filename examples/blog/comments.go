package main

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// CommentInput is the body of POST /api/posts/<post_id>/comments.
type CommentInput struct {
	Author string `json:"author" validate:"required,max=100"`
	Body   string `json:"body" validate:"required,max=5000"`
}

// CommentResource is the comments subresource of a post:
// /api/posts/<int:post_id>/comments. Its views take the parent post as a
// *Post (loaded by the model loader: 404 when missing). Anyone may comment
// on a published post; a draft's comments are a 404 without the API token,
// and nobody comments on a draft. Deleting a comment needs the API token.
type CommentResource struct {
	fwk.Resource
	Store *Store `fwk:"inject"`
	Keys  *Keys  `fwk:"inject"`
}

// Meta exempts the JSON API from CSRF protection: it uses no cookie (writes
// that need rights carry the API token in a header).
func (r *CommentResource) Meta() fwk.Meta { return fwk.Meta{CSRFExempt: true} }

// List answers GET /api/posts/<int:post_id>/comments.
func (r *CommentResource) List(ctx *fwk.Ctx, p *Post) ([]*Comment, error) {
	if err := r.Keys.visible(ctx.Request(), p); err != nil {
		return nil, err
	}
	return r.Store.Comments(ctx.Context(), p.ID)
}

// Create answers POST /api/posts/<int:post_id>/comments (201); a draft
// takes no comments (404). The body is
// a typed parameter: fwk decodes and validates it before the view runs
// (400, 413, 415, or 422 with the errors per field).
func (r *CommentResource) Create(ctx *fwk.Ctx, p *Post, in fwk.Body[CommentInput]) (*Comment, error) {
	if !p.Published {
		return nil, fwk.Abort(http.StatusNotFound)
	}
	c := &Comment{PostID: p.ID, Author: in.Value.Author, Body: in.Value.Body}
	if err := r.Store.CreateComment(ctx.Context(), c); err != nil {
		return nil, err
	}
	return c, nil
}

// Get answers GET /api/posts/<int:post_id>/comments/<int:id>.
func (r *CommentResource) Get(ctx *fwk.Ctx, p *Post, id int64) (*Comment, error) {
	if err := r.Keys.visible(ctx.Request(), p); err != nil {
		return nil, err
	}
	c, err := r.Store.Comment(ctx.Context(), p.ID, id)
	if err != nil {
		return nil, notFound(err)
	}
	return c, nil
}

// Delete answers DELETE /api/posts/<int:post_id>/comments/<int:id> (204).
func (r *CommentResource) Delete(ctx *fwk.Ctx, p *Post, id int64) error {
	if err := r.Keys.authorize(ctx.Writer(), ctx.Request()); err != nil {
		return err
	}
	if err := r.Store.DeleteComment(ctx.Context(), p.ID, id); err != nil {
		return notFound(err)
	}
	return ctx.NoContent()
}

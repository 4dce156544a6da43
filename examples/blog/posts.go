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
// (Authorization: Bearer <token>), as are all writes: the token of a write
// is checked by a decorator before the view's body is decoded, so that a
// client without the token gets its 401 whatever it sent. The bodies are
// typed parameters (fwk.Body), decoded and validated before the view runs
// (400, 413, 415, or 422 with the errors per field). The views return typed
// results: fwk answers them as JSON ({"posts": [...]} for List,
// {"post": {...}} for the others, 201 for Create) and documents them in the
// blog's OpenAPI document (/api/openapi.json).
type PostResource struct {
	fwk.Resource
	Store *Store `fwk:"inject"`
	Keys  *Keys  `fwk:"inject"`
}

// Meta declares Publish as a member action: POST /api/posts/<int:id>/publish,
// and the token check of every write. The API is authenticated by a
// header, not a cookie, so it is exempt from CSRF protection; for the same
// reason it may take forms (curl -d): a cross-site form cannot send the
// header.
func (r *PostResource) Meta() fwk.Meta {
	return fwk.Meta{
		CSRFExempt:  true,
		AcceptForms: true,
		Decorators:  []func(http.Handler) http.Handler{writesNeedToken(func() *Keys { return r.Keys })},
		Views: []fwk.ViewSpec{
			fwk.View(r.Publish, "/publish", fwk.IsMember(), fwk.Methods(http.MethodPost),
				fwk.Summary("Publish a post"), fwk.Description("Makes a draft visible to anonymous readers; publishing twice is harmless.")),
		},
	}
}

// ListQuery is the query string of GET /api/posts, filled by fwk from its
// `query` tags (a value that is not a number is a 400 naming it).
type ListQuery struct {
	Limit int `query:"limit" default:"20"`
}

// PostPayload is the answer of the member action Publish: {"post": {...}},
// the shape of the resource's other answers.
type PostPayload struct {
	Post *Post `json:"post"`
}

// List answers GET /api/posts?limit=N: {"posts": [...]}, newest first;
// drafts only with the API token.
func (r *PostResource) List(ctx *fwk.Ctx, q ListQuery) ([]*Post, error) {
	if q.Limit < 1 || q.Limit > 100 {
		return nil, fwk.Abort(http.StatusBadRequest, "limit must be between 1 and 100")
	}
	return r.Store.Posts(ctx.Context(), !r.Keys.authorized(ctx.Request()), q.Limit)
}

// Create answers POST /api/posts with the new post (201, Location).
func (r *PostResource) Create(ctx *fwk.Ctx, in fwk.Body[PostInput]) (*Post, error) {
	p := &Post{Title: in.Value.Title, Body: in.Value.Body, Published: in.Value.Published}
	if err := r.Store.CreatePost(ctx.Context(), p); err != nil {
		return nil, err
	}
	loc, err := ctx.URLFor("PostResource.Get", "id", p.ID)
	if err != nil {
		return nil, err
	}
	ctx.Writer().Header().Set("Location", loc)
	return p, nil
}

// Get answers GET /api/posts/<int:id>; the post is loaded by the model
// loader (404 when missing). A draft is a 404 without the API token, as on
// the site.
func (r *PostResource) Get(ctx *fwk.Ctx, p *Post) (*Post, error) {
	if err := r.Keys.visible(ctx.Request(), p); err != nil {
		return nil, err
	}
	return p, nil
}

// Patch answers PATCH /api/posts/<int:id>: changes the fields given.
func (r *PostResource) Patch(ctx *fwk.Ctx, p *Post, in fwk.Body[PostPatch]) (*Post, error) {
	if in.Value.Title != nil {
		p.Title = *in.Value.Title
	}
	if in.Value.Body != nil {
		p.Body = *in.Value.Body
	}
	if in.Value.Published != nil {
		p.Published = *in.Value.Published
	}
	return r.save(ctx, p)
}

// Put answers PUT /api/posts/<int:id>: replaces the post.
func (r *PostResource) Put(ctx *fwk.Ctx, p *Post, in fwk.Body[PostInput]) (*Post, error) {
	p.Title, p.Body, p.Published = in.Value.Title, in.Value.Body, in.Value.Published
	return r.save(ctx, p)
}

// Delete answers DELETE /api/posts/<int:id> with 204.
func (r *PostResource) Delete(ctx *fwk.Ctx, p *Post) error {
	if err := r.Store.DeletePost(ctx.Context(), p.ID); err != nil {
		return notFound(err)
	}
	return ctx.NoContent()
}

// Publish answers POST /api/posts/<int:id>/publish: the member action that
// makes a post visible on the site.
func (r *PostResource) Publish(ctx *fwk.Ctx, p *Post) (PostPayload, error) {
	p.Published = true
	p, err := r.save(ctx, p)
	return PostPayload{Post: p}, err
}

// save stores p and returns it.
func (r *PostResource) save(ctx *fwk.Ctx, p *Post) (*Post, error) {
	if err := r.Store.UpdatePost(ctx.Context(), p); err != nil {
		return nil, notFound(err)
	}
	return p, nil
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
func (k *Keys) authorized(r *http.Request) bool {
	auth := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(auth, "Bearer ")
	return ok && k.APIToken != "" && subtle.ConstantTimeCompare([]byte(token), []byte(k.APIToken)) == 1
}

// visible is a 404 for a draft read without the API token: to anonymous
// readers a draft does not exist.
func (k *Keys) visible(r *http.Request, p *Post) error {
	if p.Published || k.authorized(r) {
		return nil
	}
	return fwk.Abort(http.StatusNotFound)
}

// authorize checks the API token of a write request: 401 with a
// WWW-Authenticate challenge when it is missing or wrong.
func (k *Keys) authorize(w http.ResponseWriter, r *http.Request) error {
	if k.authorized(r) {
		return nil
	}
	w.Header().Set("WWW-Authenticate", `Bearer realm="blog API"`)
	return fwk.Abort(http.StatusUnauthorized, "A valid API token is required: Authorization: Bearer <token>.")
}

// writesNeedToken is a decorator refusing a request that writes (any
// method but GET, HEAD and OPTIONS) without the API token of keys(), with
// the app's error page, before the view decodes its body.
func writesNeedToken(keys func() *Keys) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
			default:
				if err := keys().authorize(w, r); err != nil {
					fwk.WriteError(w, r, err)
					return
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

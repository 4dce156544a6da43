package main

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapi"
)

// PostInput is the body of POST /api/posts and PUT /api/posts/<id>: the
// fields of a post a client writes (the id and the times are the store's).
type PostInput struct {
	Title     string `json:"title" validate:"required,max=200"`
	Body      string `json:"body" validate:"required,max=20000"`
	Published bool   `json:"published"`
}

// PostResource is the JSON API of posts, under /api/posts: a model
// resource over the posts table (fwk.ModelResource), whose store is the
// SQL store of GORM (gormstore) behind the blog's rule that drafts exist
// only for the API token (visiblePosts). Reads of published posts are
// public, drafts are read with the API token (Authorization: Bearer
// <token>), as are all writes: the token of a write is checked by a
// decorator before the body is decoded, so that a client without the
// token gets its 401 whatever it sent.
//
// The model resource answers GET /api/posts (paged: ?limit, ?cursor,
// ?sort=-created_at, ?published=true; the next page in the body and in a
// Link header), POST (201, Location), GET, PATCH (JSON Merge Patch), PUT
// and DELETE of /api/posts/<int:id>, with ETags: If-None-Match gives 304,
// and a PATCH, PUT or DELETE with a stale If-Match is a 412, so two
// clients editing one post cannot overwrite each other. All of it is in
// the blog's OpenAPI document (/api/openapi.json).
type PostResource struct {
	fwk.ModelResource[Post]
	Keys *Keys `fwk:"inject"`
}

// Meta declares Publish as a member action: POST /api/posts/<int:id>/publish,
// the token check of every write, and the lists' options. The API is
// authenticated by a header, not a cookie, so it is exempt from CSRF
// protection; for the same reason it may take forms (curl -d): a
// cross-site form cannot send the header.
func (r *PostResource) Meta() fwk.Meta {
	return fwk.Meta{
		CSRFExempt:  true,
		AcceptForms: true,
		Decorators:  []func(http.Handler) http.Handler{apiToken(func() *Keys { return r.Keys }, true)},
		Security:    []fwk.Auth{apiTokenAuth(http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete)},
		Description: "The posts of the blog: published ones are public, drafts and writes need the API token.",
		Views: []fwk.ViewSpec{
			fwk.View(r.Publish, "/publish", fwk.IsMember(), fwk.Methods(http.MethodPost),
				fwk.Summary("Publish a post"), fwk.Description("Makes a draft visible to anonymous readers; publishing twice is harmless.")),
		},
		Model: &fwk.ModelMeta{
			CreateInput: PostInput{}, UpdateInput: PostInput{},
			Filters: []string{"published"}, Sort: []string{"created_at", "updated_at", "title"},
			DefaultSort: "-created_at", Limit: 20, MaxLimit: 100,
		},
	}
}

// PostPayload is the answer of the member action Publish: {"post": {...}},
// the shape of the resource's other answers.
type PostPayload struct {
	Post *Post `json:"post"`
}

// publishTries bounds the rounds of Publish that lose a race with another
// write of the post.
const publishTries = 8

// Publish answers POST /api/posts/<int:id>/publish: the member action that
// makes a post visible on the site. It writes on the condition of the
// version it read, as the resource's own writes do, and reads again when
// another write came first.
func (r *PostResource) Publish(ctx *fwk.Ctx, id int64) (PostPayload, error) {
	key := fwk.Key{ID: id}
	for try := 1; ; try++ {
		p, version, err := r.Store.Get(ctx.Context(), key)
		if err != nil {
			return PostPayload{}, storeError(err)
		}
		p.Published = true
		_, err = r.Store.Update(ctx.Context(), key, p, version)
		if errors.Is(err, fwk.ErrPreconditionFailed) && try < publishTries {
			continue
		}
		if err != nil {
			return PostPayload{}, storeError(err)
		}
		return PostPayload{Post: p}, nil
	}
}

// storeError is the answer of a view for an error of a model store: 404,
// 503 (nothing internal shown) or the error itself (500).
func storeError(err error) error {
	switch {
	case errors.Is(err, fwk.ErrNotFound):
		return fwk.Abort(http.StatusNotFound)
	case errors.Is(err, fwk.ErrUnavailable):
		return fwk.Abort(http.StatusServiceUnavailable)
	}
	return err
}

// authorized reports whether the request carries the API token.
func (k *Keys) authorized(r *http.Request) bool {
	auth := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(auth, "Bearer ")
	return ok && k.APIToken != "" && subtle.ConstantTimeCompare([]byte(token), []byte(k.APIToken)) == 1
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

// apiTokenAuth documents, in the OpenAPI document, that the operations of
// methods need the API token (which apiToken checks).
func apiTokenAuth(methods ...string) fwk.Auth {
	return fwk.Auth{Name: "apiToken", Methods: methods, Scheme: openapi.SecurityScheme{
		Type: "http", Scheme: "bearer", Description: "The blog's API token (BLOG_API_TOKEN), as Authorization: Bearer <token>.",
	}}
}

// apiToken is the decorator of the API's views: it notes in the request's
// context whether the request carries the API token of keys() (the stores
// of visiblePosts read it), and with writes, it refuses a request that
// writes (any method but GET, HEAD and OPTIONS) without the token, with the
// app's error page, before the view decodes its body.
func apiToken(keys func() *Keys, writes bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			k := keys()
			ok := k.authorized(r)
			switch r.Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
			default:
				if writes && !ok {
					fwk.WriteError(w, r, k.authorize(w, r))
					return
				}
			}
			next.ServeHTTP(w, r.WithContext(withToken(r.Context(), ok)))
		})
	}
}

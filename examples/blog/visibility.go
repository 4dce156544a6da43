package main

// The blog's rules of who sees what, as stores wrapping the SQL ones of the
// model resources: a draft exists only for a request carrying the API
// token (noted in its context by the apiToken decorator), and so do its
// comments; nobody comments on a draft.

import (
	"context"
	"fmt"
	"slices"

	"github.com/fwkgo/fwk"
)

// tokenKey is the context key of whether a request carries the API token.
type tokenKey struct{}

// withToken returns ctx noting whether its request carries the API token.
func withToken(ctx context.Context, ok bool) context.Context {
	return context.WithValue(ctx, tokenKey{}, ok)
}

// hasToken reports whether the request of ctx carries the API token.
func hasToken(ctx context.Context) bool {
	ok, _ := ctx.Value(tokenKey{}).(bool)
	return ok
}

// visiblePosts is the store of the API's posts: without the token, a draft
// is not found and lists hold published posts only.
type visiblePosts struct{ fwk.Store[Post] }

// Get returns the post key names, unless it is a draft the request may not
// see.
func (s visiblePosts) Get(ctx context.Context, key fwk.Key) (*Post, string, error) {
	p, version, err := s.Store.Get(ctx, key)
	if err == nil && !p.Published && !hasToken(ctx) {
		return nil, "", fmt.Errorf("post %v is a draft: %w", key.ID, fwk.ErrNotFound)
	}
	return p, version, err
}

// List returns a page of the posts q selects that the request may see.
func (s visiblePosts) List(ctx context.Context, q fwk.Query) (fwk.Page[Post], error) {
	if !hasToken(ctx) {
		q.Filters = append(slices.Clip(q.Filters), fwk.Filter{Field: "Published", Values: []any{true}})
	}
	return s.Store.List(ctx, q)
}

// visibleComments is the store of the API's comments: the comments of a
// post the request may not see are not found, and a comment on a draft is
// not created.
type visibleComments struct {
	fwk.Store[Comment]
	posts fwk.Store[Post] // a visiblePosts
}

// post returns the post of a comment scope, if the request may see it.
func (s visibleComments) post(ctx context.Context, scope []fwk.Filter) (*Post, error) {
	for _, f := range scope {
		if f.Field == "PostID" && len(f.Values) == 1 {
			p, _, err := s.posts.Get(ctx, fwk.Key{ID: f.Values[0]})
			return p, err
		}
	}
	return nil, fmt.Errorf("blog: comments out of the scope of a post: %w", fwk.ErrNotFound)
}

// Get returns the comment key names, if its post is visible.
func (s visibleComments) Get(ctx context.Context, key fwk.Key) (*Comment, string, error) {
	if _, err := s.post(ctx, key.Scope); err != nil {
		return nil, "", err
	}
	return s.Store.Get(ctx, key)
}

// List returns a page of the comments of a visible post.
func (s visibleComments) List(ctx context.Context, q fwk.Query) (fwk.Page[Comment], error) {
	if _, err := s.post(ctx, q.Scope); err != nil {
		return fwk.Page[Comment]{}, err
	}
	return s.Store.List(ctx, q)
}

// Create stores a comment on a published post; on a draft, or a post that
// is not there, it is fwk.ErrNotFound.
func (s visibleComments) Create(ctx context.Context, c *Comment) (string, error) {
	p, _, err := s.posts.Get(ctx, fwk.Key{ID: c.PostID})
	if err != nil {
		return "", err
	}
	if !p.Published {
		return "", fmt.Errorf("post %d is a draft: %w", p.ID, fwk.ErrNotFound)
	}
	return s.Store.Create(ctx, c)
}

package main

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// BookmarkResource is the JSON API of the logged-in user's bookmarks:
// GET and POST /api/bookmarks. It uses the session cookie of the pages, so
// a POST needs a CSRF token too (the X-CSRFToken header).
type BookmarkResource struct {
	fwk.Resource
	Store *Store `fwk:"inject"`
}

// List answers GET /api/bookmarks: {"bookmarks": [...]}, the typed
// result under the resource's plural name.
func (r *BookmarkResource) List(ctx *fwk.Ctx) ([]Bookmark, error) {
	user := currentUser(ctx)
	if user == "" {
		return nil, fwk.Abort(http.StatusUnauthorized)
	}
	return r.Store.List(user), nil
}

// NewBookmark is the body of POST /api/bookmarks.
type NewBookmark struct {
	URL   string `json:"url" validate:"required,http_url"`
	Title string `json:"title" validate:"required,max=200"`
}

// Create answers POST /api/bookmarks with the new bookmark: 201
// {"bookmark": {...}}.
func (r *BookmarkResource) Create(ctx *fwk.Ctx, in fwk.Body[NewBookmark]) (Bookmark, error) {
	user := currentUser(ctx)
	if user == "" {
		return Bookmark{}, fwk.Abort(http.StatusUnauthorized)
	}
	return r.Store.Add(user, Bookmark{URL: in.Value.URL, Title: in.Value.Title}), nil
}

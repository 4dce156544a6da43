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
// /api/posts/<int:post_id>/comments, a model resource over the comments
// table scoped by the post's id (a comment of another post is a 404). Its
// store (visibleComments) keeps the blog's rules: anyone may comment on a
// published post; a draft's comments are a 404 without the API token, and
// nobody comments on a draft. Deleting a comment needs the API token.
// Comments are not edited: the resource routes list, create, get and
// delete.
type CommentResource struct {
	fwk.ModelResource[Comment]
	Keys *Keys `fwk:"inject"`
}

// Meta exempts the JSON API from CSRF protection (it uses no cookie; the
// writes that need rights carry the API token in a header, checked before
// the view), and takes JSON only: a page on another site can post a form
// with no preflight.
func (r *CommentResource) Meta() fwk.Meta {
	keys := func() *Keys { return r.Keys }
	return fwk.Meta{
		CSRFExempt:  true,
		Description: "The comments of a post: anyone may comment on a published post; deleting one needs the API token.",
		Security:    []fwk.Auth{apiTokenAuth(http.MethodDelete)},
		Decorators:  []func(http.Handler) http.Handler{apiToken(keys, false)},
		Model: &fwk.ModelMeta{
			IncludeMethods:   []string{"list", "create", "get", "delete"},
			MethodDecorators: map[string][]func(http.Handler) http.Handler{"delete": {apiToken(keys, true)}},
			CreateInput:      CommentInput{},
			Sort:             []string{"created_at"},
		},
	}
}

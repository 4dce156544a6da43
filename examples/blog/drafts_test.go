package main

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
)

// TestDraftsHidden: a draft is not there for anonymous readers, through
// the API as on the site; it takes no comments; a logged-in user reaches
// it from the admin page, which links every post to its page.
func TestDraftsHidden(t *testing.T) {
	app := newBlogApp(t)
	api := &apiClient{t: t, c: app.client(t)}
	loc := api.do("POST", "/api/posts", `{"title": "Secret plan", "body": "Not yet"}`).want(t, "create a draft", 201).Header.Get("Location")
	anon := []string{"Authorization", ""}

	list := api.do("GET", "/api/posts", "", anon...).want(t, "anonymous list", 200)
	if strings.Contains(list.Raw, "Secret plan") {
		t.Errorf("the anonymous list shows the draft: %s", list.Raw)
	}
	if list := api.do("GET", "/api/posts", "").want(t, "list with the token", 200); !strings.Contains(list.Raw, "Secret plan") {
		t.Errorf("the list with the token lacks the draft: %s", list.Raw)
	}
	api.do("GET", loc, "", anon...).wantError(t, "anonymous get of a draft", 404, "Not Found")
	api.do("GET", loc, "").want(t, "get of a draft with the token", 200)
	api.do("GET", loc+"/comments", "", anon...).wantError(t, "anonymous comments of a draft", 404, "Not Found")
	api.do("POST", loc+"/comments", `{"author": "ann", "body": "First!"}`, anon...).wantError(t, "comment on a draft", 404, "Not Found")
	api.do("POST", loc+"/comments", `{"author": "ann", "body": "First!"}`).wantError(t, "comment on a draft with the token", 404, "Not Found")

	c := app.client(t)
	page := strings.Replace(loc, "/api/posts/", "/posts/", 1)
	browser := fwktest.WithHeader("Accept", browserAccept)
	c.Get(page, browser).ExpectStatus(404).ExpectContains("<h1>Page not found</h1>")
	c.Get("/login").Form("/login").Submit(url.Values{"name": {testAdmin}, "password": {testPassword}}).ExpectStatus(302)
	c.Get("/admin", browser).ExpectStatus(200).ExpectContains(fmt.Sprintf(`<a href="%s">Secret plan</a> <em>(draft)</em>`, page))
	c.Get(page, browser).ExpectStatus(200).ExpectContains(`id="draft"`)

	api.do("POST", loc+"/publish", "").want(t, "publish", 200)
	api.do("GET", loc, "", anon...).want(t, "anonymous get once published", 200)
	api.do("POST", loc+"/comments", `{"author": "ann", "body": "First!"}`, anon...).want(t, "comment once published", 201)
}

// TestAPIMissesAndTypes: with no Accept header, as curl sends, a miss
// under /api is JSON, and a field of the wrong type is a 422 naming it.
func TestAPIMissesAndTypes(t *testing.T) {
	app := newBlogApp(t)
	api := &apiClient{t: t, c: app.client(t)}
	noAccept := []string{"Accept", ""}
	api.do("GET", "/api/posts/abc", "", noAccept...).wantError(t, "non-numeric id", 404, "Not Found")
	api.do("GET", "/api/posts/1/nope", "", noAccept...).wantError(t, "unknown sub-path", 404, "Not Found")
	api.do("DELETE", "/api/posts", "", noAccept...).wantError(t, "method not allowed", 405, "Method Not Allowed")
	r := api.do("POST", "/api/posts", `{"title": 5, "body": "B"}`, noAccept...)
	r.wantError(t, "title of the wrong type", 422, "Unprocessable Entity")
	if errs, _ := r.Body["errors"].(map[string]any); errs["title"] == nil {
		t.Errorf("no error for the title: %s", r.Raw)
	}
	res := app.client(t).Get("/api/posts/abc", fwktest.WithHeader("Accept", browserAccept)).ExpectStatus(404)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("a browser's miss under /api: Content-Type %q, want the HTML page", ct)
	}
}

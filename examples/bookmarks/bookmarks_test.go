package main

import (
	"net/url"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
)

func TestAddBookmark(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = "a-test-secret-key-of-32-bytes-or-more"
	app, err := NewApp(cfg, NewStore(map[string]string{"ann": "correct horse"}))
	if err != nil {
		t.Fatal(err)
	}
	c := fwktest.New(t, app)
	c.Get("/login").Form("login").Submit(url.Values{"name": {"ann"}, "password": {"correct horse"}}).ExpectRedirect("/")
	page := c.Get("/").Form("add").Submit(url.Values{"url": {"https://go.dev"}, "title": {"Go"}}).Follow()
	page.ExpectStatus(200).ExpectContains("Bookmark added.", `<a href="https://go.dev">Go</a>`)
	var api struct{ Bookmarks []Bookmark }
	c.Get("/api/bookmarks").ExpectStatus(200).JSON(&api)
	if len(api.Bookmarks) != 1 || api.Bookmarks[0].URL != "https://go.dev" {
		t.Errorf("GET /api/bookmarks = %+v, want the bookmark added", api.Bookmarks)
	}
}

package main

import (
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
)

// TestPages checks the public pages, the theme's static files and the
// HTML errors, through HTTP.
func TestPages(t *testing.T) {
	c := newBlogApp(t).client(t)
	token := fwktest.WithHeader("Authorization", "Bearer "+testAPIToken)
	draft := c.PostJSON("/api/posts", fwk.M{"title": "Draft <b>", "body": "d"}, token).ExpectStatus(201).Header.Get("Location")
	pub := c.PostJSON("/api/posts", fwk.M{"title": "Out <now>", "body": "p", "published": true}, token).ExpectStatus(201).Header.Get("Location")
	pubPage := strings.Replace(pub, "/api", "", 1)
	draftPage := strings.Replace(draft, "/api", "", 1)

	tests := []struct {
		path   string
		status int
		ctype  string
		want   []string // in the body
		not    []string // never in the body
	}{
		{"/", 200, "text/html", []string{`<a href="` + pubPage + `">Out &lt;now&gt;</a>`, `href="/theme/static/style.css"`}, []string{"Draft"}},
		{"/about-us", 200, "text/html", []string{"<h1>About us</h1>", `href="/contact?next=/about-us"`,
			// the app's layouts/base.html extends the theme's: its footer, the theme's stylesheet
			`<footer>The fwk example blog · <a href="/about-us">about</a>`, `href="/theme/static/style.css"`}, []string{"Served by fwk."}},
		{"/contact", 200, "text/html", []string{`<form class="stacked" method="post" action="/contact"`}, nil},
		{pubPage, 200, "text/html", []string{"<h1>Out &lt;now&gt;</h1>"}, nil},
		{draftPage, 404, "text/html", []string{"<h1>Page not found</h1>", `<p class="meta">Error 404</p>`}, []string{"Draft"}},
		{"/posts/424242", 404, "text/html", []string{"<h1>Page not found</h1>", `<footer>The fwk example blog`}, nil},
		{"/theme/static/style.css", 200, "text/css", []string{"--accent"}, nil},
		{"/theme/static/../theme.go", 404, "", nil, []string{"package theme"}},
		{"/theme/static/", 404, "", nil, nil},
		{"/blog/static/app.go", 404, "", nil, []string{"package main"}},
	}
	for _, tt := range tests {
		r := c.Get(tt.path, fwktest.WithHeader("Accept", browserAccept)).ExpectStatus(tt.status).ExpectContains(tt.want...)
		if ctype := r.Header.Get("Content-Type"); !strings.HasPrefix(ctype, tt.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %q", tt.path, ctype, tt.ctype)
		}
		for _, n := range tt.not {
			if strings.Contains(r.Text(), n) {
				t.Errorf("GET %s: %q in the body", tt.path, n)
			}
		}
	}
}

package main

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// get fetches path from the running blog as a browser would (Accept:
// text/html) and returns the status, the Content-Type and the body.
func get(t *testing.T, c *http.Client, base, path string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest("GET", base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(body)
}

// TestPages checks the public pages, the theme's static files and the
// HTML errors, through HTTP.
func TestPages(t *testing.T) {
	srv := startBlog(t)
	api := &apiClient{t: t, c: newClient(t), base: srv.URL}
	draft := api.do("POST", "/api/posts", `{"title": "Draft <b>", "body": "d"}`).want(t, "draft", 201).Header.Get("Location")
	pub := api.do("POST", "/api/posts", `{"title": "Out <now>", "body": "p", "published": true}`).want(t, "published", 201).Header.Get("Location")
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
		{draftPage, 404, "text/html", []string{"Not Found"}, []string{"Draft"}},
		{"/posts/424242", 404, "text/html", []string{"Not Found"}, nil},
		{"/theme/static/style.css", 200, "text/css", []string{"--accent"}, nil},
		{"/theme/static/../theme.go", 404, "", nil, []string{"package theme"}},
		{"/theme/static/", 404, "", nil, nil},
		{"/blog/static/app.go", 404, "", nil, []string{"package main"}},
	}
	c := newClient(t)
	for _, tt := range tests {
		status, ctype, body := get(t, c, srv.URL, tt.path)
		if status != tt.status {
			t.Errorf("GET %s: status %d, want %d", tt.path, status, tt.status)
		}
		if !strings.HasPrefix(ctype, tt.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %q", tt.path, ctype, tt.ctype)
		}
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("GET %s: no %q in\n%s", tt.path, w, body)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(body, n) {
				t.Errorf("GET %s: %q in the body", tt.path, n)
			}
		}
	}
}

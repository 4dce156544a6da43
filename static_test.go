package fwk_test

import (
	"io"
	"io/fs"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// siteBundle is an app bundle with static files.
type siteBundle struct{ files fs.FS }

func (siteBundle) Name() string         { return "site" }
func (b siteBundle) Static() fs.FS      { return b.files }
func (siteBundle) Routes() []*fwk.Route { return routes.Tree(routes.Func("/", okView)) }

var siteFiles = fstest.MapFS{
	"index.html":               {Data: []byte("<h1>home</h1>")},
	"docs/index.html":          {Data: []byte("<h1>docs</h1>")},
	"css/app.css":              {Data: []byte("body{}")},
	".env":                     {Data: []byte("SECRET_KEY=leaked")},
	".git/config":              {Data: []byte("[remote] url=leaked")},
	"css/.hidden.css":          {Data: []byte("leaked")},
	".well-known/security.txt": {Data: []byte("leaked")},
	"notes..txt":               {Data: []byte("two dots inside a name are fine")},
}

func TestStaticFilesByName(t *testing.T) {
	srv, _ := serveBundles(t, false, siteBundle{files: siteFiles})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tests := []struct {
		path string
		code int
		body string
	}{
		{"/site/static/index.html", 200, "<h1>home</h1>"},
		{"/site/static/docs/index.html", 200, "<h1>docs</h1>"},
		{"/site/static/css/app.css", 200, "body{}"},
		{"/site/static/notes..txt", 200, "two dots"},
		{"/site/static/docs/", 404, ""},
		{"/site/static/docs", 404, ""},
		{"/site/static/.env", 404, ""},
		{"/site/static/.git/config", 404, ""},
		{"/site/static/css/.hidden.css", 404, ""},
		{"/site/static/.well-known/security.txt", 404, ""},
		{"/site/static/%2eenv", 404, ""},
		{"/site/static/docs/..%2f.env", 404, ""},
		{"/site/static/missing.css", 404, ""},
	}
	for _, tt := range tests {
		resp, err := client.Get(srv.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		body := string(b)
		if resp.StatusCode != tt.code || !strings.Contains(body, tt.body) {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, resp.StatusCode, body, tt.code, tt.body)
		}
		if strings.Contains(body, "leaked") {
			t.Errorf("GET %s leaked a dotfile: %q", tt.path, body)
		}
	}
}

func TestStaticErrorsUseAppRendering(t *testing.T) {
	srv, _ := serveBundles(t, false, siteBundle{files: siteFiles})
	a := srv.Config.Handler.(*fwk.App)
	if _, body, _ := fetch(srv, "/site/static/nope.css", "Accept", "application/json"); body != `{"error":"Not Found","status":404}`+"\n" {
		t.Errorf("static 404 for a JSON client = %q, want the JSON error", body)
	}
	resp, body, _ := fetch(srv, "/site/static/css/app.css", "Range", "bytes=100-200", "Accept", "application/json")
	if resp.StatusCode != http.StatusRequestedRangeNotSatisfiable || !strings.Contains(body, `"status":416`) ||
		resp.Header.Get("Content-Range") != "bytes */6" {
		t.Errorf("unsatisfiable range = %d %q %v, want the JSON 416 with Content-Range", resp.StatusCode, body, resp.Header)
	}
	a.HandleError(http.StatusNotFound, func(c *fwk.Ctx, err error) error {
		return c.Respond(http.StatusNotFound, "custom 404 for "+c.Request().URL.Path)
	})
	for _, path := range []string{"/site/static/nope.css", "/site/static/.env", "/site/static/docs/", "/nowhere"} {
		if resp, body, _ := fetch(srv, path); resp.StatusCode != 404 || body != "custom 404 for "+path {
			t.Errorf("GET %s = %d %q, want the app's 404 handler", path, resp.StatusCode, body)
		}
	}
	// Ranges and conditional requests still work.
	resp, body, _ = fetch(srv, "/site/static/css/app.css", "Range", "bytes=0-3")
	if resp.StatusCode != http.StatusPartialContent || body != "body" {
		t.Errorf("range 0-3 = %d %q, want 206 \"body\"", resp.StatusCode, body)
	}
}

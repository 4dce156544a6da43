package fwk_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// linkedStatic makes <tmp>/static with app.css, links that stay inside it
// and links that leave it for <tmp>/outside/secret.txt and /etc/passwd.
func linkedStatic(t *testing.T) string {
	t.Helper()
	tmp := t.TempDir()
	for name, data := range map[string]string{
		"static/app.css":     "body{}",
		"static/sub/x.css":   "sub{}",
		"outside/secret.txt": "leaked secret",
	} {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{
		"static/passwd":      "/etc/passwd",
		"static/secret.txt":  filepath.Join(tmp, "outside", "secret.txt"),
		"static/up.txt":      "../outside/secret.txt",
		"static/out":         "../outside",
		"static/sub/deep":    "../../outside/secret.txt",
		"static/inner.css":   "app.css",
		"static/sub/up.css":  "../app.css",
		"static/sub/self":    ".",
		"static/loop":        "loop",
		"static/subdir-link": "sub",
	} {
		if err := os.Symlink(target, filepath.Join(tmp, filepath.FromSlash(name))); err != nil {
			t.Skipf("no symlinks here: %v", err)
		}
	}
	return tmp
}

// TestStaticLinksStayInside: a link in the static folder is served when it
// points inside the folder and is a 404 when it leaves it, for os.DirFS
// (served through os.Root), fs.Sub of it and a MapFS (links checked).
func TestStaticLinksStayInside(t *testing.T) {
	tmp := linkedStatic(t)
	sub, err := fs.Sub(os.DirFS(tmp), "static")
	if err != nil {
		t.Fatal(err)
	}
	mapFS := fstest.MapFS{
		"app.css":   {Data: []byte("body{}")},
		"sub/x.css": {Data: []byte("sub{}")},
		"passwd":    {Data: []byte("/etc/passwd"), Mode: fs.ModeSymlink},
		"up.txt":    {Data: []byte("../outside/secret.txt"), Mode: fs.ModeSymlink},
		"inner.css": {Data: []byte("app.css"), Mode: fs.ModeSymlink},
	}
	tests := []struct {
		path string
		code int
		body string
	}{
		{"app.css", 200, "body{}"},
		{"inner.css", 200, "body{}"},
		{"sub/up.css", 200, "body{}"},
		{"sub/self/x.css", 200, "sub{}"},
		{"subdir-link/x.css", 200, "sub{}"},
		{"passwd", 404, ""},
		{"secret.txt", 404, ""},
		{"up.txt", 404, ""},
		{"out/secret.txt", 404, ""},
		{"sub/deep", 404, ""},
		{"loop", 404, ""},
	}
	for name, fsys := range map[string]fs.FS{"DirFS": os.DirFS(filepath.Join(tmp, "static")), "Sub": sub, "MapFS": mapFS} {
		t.Run(name, func(t *testing.T) {
			srv, _ := serveBundles(t, false, siteBundle{files: fsys})
			for _, tt := range tests {
				if _, ok := mapFS[tt.path]; name == "MapFS" && !ok {
					continue
				}
				resp, body, err := fetch(srv, "/site/static/"+tt.path)
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(body, "leaked") || strings.Contains(body, "root:") {
					t.Errorf("GET %s = %d, served a file outside the folder: %.40q", tt.path, resp.StatusCode, body)
				} else if resp.StatusCode != tt.code || !strings.Contains(body, tt.body) {
					t.Errorf("GET %s = %d %.40q, want %d %q", tt.path, resp.StatusCode, body, tt.code, tt.body)
				}
			}
		})
	}
}

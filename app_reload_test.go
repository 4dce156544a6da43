package fwk_test

import (
	"bytes"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// diskBundle reads its templates and static files from folders, as an app
// does during development with os.DirFS.
type diskBundle struct{ tpl, static fs.FS }

func (diskBundle) Name() string       { return "app" }
func (b diskBundle) Templates() fs.FS { return b.tpl }
func (b diskBundle) Static() fs.FS    { return b.static }
func (diskBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Func("/", func(ctx *fwk.Ctx) error { return ctx.Render("page") }))
}

// write writes a file and moves its modification time on, so that an
// edit within the file system's time resolution is still seen as one.
func write(t *testing.T, path, text string, age time.Duration) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	mt := time.Now().Add(-age)
	if err := os.Chtimes(path, mt, mt); err != nil {
		t.Fatal(err)
	}
}

// TestDebugReloadsFromDisk: with Debug, an edited template shows on the
// next request, and static files are answered Cache-Control: no-cache so
// the browser asks for the edited file; without Debug, templates are
// parsed once and static answers carry no Cache-Control.
func TestDebugReloadsFromDisk(t *testing.T) {
	for _, debug := range []bool{true, false} {
		dir := t.TempDir()
		tpl, static := filepath.Join(dir, "templates"), filepath.Join(dir, "static")
		for _, d := range []string{tpl, static} {
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		write(t, filepath.Join(tpl, "page.html"), "v1", time.Hour)
		write(t, filepath.Join(static, "app.css"), "a{}", time.Hour)
		cfg := quietCfg()
		cfg.Debug = debug
		app := mustNew(t, cfg, diskBundle{tpl: os.DirFS(tpl), static: os.DirFS(static)})

		if got := hreq(app, "GET", "/").Body.String(); got != "v1" {
			t.Fatalf("debug=%v: first render %q", debug, got)
		}
		write(t, filepath.Join(tpl, "page.html"), "v2", 0)
		want := map[bool]string{true: "v2", false: "v1"}[debug]
		if got := hreq(app, "GET", "/").Body.String(); got != want {
			t.Errorf("debug=%v: render after an edit on disk = %q, want %q", debug, got, want)
		}

		write(t, filepath.Join(static, "app.css"), "b{}", 0)
		rec := hreq(app, "GET", "/app/static/app.css")
		if rec.Body.String() != "b{}" {
			t.Errorf("debug=%v: static file after an edit = %q, want b{}", debug, rec.Body.String())
		}
		wantCC := map[bool]string{true: "no-cache", false: ""}[debug]
		if cc := rec.Header().Get("Cache-Control"); cc != wantCC {
			t.Errorf("debug=%v: static Cache-Control %q, want %q", debug, cc, wantCC)
		}
		lm := rec.Header().Get("Last-Modified")
		if code := hreq(app, "GET", "/app/static/app.css", "If-Modified-Since", lm).Code; code != http.StatusNotModified {
			t.Errorf("debug=%v: revalidating an unchanged file = %d, want 304", debug, code)
		}
	}
}

// TestDebugSaysWhatCannotReload: in Debug, fwk.New logs the bundles whose
// files are compiled in (no modification times, as an embed.FS), which an
// edit on disk cannot change; folders on disk are not named.
func TestDebugSaysWhatCannotReload(t *testing.T) {
	compiled := fstest.MapFS{"page.html": {Data: []byte("x")}, "app.css": {Data: []byte("")}}
	disk := t.TempDir()
	write(t, filepath.Join(disk, "page.html"), "x", 0)
	for _, tt := range []struct {
		debug       bool
		tpl, static fs.FS
		want        []string
	}{
		{true, compiled, compiled, []string{`the templates of bundle \"app\" are compiled in`, `the static files of bundle \"app\" are compiled in`}},
		{true, os.DirFS(disk), compiled, []string{`the static files of bundle \"app\"`}},
		{true, os.DirFS(disk), os.DirFS(disk), nil},
		{false, compiled, compiled, nil},
	} {
		var logs bytes.Buffer
		cfg := fwk.DefaultConfig()
		cfg.Debug = tt.debug
		cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
		mustNew(t, cfg, diskBundle{tpl: tt.tpl, static: tt.static})
		got := strings.Count(logs.String(), "are compiled in")
		if got != len(tt.want) {
			t.Errorf("debug=%v: %d messages, want %d:\n%s", tt.debug, got, len(tt.want), logs.String())
		}
		for _, w := range tt.want {
			if !strings.Contains(logs.String(), w) {
				t.Errorf("debug=%v: logs lack %s:\n%s", tt.debug, w, logs.String())
			}
		}
	}
}

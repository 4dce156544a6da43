package fwk

// With Config.Debug, templates are read again on every render and static
// files are answered with Cache-Control: no-cache (internal/tmpl's
// Options.Debug, staticFiles.serveFile), so that an edit shows on the next
// page load, as Flask's TEMPLATES_AUTO_RELOAD does. That only works for
// files read from a real folder (os.DirFS): an embed.FS is compiled into
// the program. At start-up in Debug, the app says which bundles' files
// cannot reload.

import (
	"errors"
	"fmt"
	"io/fs"
)

// reportFixedFiles logs, in Debug, each bundle whose templates or static
// files cannot change while the app runs (see fixedFiles).
func (a *App) reportFixedFiles() {
	if !a.cfg.Debug {
		return
	}
	for _, b := range a.bundles {
		if tb, ok := b.(TemplatesBundle); ok && fixedFiles(tb.Templates()) {
			a.log.Info(fmt.Sprintf(fixedMsg, "templates", b.Name(), "Templates"), "bundle", b.Name())
		}
		if sb, ok := b.(StaticBundle); ok && fixedFiles(sb.Static()) {
			a.log.Info(fmt.Sprintf(fixedMsg, "static files", b.Name(), "Static"), "bundle", b.Name())
		}
	}
}

// fixedMsg is the message of reportFixedFiles: what, bundle, method.
const fixedMsg = "fwk: Debug: the %s of bundle %q are compiled in: an edit shows after a rebuild, " +
	"not on refresh (return os.DirFS(dir) from %s to see edits at once)"

// errFound stops the walk of fixedFiles at the first file.
var errFound = errors.New("found")

// fixedFiles reports whether fsys holds files with no modification time,
// as an embed.FS does: files compiled into the program. A folder on disk
// (os.DirFS, or fs.Sub of one) reports times.
func fixedFiles(fsys fs.FS) bool {
	if fsys == nil {
		return false
	}
	fixed := false
	_ = fs.WalkDir(fsys, ".", func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil {
			fixed = info.ModTime().IsZero()
		}
		return errFound
	})
	return fixed
}

package fwk

// This file holds start-up checks for mistakes that would otherwise show
// only when a page is served: a bundle file system wrapped in its own
// folder (an embed.FS of "templates/"), and template links (urlFor with a
// constant target) to nothing.

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/fwkgo/fwk/internal/tmpl"
	"github.com/fwkgo/fwk/naming"
	"github.com/fwkgo/fwk/router"
)

// checkFSRoot fails when the only top-level entry of fsys is the folder
// dir, as with `//go:embed templates` into an embed.FS: names would all
// start with "templates/" and nothing would be found.
func checkFSRoot(bundle, method, dir string, fsys fs.FS) error {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil || len(entries) != 1 || !entries[0].IsDir() || entries[0].Name() != dir {
		return nil
	}
	return &StartupError{What: "bundle", Culprit: fmt.Sprintf("%q %s", bundle, method),
		Err: fmt.Errorf("%w: its only entry is the folder %q; return fs.Sub(fsys, %q) so that names start inside it",
			ErrWrappedFS, dir, dir)}
}

// checkTemplateLinks checks every constant urlFor target of the templates
// (see checkLinkTarget).
func (a *App) checkTemplateLinks() error {
	seen := map[tmpl.Link]bool{}
	for _, s := range a.tmpl.sets {
		for _, l := range s.set.Links() {
			if seen[l] {
				continue
			}
			seen[l] = true
			if err := a.checkLinkTarget(l.Target, 0); err != nil {
				return &StartupError{What: "template link", Culprit: fmt.Sprintf("urlFor %q", l.Target),
					DeclaredAt: fmt.Sprintf("%s:%d of bundle %q", l.File, l.Line, l.Bundle),
					Err:        fmt.Errorf("%w: %w", ErrBrokenLink, err)}
			}
		}
	}
	return nil
}

// checkLinkTarget reports whether URLFor could resolve target in some
// request: a URL, a set config key (whose value is checked in turn), an
// endpoint, a controller key, or a view method of some controller (a bare
// method name resolves against the controller rendering the page).
func (a *App) checkLinkTarget(target string, depth int) error {
	switch {
	case target == "":
		return fmt.Errorf("%w: empty target", ErrUnknownTarget)
	case strings.IndexByte(target, '/') >= 0:
		return nil
	case a.knownViewName(target):
		return nil
	case isUpper(target) && depth == 0:
		if val := a.cfg.Get(target); val != "" {
			return a.checkLinkTarget(val, 1)
		}
		return fmt.Errorf("%w: config key not set", ErrUnknownTarget)
	}
	return router.ErrUnknownEndpoint
}

// knownViewName reports whether name is an endpoint, a controller key or a
// view method of a controller.
func (a *App) knownViewName(name string) bool {
	if len(a.router.RoutesFor(a.routerEndpoint(name))) > 0 {
		return true
	}
	if strings.IndexByte(name, '.') >= 0 {
		return len(a.cb.ControllerEndpoints[name]) > 0
	}
	for key := range a.cb.ControllerEndpoints {
		_, method, _ := strings.Cut(key, ".")
		if method == name || naming.SnakeCase(method) == name {
			return true
		}
	}
	return false
}

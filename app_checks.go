package fwk

// This file holds start-up checks for mistakes that would otherwise show
// only when a page is served: a bundle file system wrapped in its own
// folder (an embed.FS of "templates/"), and template links (urlFor with a
// constant target) to nothing or without the URL parameters of their rule.

import (
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strings"

	"github.com/fwkgo/fwk/internal/suggest"
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
// (see checkLinkTarget), and that the link gives the URL parameters of a
// rule of its target (see checkLinkParams).
func (a *App) checkTemplateLinks() error {
	seen := map[tmpl.Link]bool{}
	for _, s := range a.tmpl.sets {
		for _, l := range s.set.Links() {
			if seen[l] {
				continue
			}
			seen[l] = true
			err := a.checkLinkTarget(l.Target, 0)
			if err == nil && !l.OpenKeys {
				err = a.checkLinkParams(l.Target, strings.Fields(l.Keys))
			}
			if err != nil {
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
	return fmt.Errorf("%w%s", router.ErrUnknownEndpoint, suggest.Hint(target, a.viewNames(nil)))
}

// checkLinkParams fails when no rule of the view named target (an
// endpoint, a controller key or a view method: see knownViewName) can be
// built with the keys given: each has a URL parameter that is not a key,
// and building the link would fail on every request. A URL or config-key
// target is not checked.
func (a *App) checkLinkParams(target string, keys []string) error {
	var first *router.Route
	var missing string
	for _, rt := range a.linkRoutes(target) {
		m := ""
		for _, p := range rt.ParamNames() {
			if !slices.Contains(keys, p) {
				m = p
				break
			}
		}
		if m == "" {
			return nil
		}
		if first == nil {
			first, missing = rt, m
		}
	}
	if first == nil {
		return nil
	}
	return fmt.Errorf("%w: %q of %s (%s) has no value: give it as urlFor %q %q <value>",
		router.ErrMissingParam, missing, first.Path(), first.Endpoint(), target, missing)
}

// linkRoutes returns the router's rules a view name may build: those of
// the endpoint, of the controller key, or of every controller view method
// of that name.
func (a *App) linkRoutes(name string) []*router.Route {
	if strings.IndexByte(name, '/') >= 0 || isUpper(name) {
		return nil
	}
	if rs := a.router.RoutesFor(a.routerEndpoint(name)); len(rs) > 0 {
		return rs
	}
	var out []*router.Route
	for key, routes := range a.cb.ControllerEndpoints {
		_, method, _ := strings.Cut(key, ".")
		if key == name || !strings.Contains(name, ".") && (method == name || naming.SnakeCase(method) == name) {
			for _, r := range routes {
				out = append(out, a.router.RoutesFor(a.routerEndpoint(r.Endpoint()))...)
			}
		}
	}
	return out
}

// viewNames returns the names a URL target can use, for a "did you mean":
// the view methods of ctrl (if not nil) first, then every endpoint and
// controller key, and the controllers' view method names, sorted.
func (a *App) viewNames(ctrl reflect.Type) []string {
	var own, names []string
	for _, rt := range a.router.Routes() {
		if ep := rt.Endpoint(); ep != "" {
			names = append(names, ep)
		}
	}
	for alias := range a.endpointAlias {
		names = append(names, alias)
	}
	prefix := ""
	if ctrl != nil {
		prefix = baseTypeName(ctrl) + "."
	}
	for key := range a.cb.ControllerEndpoints {
		_, method, _ := strings.Cut(key, ".")
		if prefix != "" && strings.HasPrefix(key, prefix) {
			own = append(own, method)
		}
		names = append(names, key, method)
	}
	slices.Sort(own)
	slices.Sort(names)
	return append(own, slices.Compact(names)...)
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

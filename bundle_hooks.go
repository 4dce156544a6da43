package fwk

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
)

// Hook is one step of the start-up sequence run by New, over all bundles
// (the ControllerBundle first, the app bundle last).
//
// Plumbing: apps never need it (see Plumbing in the package doc).
type Hook interface {
	Name() string
	RunHook(app *App, bundles []Bundle) error
}

// DefaultHooks returns the start-up hooks New runs, in order: "routes",
// "blueprints", "bundle_blueprints".
//
// Plumbing: apps never need it (see Plumbing in the package doc).
func DefaultHooks() []Hook {
	return []Hook{&RegisterRoutesHook{}, &RegisterBlueprintsHook{}, &RegisterBundleBlueprintsHook{}}
}

// RegisterRoutesHook ("routes") discovers the routes of the app bundle and
// files them into the ControllerBundle lookups. Routes owned by no bundle are
// registered with the app right away; bundle-owned routes are registered by
// RegisterBundleBlueprintsHook.
//
// Plumbing: apps never need it (see Plumbing in the package doc).
type RegisterRoutesHook struct{}

// Name returns "routes".
func (*RegisterRoutesHook) Name() string { return "routes" }

// RunHook reads only the app bundle (the last one): its Routes, or, when it
// has none, the routes collected from its Controllers. Other bundles' routes
// are served only if the app bundle includes them (routes.Include).
func (h *RegisterRoutesHook) RunHook(app *App, bundles []Bundle) error {
	if len(bundles) == 0 {
		return nil
	}
	appBundle := bundles[len(bundles)-1]
	rs, err := h.GetExplicitRoutes(appBundle)
	if errors.Is(err, ErrNoRoutes) {
		rs, err = h.CollectFromBundle(appBundle)
	}
	if err != nil {
		return err
	}
	return h.ProcessObjects(app, rs)
}

// GetExplicitRoutes returns the declarative routes of b (its Routes method),
// or an error wrapping ErrNoRoutes when b has no Routes method.
func (*RegisterRoutesHook) GetExplicitRoutes(b Bundle) ([]*Route, error) {
	rb, ok := b.(RoutesBundle)
	if !ok {
		return nil, fmt.Errorf("fwk: bundle %q: %w", b.Name(), ErrNoRoutes)
	}
	return rb.Routes(), nil
}

// CollectFromBundle returns the routes of b's Controllers, in listed order:
// a controller or resource gives its routes (as routes.Controller and
// routes.Resource would), a *Route or []*Route is taken as is. Any other item
// is an error.
func (h *RegisterRoutesHook) CollectFromBundle(b Bundle) ([]*Route, error) {
	cb, ok := b.(ControllersBundle)
	if !ok {
		return nil, nil
	}
	var out []*Route
	for i, item := range cb.Controllers() {
		switch v := item.(type) {
		case *Route:
			out = append(out, v)
		case []*Route:
			out = append(out, v...)
		default:
			if !isController(item) {
				return nil, &StartupError{What: "bundle", Culprit: fmt.Sprintf("%q Controllers()[%d]", b.Name(), i),
					Err: fmt.Errorf("%T is neither a controller, a resource nor a route", item)}
			}
			out = append(out, discoverRoutes([]any{item})...)
		}
	}
	return out, nil
}

// TypeCheck reports whether obj gives routes: a *Route, or a controller or
// resource that is not abstract.
func (*RegisterRoutesHook) TypeCheck(obj any) bool {
	if r, ok := obj.(*Route); ok {
		return r != nil
	}
	if !isController(obj) {
		return false
	}
	if mp, ok := obj.(MetaProvider); ok && mp.Meta().Abstract {
		return false
	}
	return true
}

// isController reports whether v embeds Controller (or Resource).
func isController(v any) bool {
	_, ok := v.(controllerMarker)
	return ok && !isNil(v)
}

// ProcessObjects files routes by origin and registers those no bundle owns:
// routes whose ShouldRegister is false are skipped; every other route is
// recorded under its endpoint in ControllerBundle.Endpoints and, for
// controller views, under "<Type>.<Method>" in ControllerEndpoints. One
// endpoint may have several rules of the same view; an endpoint of two
// different views is an error. A route belongs to the bundle whose Go package
// holds its view (BundleRoutes), or else to the app (OtherRoutes).
func (*RegisterRoutesHook) ProcessObjects(app *App, rs []*Route) error {
	cb := app.cb
	for _, r := range rs {
		if r == nil {
			continue
		}
		if err := r.Err(); err != nil {
			return routeError("route", r, err)
		}
		if !r.ShouldRegister(app) {
			continue
		}
		ep := endpointOf(r, cb.Endpoints)
		r.registeredEndpoint = ep // computed once; URL building asks for it per request
		skip, err := checkDuplicate(ep, cb.Endpoints[ep], r, r.FullRule())
		if err != nil {
			return err
		}
		if skip {
			continue
		}
		cb.Endpoints[ep] = append(cb.Endpoints[ep], r)
		if key := r.controllerKey(); key != "" {
			cb.ControllerEndpoints[key] = append(cb.ControllerEndpoints[key], r)
		}
		if owner := app.ownerOf(r); owner != nil {
			cb.BundleRoutes[owner.Name()] = append(cb.BundleRoutes[owner.Name()], r)
			continue
		}
		cb.OtherRoutes = append(cb.OtherRoutes, r)
		if err := app.addRoute(r, r.FullRule(), ep); err != nil {
			return err
		}
	}
	return nil
}

// ownerOf returns the bundle owning r: among the bundles with views, the one
// with the longest Go package path that contains r's view (the later bundle
// on a tie), or nil.
func (a *App) ownerOf(r *Route) Bundle {
	mod := r.ModuleName()
	var best Bundle
	bestLen := -1
	for _, b := range a.bundles {
		pkg := bundlePkgPath(b)
		if hasViews(b) && underPkg(mod, pkg) && len(pkg) >= bestLen {
			best, bestLen = b, len(pkg)
		}
	}
	return best
}

// RegisterBlueprintsHook ("blueprints") registers the legacy blueprints of
// every bundle: the app bundle's first, each bundle's in listed order.
//
// Plumbing: apps never need it (see Plumbing in the package doc).
type RegisterBlueprintsHook struct {
	log *slog.Logger
}

// Name returns "blueprints".
func (*RegisterBlueprintsHook) Name() string { return "blueprints" }

// RunHook collects the blueprints of bundles and registers them.
func (h *RegisterBlueprintsHook) RunHook(app *App, bundles []Bundle) error {
	h.log = app.log
	return h.ProcessObjects(app, h.CollectFromBundles(bundles))
}

// CollectFromBundles returns the blueprints of all bundles, the last bundle's
// first.
func (h *RegisterBlueprintsHook) CollectFromBundles(bundles []Bundle) []*Blueprint {
	var out []*Blueprint
	for i := len(bundles) - 1; i >= 0; i-- {
		out = append(out, h.CollectFromBundle(bundles[i])...)
	}
	return out
}

// CollectFromBundle returns the blueprints of b in listed order. A nil or
// unnamed blueprint is skipped with a warning.
func (h *RegisterBlueprintsHook) CollectFromBundle(b Bundle) []*Blueprint {
	bb, ok := b.(BlueprintsBundle)
	if !ok {
		return nil
	}
	var out []*Blueprint
	for i, bp := range bb.Blueprints() {
		if !h.TypeCheck(bp) || bp.Name == "" {
			h.logger().Warn("fwk: skipping blueprint without a name", "bundle", b.Name(), "index", i)
			continue
		}
		out = append(out, bp)
	}
	return out
}

func (h *RegisterBlueprintsHook) logger() *slog.Logger {
	if h.log == nil {
		return slog.Default()
	}
	return h.log
}

// TypeCheck reports whether obj is a non-nil *Blueprint.
func (*RegisterBlueprintsHook) TypeCheck(obj any) bool {
	bp, ok := obj.(*Blueprint)
	return ok && bp != nil
}

// ProcessObjects registers the rules of each blueprint under its URL prefix
// (trailing slashes dropped) with endpoints "<blueprint>.<endpoint>".
func (*RegisterBlueprintsHook) ProcessObjects(app *App, bps []*Blueprint) error {
	for _, bp := range bps {
		app.blueprints = append(app.blueprints, bp)
		prefix := strings.TrimRight(bp.URLPrefix, "/")
		for _, r := range bp.routes {
			if err := r.Err(); err != nil {
				return routeError("route", r, err)
			}
			if err := app.addRoute(r, prefix+r.Rule(), bp.Name+"."+bp.localEndpoint(r)); err != nil {
				return err
			}
		}
	}
	return nil
}

// RegisterBundleBlueprintsHook ("bundle_blueprints") registers, for every
// bundle with views, templates or static files (the app bundle first), the
// routes it owns and its static files under /<bundle name>/static/. Owned
// endpoints without a "." get the prefix "<bundle name>."; the
// ControllerBundle lookups keep the bare name.
//
// Plumbing: apps never need it (see Plumbing in the package doc).
type RegisterBundleBlueprintsHook struct{}

// Name returns "bundle_blueprints".
func (*RegisterBundleBlueprintsHook) Name() string { return "bundle_blueprints" }

// RunHook registers the bundle blueprints.
func (*RegisterBundleBlueprintsHook) RunHook(app *App, bundles []Bundle) error {
	for i := len(bundles) - 1; i >= 0; i-- {
		b := bundles[i]
		for _, r := range app.cb.BundleRoutes[b.Name()] {
			ep := r.Endpoint()
			if !strings.Contains(ep, ".") {
				full := b.Name() + "." + ep
				app.endpointAlias[ep] = full
				ep = full
			}
			if err := app.addRoute(r, r.FullRule(), ep); err != nil {
				return err
			}
		}
		if sb, ok := b.(StaticBundle); ok {
			if fsys := sb.Static(); fsys != nil {
				if err := checkFSRoot(b.Name(), "Static()", "static", fsys); err != nil {
					return err
				}
				if err := app.addStatic(b.Name(), fsys); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

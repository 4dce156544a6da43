package fwk

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/fwkgo/fwk/router"
)

// addRoute registers r with the router at rule under endpoint, injects its
// controller and binds its view. Registering the very same route twice is a
// no-op; the endpoint of another view is an error.
func (a *App) addRoute(r *Route, rule, endpoint string) error {
	var prev []*Route
	for _, v := range a.endpointIndex()[endpoint] {
		prev = append(prev, v.route)
	}
	if skip, err := checkDuplicate(endpoint, prev, r, rule); err != nil || skip {
		return err
	}
	if r.controller != nil {
		if err := a.inject(r.controller, r.declaredAt); err != nil {
			return err
		}
	}
	strict, redirectTo, buildOnly, _ := r.routerOptions()
	host, sub, err := a.ruleHost(r)
	if err != nil {
		return &StartupError{What: "view", Culprit: viewName(r), DeclaredAt: r.declaredAt, Err: err}
	}
	v := &view{app: a, route: r, endpoint: endpoint, rule: rule, servesJSON: r.servesJSONView(),
		csrfExempt: r.csrfExempt || r.meta != nil && r.meta.CSRFExempt, maxBody: r.maxBodyBytes(a.cfg)}
	rt, err := a.router.Add(router.Rule{
		Path:          rule,
		Endpoint:      endpoint,
		Methods:       r.Methods(),
		Defaults:      r.Defaults(),
		StrictSlashes: strict,
		RedirectTo:    redirectTo,
		BuildOnly:     buildOnly,
		MergeSlashes:  r.ruleOpts().mergeSlashes,
		Alias:         r.ruleOpts().alias,
		Host:          host,
		Subdomain:     sub,
		Handler:       v,
		Data:          v,
	})
	if err != nil {
		return a.routerError(r, rule, endpoint, err)
	}
	v.rt = rt
	v.names = paramNames(rt, r.Defaults())
	if err := v.bind(); err != nil {
		return &StartupError{What: "view", Culprit: viewName(r), DeclaredAt: r.declaredAt, Err: err}
	}
	if mc, ok := r.controller.(modelController); ok {
		if err := mc.bindModelRoute(v); err != nil {
			return &StartupError{What: "view", Culprit: viewName(r), DeclaredAt: r.declaredAt, Err: err}
		}
	}
	a.views = append(a.views, v)
	a.addJSONAreas(v)
	a.byEndpoint[endpoint] = append(a.byEndpoint[endpoint], v)
	return nil
}

// endpointIndex returns the registered views by endpoint. New drops the
// index once the app is built (a serving app does not need it, and the
// collector would scan it in every cycle); a route added later gets it
// rebuilt from the views.
func (a *App) endpointIndex() map[string][]*view {
	if a.byEndpoint == nil {
		a.byEndpoint = make(map[string][]*view, len(a.views))
		for _, v := range a.views {
			a.byEndpoint[v.endpoint] = append(a.byEndpoint[v.endpoint], v)
		}
	}
	return a.byEndpoint
}

// ruleHost returns the Host and Subdomain of r's rule for router.Rule,
// which puts a Subdomain under SERVER_NAME (without the scheme's default
// port, as Werkzeug does). Both at once, or a Subdomain without a
// SERVER_NAME, are errors.
func (a *App) ruleHost(r *Route) (host, sub string, err error) {
	_, _, _, host = r.routerOptions()
	sub = r.subdomain()
	switch {
	case sub == "":
		return host, "", nil
	case host != "":
		return "", "", fmt.Errorf("%w: both fwk.Host(%q) and fwk.Subdomain(%q): give one", ErrInvalidOption, host, sub)
	case a.cfg.ServerName == "":
		return "", "", fmt.Errorf("%w: fwk.Subdomain(%q) needs SERVER_NAME: set Config.ServerName (SERVER_NAME) to the app's host", ErrInvalidOption, sub)
	}
	return "", sub, nil
}

// checkDuplicate compares r (at rule) with the routes prev already recorded
// under endpoint: another view is an ErrDuplicateEndpoint; the same view with
// the same rule, methods and options is a repeat to skip; the same view with
// another rule is fine (several rules, one endpoint).
func checkDuplicate(endpoint string, prev []*Route, r *Route, rule string) (skip bool, err error) {
	for _, p := range prev {
		if p == r {
			return true, nil
		}
		if !sameView(p, r) {
			return false, &StartupError{What: "endpoint", Culprit: fmt.Sprintf("%q of %s", endpoint, viewName(r)),
				DeclaredAt: r.declaredAt,
				Err:        fmt.Errorf("%w %s (declared at %s)", ErrDuplicateEndpoint, viewName(p), orUnknown(p.declaredAt))}
		}
	}
	for _, p := range prev {
		if p.FullRule() == rule && slices.Equal(sortedMethods(p.Methods()), sortedMethods(r.Methods())) &&
			sameRuleOptions(p, r) {
			return true, nil
		}
	}
	return false, nil
}

// sameView reports whether two routes call the same view: the same method of
// the same controller type, the same function, or the same handler.
func sameView(a, b *Route) bool {
	if a.controller != nil || b.controller != nil {
		return a.ctrlType == b.ctrlType && a.MethodName() == b.MethodName()
	}
	if a.handler != nil || b.handler != nil {
		return sameHandler(a.handler, b.handler)
	}
	if a.fn.IsValid() && b.fn.IsValid() {
		return a.fn.Type() == b.fn.Type() && a.fn.Pointer() == b.fn.Pointer()
	}
	return false
}

// sameHandler compares two handlers by identity.
func sameHandler(a, b any) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if !va.IsValid() || !vb.IsValid() || va.Type() != vb.Type() {
		return false
	}
	switch va.Kind() {
	case reflect.Func, reflect.Pointer, reflect.Map, reflect.Chan, reflect.Slice:
		return va.Pointer() == vb.Pointer()
	}
	return va.Comparable() && va.Equal(vb)
}

func sameRuleOptions(a, b *Route) bool {
	as, ar, ab, ah := a.routerOptions()
	bs, br, bb, bh := b.routerOptions()
	return ar == br && ab == bb && ah == bh && sameBool(as, bs) && a.subdomain() == b.subdomain() &&
		sameBool(a.ruleOpts().mergeSlashes, b.ruleOpts().mergeSlashes) && a.ruleOpts().alias == b.ruleOpts().alias
}

// sortedMethods returns upper-case methods sorted, without duplicates.
func sortedMethods(ms []string) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, strings.ToUpper(m))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// routerError turns an error of router.Add into a start-up error; for a
// conflict it also names the registered rule in the way, with its place.
func (a *App) routerError(r *Route, rule, endpoint string, err error) error {
	var ce *router.ConflictError
	if errors.As(err, &ce) {
		for _, v := range a.views {
			if v.rt == ce.Existing {
				err = fmt.Errorf("%w; the other rule is %q of %s (declared at %s)",
					err, v.rule, v.endpoint, orUnknown(v.route.declaredAt))
				break
			}
		}
	}
	return &StartupError{What: "route", Culprit: fmt.Sprintf("%s %q", endpoint, rule), DeclaredAt: r.declaredAt, Err: err}
}

// routeError is the start-up error of a route declared badly; a
// *DeclarationError already names the call and place, and is returned as is.
func routeError(what string, r *Route, err error) error {
	var de *DeclarationError
	if errors.As(err, &de) {
		return err
	}
	return &StartupError{What: what, Culprit: viewName(r), DeclaredAt: r.declaredAt, Err: err}
}

// viewName names the view of r for messages: "SiteController.Index", or the
// full name of the function or handler.
func viewName(r *Route) string {
	if key := r.controllerKey(); key != "" {
		return key
	}
	if name := r.FullName(); name != "" {
		return name
	}
	return fmt.Sprintf("%q", r.rule)
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown place"
	}
	return s
}

package routes

import (
	"fmt"

	"github.com/fwkgo/fwk"
)

// Tree returns the routes of its arguments in order: the root of a bundle's
// route tree.
func Tree(items ...[]*fwk.Route) []*fwk.Route { return flatten(items) }

// Controller returns the routes of controller, a pointer to a struct
// embedding fwk.Controller, under prefix (the controller's Meta.URLPrefix
// when ""). Without Rules every view is routed; with Rules only those rules.
// Option: Rules.
func Controller(prefix string, controller any, opts ...Option) []*fwk.Route {
	c, bad := apply(opts, "Rules")
	if bad != "" {
		return badOption("routes.Controller", bad)
	}
	return fwk.ControllerRoutes(prefix, controller, c.ruleList())
}

// Resource returns the routes of resource, a pointer to a struct embedding
// fwk.Resource, under prefix (Meta.URLPrefix when "": by default "/" plus the
// plural kebab-cased controller name), followed by its subresources.
// Options: Rules, Subresources, MemberParam, UniqueMemberParam.
func Resource(prefix string, resource any, opts ...Option) []*fwk.Route {
	c, bad := apply(opts, "Rules", "Subresources", "MemberParam", "UniqueMemberParam")
	if bad != "" {
		return badOption("routes.Resource", bad)
	}
	return fwk.ResourceRoutes(prefix, resource, fwk.ResourceOptions{
		MemberParam:       c.memberParam,
		UniqueMemberParam: c.uniqueMemberParam,
		Rules:             c.ruleList(),
		Subresources:      c.subresources,
	})
}

// Func returns the route of a plain view at rule: a func such as
// func(*fwk.Ctx) error, an http.Handler or a func(http.ResponseWriter,
// *http.Request). An empty rule is derived from the func's name (health ->
// "/health"); the endpoint is its snake-cased name unless Endpoint is given.
func Func(rule string, view any, opts ...fwk.ViewOption) []*fwk.Route {
	if name, ok := view.(string); ok {
		return []*fwk.Route{fwk.ErrorRoute(fmt.Errorf(
			"%w: routes.Func needs a func or an http.Handler, not the method name %q (use routes.Rule in routes.Controller rules)",
			fwk.ErrInvalidView, name))}
	}
	return []*fwk.Route{fwk.NewRoute(rule, view, opts...)}
}

// Include inserts routes made elsewhere (another bundle's Routes()) at this
// point of the tree, under prefix when it is not "". Options: Only, Exclude
// (by endpoint). Routes carrying an error are always kept.
func Include(prefix string, rs []*fwk.Route, opts ...Option) []*fwk.Route {
	c, bad := apply(opts, "Only", "Exclude")
	if bad != "" {
		return badOption("routes.Include", bad)
	}
	out := make([]*fwk.Route, 0, len(rs))
	for _, r := range rs {
		if r == nil {
			continue
		}
		if r.Err() == nil {
			ep := r.Endpoint()
			if (len(c.only) > 0 && !contains(c.only, ep)) || (len(c.exclude) > 0 && contains(c.exclude, ep)) {
				continue
			}
		}
		out = append(out, r)
	}
	if prefix == "" {
		return out
	}
	return fwk.PrefixRoutes(prefix, out)
}

// Prefix puts prefix in front of the rules of all its children. Prefixes
// nest (inner ones apply first) and a trailing slash of a rule is kept: the
// rule "/" under Prefix("/app", ...) is "/app/".
func Prefix(prefix string, children ...[]*fwk.Route) []*fwk.Route {
	return fwk.PrefixRoutes(prefix, flatten(children))
}

// ruleList returns the rules to pass to fwk: nil without Rules, a non-nil
// slice with it.
func (c *config) ruleList() []*fwk.Route {
	if !c.hasRules {
		return nil
	}
	if c.rules == nil {
		return []*fwk.Route{}
	}
	return c.rules
}

// badOption returns the error route of an option given to a call it does
// not apply to.
func badOption(call, option string) []*fwk.Route {
	return []*fwk.Route{fwk.ErrorRoute(fmt.Errorf("%w: %s does not apply to %s", fwk.ErrInvalidOption, option, call))}
}

// flatten concatenates route lists, dropping nil routes.
func flatten(lists [][]*fwk.Route) []*fwk.Route {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	out := make([]*fwk.Route, 0, n)
	for _, l := range lists {
		for _, r := range l {
			if r != nil {
				out = append(out, r)
			}
		}
	}
	return out
}

package routes

import "github.com/fwkgo/fwk"

// Option customises Controller, Resource or Include. Each option applies to
// some of them only; giving one elsewhere makes the call return an error
// route.
type Option func(*config)

// config collects the options of one call.
type config struct {
	rules             []*fwk.Route
	hasRules          bool
	subresources      []*fwk.Route
	memberParam       string
	uniqueMemberParam string
	only, exclude     []string
	given             []string // option names, in order
}

// Rules limits the routes of Controller or Resource to the given rules,
// built with Rule, Get, Post, Put, Patch or Delete. For a resource, CRUD
// methods that no rule mentions are kept; Rules() with no rules keeps only
// them.
func Rules(children ...[]*fwk.Route) Option {
	rs := flatten(children)
	return func(c *config) {
		c.rules = append(c.rules, rs...)
		c.hasRules = true
		c.given = append(c.given, "Rules")
	}
}

// Subresources nests routes (usually of other Resource calls) under the
// member rule of a Resource, to any depth.
func Subresources(children ...[]*fwk.Route) Option {
	rs := flatten(children)
	return func(c *config) {
		c.subresources = append(c.subresources, rs...)
		c.given = append(c.given, "Subresources")
	}
}

// MemberParam overrides the Resource's Meta.MemberParam, a rule parameter
// such as "<string:slug>".
func MemberParam(param string) Option {
	return func(c *config) { c.memberParam = param; c.given = append(c.given, "MemberParam") }
}

// UniqueMemberParam overrides the Resource's Meta.UniqueMemberParam: the
// name its member param takes in the rules of its subresources.
func UniqueMemberParam(param string) Option {
	return func(c *config) { c.uniqueMemberParam = param; c.given = append(c.given, "UniqueMemberParam") }
}

// Only makes Include keep only the routes with these endpoints. No endpoint
// means no filter.
func Only(endpoints ...string) Option {
	return func(c *config) { c.only = append(c.only, endpoints...); c.given = append(c.given, "Only") }
}

// Exclude makes Include leave out the routes with these endpoints.
func Exclude(endpoints ...string) Option {
	return func(c *config) { c.exclude = append(c.exclude, endpoints...); c.given = append(c.given, "Exclude") }
}

// apply collects opts; it returns the name of the first option not in
// allowed, or "".
func apply(opts []Option, allowed ...string) (*config, string) {
	c := new(config)
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	for _, name := range c.given {
		if !contains(allowed, name) {
			return c, name
		}
	}
	return c, ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

package fwk

// The low-level form of the routing DSL: package fwk/routes is a thin layer
// over ControllerRoutes, ResourceRoutes, PrefixRoutes and ErrorRoute, and
// implicit discovery (discoverRoutes) uses the same code.
//
// Rules built here, with prefix p, member param m (resources) and a view
// method named Name:
//
//	declared rule        route rule
//	"/"                  p                  (no trailing slash added)
//	"/x/"                p + "/x/"
//	""                   p + MethodNameToURL(Name)
//	"" (Get/Patch/...)   p + "/" + m        (resource member methods)
//	"" (List/Create)     p
//	IsMember, rule r     p + "/" + m + (r or MethodNameToURL(Name))

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/fwkgo/fwk/naming"
	"github.com/fwkgo/fwk/router"
)

// ResourceOptions are the options of ResourceRoutes.
type ResourceOptions struct {
	// MemberParam overrides Meta.MemberParam ("<converter:name>").
	MemberParam string
	// UniqueMemberParam overrides Meta.UniqueMemberParam.
	UniqueMemberParam string
	// Rules, when not nil, limits and customises the routes taken from the
	// resource: the given rules (the last one per method wins) plus the CRUD
	// methods the rules do not mention. A non-nil empty slice gives the CRUD
	// routes only.
	Rules []*Route
	// Subresources are routes nested under the resource's member rule, with
	// the resource's member param renamed (<int:id> -> <int:user_id>).
	Subresources []*Route
}

// ControllerRoutes returns the routes of a controller (routes.Controller):
// with rules == nil every view of its routes table, otherwise one route per
// rule, each inheriting the options it does not set from the first View of
// its method. Rules name their view by method name, method value or method
// expression. Rules are relative to prefix, or to Meta.URLPrefix when prefix
// is "". controller is a non-nil pointer to a struct embedding
// fwk.Controller; problems are returned as one route carrying the error.
func ControllerRoutes(prefix string, controller any, rules []*Route) []*Route {
	call, at := callSite()
	if controller == nil {
		return []*Route{missingController(call, at, prefix)}
	}
	info, err := inspectController(controller, call, at)
	if err != nil {
		return []*Route{errorRoute(call, at, err)}
	}
	if info.resource {
		return []*Route{errorRoute(call, at, errorf(ErrNotController,
			"%s is a resource: use routes.Resource (ResourceRoutes)", info.typeName))}
	}
	if prefix == "" {
		prefix = info.meta.URLPrefix
	}
	if rules == nil {
		return info.finaliseAll(info.table, prefix, "", "")
	}
	return info.finaliseAll(info.ruleRoutes(rules), prefix, "", "")
}

// ResourceRoutes returns the routes of a resource (routes.Resource): its CRUD
// and other views under prefix (Meta.URLPrefix when ""), followed by the
// subresources nested under its member rule. resource is a non-nil pointer
// to a struct embedding fwk.Resource; problems are returned as one route
// carrying the error.
func ResourceRoutes(prefix string, resource any, opt ResourceOptions) []*Route {
	call, at := callSite()
	if resource == nil {
		return []*Route{missingController(call, at, prefix)}
	}
	info, err := inspectController(resource, call, at)
	if err != nil {
		return []*Route{errorRoute(call, at, err)}
	}
	if !info.resource {
		return []*Route{errorRoute(call, at, errorf(ErrNotController,
			"%s is not a resource: use routes.Controller (ControllerRoutes)", info.typeName))}
	}
	member, unique := info.meta.MemberParam, info.meta.UniqueMemberParam
	for _, o := range []struct{ name, value string }{
		{"MemberParam", opt.MemberParam}, {"UniqueMemberParam", opt.UniqueMemberParam},
	} {
		if o.value == "" {
			continue
		}
		if err := checkMemberParam(o.name, o.value); err != nil {
			return []*Route{errorRoute(call, at, err)}
		}
	}
	if opt.MemberParam != "" {
		member = opt.MemberParam
	}
	if opt.UniqueMemberParam != "" {
		unique = opt.UniqueMemberParam
	}
	if prefix == "" {
		prefix = info.meta.URLPrefix
	}
	table := info.table
	if opt.Rules != nil {
		table = info.resourceRuleRoutes(opt.Rules)
	}
	out := info.finaliseAll(table, prefix, member, unique)
	for _, child := range opt.Subresources {
		if child != nil {
			out = append(out, info.nest(child, prefix, member, unique, call, at))
		}
	}
	return out
}

// PrefixRoutes returns copies of rs with prefix put in front of their rules
// (routes.Prefix). A trailing slash of a rule is kept, so a rule "/" under
// "/app" gives "/app/". Routes carrying an error are kept as they are.
func PrefixRoutes(prefix string, rs []*Route) []*Route {
	out := make([]*Route, 0, len(rs))
	for _, r := range rs {
		if r == nil {
			continue
		}
		if r.err != nil {
			out = append(out, r)
			continue
		}
		c := r.clone()
		rule := r.Rule()
		c.setRule(joinRule(strings.HasSuffix(rule, "/"), prefix, rule))
		if c.jsonArea != "" {
			c.jsonArea = joinRule(false, prefix, c.jsonArea)
		}
		out = append(out, c)
	}
	return out
}

// ErrorRoute returns a route that carries err and nothing else: fwk.New
// reports it. Routing functions built on this package use it for bad calls;
// err is wrapped in a *DeclarationError naming the call and its position.
func ErrorRoute(err error) *Route {
	call, at := callSite()
	return errorRoute(call, at, err)
}

// errorRoute returns a route carrying err for the call made at at.
func errorRoute(call, at string, err error) *Route {
	var de *DeclarationError
	if !errors.As(err, &de) {
		err = &DeclarationError{Call: call, At: at, Err: err}
	}
	return &Route{call: call, declaredAt: at, err: err}
}

// missingController is the error route of a call without a controller.
func missingController(call, at, prefix string) *Route {
	if prefix == "" {
		return errorRoute(call, at, errorf(ErrMissingController, "the call has neither a prefix nor a controller"))
	}
	return errorRoute(call, at, errorf(ErrMissingController, "the controller argument is required with the prefix %q", prefix))
}

// discoverRoutes returns the implicit routes of a bundle's Controllers():
// a resource as routes.Resource(res), a controller as routes.Controller(c),
// a func or http.Handler as routes.Func("", f). Abstract controllers are
// skipped; other values give a route carrying an error.
func discoverRoutes(ctrls []any) []*Route {
	call, at := callSite()
	var out []*Route
	for _, v := range ctrls {
		switch v.(type) {
		case resourceMarker:
			if !isAbstract(v) {
				out = append(out, ResourceRoutes("", v, ResourceOptions{})...)
			}
		case controllerMarker:
			if !isAbstract(v) {
				out = append(out, ControllerRoutes("", v, nil)...)
			}
		case http.Handler, func(http.ResponseWriter, *http.Request):
			out = append(out, NewRoute("", v))
		default:
			if reflect.ValueOf(v).Kind() == reflect.Func {
				out = append(out, NewRoute("", v))
				continue
			}
			out = append(out, errorRoute(call, at, errorf(ErrNotController,
				"Controllers() lists %T: not a controller, a resource or a func", v)))
		}
	}
	return out
}

// isAbstract reports whether v declares Meta.Abstract.
func isAbstract(v any) (abstract bool) {
	p, ok := v.(MetaProvider)
	if !ok || reflect.ValueOf(v).Kind() != reflect.Pointer || reflect.ValueOf(v).IsNil() {
		return false
	}
	defer func() {
		if recover() != nil {
			abstract = false // reported by inspectController
		}
	}()
	return p.Meta().Abstract
}

// ruleRoutes returns the routes of a controller's rules: each inherits from
// the first table route of its method.
func (info *ctrlInfo) ruleRoutes(rules []*Route) []*Route {
	out := make([]*Route, 0, len(rules))
	for _, r := range rules {
		if r != nil {
			out = append(out, info.ruleRoute(r))
		}
	}
	return out
}

// resourceRuleRoutes returns the routes of a resource's rules: one per
// method (the last rule wins, at the place of the first), then the CRUD
// methods the rules do not mention, in table order.
func (info *ctrlInfo) resourceRuleRoutes(rules []*Route) []*Route {
	var out []*Route
	index := map[string]int{}
	for _, r := range rules {
		if r == nil {
			continue
		}
		nr := info.ruleRoute(r)
		if nr.err != nil {
			out = append(out, nr)
			continue
		}
		if i, ok := index[nr.methodName]; ok {
			out[i] = nr
			continue
		}
		index[nr.methodName] = len(out)
		out = append(out, nr)
	}
	for _, r := range info.table {
		if _, ok := index[r.methodName]; !ok && isCRUD(r.methodName) {
			index[r.methodName] = len(out)
			out = append(out, r)
		}
	}
	return out
}

// ruleRoute resolves the view of a rule and makes it inherit the options it
// does not set from the first table route of the method (Flask-Unchained's rule
// inheritance).
func (info *ctrlInfo) ruleRoute(r *Route) *Route {
	if r.err != nil {
		return r
	}
	name, err := info.methodOf(r.view)
	if err != nil {
		return errorRoute(r.call, r.declaredAt, fmt.Errorf("%w (in the rules of %s)", err, info.typeName))
	}
	c := r.clone()
	c.methodName = name
	if base := info.first[name]; base != nil {
		c.inherit(base)
	}
	if method, member := crudMethod(name); method != "" && info.resource {
		c.setResource(func(s *resourceSpec) { s.crudMethod, s.isMemberMethod = method, member })
		if c.rule == "" && !member {
			c.setRule("/")
		}
	}
	return c
}

// inherit copies from base the options r does not set explicitly, and its
// rule when r has none.
func (r *Route) inherit(base *Route) {
	if r.rule == "" {
		r.setRule(base.rule)
	}
	if r.set&setEndpoint == 0 && base.set&setEndpoint != 0 {
		r.endpoint = base.endpoint
	}
	if r.set&setMethods == 0 && base.set&setMethods != 0 {
		r.methods = base.methods
	}
	if r.set&setDefaults == 0 {
		r.defaults = base.defaults
	}
	if r.set&setIsMember == 0 {
		r.isMember = base.isMember
	}
	if r.set&setOnlyIf == 0 {
		r.onlyIf = base.onlyIf
	}
	if r.set&setBlueprint == 0 {
		r.blueprint = base.blueprint
	}
	if r.set&setUse == 0 {
		r.middleware = base.middleware
	}
	if r.set&setCSRFExempt == 0 {
		r.csrfExempt = base.csrfExempt
	}
	r.set |= base.set
	if base.rulOpts != nil {
		changeCopy(&r.rulOpts, func(o *ruleOptions) { o.inherit(*base.rulOpts) })
	}
	r.servesJSON = r.servesJSON || base.servesJSON
	r.acceptForms = r.acceptForms || base.acceptForms
	if base.doc != nil {
		changeCopy(&r.doc, func(d *opDoc) { d.inherit(*base.doc) })
	}
}

// inherit takes from b, the options of the view's declaration, what o does
// not say.
func (o *ruleOptions) inherit(b ruleOptions) {
	if o.strictSlashes == nil {
		o.strictSlashes = b.strictSlashes
	}
	if o.redirectTo == "" {
		o.redirectTo = b.redirectTo
	}
	o.buildOnly = o.buildOnly || b.buildOnly
	if o.host == "" && o.subdomain == "" { // one option: where the rule is served
		o.host, o.subdomain = b.host, b.subdomain
	}
}

// finaliseAll finalises each route of rs (see finalise).
func (info *ctrlInfo) finaliseAll(rs []*Route, prefix, member, unique string) []*Route {
	out := make([]*Route, 0, len(rs))
	for _, r := range rs {
		out = append(out, info.finalise(r, prefix, member, unique))
	}
	return out
}

// finalise returns a copy of the table or rule route r bound to the
// controller, with its rule made under prefix and the member param.
func (info *ctrlInfo) finalise(r *Route, prefix, member, unique string) *Route {
	if r.err != nil {
		return r
	}
	c := r.clone()
	c.controller, c.ctrlType, c.meta = info.value, info.ptrType, info.meta
	c.setResource(func(s *resourceSpec) {
		s.memberParam, s.uniqueMember = member, unique
		s.parentResource, s.parentMember = nil, ""
	})
	c.fn = reflect.ValueOf(info.value).MethodByName(c.methodName)
	c.handler = nil
	c.src = funcName{}
	if n := len(info.meta.Decorators); n > 0 {
		mw := make([]func(http.Handler) http.Handler, 0, n+len(r.middleware))
		c.middleware = append(append(mw, info.meta.Decorators...), r.middleware...)
	}
	rule, err := c.makeRule(prefix)
	if err != nil {
		return errorRoute(r.call, r.declaredAt, err)
	}
	c.setRule(rule)
	return c
}

// makeRule returns the rule of a controller route under prefix (see the
// table in the file comment).
func (r *Route) makeRule(prefix string) (string, error) {
	rs := r.resource()
	if r.isMember {
		if rs.memberParam == "" {
			return "", errorf(ErrInvalidOption, "%s: IsMember is for resource views", r.controllerKey())
		}
		base := r.rule
		if base == "" {
			base = naming.MethodNameToURL(r.methodName)
		}
		return joinRule(base != "/" && strings.HasSuffix(base, "/"), prefix, rs.memberParam, base), nil
	}
	switch {
	case r.rule != "":
		return joinRule(r.rule != "/" && strings.HasSuffix(r.rule, "/"), prefix, r.rule), nil
	case rs.isMemberMethod:
		return naming.Join(prefix, rs.memberParam), nil
	}
	return naming.Join(prefix, naming.MethodNameToURL(r.methodName)), nil
}

// nest returns a copy of the subresource route child nested under the
// member rule of this resource: prefix/member/child-rule, with the first
// occurrence of member renamed (see renameParent). An error is reported at
// the resource's call (call, at).
func (info *ctrlInfo) nest(child *Route, prefix, member, unique, call, at string) *Route {
	if child.err != nil {
		return child
	}
	c := child.clone()
	c.setResource(func(s *resourceSpec) { s.parentResource, s.parentMember, s.uniqueMember = info.ptrType, member, unique })
	rule := child.Rule()
	trailing := strings.HasSuffix(rule, "/")
	renamed, err := c.renameParent(prefix, rule, info)
	if err != nil {
		return errorRoute(call, at, err)
	}
	c.setRule(joinRule(trailing, prefix, renamed, rule))
	return c
}

// renameParent returns the parent's member param renamed for the rule
// prefix/member/rule, the way Flask-Unchained does: the candidate is the
// parent's UniqueMemberParam, else the member param with its name prefixed by
// the parent's controller name (<int:id> -> <int:user_id>). When the rule
// already has a param of the candidate's name, the name comes from the route's
// own unique member param instead (<int:user_role_id>); a route that has none is
// an ErrParamCollision. Params are read with router.ParseRule; a rule it refuses
// is left to the router, which names it when it is added.
func (r *Route) renameParent(prefix, rule string, parent *ctrlInfo) (string, error) {
	ctrl := resourceKey(parent.value) // a model resource's: its model's name
	rs := r.resource()
	cand := rs.uniqueMember
	if cand == "" {
		cand = withParamName(rs.parentMember, ctrl+"_"+paramName(rs.parentMember))
	}
	rest, _ := router.ParseRule(naming.Join(prefix, rule))
	if name := paramName(cand); name == paramName(rs.parentMember) || hasParam(rest, name) {
		own := r.uniqueMemberParam()
		if own == "" {
			return "", errorf(ErrParamCollision,
				"rule %q of %s already holds %s, the renamed member param of %s: set UniqueMemberParam",
				joinRule(strings.HasSuffix(rule, "/"), prefix, rs.parentMember, rule), r.Endpoint(), cand, parent.typeName)
		}
		cand = withParamName(own, ctrl+"_"+paramName(own))
	}
	return cand, nil
}

// hasParam reports whether the parsed rule has a param called name.
func hasParam(pr router.ParsedRule, name string) bool {
	for _, p := range pr.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// uniqueMemberParam is Flask-Unchained's unique_member_param property: "" unless
// the route is a member route, else the stored value or the member param named
// <controller name>_<name>.
func (r *Route) uniqueMemberParam() string {
	rs := r.resource()
	if (!r.isMember && !rs.isMemberMethod) || rs.memberParam == "" {
		return ""
	}
	if rs.uniqueMember != "" {
		return rs.uniqueMember
	}
	return withParamName(rs.memberParam, resourceKey(r.controller)+"_"+paramName(rs.memberParam))
}

// memberParam parses a member param ("<converter(args):name>", checked by
// checkMemberParam).
func memberParam(p string) (router.RuleParam, bool) {
	pr, err := router.ParseRule("/" + p)
	if err != nil || len(pr.Params) != 1 {
		return router.RuleParam{}, false
	}
	return pr.Params[0], true
}

// paramName returns the name of the one parameter of a member param.
func paramName(p string) string {
	mp, _ := memberParam(p)
	return mp.Name
}

// withParamName returns the member param p ("<converter(args):name>") with
// its name replaced.
func withParamName(p, name string) string {
	mp, ok := memberParam(p)
	if !ok {
		return p // the router refuses it, naming the rule
	}
	// The name ends the text of the parameter, just before its '>'.
	text := p[mp.Start-1 : mp.End-1]
	return text[:len(text)-1-len(mp.Name)] + name + ">"
}

// joinRule joins rule parts with naming.Join, or naming.JoinTrailingSlash
// when trailing is set.
func joinRule(trailing bool, parts ...string) string {
	if trailing {
		return naming.JoinTrailingSlash(parts...)
	}
	return naming.Join(parts...)
}

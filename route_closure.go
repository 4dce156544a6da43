package fwk

// Endpoints of closures. A view written in place,
//
//	routes.Func("/posts/<int:id>", func(ctx *fwk.Ctx, id int) error { ... })
//
// is named by the runtime after the function holding it ("(*app).routes.func1"),
// which says nothing in a route table or a log. Its endpoint is instead the
// holder's name and the rule's words: "app.routes.posts_id" (a method other
// than GET is added: "app.routes.posts_id_post"). When two closures of one
// holder would share that name, the later one keeps the runtime's name;
// fwk.Endpoint names a view explicitly.

import (
	"slices"
	"strings"

	"github.com/fwkgo/fwk/naming"
)

// closureHolder returns the snake-cased name of the function holding the
// view of r when the view is a closure with a declared rule ("app.routes"),
// else "".
func (r *Route) closureHolder() string {
	if r.controller != nil || r.src.pkg == "" || r.src.recv != "" || r.rule == "" {
		return ""
	}
	segs := strings.Split(r.src.name, ".")
	i := slices.IndexFunc(segs, isClosureName)
	if i <= 0 {
		return ""
	}
	outer := make([]string, 0, i)
	for _, s := range segs[:i] {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "(*"), ")")
		s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
		outer = append(outer, naming.SnakeCase(s))
	}
	return strings.Join(outer, ".")
}

// closureEndpoint is the endpoint of a closure view: its holder, then the
// words of its rule, and its methods when GET is not one of them.
func (r *Route) closureEndpoint(holder string) string {
	var words []string
	word := func(s string) {
		var b strings.Builder
		for _, c := range strings.ToLower(s) {
			if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
				b.WriteRune(c)
			} else if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
		}
		if w := strings.Trim(b.String(), "_"); w != "" {
			words = append(words, w)
		}
	}
	for _, seg := range strings.Split(r.Rule(), "/") {
		if strings.HasPrefix(seg, "<") && strings.HasSuffix(seg, ">") {
			_, seg, _ = strings.Cut(strings.Trim(seg, "<>"), ":")
			seg, _, _ = strings.Cut(seg, "(")
		}
		word(seg)
	}
	if len(words) == 0 {
		words = append(words, "index")
	}
	if ms := sortedMethods(r.Methods()); !slices.Contains(ms, "GET") {
		for _, m := range ms {
			word(m)
		}
	}
	return holder + "." + strings.Join(words, "_")
}

// endpointOf returns the endpoint r is registered under, given the routes
// already registered by endpoint: a closure whose readable name is taken
// by another view keeps the runtime's name.
func endpointOf(r *Route, taken map[string][]*Route) string {
	ep := r.Endpoint()
	if r.endpoint != "" || r.registeredEndpoint != "" || r.closureHolder() == "" {
		return ep
	}
	for _, p := range taken[ep] {
		if p != r && !sameView(p, r) {
			return r.runtimeEndpoint()
		}
	}
	return ep
}

package fwk

// Security and summaries of the operations of the OpenAPI document.

import (
	"strings"

	"github.com/fwkgo/fwk/naming"
	"github.com/fwkgo/fwk/openapi"
)

// security sets the security of op, the operation of method of v: the
// schemes its Auths (Secured, Meta.Security) need for method, with a 401
// answer; none otherwise (the document's default).
func (b *docBuilder) security(op *openapi.Operation, v *view, method string) {
	var auths []Auth
	if v.route.doc != nil {
		auths = v.route.doc.security
	}
	if m := v.route.meta; m != nil {
		auths = append(auths[:len(auths):len(auths)], m.Security...)
	}
	for _, a := range auths {
		if !a.needs(method) {
			continue
		}
		if b.schemes == nil {
			b.schemes = map[string]*openapi.SecurityScheme{}
		}
		scheme := a.Scheme
		b.schemes[a.Name] = &scheme
		op.Security = append(op.Security, openapi.SecurityRequirement{a.Name: {}})
	}
	if len(op.Security) > 0 {
		b.response(op, "401", "Unauthorized")
	}
}

// resourceSummaries are the summaries of a resource's methods, by method
// name: %s is the resource's name, singular or plural.
var resourceSummaries = map[string]string{
	"List": "List %ss", "Create": "Create a %s", "Get": "Get a %s",
	"Patch": "Update a %s", "Put": "Replace a %s", "Delete": "Delete a %s",
}

// defaultSummary is the summary of v's operations when it declares none:
// for a resource's method, what it does to what ("Create a post"); else
// its method or endpoint in words ("Publish", "Search posts").
func defaultSummary(v *view) string {
	r := v.route
	method := ""
	if r.controller != nil {
		method = r.MethodName()
	}
	if _, ok := r.controller.(interface{ fwkResource() }); ok {
		if f, ok := resourceSummaries[method]; ok {
			name := strings.ReplaceAll(naming.SnakeCase(naming.ControllerName(r.controller)), "_", " ")
			if method == "List" {
				return "List " + naming.Pluralize(name)
			}
			return strings.Replace(f, "%s", name, 1)
		}
	}
	words := method
	if words == "" {
		words = v.endpoint[strings.LastIndexByte(v.endpoint, '.')+1:]
	}
	words = strings.ReplaceAll(naming.SnakeCase(words), "_", " ")
	if words == "" {
		return ""
	}
	return strings.ToUpper(words[:1]) + words[1:]
}

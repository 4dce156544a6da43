package fwk

// The OpenAPI document of an app, made from what its views declare:
//
//	what the view declares                 what the document says
//	its rule, <conv(args):name>            a path template, {name}, with the
//	                                       converter's schema (router.ConverterSchema)
//	its methods                            one operation each (HEAD, OPTIONS left out)
//	its endpoint                           operationId (+ "_" + method when it serves several)
//	its controller or resource type        a tag
//	a query struct or query arguments      query parameters (`query`, `default` tags)
//	a fwk.Body[T] parameter                a JSON request body: T's schema with its
//	                                       `validate` rules (openapi.Reflector)
//	a (T, error) result                    the success response: T in the resource
//	                                       payload shape (resultShapeOf)
//	the errors fwk answers for it          shared responses: 400, 404, 413, 415,
//	                                       422 with errors per field, and a default
//
// Only JSON views are documented: the views of a Resource, views declared
// with ServesJSON, and views with a typed result or body. HTML pages,
// static files and http.Handler views are left out.

import (
	"net/http"
	"reflect"
	"sort"
	"strings"

	"github.com/fwkgo/fwk/internal/textconv"
	"github.com/fwkgo/fwk/naming"
	"github.com/fwkgo/fwk/openapi"
)

// OpenAPI returns the OpenAPI 3.1 document of the app's JSON views (the
// views of a Resource, views declared with ServesJSON, views with a typed
// result or body), titled by OpenAPITitle and OpenAPIVersion of its
// Config. Each call builds a new document, which the caller may
// change (descriptions, examples, servers, security schemes).
func (a *App) OpenAPI() *openapi.Document {
	b := &docBuilder{
		refl: openapi.NewReflector(),
		doc: &openapi.Document{
			OpenAPI: openapi.Version,
			Info:    a.cfg.openAPIInfo(),
			Servers: a.cfg.openAPIServers(),
			Paths:   map[string]*openapi.PathItem{},
		},
		tags:    map[string]string{},
		problem: a.cfg.ErrorFormat == errorFormatProblem,
	}
	for _, v := range a.views {
		if v.documented() {
			b.addView(v)
		}
	}
	b.finish()
	return b.doc
}

// documented reports whether v is a JSON view the document lists.
func (v *view) documented() bool {
	return v.servesJSON || v.result != nil || v.bodyPlan() != nil
}

// bodyPlan returns the plan of v's Body parameter, or nil.
func (v *view) bodyPlan() *argPlan {
	for i := range v.plan {
		if v.plan[i].src == fromBody {
			return &v.plan[i]
		}
	}
	return nil
}

// docBuilder builds one document.
type docBuilder struct {
	doc     *openapi.Document
	refl    *openapi.Reflector
	tags    map[string]string // tag names and descriptions
	used    map[string]bool   // shared responses referred to
	problem bool              // errors are RFC 9457 problem details
	schemes map[string]*openapi.SecurityScheme
}

// addView adds the operations of v.
func (b *docBuilder) addView(v *view) {
	path := pathTemplate(v.rule)
	item := b.doc.Paths[path]
	if item == nil {
		item = &openapi.PathItem{}
		b.doc.Paths[path] = item
	}
	methods := documentedMethods(v.route.Methods())
	for _, m := range methods {
		op := b.operation(v)
		op.OperationID = v.endpoint
		if len(methods) > 1 {
			op.OperationID += "_" + strings.ToLower(m)
		}
		if m == http.MethodGet || m == http.MethodDelete {
			op.RequestBody = nil
		}
		if !v.csrfExempt && unsafeMethod(m) {
			b.response(op, "400", "BadRequest") // the CSRF refusal among them
		}
		b.documentModelView(v, op)
		b.security(op, v, m)
		item.SetOperation(m, op)
	}
}

// documentedMethods is methods without HEAD and OPTIONS, which every GET
// and every rule answer by themselves.
func documentedMethods(methods []string) []string {
	out := make([]string, 0, len(methods))
	for _, m := range methods {
		if m != http.MethodHead && m != http.MethodOptions {
			out = append(out, m)
		}
	}
	return out
}

func unsafeMethod(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return false
	}
	return true
}

// operation builds the operation of v, without its id.
func (b *docBuilder) operation(v *view) *openapi.Operation {
	var d opDoc
	if v.route.doc != nil {
		d = *v.route.doc
	}
	op := &openapi.Operation{Summary: d.summary, Description: d.description, Deprecated: d.deprecated,
		Responses: map[string]*openapi.Response{}}
	if op.Summary == "" {
		op.Summary = defaultSummary(v)
	}
	if tag, desc := viewTag(v, d); tag != "" {
		op.Tags = []string{tag}
		if b.tags[tag] == "" {
			b.tags[tag] = desc
		}
	}
	for _, p := range v.params {
		if p.conv == nil {
			continue // a default, not part of the path
		}
		op.Parameters = append(op.Parameters, v.pathParameter(&p))
	}
	if len(v.params) > 0 {
		b.response(op, "404", "NotFound")
	}
	for i := range v.plan {
		b.addArg(op, &v.plan[i], v.acceptsForms())
	}
	b.success(op, v, d.headers)
	for _, e := range d.errors {
		op.Responses[statusKey(e.status)] = b.errorResponse(e.description, false)
	}
	b.response(op, "default", "Error")
	return op
}

// acceptsForms reports whether v binds url-encoded and multipart bodies
// besides JSON (Ctx.jsonOnly).
func (v *view) acceptsForms() bool {
	r := v.route
	return !v.csrfExempt || r.acceptForms || r.meta != nil && r.meta.AcceptForms
}

// addArg documents one argument of the view's plan; forms says whether a
// body may be a form too.
func (b *docBuilder) addArg(op *openapi.Operation, a *argPlan, forms bool) {
	switch a.src {
	case fromQuery:
		op.Parameters = append(op.Parameters, b.queryParam(a.name, a.typ, a.multi, nil))
		b.response(op, "400", "BadRequest")
	case fromQueryStruct:
		fields, err := textconv.QueryFields(a.typ)
		if err != nil {
			return
		}
		for _, f := range fields {
			p := b.queryParam(f.Key, f.Field.Type, f.Slice, f.Default)
			p.Description = f.Field.Tag.Get("doc")
			if ex, ok := f.Field.Tag.Lookup("example"); ok {
				if v, ok := openapi.TagValue(f.Field.Type, ex); ok {
					p.Schema.Examples = []any{v}
				}
			}
			p.Required = openapi.ApplyValidate(p.Schema, f.Field.Type, f.Field.Tag.Get("validate")) && f.Default == nil
			op.Parameters = append(op.Parameters, p)
		}
		if hasValidateTags(a.typ) {
			b.response(op, "422", "ValidationFailed")
		}
		b.response(op, "400", "BadRequest")
	case fromBody:
		t := a.typ.Field(0).Type    // Body[T].Value
		mode := openapi.StrictInput // Ctx.decodeJSON: unknown keys are a 400
		if t.Implements(allowerType) || reflect.PointerTo(t).Implements(allowerType) {
			mode = openapi.Input
		}
		op.RequestBody = &openapi.RequestBody{Required: true, Content: map[string]openapi.MediaType{
			"application/json": {Schema: b.refl.SchemaFor(t, mode)},
		}}
		if forms { // the same fields, named by their form keys (App.decodeForm)
			form := openapi.MediaType{Schema: &openapi.Schema{Type: "object"}}
			op.RequestBody.Content["application/x-www-form-urlencoded"] = form
			op.RequestBody.Content["multipart/form-data"] = form
		}
		for _, code := range []string{"400", "413", "415", "422"} {
			b.response(op, code, sharedResponses[code].name)
		}
	}
}

// queryParam is the parameter of one query key of type t (the element type
// for a slice); defs are its defaults.
func (b *docBuilder) queryParam(key string, t reflect.Type, slice bool, defs []string) *openapi.Parameter {
	p := &openapi.Parameter{Name: key, In: "query", Schema: b.refl.Schema(t)}
	if s := p.Schema; len(defs) == 1 && !slice {
		s.Default = defs[0]
		if v, ok := openapi.Literal(t, defs[0]); ok {
			s.Default = v
		}
	}
	if slice {
		explode := true
		p.Explode = &explode
	}
	return p
}

// success adds the success response of v's typed result, with the
// headers the view declares; for a view writing its own answer, any 2XX
// answer (204 for a resource's Delete).
func (b *docBuilder) success(op *openapi.Operation, v *view, headers []respHeader) {
	res := b.successResponse(op, v)
	for _, h := range headers {
		if res.Headers == nil {
			res.Headers = map[string]*openapi.Header{}
		}
		res.Headers[h.name] = &openapi.Header{Description: h.description, Schema: &openapi.Schema{Type: "string"}}
	}
}

// successResponse adds and returns the success response of v.
func (b *docBuilder) successResponse(op *openapi.Operation, v *view) *openapi.Response {
	r := v.result
	if r == nil {
		if shape := resultShapeOf(v.route, nil); shape.status == http.StatusNoContent {
			op.Responses["204"] = &openapi.Response{Description: http.StatusText(http.StatusNoContent)}
			return op.Responses["204"]
		}
		op.Responses["2XX"] = &openapi.Response{Description: "Success: the view writes its own answer."}
		return op.Responses["2XX"]
	}
	code := http.StatusText(r.status)
	if r.status == http.StatusNoContent {
		op.Responses["204"] = &openapi.Response{Description: code}
		return op.Responses["204"]
	}
	s := resultSchema(b.refl, r.typ)
	if r.key != "" {
		s = &openapi.Schema{Type: "object", Properties: map[string]*openapi.Schema{r.key: s}, Required: []string{r.key}}
	}
	res := &openapi.Response{Description: code, Content: map[string]openapi.MediaType{
		"application/json": {Schema: s},
	}}
	op.Responses[statusKey(r.status)] = res
	return res
}

var allowerType = reflect.TypeFor[unknownFieldsAllower]()

// resultSchema is the schema of a typed result of type t as the view
// answers it: in Output mode, and never null (the view's result answers a nil
// slice [], a nil map {}, and a nil pointer 500).
func resultSchema(refl *openapi.Reflector, t reflect.Type) *openapi.Schema {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s := refl.SchemaFor(t, openapi.Output)
	if types, ok := s.Type.([]string); ok && (t.Kind() == reflect.Slice || t.Kind() == reflect.Map) {
		c := *s
		c.Type = types[0] // [array|object, null]
		return &c
	}
	return s
}

// viewTag is the tag of v and its description: the Tag option's, else
// its controller's type name and Meta.Description, or "".
func viewTag(v *view, d opDoc) (name, description string) {
	if d.tag != "" {
		return d.tag, d.tagDescription
	}
	if v.route == nil || v.route.controller == nil {
		return "", ""
	}
	t := reflect.TypeOf(v.route.controller)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if m := v.route.meta; m != nil {
		description = m.Description
	}
	return t.Name(), description
}

// pathTemplate turns a Werkzeug rule into an OpenAPI path template:
// "/posts/<int:post_id>/comments" -> "/posts/{post_id}/comments".
func pathTemplate(rule string) string {
	var sb strings.Builder
	for {
		i := strings.IndexByte(rule, '<')
		j := strings.IndexByte(rule[max(i, 0):], '>')
		if i < 0 || j < 0 {
			sb.WriteString(rule)
			return sb.String()
		}
		j += i
		sb.WriteString(rule[:i])
		if t := naming.ParamTuples(rule[i : j+1]); len(t) == 1 {
			sb.WriteString("{" + t[0][1] + "}")
		} else {
			sb.WriteString(rule[i : j+1])
		}
		rule = rule[j+1:]
	}
}

// finish adds the tags and the shared components used.
func (b *docBuilder) finish() {
	names := make([]string, 0, len(b.tags))
	for t := range b.tags {
		names = append(names, t)
	}
	sort.Strings(names)
	for _, n := range names {
		b.doc.Tags = append(b.doc.Tags, openapi.Tag{Name: n, Description: b.tags[n]})
	}
	c := &openapi.Components{Schemas: b.refl.Schemas, Responses: map[string]*openapi.Response{},
		SecuritySchemes: b.schemes}
	for _, r := range sharedResponses {
		if b.used[r.name] {
			c.Responses[r.name] = r.response(b.problem)
		}
	}
	if len(b.used) > 0 {
		errorSchemas(c.Schemas, b.problem)
	}
	b.doc.Security = []openapi.SecurityRequirement{} // none, unless an operation says otherwise
	if len(c.Schemas) > 0 || len(c.Responses) > 0 {
		b.doc.Components = c
	}
}

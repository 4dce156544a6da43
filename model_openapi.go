package fwk

// The OpenAPI operations of a model resource's default views, which take
// only a *Ctx and so declare nothing the generic document (App.OpenAPI) can
// read: what they take and answer is added here from the model type and
// the ModelMeta.
//
//	view    parameters                                   body                    answers
//	List    limit, cursor, sort (enum), each filter       -                       200 + Link, 400, 422
//	Create  -                                            CreateInput or T        201 + ETag, Location; 409, 422
//	Get     If-None-Match                                -                       200 + ETag, 304
//	Patch   If-Match                                     merge-patch+json, json  200 + ETag; 409, 412, 422 (428)
//	Put     If-Match                                     UpdateInput or T        200 + ETag; 409, 412, 422 (428)
//	Delete  If-Match                                     -                       204; 412 (428)
//
// Every one may answer 503 when the store is down. A view the resource
// writes itself (its own Create with a Body and a typed result) is
// documented from its signature as any view.

import (
	"net/http"
	"strings"

	"github.com/fwkgo/fwk/openapi"
)

// modelDocumenter documents the operations of a model resource's route.
type modelDocumenter interface {
	documentModel(b *docBuilder, v *view, op *openapi.Operation)
}

// documentModelView adds what a default view of a model resource does to
// op; views of other kinds are left alone.
func (b *docBuilder) documentModelView(v *view, op *openapi.Operation) {
	d, ok := v.model.(modelDocumenter)
	if !ok || v.result != nil || len(v.plan) > 0 || !isCRUD(v.route.MethodName()) {
		return
	}
	d.documentModel(b, v, op)
}

// documentModel documents the operation of the CRUD view of v.
func (p *modelRoute[T]) documentModel(b *docBuilder, v *view, op *openapi.Operation) {
	model := b.refl.SchemaFor(p.info.typ, openapi.Output) // as encoding/json writes it
	p.markReadOnly(b, model)
	delete(op.Responses, "2XX")
	unavailable(op)
	switch v.route.MethodName() {
	case "List":
		p.documentList(b, op, model)
	case "Create":
		p.documentBody(b, v, op, p.create, false)
		op.Responses["201"] = member(p.singular, model, "Created.", "ETag", "Location")
		conflict(op)
	case "Get":
		op.Parameters = append(op.Parameters, headerParam("If-None-Match", false,
			"Answer 304 Not Modified, with no body, when the model's ETag is one of these."))
		op.Responses["200"] = member(p.singular, model, http.StatusText(http.StatusOK), "ETag")
		op.Responses["304"] = &openapi.Response{Description: "Not Modified: the model still has the ETag of If-None-Match.",
			Headers: map[string]*openapi.Header{"ETag": etagHeader()}}
	case "Patch", "Put":
		p.documentBody(b, v, op, p.update, v.route.MethodName() == "Patch")
		p.documentIfMatch(op)
		op.Responses["200"] = member(p.singular, model, http.StatusText(http.StatusOK), "ETag")
		conflict(op)
	case "Delete":
		p.documentIfMatch(op)
		op.Responses["204"] = &openapi.Response{Description: http.StatusText(http.StatusNoContent)}
	}
}

// markReadOnly marks the model's read-only fields (its ID, CreatedAt,
// UpdatedAt, those tagged fwk:"readonly") readOnly in its schema, as the
// resource never writes them from a body.
func (p *modelRoute[T]) markReadOnly(b *docBuilder, model *openapi.Schema) {
	model = b.shared(model)
	for _, f := range p.info.fields {
		if prop := model.Properties[f.json]; f.readOnly && prop != nil {
			prop.ReadOnly = true
		}
	}
}

// documentList adds the paging, sort and filter parameters of List.
func (p *modelRoute[T]) documentList(b *docBuilder, op *openapi.Operation, model *openapi.Schema) {
	lo, hi := 1.0, float64(p.maxLimit)
	op.Parameters = append(op.Parameters,
		&openapi.Parameter{Name: queryLimit, In: "query", Description: "The page size; more than the maximum is cut to it.",
			Schema: &openapi.Schema{Type: "integer", Minimum: &lo, Maximum: &hi, Default: p.limit}},
		&openapi.Parameter{Name: queryCursor, In: "query",
			Description: "Where the page starts: the cursor of the previous page's next link.",
			Schema:      &openapi.Schema{Type: "string"}})
	if len(p.meta.Sort) > 0 {
		var enum []any
		for _, name := range p.meta.Sort {
			enum = append(enum, name, "-"+name)
		}
		explode := false
		op.Parameters = append(op.Parameters, &openapi.Parameter{Name: querySort, In: "query", Explode: &explode,
			Description: "The order: fields separated by commas, each with - before it for descending order.",
			Schema:      &openapi.Schema{Type: "array", Items: &openapi.Schema{Type: "string", Enum: enum}}})
	}
	for _, name := range p.meta.Filters {
		explode := true
		op.Parameters = append(op.Parameters, &openapi.Parameter{Name: name, In: "query", Explode: &explode,
			Description: "Keep the models whose " + name + " is one of these values.",
			Schema:      &openapi.Schema{Type: "array", Items: b.refl.Schema(elemType(p.filters[name].field.typ))}})
	}
	next := &openapi.Schema{Type: []any{"string", "null"}, Description: "The URL of the next page; null on the last page."}
	op.Responses["200"] = &openapi.Response{Description: http.StatusText(http.StatusOK),
		Headers: map[string]*openapi.Header{"Link": {
			Description: `The next page, as <url>; rel="next" (RFC 8288), on every page but the last.`,
			Schema:      &openapi.Schema{Type: "string"}}},
		Content: map[string]openapi.MediaType{"application/json": {Schema: &openapi.Schema{Type: "object",
			Properties: map[string]*openapi.Schema{p.plural: {Type: "array", Items: model}, "next": next},
			Required:   []string{p.plural, "next"}}}}}
	b.response(op, "400", "BadRequest")
	b.response(op, "422", "ValidationFailed")
}

// documentBody adds the request body of Create, Put or Patch.
func (p *modelRoute[T]) documentBody(b *docBuilder, v *view, op *openapi.Operation, in *inputPlan, patch bool) {
	// A key the input type lacks is refused; of the model itself, only the
	// writable members are described.
	s := b.refl.SchemaFor(in.typ, openapi.StrictInput)
	if in.own || patch {
		s = writableSchema(b, s, in.keys, patch)
	}
	content := map[string]openapi.MediaType{}
	if patch {
		content[MergePatchType] = openapi.MediaType{Schema: s}
	} else if v.acceptsForms() {
		form := openapi.MediaType{Schema: &openapi.Schema{Type: "object"}}
		content["application/x-www-form-urlencoded"], content["multipart/form-data"] = form, form
	}
	content["application/json"] = openapi.MediaType{Schema: s}
	op.RequestBody = &openapi.RequestBody{Required: true, Content: content}
	for _, code := range []string{"400", "413", "415", "422"} {
		b.response(op, code, sharedResponses[code].name)
	}
}

// writableSchema is the object schema s (or the shared schema it refers
// to) with only the members keys; for a JSON Merge Patch none is required
// and each may be null.
func writableSchema(b *docBuilder, s *openapi.Schema, keys map[string]bool, patch bool) *openapi.Schema {
	s = b.shared(s)
	// A key that is not writable is refused (400, or 422 for a patch).
	out := &openapi.Schema{Type: "object", Properties: map[string]*openapi.Schema{}, AdditionalProperties: openapi.False()}
	for k, prop := range s.Properties {
		if !keys[k] {
			continue
		}
		if patch {
			prop = openapi.Nullable(prop)
		}
		out.Properties[k] = prop
	}
	if patch {
		out.Description = "A JSON Merge Patch (RFC 7396): the members given replace the model's, null removes one."
		return out
	}
	for _, k := range s.Required {
		if keys[k] {
			out.Required = append(out.Required, k)
		}
	}
	return out
}

// shared returns the shared schema s refers to, or s itself when it is
// not a reference to one of the reflector's schemas.
func (b *docBuilder) shared(s *openapi.Schema) *openapi.Schema {
	if name, ok := strings.CutPrefix(s.Ref, "#/components/schemas/"); ok && b.refl.Schemas[name] != nil {
		return b.refl.Schemas[name]
	}
	return s
}

// documentIfMatch adds If-Match and the answers of the preconditions.
func (p *modelRoute[T]) documentIfMatch(op *openapi.Operation) {
	op.Parameters = append(op.Parameters, headerParam("If-Match", p.meta.RequireIfMatch,
		"Write only if the model's ETag is one of these (or * for any): else 412."))
	op.Responses["412"] = errorAnswer("Precondition Failed: the model changed since its ETag was read.")
	if p.meta.RequireIfMatch {
		op.Responses["428"] = errorAnswer("Precondition Required: the request has no If-Match.")
	}
}

// headerParam is a request header parameter.
func headerParam(name string, required bool, desc string) *openapi.Parameter {
	return &openapi.Parameter{Name: name, In: "header", Required: required, Description: desc,
		Schema: &openapi.Schema{Type: "string"}}
}

// member is the answer of one model under key, with headers.
func member(key string, model *openapi.Schema, desc string, headers ...string) *openapi.Response {
	r := &openapi.Response{Description: desc, Headers: map[string]*openapi.Header{},
		Content: map[string]openapi.MediaType{"application/json": {Schema: &openapi.Schema{Type: "object",
			Properties: map[string]*openapi.Schema{key: model}, Required: []string{key}}}}}
	for _, h := range headers {
		switch h {
		case "ETag":
			r.Headers[h] = etagHeader()
		case "Location":
			r.Headers[h] = &openapi.Header{Description: "The URL of the new model.", Schema: &openapi.Schema{Type: "string"}}
		}
	}
	return r
}

func etagHeader() *openapi.Header {
	return &openapi.Header{Description: "The model's entity tag, for If-Match and If-None-Match.",
		Schema: &openapi.Schema{Type: "string"}}
}

// errorAnswer is an error answer in fwk's JSON error shape.
func errorAnswer(desc string) *openapi.Response {
	return &openapi.Response{Description: desc, Content: map[string]openapi.MediaType{
		"application/json": {Schema: &openapi.Schema{Ref: "#/components/schemas/Error"}}}}
}

func conflict(op *openapi.Operation) {
	op.Responses["409"] = &openapi.Response{Description: "Conflict: a unique value is taken; errors names the field.",
		Content: map[string]openapi.MediaType{"application/json": {Schema: &openapi.Schema{Ref: "#/components/schemas/ValidationError"}}}}
}

func unavailable(op *openapi.Operation) {
	op.Responses["503"] = errorAnswer("Service Unavailable: the store cannot answer now.")
}

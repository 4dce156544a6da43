package fwk

import (
	"encoding/json"
	"strconv"

	"github.com/fwkgo/fwk/openapi"
)

// sharedResponse is one of the error answers fwk gives for a view, shared
// by the operations in components/responses.
type sharedResponse struct {
	name, description string
	validation        bool // the 422 shape, with errors per field
}

// sharedResponses are fwk's error answers, by status key.
var sharedResponses = map[string]sharedResponse{
	"401":     {name: "Unauthorized", description: "The request lacks the credentials the operation's security names."},
	"400":     {name: "BadRequest", description: "The request is malformed: a query value of the wrong type, a body that is not JSON, or a CSRF refusal."},
	"404":     {name: "NotFound", description: "No such resource: a URL value that does not convert, or a model that is not found."},
	"413":     {name: "ContentTooLarge", description: "The body is larger than the view's limit."},
	"415":     {name: "UnsupportedMediaType", description: "The body's Content-Type is not one the view reads."},
	"422":     {name: "ValidationFailed", description: "The body or query did not validate: errors lists the messages per field, details each value with its location.", validation: true},
	"default": {name: "Error", description: "An error, with its status and message."},
}

// response is the shared response r, in fwk's error shape or as problem
// details.
func (r sharedResponse) response(problem bool) *openapi.Response {
	return errorContent(r.description, r.validation, problem)
}

// errorContent is an error response described by description: JSON in
// fwk's shape (schemas Error, ValidationError) or RFC 9457 problem details
// (application/problem+json, schemas Problem, ValidationProblem).
func errorContent(description string, validation, problem bool) *openapi.Response {
	schema, media := "Error", "application/json"
	if problem {
		schema, media = "Problem", "application/problem+json"
	}
	if validation {
		schema = "Validation" + schema
	}
	return &openapi.Response{Description: description, Content: map[string]openapi.MediaType{
		media: {Schema: &openapi.Schema{Ref: "#/components/schemas/" + schema}},
	}}
}

// errorResponse is an error answer a view declares (ErrorResponse).
func (b *docBuilder) errorResponse(description string, validation bool) *openapi.Response {
	if b.used == nil {
		b.used = map[string]bool{}
	}
	b.used[""] = true // the error schemas
	return errorContent(description, validation, b.problem)
}

// response refers op's answer with status key code to the shared response
// name.
func (b *docBuilder) response(op *openapi.Operation, code, name string) {
	if b.used == nil {
		b.used = map[string]bool{}
	}
	b.used[name] = true
	op.Responses[code] = &openapi.Response{Ref: "#/components/responses/" + name}
}

// errorSchemas adds the schemas of fwk's error answers to schemas: in its
// shape (ErrorPage.writeJSON), {"error": message, "status": code}, or as
// RFC 9457 problem details (ErrorPage.writeProblem), {"type", "title",
// "status", "detail"}; with "errors" per field for a failed validation
// (required in the Validation schema), "details" (ErrorDetail) when fwk
// knows the values it refused, and "debug" in Debug mode.
func errorSchemas(schemas map[string]*openapi.Schema, problem bool) {
	props := map[string]*openapi.Schema{
		"errors": {Type: "object", Description: "The messages per field, by the names the client sent.",
			AdditionalProperties: &openapi.Schema{Type: "array", Items: &openapi.Schema{Type: "string"}}},
		"details": {Type: "array", Description: "Each value refused, with its location and, when repeated, the value received.",
			Items: &openapi.Schema{Ref: "#/components/schemas/ErrorDetail"}},
		"debug": {Type: "object", Description: "The details of a server error, with Config.Debug only."},
	}
	schemas["ErrorDetail"] = errorDetailSchema()
	name, required := "Error", []string{"error", "status"}
	if problem {
		name, required = "Problem", []string{"type", "title", "status"}
		props["type"] = &openapi.Schema{Type: "string", Format: "uri-reference", Const: "about:blank"}
		props["title"] = &openapi.Schema{Type: "string", Description: "The status text."}
		props["detail"] = &openapi.Schema{Type: "string", Description: "The message the user may see."}
	} else {
		props["error"] = &openapi.Schema{Type: "string", Description: "The message the user may see."}
	}
	props["status"] = &openapi.Schema{Type: "integer", Minimum: ptrTo(400.0), Maximum: ptrTo(599.0)}
	schemas[name] = &openapi.Schema{Type: "object", Required: required, Properties: props}
	v := *schemas[name]
	v.Required = append(required[:len(required):len(required)], "errors")
	schemas["Validation"+name] = &v
}

// errorDetailSchema is the schema of an ErrorDetail.
func errorDetailSchema() *openapi.Schema {
	return &openapi.Schema{Type: "object", Required: []string{"message", "location"}, AdditionalProperties: openapi.False(),
		Properties: map[string]*openapi.Schema{
			"message": {Type: "string", Description: "What is wrong with the value."},
			"location": {Type: "string", Pattern: `^(body|query|path)\.`,
				Description: "Where the value is: body., query. or path. and the name the client used.",
				Examples:    []any{"body.items[1].name", "query.limit", "path.id"}},
			"value": {Type: []string{"string", "number", "boolean"},
				Description: "The value received (a string cut at 64 characters); absent for a secret field, a list or object, a zero value, or a value of the wrong type."},
		}}
}

func ptrTo[T any](v T) *T { return &v }

// schemaOf turns a converter's JSON Schema object into a Schema.
func schemaOf(m map[string]any) *openapi.Schema {
	s := &openapi.Schema{}
	if b, err := json.Marshal(m); err == nil && json.Unmarshal(b, s) == nil {
		return s
	}
	return &openapi.Schema{Type: "string"}
}

func statusKey(code int) string { return strconv.Itoa(code) }

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
	"400":     {name: "BadRequest", description: "The request is malformed: a query value of the wrong type, a body that is not JSON, or a CSRF refusal."},
	"404":     {name: "NotFound", description: "No such resource: a URL value that does not convert, or a model that is not found."},
	"413":     {name: "ContentTooLarge", description: "The body is larger than the view's limit."},
	"415":     {name: "UnsupportedMediaType", description: "The body's Content-Type is not one the view reads."},
	"422":     {name: "ValidationFailed", description: "The body did not validate: errors lists the messages per field.", validation: true},
	"default": {name: "Error", description: "An error, with its status and message."},
}

func (r sharedResponse) response() *openapi.Response {
	schema := "Error"
	if r.validation {
		schema = "ValidationError"
	}
	return &openapi.Response{Description: r.description, Content: map[string]openapi.MediaType{
		"application/json": {Schema: &openapi.Schema{Ref: "#/components/schemas/" + schema}},
	}}
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

// errorSchema is the JSON shape of fwk's error answers (errorpage.go):
// {"error": message, "status": code}, with "errors" per field for a failed
// validation and "debug" in Debug mode.
func errorSchema(validation bool) *openapi.Schema {
	s := &openapi.Schema{Type: "object", Required: []string{"error", "status"}, Properties: map[string]*openapi.Schema{
		"error":  {Type: "string"},
		"status": {Type: "integer"},
		"errors": {Type: "object", AdditionalProperties: &openapi.Schema{Type: "array", Items: &openapi.Schema{Type: "string"}}},
		"debug":  {Type: "object"},
	}}
	if validation {
		s.Required = append(s.Required, "errors")
	}
	return s
}

// schemaOf turns a converter's JSON Schema object into a Schema.
func schemaOf(m map[string]any) *openapi.Schema {
	s := &openapi.Schema{}
	if b, err := json.Marshal(m); err == nil && json.Unmarshal(b, s) == nil {
		return s
	}
	return &openapi.Schema{Type: "string"}
}

func statusKey(code int) string { return strconv.Itoa(code) }

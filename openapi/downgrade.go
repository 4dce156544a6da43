package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Version30 is the OpenAPI version of the documents Downgrade writes.
const Version30 = "3.0.3"

// ErrNotVersion31 is the error of Downgrade (errors.Is) for a document
// that is not a JSON object whose openapi field is 3.1.x.
var ErrNotVersion31 = errors.New("openapi: not an OpenAPI 3.1 document")

// Downgrade converts an OpenAPI 3.1 document, as JSON (what fwk.App.OpenAPI
// marshals to), to an equivalent OpenAPI 3.0.3 document, for the client
// generators, gateways and linters that read only 3.0. Huma serves the same
// variant beside its 3.1 document.
//
// What 3.0 says otherwise:
//
//	3.1                                  3.0.3
//	type: [T, "null"]                    type: T, nullable: true
//	anyOf/oneOf with a {type: null}      the other branches, nullable: true
//	branch
//	$ref beside other keywords           allOf: [{$ref}] beside them (3.0
//	                                     ignores a $ref's siblings)
//	const: v                             enum: [v]
//	exclusiveMinimum: n (a number)       minimum: n, exclusiveMinimum: true
//	                                     (the same for the maximum)
//	examples: [a, ...]                   example: a
//	contentEncoding: base64              format: byte
//	contentMediaType (a file)            format: binary
//	type: [T, U]                         anyOf: [{type: T}, {type: U}]
//	type: array without items            items: {} (3.0 requires them)
//	a schema of any value ({}, true)     nullable: true (3.0 reads null as
//	                                     a value only where nullable says so)
//	false                                {not: {}} (additionalProperties
//	                                     keeps false)
//	info.license.identifier              dropped; the SPDX page is the URL
//	                                     when the license has none
//
// Keywords 3.0 lacks and cannot say otherwise are left out: $schema, $id,
// $comment, $defs, jsonSchemaDialect, webhooks, info.summary,
// components.pathItems, and schema keywords outside 3.0's subset of JSON
// Schema (if/then/else, prefixItems, patternProperties...). A schema
// without them may accept more than the 3.1 one, never less. A $ref to
// anything but a schema keeps only the $ref.
func Downgrade(doc31 []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(doc31))
	dec.UseNumber() // numbers written back as they were read
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotVersion31, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: more than one JSON value", ErrNotVersion31)
	}
	if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.1.") {
		return nil, fmt.Errorf("%w: openapi is %q", ErrNotVersion31, doc["openapi"])
	}
	doc["openapi"] = Version30
	for _, k := range []string{"jsonSchemaDialect", "webhooks", "$schema", "$id"} {
		delete(doc, k)
	}
	if _, ok := doc["paths"]; !ok {
		doc["paths"] = map[string]any{} // required in 3.0
	}
	downgradeInfo(object(doc["info"]))
	for _, item := range object(doc["paths"]) {
		downgradePathItem(object(item))
	}
	downgradeComponents(object(doc["components"]))
	return json.Marshal(doc)
}

// object is v as a JSON object, or nil.
func object(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// downgradeInfo drops what 3.0's info lacks: its summary and the license's
// SPDX identifier, which becomes the license's URL when it has none.
func downgradeInfo(info map[string]any) {
	delete(info, "summary")
	license := object(info["license"])
	if id, ok := license["identifier"].(string); ok {
		if _, has := license["url"]; !has && id != "" {
			license["url"] = "https://spdx.org/licenses/" + id + ".html"
		}
		delete(license, "identifier")
	}
}

// downgradePathItem converts the operations of a path item, and its
// parameters.
func downgradePathItem(item map[string]any) {
	if item == nil {
		return
	}
	if _, ok := item["$ref"]; ok {
		keepOnlyRef(item)
		return
	}
	downgradeParameters(item["parameters"])
	for _, m := range []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"} {
		downgradeOperation(object(item[m]))
	}
}

// downgradeOperation converts an operation's parameters, body, responses
// and callbacks.
func downgradeOperation(op map[string]any) {
	if op == nil {
		return
	}
	downgradeParameters(op["parameters"])
	downgradeRequestBody(object(op["requestBody"]))
	for _, r := range object(op["responses"]) {
		downgradeResponse(object(r))
	}
	for _, cb := range object(op["callbacks"]) {
		for _, item := range object(cb) {
			downgradePathItem(object(item))
		}
	}
}

// downgradeParameters converts a list of parameters.
func downgradeParameters(v any) {
	list, _ := v.([]any)
	for _, p := range list {
		downgradeParameter(object(p))
	}
}

// downgradeParameter converts a parameter's or a header's schema and
// content (a header is a parameter without name and in).
func downgradeParameter(p map[string]any) {
	if p == nil || keepOnlyRef(p) {
		return
	}
	if s, ok := p["schema"]; ok {
		p["schema"] = downgradeSchema(s)
	}
	downgradeContent(object(p["content"]))
}

// downgradeRequestBody converts a request body's content.
func downgradeRequestBody(b map[string]any) {
	if b == nil || keepOnlyRef(b) {
		return
	}
	downgradeContent(object(b["content"]))
}

// downgradeResponse converts a response's headers and content.
func downgradeResponse(r map[string]any) {
	if r == nil || keepOnlyRef(r) {
		return
	}
	for _, h := range object(r["headers"]) {
		downgradeParameter(object(h))
	}
	downgradeContent(object(r["content"]))
}

// downgradeContent converts the schema of each media type.
func downgradeContent(content map[string]any) {
	for _, mt := range content {
		mt := object(mt)
		if s, ok := mt["schema"]; ok {
			mt["schema"] = downgradeSchema(s)
		}
		for _, enc := range object(mt["encoding"]) {
			for _, h := range object(object(enc)["headers"]) {
				downgradeParameter(object(h))
			}
		}
	}
}

// downgradeComponents converts the shared schemas, parameters, headers,
// bodies, responses and callbacks, and drops the path items 3.0 has no
// place for.
func downgradeComponents(c map[string]any) {
	if c == nil {
		return
	}
	delete(c, "pathItems")
	schemas := object(c["schemas"])
	for name, s := range schemas {
		schemas[name] = downgradeSchema(s)
	}
	for _, p := range object(c["parameters"]) {
		downgradeParameter(object(p))
	}
	for _, h := range object(c["headers"]) {
		downgradeParameter(object(h))
	}
	for _, b := range object(c["requestBodies"]) {
		downgradeRequestBody(object(b))
	}
	for _, r := range object(c["responses"]) {
		downgradeResponse(object(r))
	}
	for _, cb := range object(c["callbacks"]) {
		for _, item := range object(cb) {
			downgradePathItem(object(item))
		}
	}
}

// keepOnlyRef drops the siblings of a Reference Object's $ref (3.1 allows
// a summary and a description beside it, 3.0 nothing); it reports whether
// m is a reference.
func keepOnlyRef(m map[string]any) bool {
	ref, ok := m["$ref"]
	if !ok {
		return false
	}
	clear(m)
	m["$ref"] = ref
	return true
}

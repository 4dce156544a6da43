// Package openapi holds the OpenAPI 3.1 document that fwk builds from an
// app's routes (fwk.App.OpenAPI), and the JSON Schema reflector that turns
// Go types and their `json` and `validate` tags into schemas.
//
// The types cover the part of OpenAPI 3.1 that fwk writes: paths,
// operations, parameters, request bodies, responses, tags and shared
// components. They marshal with encoding/json; fields left empty are left
// out. An app may add to a document (descriptions, examples, servers,
// security schemes) before serving or printing it.
//
// # Why no library
//
// The document is written with the standard library: fwk only writes
// OpenAPI, it never reads or resolves it, and the writer is a few hundred
// lines of plain structs, so the core module keeps no dependency for it.
// Reading and validating documents is what libraries do better; the example
// blog validates its document with pb33f/libopenapi-validator, which
// implements OpenAPI 3.1 and JSON Schema 2020-12.
package openapi

// Version is the OpenAPI version of the documents fwk builds.
const Version = "3.1.0"

// Document is an OpenAPI 3.1 document.
type Document struct {
	OpenAPI    string               `json:"openapi"`
	Info       Info                 `json:"info"`
	Servers    []Server             `json:"servers,omitempty"`
	Paths      map[string]*PathItem `json:"paths"`
	Components *Components          `json:"components,omitempty"`
	Tags       []Tag                `json:"tags,omitempty"`
	// Security is what every operation needs unless it says otherwise;
	// an empty, non-nil list says none.
	Security []SecurityRequirement `json:"security,omitzero"`
}

// Info is the document's title, version and description, and who
// answers for the API under which license.
type Info struct {
	Title       string   `json:"title"`
	Version     string   `json:"version"`
	Description string   `json:"description,omitempty"`
	Contact     *Contact `json:"contact,omitempty"`
	License     *License `json:"license,omitempty"`
}

// Contact is who to ask about the API.
type Contact struct {
	Name  string `json:"name,omitempty"`
	URL   string `json:"url,omitempty"`
	Email string `json:"email,omitempty"`
}

// License is the license of the API: a name, and an SPDX identifier or a
// URL (not both).
type License struct {
	Name       string `json:"name"`
	Identifier string `json:"identifier,omitempty"`
	URL        string `json:"url,omitempty"`
}

// Server is a base URL the API is served at.
type Server struct {
	URL         string `json:"url"`
	Description string `json:"description,omitempty"`
}

// Tag groups operations; fwk writes one per controller or resource.
type Tag struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// PathItem is the operations of one path template, by method.
type PathItem struct {
	Get     *Operation `json:"get,omitempty"`
	Put     *Operation `json:"put,omitempty"`
	Post    *Operation `json:"post,omitempty"`
	Delete  *Operation `json:"delete,omitempty"`
	Options *Operation `json:"options,omitempty"`
	Head    *Operation `json:"head,omitempty"`
	Patch   *Operation `json:"patch,omitempty"`
	Trace   *Operation `json:"trace,omitempty"`
}

// Operation returns the operation of method (upper-case) in p, or nil.
func (p *PathItem) Operation(method string) *Operation {
	if slot := p.slot(method); slot != nil {
		return *slot
	}
	return nil
}

// SetOperation sets the operation of method (upper-case) in p; it reports
// false for a method OpenAPI has no field for.
func (p *PathItem) SetOperation(method string, op *Operation) bool {
	slot := p.slot(method)
	if slot == nil {
		return false
	}
	*slot = op
	return true
}

func (p *PathItem) slot(method string) **Operation {
	switch method {
	case "GET":
		return &p.Get
	case "PUT":
		return &p.Put
	case "POST":
		return &p.Post
	case "DELETE":
		return &p.Delete
	case "OPTIONS":
		return &p.Options
	case "HEAD":
		return &p.Head
	case "PATCH":
		return &p.Patch
	case "TRACE":
		return &p.Trace
	}
	return nil
}

// Operation is one method of one path.
type Operation struct {
	OperationID string               `json:"operationId,omitempty"`
	Tags        []string             `json:"tags,omitempty"`
	Summary     string               `json:"summary,omitempty"`
	Description string               `json:"description,omitempty"`
	Parameters  []*Parameter         `json:"parameters,omitempty"`
	RequestBody *RequestBody         `json:"requestBody,omitempty"`
	Responses   map[string]*Response `json:"responses"`
	Deprecated  bool                 `json:"deprecated,omitempty"`
	// Security lists the ways to authenticate any one of which the
	// operation needs; an empty, non-nil list says it needs none.
	Security []SecurityRequirement `json:"security,omitzero"`
}

// SecurityRequirement names security schemes of the components, each with
// the scopes it needs (none for a bearer token or a cookie).
type SecurityRequirement map[string][]string

// SecurityScheme is a way to authenticate: {Type: "http", Scheme:
// "bearer"} for Authorization: Bearer, {Type: "apiKey", In: "cookie",
// Name: "session"} for a session cookie.
type SecurityScheme struct {
	Type         string `json:"type"`
	Description  string `json:"description,omitempty"`
	Name         string `json:"name,omitempty"`
	In           string `json:"in,omitempty"`
	Scheme       string `json:"scheme,omitempty"`
	BearerFormat string `json:"bearerFormat,omitempty"`
}

// Parameter is a path, query, header or cookie parameter.
type Parameter struct {
	Name        string  `json:"name"`
	In          string  `json:"in"`
	Description string  `json:"description,omitempty"`
	Required    bool    `json:"required,omitempty"`
	Schema      *Schema `json:"schema,omitempty"`
	// Explode is set for a query parameter given several times (a slice).
	Explode *bool `json:"explode,omitempty"`
}

// RequestBody is the body an operation reads, by media type.
type RequestBody struct {
	Description string               `json:"description,omitempty"`
	Required    bool                 `json:"required,omitempty"`
	Content     map[string]MediaType `json:"content"`
}

// MediaType is the schema of one media type.
type MediaType struct {
	Schema  *Schema `json:"schema,omitempty"`
	Example any     `json:"example,omitempty"`
}

// Response is one answer of an operation, or a reference to a shared one.
type Response struct {
	Ref         string               `json:"$ref,omitempty"`
	Description string               `json:"description,omitempty"`
	Headers     map[string]*Header   `json:"headers,omitempty"`
	Content     map[string]MediaType `json:"content,omitempty"`
}

// Header is a response header.
type Header struct {
	Description string  `json:"description,omitempty"`
	Schema      *Schema `json:"schema,omitempty"`
}

// Components holds the schemas, responses and security schemes operations
// refer to.
type Components struct {
	Schemas         map[string]*Schema         `json:"schemas,omitempty"`
	Responses       map[string]*Response       `json:"responses,omitempty"`
	SecuritySchemes map[string]*SecurityScheme `json:"securitySchemes,omitempty"`
}

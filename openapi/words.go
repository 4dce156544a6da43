package openapi

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
)

// The words of a schema come from struct tags whose names users of Huma
// know:
//
//	doc:"The post's title"   description
//	example:"Hello"           examples: ["Hello"] (a number, a bool, or JSON
//	                          for a slice, map or struct field)
//	default:"20"              default, for query parameters, form fields
//	                          and request body fields (Input modes), which
//	                          fwk fills with it when absent
//	readOnly:"true"           readOnly: the server sets it; a client's
//	                          value is not used (fwk:"readonly", a model
//	                          resource's read-only field, says the same)
//	deprecated:"true"         deprecated
//
// A result's (Output mode) `default` is not written: a default says what
// the server assumes of a key the client leaves out.

// withWords returns s with the description, example and annotations of a
// field of type t whose tags are tag (s is the field's own schema, a
// reference included: OpenAPI 3.1 allows words beside a $ref).
func withWords(s *Schema, t reflect.Type, tag reflect.StructTag) *Schema {
	if d := tag.Get("doc"); d != "" {
		s.Description = d
	}
	if tag.Get("readOnly") == "true" || hasOption(tag.Get("fwk"), "readonly") {
		s.ReadOnly = true
	}
	if tag.Get("deprecated") == "true" {
		s.Deprecated = true
	}
	if ex, ok := tag.Lookup("example"); ok {
		if v, ok := TagValue(t, ex); ok {
			s.Examples = []any{v}
		}
	}
	return s
}

var textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()

// hasOption reports whether the comma-separated tag value holds opt.
func hasOption(value, opt string) bool {
	for o := range strings.SplitSeq(value, ",") {
		if strings.TrimSpace(o) == opt {
			return true
		}
	}
	return false
}

// TagValue returns the text of a tag (`example`, `default`) as a JSON value
// of type t: a number, a bool or the text itself for scalars (as Literal),
// the text for a type that reads itself from text (time.Time), the decoded
// JSON for other types. It reports false when the text is not
// a value of t.
func TagValue(t reflect.Type, text string) (any, bool) {
	if v, ok := Literal(deref(t), text); ok {
		return v, true
	}
	if reflect.PointerTo(deref(t)).Implements(textUnmarshalerType) {
		return text, true // a JSON string the type reads (time.Time: RFC 3339)
	}
	var v any
	if json.Unmarshal([]byte(text), &v) != nil {
		return nil, false
	}
	return v, true
}

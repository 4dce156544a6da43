package openapi

import (
	"encoding/json"
	"strings"
)

// schema30Keywords are the keywords of an OpenAPI 3.0 Schema Object; a
// downgraded schema keeps these and the x- extensions.
var schema30Keywords = map[string]bool{
	"$ref": true, "title": true, "description": true, "type": true, "format": true,
	"multipleOf": true, "maximum": true, "exclusiveMaximum": true, "minimum": true,
	"exclusiveMinimum": true, "maxLength": true, "minLength": true, "pattern": true,
	"maxItems": true, "minItems": true, "uniqueItems": true, "maxProperties": true,
	"minProperties": true, "required": true, "enum": true, "allOf": true, "oneOf": true,
	"anyOf": true, "not": true, "items": true, "properties": true,
	"additionalProperties": true, "default": true, "nullable": true, "discriminator": true,
	"readOnly": true, "writeOnly": true, "xml": true, "externalDocs": true,
	"example": true, "deprecated": true,
}

// downgradeSchema returns the OpenAPI 3.0 form of the JSON Schema v (see
// Downgrade).
func downgradeSchema(v any) any {
	switch s := v.(type) {
	case bool:
		if s { // any value, null among them
			return map[string]any{"nullable": true}
		}
		return map[string]any{"not": map[string]any{}}
	case map[string]any:
		downgradeSchemaObject(s)
		return s
	}
	return v
}

// downgradeSchemaObject converts s in place: its own keywords, then the
// schemas it holds.
func downgradeSchemaObject(s map[string]any) {
	nullable := dropNullBranches(s, "anyOf") || dropNullBranches(s, "oneOf")
	nullable = downgradeType(s) || nullable
	if c, ok := s["const"]; ok {
		if _, has := s["enum"]; !has {
			s["enum"] = []any{c}
		}
	}
	downgradeBound(s, "exclusiveMinimum", "minimum", func(incl, excl float64) bool { return incl > excl })
	downgradeBound(s, "exclusiveMaximum", "maximum", func(incl, excl float64) bool { return incl < excl })
	if ex, ok := s["examples"].([]any); ok && len(ex) > 0 {
		if _, has := s["example"]; !has {
			s["example"] = ex[0]
		}
	}
	downgradeContentKeywords(s)
	if _, has := s["items"]; s["type"] == "array" && !has {
		s["items"] = map[string]any{} // required beside type array in 3.0
	}
	downgradeSubschemas(s)
	for k := range s {
		if !schema30Keywords[k] && !strings.HasPrefix(k, "x-") {
			delete(s, k)
		}
	}
	if nullable || anyValue(s) {
		s["nullable"] = true // in 3.0, null is a value only where nullable says so
	}
	if _, ok := s["$ref"]; ok && len(s) > 1 { // 3.0 ignores a $ref's siblings
		ref := map[string]any{"$ref": s["$ref"]}
		delete(s, "$ref")
		all, _ := s["allOf"].([]any)
		s["allOf"] = append([]any{ref}, all...)
	}
}

// anyValue reports whether s is a schema of any value (no type, reference,
// composition or enum), which in 3.1 accepts null too.
func anyValue(s map[string]any) bool {
	for _, k := range []string{"type", "$ref", "allOf", "anyOf", "oneOf", "not", "enum"} {
		if _, ok := s[k]; ok {
			return false
		}
	}
	return true
}

// dropNullBranches removes the {type: null} branches of s's anyOf or oneOf
// (key), reporting whether there was one. A single branch left takes the
// list's place: merged into s, or as allOf: [branch] when s has keys of
// its own the branch has too, or the branch is a reference.
func dropNullBranches(s map[string]any, key string) bool {
	list, ok := s[key].([]any)
	if !ok {
		return false
	}
	kept := make([]any, 0, len(list))
	for _, b := range list {
		if types, null := splitType(object(b)["type"]); null && len(types) == 0 {
			continue
		}
		kept = append(kept, b)
	}
	if len(kept) == len(list) {
		return false
	}
	delete(s, key)
	switch len(kept) {
	case 0: // null alone
		s["enum"] = []any{nil}
	case 1:
		mergeBranch(s, object(kept[0]), kept[0])
	default:
		s[key] = kept
	}
	return true
}

// mergeBranch puts the one branch left of an anyOf or oneOf into s.
func mergeBranch(s, branch map[string]any, raw any) {
	_, isRef := branch["$ref"]
	clash := isRef || branch == nil
	for k := range branch {
		if _, ok := s[k]; ok {
			clash = true
		}
	}
	if clash {
		all, _ := s["allOf"].([]any)
		s["allOf"] = append(all, raw)
		return
	}
	for k, v := range branch {
		s[k] = v
	}
}

// splitType returns the types of a type keyword other than null, and
// whether null is among them.
func splitType(t any) (types []string, null bool) {
	var all []any
	switch t := t.(type) {
	case string:
		all = []any{t}
	case []any:
		all = t
	}
	for _, x := range all {
		if x, ok := x.(string); ok {
			if x == "null" {
				null = true
			} else {
				types = append(types, x)
			}
		}
	}
	return types, null
}

// downgradeType writes s's type as 3.0 does, reporting whether it allowed
// null: one type stays a string; several become an anyOf of each; null
// alone is the enum [null].
func downgradeType(s map[string]any) bool {
	t, ok := s["type"]
	if !ok {
		return false
	}
	types, null := splitType(t)
	delete(s, "type")
	switch len(types) {
	case 0:
		if null {
			s["enum"] = []any{nil}
		}
	case 1:
		s["type"] = types[0]
	default:
		branches := make([]any, len(types))
		for i, x := range types {
			branches[i] = map[string]any{"type": x}
		}
		if _, has := s["anyOf"]; has {
			all, _ := s["allOf"].([]any)
			s["allOf"] = append(all, map[string]any{"anyOf": branches})
		} else {
			s["anyOf"] = branches
		}
	}
	return null
}

// downgradeBound turns a numeric exclusive bound (excl) into 3.0's
// inclusive one (incl) with excl true, unless s's inclusive bound is
// already stricter (stricter(incl, excl)), which then stands alone.
func downgradeBound(s map[string]any, excl, incl string, stricter func(incl, excl float64) bool) {
	e, ok := number(s[excl])
	if !ok {
		return
	}
	if i, ok := number(s[incl]); ok && stricter(i, e) {
		delete(s, excl)
		return
	}
	s[incl], s[excl] = s[excl], true
}

// number is v as a float64, when it is a JSON number.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case float64:
		return n, true
	}
	return 0, false
}

// downgradeContentKeywords writes a string's contentEncoding and
// contentMediaType as 3.0's formats: base64 text is format byte, a file's
// bytes format binary.
func downgradeContentKeywords(s map[string]any) {
	enc, hasEnc := s["contentEncoding"].(string)
	_, hasMedia := s["contentMediaType"]
	if _, has := s["format"]; !has {
		switch {
		case hasEnc && strings.EqualFold(enc, "base64"):
			s["format"] = "byte"
		case hasMedia && !hasEnc:
			s["format"] = "binary"
		}
	}
	delete(s, "contentEncoding")
	delete(s, "contentMediaType")
}

// downgradeSubschemas converts the schemas s holds.
func downgradeSubschemas(s map[string]any) {
	props := object(s["properties"])
	for name, p := range props {
		props[name] = downgradeSchema(p)
	}
	for _, k := range []string{"items", "not"} {
		if sub, ok := s[k]; ok {
			s[k] = downgradeSchema(sub)
		}
	}
	if ap, ok := s["additionalProperties"].(map[string]any); ok { // a boolean stays
		downgradeSchemaObject(ap)
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		list, _ := s[k].([]any)
		for i, b := range list {
			list[i] = downgradeSchema(b)
		}
	}
}

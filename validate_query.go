package fwk

import (
	"reflect"

	"github.com/fwkgo/fwk/internal/textconv"
)

// A query struct's `validate` tags are checked once it is filled, as a
// body's are: a value that fails them answers 422 with its messages under
// the query keys ({"errors": {"page": ["Number must be at least 1."]}}).

// queryNames names fields by their query key (textconv.QueryKey).
var queryNames = &fieldNaming{of: func(sf reflect.StructField) (string, bool) {
	if _, tagged := sf.Tag.Lookup("query"); sf.Anonymous && !tagged && indirect(sf.Type).Kind() == reflect.Struct {
		return "", true
	}
	return textconv.QueryKey(sf), false
}, loc: "query"}

// validateQuery checks the `validate` tags of the query struct val.
func (a *App) validateQuery(val reflect.Value) error {
	p := reflect.New(val.Type())
	p.Elem().Set(val)
	return a.validateValue(p, queryNames)
}

// hasValidateTags reports whether struct type t, or a struct it embeds,
// has a field with a `validate` tag.
func hasValidateTags(t reflect.Type) bool {
	for i := range t.NumField() {
		sf := t.Field(i)
		if _, ok := sf.Tag.Lookup("validate"); ok {
			return true
		}
		if sf.Anonymous && indirect(sf.Type).Kind() == reflect.Struct && hasValidateTags(indirect(sf.Type)) {
			return true
		}
	}
	return false
}

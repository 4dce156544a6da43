package textconv

import (
	"fmt"
	"reflect"
	"strings"
)

// QueryField describes one key of a query struct, as Query binds it.
type QueryField struct {
	Key     string              // the query key
	Field   reflect.StructField // the struct field it fills
	Slice   bool                // every value of the key, in order
	Default []string            // the `default` tag's values, or nil
}

// QueryFields lists the keys Query binds for the struct type t (or a
// pointer to one), in field order, for documentation.
func QueryFields(t reflect.Type) ([]QueryField, error) {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("fwk: query fields of %v: not a struct: %w", t, ErrUnsupported)
	}
	fields, err := collect(t, nil, nil, map[string]string{})
	if err != nil {
		return nil, err
	}
	out := make([]QueryField, len(fields))
	for i, f := range fields {
		out[i] = QueryField{Key: f.key, Field: t.FieldByIndex(f.index), Slice: f.slice}
		if f.hasDefault {
			out[i].Default = f.defaults
		}
	}
	return out, nil
}

// QueryKey is the query key Query binds struct field sf from: its `query`
// tag's name, else the snake_case of its name ("-": none).
func QueryKey(sf reflect.StructField) string {
	name, _, _ := strings.Cut(sf.Tag.Get("query"), ",")
	if name == "" {
		name = snakeCase(sf.Name)
	}
	return name
}

package openapi

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Schema is a JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). Type is a
// string, or a list of strings when null is allowed too.
type Schema struct {
	Ref                  string             `json:"$ref,omitempty"`
	Type                 any                `json:"type,omitempty"`
	Format               string             `json:"format,omitempty"`
	Description          string             `json:"description,omitempty"`
	Enum                 []any              `json:"enum,omitempty"`
	Const                any                `json:"const,omitempty"`
	Default              any                `json:"default,omitempty"`
	Minimum              *float64           `json:"minimum,omitempty"`
	Maximum              *float64           `json:"maximum,omitempty"`
	ExclusiveMinimum     *float64           `json:"exclusiveMinimum,omitempty"`
	ExclusiveMaximum     *float64           `json:"exclusiveMaximum,omitempty"`
	MinLength            *int               `json:"minLength,omitempty"`
	MaxLength            *int               `json:"maxLength,omitempty"`
	Pattern              string             `json:"pattern,omitempty"`
	Items                *Schema            `json:"items,omitempty"`
	MinItems             *int               `json:"minItems,omitempty"`
	MaxItems             *int               `json:"maxItems,omitempty"`
	Properties           map[string]*Schema `json:"properties,omitempty"`
	Required             []string           `json:"required,omitempty"`
	AdditionalProperties *Schema            `json:"additionalProperties,omitempty"`
	AnyOf                []*Schema          `json:"anyOf,omitempty"`
	ContentEncoding      string             `json:"contentEncoding,omitempty"`
	Examples             []any              `json:"examples,omitempty"`
	ReadOnly             bool               `json:"readOnly,omitempty"`
	Deprecated           bool               `json:"deprecated,omitempty"`

	never bool // the schema no value matches: False
}

// False returns the schema no value matches, written false: the
// additionalProperties of an object that accepts no other key.
func False() *Schema { return &Schema{never: true} }

// IsFalse reports whether s is the schema False returns.
func (s *Schema) IsFalse() bool { return s != nil && s.never }

// UnmarshalJSON reads a JSON Schema object, or a boolean schema (true is
// any value, false none).
func (s *Schema) UnmarshalJSON(b []byte) error {
	switch string(bytes.TrimSpace(b)) {
	case "false":
		*s = Schema{never: true}
		return nil
	case "true":
		*s = Schema{}
		return nil
	}
	type plain Schema
	return json.Unmarshal(b, (*plain)(s))
}

// MarshalJSON writes s as a JSON Schema object, or false.
func (s *Schema) MarshalJSON() ([]byte, error) {
	if s.never {
		return []byte("false"), nil
	}
	type plain Schema
	return json.Marshal((*plain)(s))
}

// Mode is the direction of the values a schema describes: what a client
// sends differs from what the app writes in which keys must be there.
type Mode uint8

const (
	// Input describes a request body as fwk decodes it: a key is required
	// when leaving it out fails validation (its zero value fails the
	// field's `validate` rules: required, min=1 on a number, an email...),
	// and unknown keys are accepted.
	Input Mode = iota
	// StrictInput is Input for a decoder that refuses unknown keys
	// (encoding/json's DisallowUnknownFields, fwk's default): objects are
	// additionalProperties false.
	StrictInput
	// Output describes a value as encoding/json writes it: a key is
	// required when it is always written (no omitempty or omitzero, not
	// promoted through an embedded pointer), and objects have no other
	// key (additionalProperties false).
	Output
)

// suffix is the name suffix of a shared schema whose type already has a
// schema of another mode under its plain name.
func (m Mode) suffix() string {
	if m == Output {
		return "Output"
	}
	return "Input"
}

// schemaKey is a type in a mode: the key of a shared schema.
type schemaKey struct {
	t    reflect.Type
	mode Mode
}

// Reflector turns Go types into schemas. Named struct types become shared
// schemas in Schemas, referred to by "#/components/schemas/<Name>"; the
// others are written inline. The zero value is not ready: use NewReflector.
type Reflector struct {
	// Schemas are the shared schemas made so far, by name.
	Schemas map[string]*Schema
	names   map[schemaKey]string
	busy    map[reflect.Type]bool // the types of mayNest being described
	mode    Mode                  // the mode of the schema being made
}

// NewReflector returns an empty Reflector.
func NewReflector() *Reflector {
	return &Reflector{Schemas: map[string]*Schema{}, names: map[schemaKey]string{}}
}

// Schema returns the schema of values of type t in Input mode: as
// encoding/json reads them. A pointer, slice or map may be null.
func (r *Reflector) Schema(t reflect.Type) *Schema { return r.SchemaFor(t, Input) }

// SchemaFor returns the schema of values of type t in mode m. A named
// struct type has one shared schema per mode it is described in: the
// first keeps the type's name, another mode adds "Input" or "Output" to it
// when its schema differs.
func (r *Reflector) SchemaFor(t reflect.Type, m Mode) *Schema {
	saved := r.mode
	r.mode = m
	defer func() { r.mode = saved }()
	return r.schema(t)
}

var (
	timeType          = reflect.TypeFor[time.Time]()
	rawMessageType    = reflect.TypeFor[json.RawMessage]()
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// schema returns the schema of values of type t in r.mode.
func (r *Reflector) schema(t reflect.Type) *Schema {
	switch {
	case t == timeType:
		return &Schema{Type: "string", Format: "date-time"}
	case t == rawMessageType:
		return &Schema{}
	case t.Kind() != reflect.Pointer && (t.Implements(jsonMarshalerType) || reflect.PointerTo(t).Implements(jsonMarshalerType)):
		return &Schema{} // any JSON value: the type writes itself
	case t.Kind() != reflect.Pointer && (t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType)):
		return &Schema{Type: "string"}
	}
	if mayNest(t) { // a type met again within itself is any value: type Tree map[string]Tree
		if r.busy[t] {
			return &Schema{}
		}
		if r.busy == nil {
			r.busy = map[reflect.Type]bool{}
		}
		r.busy[t] = true
		defer delete(r.busy, t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return &Schema{Type: "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intSchema(t, true)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return intSchema(t, false)
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: "number"}
	case reflect.String:
		return &Schema{Type: "string"}
	case reflect.Pointer:
		return Nullable(r.schema(t.Elem()))
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return &Schema{Type: []string{"string", "null"}, ContentEncoding: "base64"}
		}
		return &Schema{Type: []string{"array", "null"}, Items: r.schema(t.Elem())}
	case reflect.Array:
		n := t.Len()
		return &Schema{Type: "array", Items: r.schema(t.Elem()), MinItems: &n, MaxItems: &n}
	case reflect.Map:
		return &Schema{Type: []string{"object", "null"}, AdditionalProperties: r.schema(t.Elem())}
	case reflect.Struct:
		return r.structRef(t)
	}
	return &Schema{} // interfaces and the rest: any value
}

// mayNest reports the types that may hold themselves without a named
// struct (which has a shared schema to refer to) between: named pointer,
// slice, array and map types, and unnamed structs.
func mayNest(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		return t.Name() == ""
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return t.Name() != ""
	}
	return false
}

// intSchema is the schema of an integer type, with the type's range when it
// is narrower than what a JSON number can carry exactly.
func intSchema(t reflect.Type, signed bool) *Schema {
	s := &Schema{Type: "integer"}
	bits := t.Bits()
	if bits == 64 {
		s.Format = "int64"
		if !signed {
			s.Minimum = ptr(0.0)
		}
		return s
	}
	if bits == 32 {
		s.Format = "int32"
	}
	if signed {
		s.Minimum, s.Maximum = ptr(-float64(uint64(1)<<(bits-1))), ptr(float64(uint64(1)<<(bits-1)-1))
	} else {
		s.Minimum, s.Maximum = ptr(0.0), ptr(float64(uint64(1)<<bits-1))
	}
	return s
}

// structRef returns a reference to the shared schema of the named struct
// type t, making it first; an unnamed struct is written inline.
func (r *Reflector) structRef(t reflect.Type) *Schema {
	if t.Name() == "" {
		return r.structSchema(t)
	}
	key := schemaKey{t, r.mode}
	name, ok := r.names[key]
	if !ok {
		name = r.uniqueName(t)
		r.names[key] = name
		r.Schemas[name] = &Schema{} // placeholder: recursive types refer to it
		*r.Schemas[name] = *r.structSchema(t)
		if other := r.sameSchema(t, name); other != "" { // another mode wrote the same
			delete(r.Schemas, name)
			r.names[key] = other
			name = other
		}
	}
	return &Schema{Ref: "#/components/schemas/" + name}
}

// sameSchema returns the name of the schema of t in another mode when it is
// the same as the one just made under name, else "". A type that refers to
// itself keeps its own schema (its references name it).
func (r *Reflector) sameSchema(t reflect.Type, name string) string {
	made, err := json.Marshal(r.Schemas[name])
	if err != nil || bytes.Contains(made, []byte(`"#/components/schemas/`+name+`"`)) {
		return ""
	}
	for key, other := range r.names {
		if key.t != t || other == name {
			continue
		}
		if b, err := json.Marshal(r.Schemas[other]); err == nil && bytes.Equal(b, made) {
			return other
		}
	}
	return ""
}

// uniqueName is t's name; with the mode's suffix when the type already has
// a schema of another mode; qualified by its package when another type of
// the same name is already known.
func (r *Reflector) uniqueName(t reflect.Type) string {
	name := strings.NewReplacer("[", "_", "]", "", "*", "", "/", "_", ".", "_", ",", "_", " ", "").Replace(t.Name())
	for key, other := range r.names {
		if key.t == t && other == name {
			name += r.mode.suffix()
			break
		}
	}
	if _, taken := r.Schemas[name]; !taken {
		return name
	}
	pkg := t.PkgPath()
	if i := strings.LastIndexByte(pkg, '/'); i >= 0 {
		pkg = pkg[i+1:]
	}
	base := pkg + "." + name
	name = base
	for i := 2; ; i++ {
		if _, taken := r.Schemas[name]; !taken {
			return name
		}
		name = base + strconv.Itoa(i)
	}
}

// structSchema is the object schema of struct type t: its fields as
// encoding/json names them, embedded structs' fields in line. In
// StrictInput mode it accepts no other key, and in Output mode encoding/json
// writes none.
func (r *Reflector) structSchema(t reflect.Type) *Schema {
	s := &Schema{Type: "object", Properties: map[string]*Schema{}}
	r.addFields(s, t, map[reflect.Type]bool{t: true}, false)
	if r.mode != Input { // encoding/json writes no other key
		s.AdditionalProperties = False()
	}
	return s
}

// addFields adds the fields of t to s. seen holds the embedded struct types
// already read: a type that embeds itself (directly or through another)
// has its fields read once, as encoding/json does. viaPointer is set for
// the fields of a struct embedded by pointer, which encoding/json leaves
// out when the pointer is nil.
func (r *Reflector) addFields(s *Schema, t reflect.Type, seen map[reflect.Type]bool, viaPointer bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, skip := jsonName(f)
		if skip {
			continue
		}
		ft := f.Type
		if f.Anonymous && name == "" {
			ptr := ft.Kind() == reflect.Pointer
			if ptr {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if !seen[ft] {
					seen[ft] = true
					r.addFields(s, ft, seen, viaPointer || ptr)
				}
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		fs := r.schema(ft)
		if strings.Contains(opts, ",string") {
			fs = &Schema{Type: "string"}
		}
		mustGive := applyValidate(fs, ft, f.Tag.Get("validate"))
		fs = withWords(fs, ft, f.Tag)
		if def, ok := f.Tag.Lookup("default"); ok && r.mode != Output {
			if v, ok := TagValue(ft, def); ok {
				fs.Default, mustGive = v, false // fwk fills it: leaving the key out is fine
			}
		}
		s.Properties[name] = fs
		if r.required(mustGive, opts, viaPointer) {
			s.Required = append(s.Required, name)
		}
	}
}

// required reports whether a field's key is required in r's mode: in
// Output mode, when encoding/json always writes it; in the input modes,
// when leaving it out fails validation (mustGive).
func (r *Reflector) required(mustGive bool, jsonOpts string, viaPointer bool) bool {
	if r.mode != Output {
		return mustGive
	}
	return !viaPointer && !strings.Contains(jsonOpts, ",omitempty") && !strings.Contains(jsonOpts, ",omitzero")
}

// jsonName returns the JSON name of field f (empty: its Go name), the rest
// of its json tag, and whether encoding/json leaves it out.
func jsonName(f reflect.StructField) (name, opts string, skip bool) {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", "", true
	}
	name, opts, _ = strings.Cut(tag, ",")
	if opts != "" {
		opts = "," + opts
	}
	if !f.IsExported() && !f.Anonymous {
		return "", "", true
	}
	return name, opts, false
}

// Nullable returns s with null allowed too.
func Nullable(s *Schema) *Schema {
	switch t := s.Type.(type) {
	case string:
		return withType(s, []string{t, "null"})
	case []string:
		for _, x := range t {
			if x == "null" {
				return s
			}
		}
		return withType(s, append(t[:len(t):len(t)], "null"))
	}
	if s.Ref != "" {
		return &Schema{AnyOf: []*Schema{s, {Type: "null"}}}
	}
	return s // any value, null among them
}

func withType(s *Schema, t any) *Schema {
	c := *s
	c.Type = t
	return &c
}

func ptr[T any](v T) *T { return &v }

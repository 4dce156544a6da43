package openapi_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/fwkgo/fwk/openapi"
)

type visibility string

type inner struct {
	Note string `json:"note"`
}

type article struct {
	*inner
	ID       int64       `json:"id" doc:"The article's number" example:"7"`
	Title    string      `json:"title" validate:"required,max=10" doc:"Its title" example:"Hello"`
	Tags     []string    `json:"tags" example:"[\"go\"]"`
	Summary  string      `json:"summary,omitempty"`
	Later    string      `json:"later,omitzero"`
	Author   *string     `json:"author"`
	Shown    *visibility `json:"shown" validate:"omitempty,oneof=public private"`
	Priority int         `json:"priority" validate:"min=1"`
	Optional int         `json:"optional" validate:"omitempty,min=1"`
}

func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// In Output mode a key is required when encoding/json always writes it;
// in the input modes when leaving it out fails validation.
func TestSchemaModesRequired(t *testing.T) {
	r := openapi.NewReflector()
	typ := reflect.TypeFor[article]()
	in := marshal(t, r.SchemaFor(typ, openapi.Input))
	out := marshal(t, r.SchemaFor(typ, openapi.Output))
	strict := marshal(t, r.SchemaFor(typ, openapi.StrictInput))
	if in != `{"$ref":"#/components/schemas/article"}` || out != `{"$ref":"#/components/schemas/articleOutput"}` ||
		strict != `{"$ref":"#/components/schemas/articleInput"}` {
		t.Fatalf("refs: %s %s %s", in, out, strict)
	}
	if got := r.Schemas["article"].Required; !reflect.DeepEqual(got, []string{"title", "priority"}) {
		t.Errorf("input required = %v", got)
	}
	if got := r.Schemas["articleOutput"].Required; !reflect.DeepEqual(got, []string{"id", "title", "tags", "author", "shown", "priority", "optional"}) {
		t.Errorf("output required = %v (note: through a nil embedded pointer, summary: omitempty, later: omitzero)", got)
	}
	if r.Schemas["article"].AdditionalProperties != nil {
		t.Error("input accepts unknown keys, yet additionalProperties is set")
	}
	if got := marshal(t, r.Schemas["articleOutput"].AdditionalProperties); got != "false" {
		t.Errorf("output additionalProperties = %s, want false: encoding/json writes no other key", got)
	}
	if got := marshal(t, r.Schemas["articleInput"].AdditionalProperties); got != "false" {
		t.Errorf("strict input additionalProperties = %s, want false", got)
	}
}

// A type whose schema is the same in two modes has one shared schema.
func TestSchemaModesShareEqualSchemas(t *testing.T) {
	r := openapi.NewReflector()
	type plain struct {
		A string `json:"a" validate:"required"`
	}
	in := marshal(t, r.SchemaFor(reflect.TypeFor[plain](), openapi.StrictInput))
	out := marshal(t, r.SchemaFor(reflect.TypeFor[plain](), openapi.Output))
	if in != out || len(r.Schemas) != 1 {
		t.Errorf("input %s, output %s, schemas %v", in, out, r.Schemas)
	}
}

// doc and example tags are the description and examples; a nullable enum
// lists null.
func TestSchemaWordsAndNullableEnum(t *testing.T) {
	r := openapi.NewReflector()
	r.Schema(reflect.TypeFor[article]())
	p := r.Schemas["article"].Properties
	for name, want := range map[string]string{
		"id":    `{"type":"integer","format":"int64","description":"The article's number","examples":[7]}`,
		"title": `{"type":"string","description":"Its title","minLength":1,"maxLength":10,"examples":["Hello"]}`,
		"tags":  `{"type":["array","null"],"items":{"type":"string"},"examples":[["go"]]}`,
		"shown": `{"type":["string","null"],"enum":["public","private",null]}`,
	} {
		if got := marshal(t, p[name]); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}

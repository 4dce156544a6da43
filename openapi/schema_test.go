package openapi_test

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/fwkgo/fwk/openapi"
)

type node struct {
	Name     string  `json:"name"`
	Children []*node `json:"children,omitempty"`
}

type base struct {
	ID int64 `json:"id"`
}

type withEmbedded struct {
	base
	Hidden string    `json:"-"`
	At     time.Time `json:"at"`
	Count  uint8     `json:"count,string"`
	Raw    []byte    `json:"raw"`
	Plain  string
}

func schemaJSON(t *testing.T, r *openapi.Reflector, v any) string {
	t.Helper()
	b, err := json.Marshal(r.Schema(reflect.TypeOf(v)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSchemaKinds(t *testing.T) {
	cases := []struct {
		v    any
		want string
	}{
		{true, `{"type":"boolean"}`},
		{int8(0), `{"type":"integer","minimum":-128,"maximum":127}`},
		{int32(0), `{"type":"integer","format":"int32","minimum":-2147483648,"maximum":2147483647}`},
		{int64(0), `{"type":"integer","format":"int64"}`},
		{uint16(0), `{"type":"integer","minimum":0,"maximum":65535}`},
		{1.5, `{"type":"number"}`},
		{"", `{"type":"string"}`},
		{[]string{}, `{"type":["array","null"],"items":{"type":"string"}}`},
		{[2]int8{}, `{"type":"array","items":{"type":"integer","minimum":-128,"maximum":127},"minItems":2,"maxItems":2}`},
		{map[string]bool{}, `{"type":["object","null"],"additionalProperties":{"type":"boolean"}}`},
		{new(string), `{"type":["string","null"]}`},
		{time.Time{}, `{"type":"string","format":"date-time"}`},
		{json.RawMessage{}, `{}`},
		{struct {
			A int `json:"a"`
		}{}, `{"type":"object","properties":{"a":{"type":"integer","format":"int64"}}}`},
	}
	for _, tc := range cases {
		if got := schemaJSON(t, openapi.NewReflector(), tc.v); got != tc.want {
			t.Errorf("Schema(%T) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

// Named structs are shared by reference, recursive ones too; embedded
// fields are in line; json:"-" and unexported fields are left out.
func TestSchemaStructs(t *testing.T) {
	r := openapi.NewReflector()
	if got := schemaJSON(t, r, node{}); got != `{"$ref":"#/components/schemas/node"}` {
		t.Errorf("node: %s", got)
	}
	b, _ := json.Marshal(r.Schemas["node"])
	want := `{"type":"object","properties":{"children":{"type":["array","null"],"items":{"anyOf":[{"$ref":"#/components/schemas/node"},{"type":"null"}]}},"name":{"type":"string"}}}`
	if string(b) != want {
		t.Errorf("node schema:\n%s\nwant\n%s", b, want)
	}
	schemaJSON(t, r, withEmbedded{})
	b, _ = json.Marshal(r.Schemas["withEmbedded"])
	want = `{"type":"object","properties":{"Plain":{"type":"string"},"at":{"type":"string","format":"date-time"},"count":{"type":"string"},"id":{"type":"integer","format":"int64"},"raw":{"type":["string","null"],"contentEncoding":"base64"}}}`
	if string(b) != want {
		t.Errorf("withEmbedded schema:\n%s\nwant\n%s", b, want)
	}
}

type validated struct {
	Name  string   `json:"name" validate:"required,max=5"`
	Code  string   `json:"code" validate:"len=3"`
	Opt   string   `json:"opt" validate:"omitempty,min=2,max=4"`
	Age   int      `json:"age" validate:"gt=0,lt=130"`
	Ratio float64  `json:"ratio" validate:"gte=0,lte=1"`
	Site  string   `json:"site" validate:"url"`
	ID    string   `json:"id" validate:"uuid4"`
	Level int      `json:"level" validate:"oneof=1 2 3"`
	Tags  []string `json:"tags" validate:"required,min=1,dive,oneof=a b"`
	Must  bool     `json:"must" validate:"eq=true"`
}

func TestSchemaValidateTags(t *testing.T) {
	r := openapi.NewReflector()
	schemaJSON(t, r, validated{})
	s := r.Schemas["validated"]
	// Leaving any of these out fails validation (a zero value fails its
	// rules); opt skips its zero value and ratio's zero passes.
	if !reflect.DeepEqual(s.Required, []string{"name", "code", "age", "site", "id", "level", "tags", "must"}) {
		t.Errorf("required = %v", s.Required)
	}
	cases := map[string]string{
		"name":  `{"type":"string","minLength":1,"maxLength":5}`,
		"code":  `{"type":"string","minLength":3,"maxLength":3}`,
		"opt":   `{"type":"string","maxLength":4}`,
		"age":   `{"type":"integer","format":"int64","exclusiveMinimum":0,"exclusiveMaximum":130}`,
		"ratio": `{"type":"number","minimum":0,"maximum":1}`,
		"site":  `{"type":"string","format":"uri"}`,
		"id":    `{"type":"string","format":"uuid"}`,
		"level": `{"type":"integer","format":"int64","enum":[1,2,3]}`,
		"tags":  `{"type":["array","null"],"items":{"type":"string","enum":["a","b"]},"minItems":1}`,
		"must":  `{"type":"boolean","const":true}`,
	}
	for name, want := range cases {
		b, _ := json.Marshal(s.Properties[name])
		if string(b) != want {
			t.Errorf("%s: %s, want %s", name, b, want)
		}
	}
}

func TestNullable(t *testing.T) {
	for _, tc := range []struct {
		in   *openapi.Schema
		want string
	}{
		{&openapi.Schema{Type: "string"}, `{"type":["string","null"]}`},
		{&openapi.Schema{Type: []string{"array", "null"}}, `{"type":["array","null"]}`},
		{&openapi.Schema{Ref: "#/x"}, `{"anyOf":[{"$ref":"#/x"},{"type":"null"}]}`},
		{&openapi.Schema{}, `{}`},
	} {
		b, _ := json.Marshal(openapi.Nullable(tc.in))
		if string(b) != tc.want {
			t.Errorf("Nullable(%+v) = %s, want %s", tc.in, b, tc.want)
		}
	}
}

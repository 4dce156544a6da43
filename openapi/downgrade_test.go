package openapi_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/openapi"
)

// downgradeSchema downgrades a document whose one shared schema, Thing, is
// schema (JSON), and returns Thing's 3.0 form.
func downgradeSchema(t *testing.T, schema string) map[string]any {
	t.Helper()
	doc := downgradeDoc(t, `{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{},
		"components":{"schemas":{"Thing":`+schema+`}}}`)
	return doc["components"].(map[string]any)["schemas"].(map[string]any)["Thing"].(map[string]any)
}

// downgradeDoc downgrades the document doc (JSON), checks that the result
// says 3.0.3 and holds no keyword of 3.1 only, and returns it decoded.
func downgradeDoc(t *testing.T, doc string) map[string]any {
	t.Helper()
	b, err := openapi.Downgrade([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out["openapi"] != openapi.Version30 {
		t.Errorf("openapi: %v, want %s", out["openapi"], openapi.Version30)
	}
	for _, bad := range Keywords31(out) {
		t.Errorf("a keyword of 3.1 is left: %s", bad)
	}
	return out
}

// same fails the test when got and want (JSON) differ.
func same(t *testing.T, got any, want string) {
	t.Helper()
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, w) {
		g, _ := json.Marshal(got)
		t.Errorf("got  %s\nwant %s", g, want)
	}
}

func TestDowngradeNullableType(t *testing.T) {
	same(t, downgradeSchema(t, `{"type":["string","null"],"format":"date-time"}`),
		`{"type":"string","format":"date-time","nullable":true}`)
	same(t, downgradeSchema(t, `{"type":["integer"]}`), `{"type":"integer"}`)
	same(t, downgradeSchema(t, `{"type":"null"}`), `{"enum":[null],"nullable":true}`)
	same(t, downgradeSchema(t, `{"type":["string","integer","null"]}`),
		`{"anyOf":[{"type":"string"},{"type":"integer"}],"nullable":true}`)
}

func TestDowngradeNullBranch(t *testing.T) {
	same(t, downgradeSchema(t, `{"anyOf":[{"$ref":"#/components/schemas/Other"},{"type":"null"}]}`),
		`{"allOf":[{"$ref":"#/components/schemas/Other"}],"nullable":true}`)
	same(t, downgradeSchema(t, `{"oneOf":[{"type":"string","minLength":1},{"type":"null"}],"description":"d"}`),
		`{"type":"string","minLength":1,"description":"d","nullable":true}`)
	same(t, downgradeSchema(t, `{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}`),
		`{"anyOf":[{"type":"string"},{"type":"integer"}],"nullable":true}`)
}

func TestDowngradeRefSiblings(t *testing.T) {
	same(t, downgradeSchema(t, `{"$ref":"#/components/schemas/Other","description":"The other.","readOnly":true}`),
		`{"allOf":[{"$ref":"#/components/schemas/Other"}],"description":"The other.","readOnly":true}`)
	same(t, downgradeSchema(t, `{"$ref":"#/components/schemas/Other"}`), `{"$ref":"#/components/schemas/Other"}`)
}

func TestDowngradeArrayItems(t *testing.T) {
	same(t, downgradeSchema(t, `{"type":["array","null"]}`), `{"type":"array","items":{"nullable":true},"nullable":true}`)
	same(t, downgradeSchema(t, `{"type":"array","items":{"type":"integer"}}`), `{"type":"array","items":{"type":"integer"}}`)
}

func TestDowngradeConst(t *testing.T) {
	same(t, downgradeSchema(t, `{"type":"string","const":"about:blank"}`), `{"type":"string","enum":["about:blank"]}`)
}

func TestDowngradeExclusiveBounds(t *testing.T) {
	same(t, downgradeSchema(t, `{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":10}`),
		`{"type":"number","minimum":0,"exclusiveMinimum":true,"maximum":10,"exclusiveMaximum":true}`)
	// An inclusive bound stricter than the exclusive one stands alone; an
	// equal one is made exclusive.
	same(t, downgradeSchema(t, `{"type":"integer","minimum":5,"exclusiveMinimum":1,"maximum":9,"exclusiveMaximum":9}`),
		`{"type":"integer","minimum":5,"maximum":9,"exclusiveMaximum":true}`)
}

func TestDowngradeExamples(t *testing.T) {
	same(t, downgradeSchema(t, `{"type":"string","examples":["Dune","Emma"]}`), `{"type":"string","example":"Dune"}`)
	same(t, downgradeSchema(t, `{"type":"integer","examples":[]}`), `{"type":"integer"}`)
}

func TestDowngradeContentKeywords(t *testing.T) {
	same(t, downgradeSchema(t, `{"type":["string","null"],"contentEncoding":"base64"}`),
		`{"type":"string","format":"byte","nullable":true}`)
	same(t, downgradeSchema(t, `{"type":"string","contentMediaType":"application/octet-stream"}`),
		`{"type":"string","format":"binary"}`)
}

func TestDowngradeBooleanAndAnySchemas(t *testing.T) {
	same(t, downgradeSchema(t, `{"type":"object","properties":{"any":{},"no":false,"yes":true},"additionalProperties":false}`),
		`{"type":"object","properties":{"any":{"nullable":true},"no":{"not":{}},"yes":{"nullable":true}},"additionalProperties":false}`)
}

func TestDowngradeDropsKeywords31(t *testing.T) {
	same(t, downgradeSchema(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"urn:thing",
		"$comment":"c","$defs":{"a":{}},"type":"array","prefixItems":[{"type":"string"}],
		"items":{"type":"string","if":{"minLength":1},"then":{"pattern":"x"}},"x-go-type":"Thing"}`),
		`{"type":"array","items":{"type":"string"},"x-go-type":"Thing"}`)
}

func TestDowngradeDocumentLevel(t *testing.T) {
	out := downgradeDoc(t, `{"openapi":"3.1.0","jsonSchemaDialect":"https://spec.openapis.org/oas/3.1/dialect/base",
		"info":{"title":"T","version":"1","summary":"s","license":{"name":"MIT","identifier":"MIT"}},
		"webhooks":{"ping":{}},"components":{"pathItems":{"p":{}}}}`)
	same(t, out, `{"openapi":"3.0.3","info":{"title":"T","version":"1",
		"license":{"name":"MIT","url":"https://spdx.org/licenses/MIT.html"}},"paths":{},"components":{}}`)
	out = downgradeDoc(t, `{"openapi":"3.1.1","info":{"title":"T","version":"1",
		"license":{"name":"MIT","identifier":"MIT","url":"https://opensource.org/licenses/MIT"}},"paths":{}}`)
	same(t, out["info"], `{"title":"T","version":"1","license":{"name":"MIT","url":"https://opensource.org/licenses/MIT"}}`)
}

// Schemas are found wherever an operation holds them, and a Reference
// Object keeps only its $ref.
func TestDowngradeOperationSchemas(t *testing.T) {
	out := downgradeDoc(t, `{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{"/a/{id}":{
		"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"integer","examples":[42]}}],
		"post":{"parameters":[{"name":"q","in":"query","schema":{"type":["string","null"]}}],
		"requestBody":{"content":{"application/json":{"schema":{"const":1}}}},
		"responses":{"200":{"description":"ok","headers":{"Location":{"schema":{"type":"string","examples":["/a/1"]}}},
		"content":{"application/json":{"schema":{"type":"number","exclusiveMaximum":1}}}},
		"404":{"$ref":"#/components/responses/NotFound","description":"Not there."}}}}}}`)
	same(t, out["paths"], `{"/a/{id}":{
		"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"integer","example":42}}],
		"post":{"parameters":[{"name":"q","in":"query","schema":{"type":"string","nullable":true}}],
		"requestBody":{"content":{"application/json":{"schema":{"enum":[1]}}}},
		"responses":{"200":{"description":"ok","headers":{"Location":{"schema":{"type":"string","example":"/a/1"}}},
		"content":{"application/json":{"schema":{"type":"number","maximum":1,"exclusiveMaximum":true}}}},
		"404":{"$ref":"#/components/responses/NotFound"}}}}}`)
}

func TestDowngradeRefusesOtherVersions(t *testing.T) {
	for _, doc := range []string{`{"openapi":"3.0.3","info":{},"paths":{}}`, `{"swagger":"2.0"}`, `{"openapi":"3.1.0"} {}`, `[1]`, `{`, ``} {
		if _, err := openapi.Downgrade([]byte(doc)); !errors.Is(err, openapi.ErrNotVersion31) {
			t.Errorf("Downgrade(%s): %v, want ErrNotVersion31", doc, err)
		}
	}
}

// keywords31 are the keywords of 3.1 (JSON Schema 2020-12 and the
// document) that 3.0 lacks.
var keywords31 = strings.Fields(`$schema $id $anchor $dynamicAnchor $dynamicRef $defs $comment $vocabulary
	const examples contentEncoding contentMediaType contentSchema prefixItems unevaluatedItems
	unevaluatedProperties dependentRequired dependentSchemas patternProperties propertyNames
	if then else contains minContains maxContains jsonSchemaDialect webhooks pathItems identifier`)

// Keywords31 walks a downgraded document and returns the JSON paths of the
// keywords of 3.1 left in it, of a type list, a numeric exclusive bound, a
// boolean schema outside additionalProperties, a {type: null}, and of any
// keyword beside a $ref. Values (enum, default, example) are not walked.
func Keywords31(doc any) []string {
	var bad []string
	var walk func(path string, v any, parentKey string)
	walk = func(path string, v any, parentKey string) {
		switch v := v.(type) {
		case map[string]any:
			if _, ref := v["$ref"]; ref && len(v) > 1 {
				bad = append(bad, path+" ($ref with siblings)")
			}
			for k, x := range v {
				p := path + "/" + k
				switch {
				case parentKey != "properties" && parentKey != "schemas" && parentKey != "paths" &&
					parentKey != "responses" && parentKey != "content" && parentKey != "headers" &&
					contains(keywords31, k):
					bad = append(bad, p)
				case k == "type" && parentKey != "properties":
					if s, ok := x.(string); !ok || s == "null" {
						bad = append(bad, p+" (not one type)")
					}
				case (k == "exclusiveMinimum" || k == "exclusiveMaximum") && parentKey != "properties":
					if _, ok := x.(bool); !ok {
						bad = append(bad, p+" (not a boolean)")
					}
				case k == "items" || k == "not" || k == "schema":
					if _, ok := x.(bool); ok {
						bad = append(bad, p+" (a boolean schema)")
					}
				}
				if k == "enum" || k == "default" || k == "example" {
					continue // values, not schemas
				}
				walk(p, x, k)
			}
		case []any:
			for i, x := range v {
				walk(path+"/"+strconv.Itoa(i), x, parentKey)
			}
		}
	}
	walk("#", doc, "")
	return bad
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

package fwk_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapi"
	"github.com/fwkgo/fwk/routes"
)

func paramNamed(op *openapi.Operation, in, name string) *openapi.Parameter {
	for _, p := range op.Parameters {
		if p.In == in && p.Name == name {
			return p
		}
	}
	return nil
}

func TestModelOperationsDocumented(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry](), fwk.NewMemoryStore[Reply]()},
		routes.Resource("", &ListedEntryResource{}, routes.Subresources(routes.Resource("/replies", &ReplyResource{}))))
	doc := app.OpenAPI()
	coll, item := doc.Paths["/entries"], doc.Paths["/entries/{id}"]
	if coll == nil || item == nil || doc.Paths["/entries/{entry_id}/replies/{id}"] == nil {
		t.Fatalf("paths missing: %v", keys(doc.Paths))
	}

	list := coll.Get
	if p := paramNamed(list, "query", "limit"); p == nil || p.Schema.Default != 2 || *p.Schema.Maximum != 3 {
		t.Errorf("limit param = %+v, want default 2, maximum 3", p)
	}
	if p := paramNamed(list, "query", "sort"); p == nil || !slices.Contains(p.Schema.Items.Enum, any("-created_at")) {
		t.Errorf("sort param = %+v, want an enum with -created_at", p)
	}
	if p := paramNamed(list, "query", "status"); p == nil || p.Schema.Items.Type != "string" {
		t.Errorf("status filter = %+v", p)
	}
	if p := paramNamed(list, "query", "views"); p == nil || p.Schema.Items.Type != "integer" {
		t.Errorf("views filter = %+v, want integer values", p)
	}
	if paramNamed(list, "query", "cursor") == nil || list.Responses["200"].Headers["Link"] == nil || list.Responses["422"] == nil {
		t.Errorf("list: want cursor, a Link header and 422: %s", js(list))
	}

	create := coll.Post
	if create.Responses["201"] == nil || create.Responses["201"].Headers["ETag"] == nil || create.Responses["201"].Headers["Location"] == nil ||
		create.Responses["409"] == nil || create.RequestBody == nil {
		t.Errorf("create: %s", js(create))
	}
	get := item.Get
	if paramNamed(get, "header", "If-None-Match") == nil || get.Responses["304"] == nil || get.Responses["200"].Headers["ETag"] == nil {
		t.Errorf("get: %s", js(get))
	}
	patch := item.Patch
	if _, ok := patch.RequestBody.Content[fwk.MergePatchType]; !ok || paramNamed(patch, "header", "If-Match") == nil || patch.Responses["412"] == nil {
		t.Errorf("patch: %s", js(patch))
	}
	if s := patch.RequestBody.Content[fwk.MergePatchType].Schema; s.Properties["title"] == nil || len(s.Required) > 0 || s.Properties["views"] != nil {
		t.Errorf("merge patch schema %s: want the writable members, none required", js(s))
	}
	for name, op := range map[string]*openapi.Operation{"put": item.Put, "delete": item.Delete, "get": get, "list": list} {
		if op.Responses["503"] == nil || op.Responses["428"] != nil {
			t.Errorf("%s: want 503 and no 428 (If-Match optional): %s", name, js(op))
		}
	}
	if p := paramNamed(item.Delete, "header", "If-Match"); p == nil || p.Required {
		t.Errorf("delete If-Match = %+v, want optional", p)
	}

	locked := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &LockedEntryResource{})).OpenAPI()
	put := locked.Paths["/entries/{id}"].Put
	if p := paramNamed(put, "header", "If-Match"); p == nil || !p.Required || put.Responses["428"] == nil {
		t.Errorf("RequireIfMatch put: %s", js(put))
	}
}

func TestModelOverriddenOperationDocumentedFromSignature(t *testing.T) {
	doc := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &StampedEntryResource{})).OpenAPI()
	create := doc.Paths["/entries"].Post
	if create.Responses["201"] == nil || create.Responses["503"] != nil {
		t.Errorf("an overridden Create is documented from its own signature: %s", js(create))
	}
	if doc.Paths["/entries/{id}"].Get.Responses["503"] == nil {
		t.Errorf("the default Get of the same resource lost its model documentation")
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestModelSchemasInTheirModes: a model resource's answers are described as
// encoding/json writes them (every key without omitempty required, no other
// key), and its bodies as the resource reads them (a key that cannot be
// written is refused: additionalProperties false).
func TestModelSchemasInTheirModes(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &EntryResource{}))
	doc := app.OpenAPI()
	resolve := func(s *openapi.Schema) *openapi.Schema {
		if name, ok := strings.CutPrefix(s.Ref, "#/components/schemas/"); ok {
			return doc.Components.Schemas[name]
		}
		return s
	}
	get := doc.Paths["/entries/{id}"].Get.Responses["200"].Content["application/json"].Schema
	entry := resolve(get.Properties["entry"])
	if entry == nil || !slices.Contains(entry.Required, "id") || !slices.Contains(entry.Required, "views") || js(entry.AdditionalProperties) != "false" {
		t.Errorf("Get's entry schema %s: want every key required (output mode) and additionalProperties false", js(entry))
	}
	for key, want := range map[string]bool{"id": true, "views": true, "created_at": true, "title": false} {
		if p := entry.Properties[key]; p == nil || p.ReadOnly != want {
			t.Errorf("Get's entry schema, %s: %s, want readOnly %v", key, js(p), want)
		}
	}
	for name, op := range map[string]*openapi.Operation{"create": doc.Paths["/entries"].Post, "put": doc.Paths["/entries/{id}"].Put} {
		body := resolve(op.RequestBody.Content["application/json"].Schema)
		if body == nil || js(body.AdditionalProperties) != "false" || body.Properties["views"] != nil {
			t.Errorf("%s body %s: want the writable keys only, additionalProperties false", name, js(body))
		}
	}
}

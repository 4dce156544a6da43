package fwk_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapi"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

type shelfQuery struct {
	Limit int      `query:"limit" default:"20" validate:"min=1,max=100"`
	Tags  []string `query:"tag"`
}

type shelfInput struct {
	Title string   `json:"title" validate:"required,min=2,max=80"`
	Kind  string   `json:"kind" validate:"oneof=book zine"`
	Email string   `json:"email,omitempty" validate:"omitempty,email"`
	Stars *int     `json:"stars" validate:"omitnil,gte=1,lte=5"`
	Notes []string `json:"notes" validate:"max=3,dive,max=10"`
}

type shelfItem struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
}

// ShelfResource is a resource whose views declare everything the document
// reads.
type ShelfResource struct{ fwk.Resource }

func (ShelfResource) List(c *fwk.Ctx, q shelfQuery) ([]shelfItem, error) { return nil, nil }
func (ShelfResource) Create(c *fwk.Ctx, in fwk.Body[shelfInput]) (*shelfItem, error) {
	return &shelfItem{}, nil
}
func (ShelfResource) Get(c *fwk.Ctx, id int) (shelfItem, error) { return shelfItem{}, nil }
func (ShelfResource) Delete(c *fwk.Ctx, id int) error           { return c.NoContent() }

type docBundle struct{}

func (docBundle) Name() string { return "doc" }
func (docBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Prefix("/api",
			routes.Resource("/shelves", &ShelfResource{}),
			routes.Get("/files/<any(pdf, txt):ext>/<uuid:id>", func(c *fwk.Ctx, ext, id string) (map[string]string, error) {
				return nil, nil
			}, fwk.Endpoint("file")),
			routes.Get("/pages/<int(min=1, max=50):n>", func(c *fwk.Ctx, n int) error { return c.NoContent() },
				fwk.Endpoint("page"), fwk.ServesJSON()),
		),
		routes.Get("/about", func(c *fwk.Ctx) error { return c.NoContent() }, fwk.Endpoint("about")),
	)
}

func docApp(t *testing.T, cfg fwk.Config) *fwk.App {
	t.Helper()
	app, err := fwk.New(cfg, docBundle{})
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// asJSON round-trips v through JSON, to assert on the document as a client
// reads it.
func asJSON(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// at walks m by keys.
func at(t *testing.T, m any, keys ...string) any {
	t.Helper()
	for _, k := range keys {
		mm, ok := m.(map[string]any)
		if !ok {
			t.Fatalf("%v: not an object at %q", keys, k)
		}
		if m, ok = mm[k]; !ok {
			t.Fatalf("%v: no %q in %v", keys, k, keysOf(mm))
		}
	}
	return m
}

func keysOf(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestOpenAPIDocument(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPITitle, cfg.OpenAPIVersion = "Shelves", "1.2.0"
	doc := asJSON(t, docApp(t, cfg).OpenAPI())
	if doc["openapi"] != "3.1.0" || at(t, doc, "info", "title") != "Shelves" || at(t, doc, "info", "version") != "1.2.0" {
		t.Errorf("header: %v %v", doc["openapi"], doc["info"])
	}
	paths := at(t, doc, "paths").(map[string]any)
	if _, ok := paths["/about"]; ok {
		t.Error("an HTML page is documented")
	}
	if len(paths) != 4 {
		t.Errorf("paths %v, want /api/shelves, /api/shelves/{id}, /api/files/{ext}/{id}, /api/pages/{n}", keysOf(paths))
	}

	list := at(t, paths, "/api/shelves", "get")
	if at(t, list, "operationId") != "shelf_resource.list" || !reflect.DeepEqual(at(t, list, "tags"), []any{"ShelfResource"}) {
		t.Errorf("list id/tags: %v %v", at(t, list, "operationId"), at(t, list, "tags"))
	}
	params := at(t, list, "parameters").([]any)
	if len(params) != 2 || at(t, params[0], "name") != "limit" || at(t, params[0], "in") != "query" ||
		at(t, params[0], "schema", "default") != 20.0 || at(t, params[1], "name") != "tag" || at(t, params[1], "explode") != true {
		t.Errorf("list parameters: %v", params)
	}
	if at(t, params[0], "schema", "minimum") != 1.0 || at(t, params[0], "schema", "maximum") != 100.0 {
		t.Errorf("limit's validate tag: %v", params[0])
	}
	at(t, list, "responses", "422")
	listOK := at(t, list, "responses", "200", "content", "application/json", "schema")
	if at(t, listOK, "properties", "shelves", "items", "$ref") != "#/components/schemas/shelfItem" {
		t.Errorf("list answers %v", listOK)
	}

	create := at(t, paths, "/api/shelves", "post")
	if at(t, create, "requestBody", "content", "application/json", "schema", "$ref") != "#/components/schemas/shelfInput" {
		t.Errorf("create body: %v", at(t, create, "requestBody"))
	}
	for _, code := range []string{"201", "400", "413", "415", "422", "default"} {
		at(t, create, "responses", code)
	}
	if at(t, create, "responses", "422", "$ref") != "#/components/responses/ValidationFailed" {
		t.Errorf("422: %v", at(t, create, "responses", "422"))
	}

	in := at(t, doc, "components", "schemas", "shelfInput")
	if !reflect.DeepEqual(at(t, in, "required"), []any{"title", "kind"}) { // "" is not one of kind's
		t.Errorf("required %v, want [title kind]", at(t, in, "required"))
	}
	title := at(t, in, "properties", "title")
	if at(t, title, "minLength") != 2.0 || at(t, title, "maxLength") != 80.0 {
		t.Errorf("title %v", title)
	}
	if !reflect.DeepEqual(at(t, in, "properties", "kind", "enum"), []any{"book", "zine"}) {
		t.Errorf("kind %v", at(t, in, "properties", "kind"))
	}
	if at(t, in, "properties", "email", "format") != "email" {
		t.Errorf("email %v", at(t, in, "properties", "email"))
	}
	stars := at(t, in, "properties", "stars")
	if at(t, stars, "minimum") != 1.0 || at(t, stars, "maximum") != 5.0 ||
		!reflect.DeepEqual(at(t, stars, "type"), []any{"integer", "null"}) {
		t.Errorf("stars %v", stars)
	}
	notes := at(t, in, "properties", "notes")
	if at(t, notes, "maxItems") != 3.0 || at(t, notes, "items", "maxLength") != 10.0 {
		t.Errorf("notes %v", notes)
	}

	get := at(t, paths, "/api/shelves/{id}", "get")
	id := at(t, get, "parameters").([]any)[0]
	if at(t, id, "in") != "path" || at(t, id, "required") != true || at(t, id, "schema", "type") != "integer" {
		t.Errorf("id param %v", id)
	}
	at(t, get, "responses", "404")
	del := at(t, paths, "/api/shelves/{id}", "delete")
	if _, ok := at(t, del, "responses", "204").(map[string]any)["content"]; ok {
		t.Errorf("a view writing its own answer has a schema: %v", at(t, del, "responses"))
	}

	file := at(t, paths, "/api/files/{ext}/{id}", "get")
	fp := at(t, file, "parameters").([]any)
	if !reflect.DeepEqual(at(t, fp[0], "schema", "enum"), []any{"pdf", "txt"}) || at(t, fp[1], "schema", "format") != "uuid" {
		t.Errorf("file params %v", fp)
	}
	n := at(t, paths, "/api/pages/{n}", "get", "parameters").([]any)[0]
	if at(t, n, "schema", "minimum") != 1.0 || at(t, n, "schema", "maximum") != 50.0 {
		t.Errorf("page param %v", n)
	}
	if at(t, doc, "components", "schemas", "ValidationError", "required").([]any)[2] != "errors" {
		t.Error("ValidationError does not require errors")
	}
}

// TestOpenAPIServed: OpenAPIPath serves the document; without it, nothing
// is served; the openapi command prints the same document.
func TestOpenAPIServed(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPIPath = "/openapi.json"
	app := docApp(t, cfg)
	srv := httptest.NewServer(app)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET /openapi.json: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var served openapi.Document
	if err := json.Unmarshal(body, &served); err != nil || served.Paths["/api/shelves"] == nil {
		t.Fatalf("served document: %v %s", err, body[:min(len(body), 200)])
	}

	var out bytes.Buffer
	app.SetOutput(&out)
	if err := app.Run([]string{"app", "openapi"}); err != nil {
		t.Fatal(err)
	}
	var printed openapi.Document
	if err := json.Unmarshal(out.Bytes(), &printed); err != nil || !reflect.DeepEqual(printed, served) {
		t.Errorf("printed document differs from the served one (%v)", err)
	}

	plain := httptest.NewServer(docApp(t, fwk.DefaultConfig()))
	defer plain.Close()
	res, err = http.Get(plain.URL + "/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 404 {
		t.Errorf("without OpenAPIPath: %d, want 404", res.StatusCode)
	}
}

func TestOpenAPIConfigFromEnv(t *testing.T) {
	t.Setenv("OPENAPI_PATH", "/d.json")
	t.Setenv("OPENAPI_TITLE", "Shelves")
	cfg := fwk.ConfigFromEnv()
	if cfg.OpenAPIPath != "/d.json" || cfg.OpenAPITitle != "Shelves" || cfg.Get("OPENAPI_PATH") != "/d.json" {
		t.Errorf("OpenAPIPath %q, OpenAPITitle %q, Get %q", cfg.OpenAPIPath, cfg.OpenAPITitle, cfg.Get("OPENAPI_PATH"))
	}
}

// panicSchema is a converter whose Schema panics.
type panicSchema struct{ hexConverter }

func (panicSchema) Schema() map[string]any { panic("schema bug") }

// panicSchemaBundle registers it and serves a typed view through it.
type panicSchemaBundle struct{}

func (panicSchemaBundle) Name() string { return "panicky" }
func (panicSchemaBundle) BeforeInitApp(a *fwk.App) error {
	return a.Router().AddConverter("bad", func(router.Args) (router.Converter, error) { return panicSchema{}, nil })
}
func (panicSchemaBundle) Routes() []*fwk.Route {
	return routes.Get("/x/<bad:v>", func(c *fwk.Ctx, v string) (map[string]string, error) { return nil, nil }, fwk.Endpoint("x"))
}

// TestOpenAPIBuildPanic: a panic while the document is built answers 500
// on every request, never an empty 200.
func TestOpenAPIBuildPanic(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPIPath = "/openapi.json"
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, panicSchemaBundle{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	for range 2 {
		res, err := http.Get(srv.URL + "/openapi.json")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusInternalServerError {
			t.Fatalf("status %d, want 500", res.StatusCode)
		}
	}
}

package fwk_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapi"
	"github.com/fwkgo/fwk/routes"
)

// Rack and RackResource: a resource whose writes need a bearer token,
// with the words of its tag and the header of its 201.
type Rack struct {
	ID    int64  `json:"id" doc:"The shelf's number." example:"3"`
	Label string `json:"label,omitempty"`
}

type RackInput struct {
	Label string `json:"label" validate:"required,max=40" doc:"What the shelf holds." example:"Poetry"`
}

type RackResource struct{ fwk.Resource }

var rackToken = fwk.Auth{Name: "bearerAuth", Scheme: openapi.SecurityScheme{Type: "http", Scheme: "bearer"},
	Methods: []string{http.MethodPost, http.MethodDelete}}

func (r *RackResource) Meta() fwk.Meta {
	return fwk.Meta{
		CSRFExempt:  true,
		Description: "The racks of the library.",
		Security:    []fwk.Auth{rackToken},
		Views: []fwk.ViewSpec{
			fwk.View(r.Create, "", fwk.Methods(http.MethodPost), fwk.ResponseHeader("location", "The new shelf's URL."),
				fwk.ErrorResponse(http.StatusConflict, "The label is taken.")),
		},
	}
}

func (*RackResource) List(*fwk.Ctx) ([]Rack, error) { return nil, nil }
func (*RackResource) Create(c *fwk.Ctx, in fwk.Body[RackInput]) (*Rack, error) {
	if in.Value.Label == "taken" {
		return nil, fwk.Abort(http.StatusConflict, "the label is taken")
	}
	c.Writer().Header().Set("Location", "/racks/1")
	return &Rack{ID: 1, Label: in.Value.Label}, nil
}
func (*RackResource) Delete(c *fwk.Ctx, id int) error { return c.NoContent() }

type rackBundle struct{}

func (rackBundle) Name() string { return "shelves" }
func (rackBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Resource("/racks", &RackResource{}),
		routes.Func("/find_racks", func(*fwk.Ctx) ([]Rack, error) { return nil, nil }, fwk.Endpoint("find_racks"),
			fwk.Tag("Search", "Finding things.")),
	)
}

// rackDoc is the document of rackBundle; an empty one (which the callers'
// checks refuse) when fwk.New fails.
func rackDoc(cfg fwk.Config) *openapi.Document {
	app, err := fwk.New(cfg, rackBundle{})
	if err != nil {
		fmt.Println(err)
		return &openapi.Document{}
	}
	return app.OpenAPI()
}

// The writes Meta.Security names need its scheme and may answer 401; the
// reads need nothing, as the document's default says.
func ExampleAuth() {
	doc := rackDoc(fwk.DefaultConfig())
	for _, op := range []*openapi.Operation{doc.Paths["/racks"].Get, doc.Paths["/racks"].Post, doc.Paths["/racks/{id}"].Delete} {
		_, has401 := op.Responses["401"]
		fmt.Println(op.OperationID, op.Security, has401)
	}
	scheme, _ := json.Marshal(doc.Components.SecuritySchemes["bearerAuth"])
	fmt.Println(doc.Security, string(scheme))
	// Output:
	// rack_resource.list [] false
	// rack_resource.create [map[bearerAuth:[]]] true
	// rack_resource.delete [map[bearerAuth:[]]] true
	// [] {"type":"http","scheme":"bearer"}
}

// ResponseHeader and ErrorResponse document what the view answers itself:
// the Location of its 201, its 409.
func ExampleResponseHeader() {
	op := rackDoc(fwk.DefaultConfig()).Paths["/racks"].Post
	fmt.Println(op.Responses["201"].Headers["Location"].Description)
	fmt.Println(op.Responses["409"].Description)
	// Output:
	// The new shelf's URL.
	// The label is taken.
}

// Tag puts a plain view under a tag; Meta.Description describes a
// controller's.
func ExampleTag() {
	doc := rackDoc(fwk.DefaultConfig())
	fmt.Println(doc.Paths["/find_racks"].Get.Tags, doc.Tags)
	// Output:
	// [Search] [{RackResource The racks of the library.} {Search Finding things.}]
}

// Without a Summary option an operation is summed up from its method.
func TestOpenAPIDefaultSummaries(t *testing.T) {
	doc := rackDoc(quietCfg())
	for op, want := range map[*openapi.Operation]string{
		doc.Paths["/racks"].Get:         "List racks",
		doc.Paths["/racks"].Post:        "Create a rack",
		doc.Paths["/racks/{id}"].Delete: "Delete a rack",
		doc.Paths["/find_racks"].Get:    "Find racks",
	} {
		if op.Summary != want {
			t.Errorf("%s: summary %q, want %q", op.OperationID, op.Summary, want)
		}
	}
}

// The info's contact and license and the servers come from Config, and
// from the environment through ConfigFromEnv.
func TestOpenAPIInfoFromConfig(t *testing.T) {
	if doc := rackDoc(quietCfg()); doc.Info.License != nil || doc.Info.Contact != nil ||
		len(doc.Servers) != 1 || doc.Servers[0].URL != "/" {
		t.Errorf("defaults: %+v %+v", doc.Info, doc.Servers)
	}
	for k, v := range map[string]string{
		"OPENAPI_DESCRIPTION": "Shelves.", "OPENAPI_SERVERS": "https://a.example, http://localhost:8080",
		"OPENAPI_CONTACT_NAME": "Desk", "OPENAPI_CONTACT_EMAIL": "desk@example.com",
		"OPENAPI_LICENSE": "MIT", "OPENAPI_LICENSE_URL": "https://opensource.org/license/mit",
	} {
		t.Setenv(k, v)
	}
	cfg := fwk.ConfigFromEnv()
	cfg.Logger = quietCfg().Logger
	doc := rackDoc(cfg)
	b, _ := json.Marshal(struct {
		Info    openapi.Info
		Servers []openapi.Server
	}{doc.Info, doc.Servers})
	want := `{"Info":{"title":"API","version":"0.0.0","description":"Shelves.","contact":{"name":"Desk","email":"desk@example.com"},` +
		`"license":{"name":"MIT","url":"https://opensource.org/license/mit"}},"Servers":[{"url":"https://a.example"},{"url":"http://localhost:8080"}]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// With ErrorFormat "problem+json" errors are RFC 9457 problem details, and
// the document's error responses say so.
func TestProblemDetails(t *testing.T) {
	cfg := quietCfg()
	cfg.ErrorFormat = "problem+json"
	app := mustNew(t, cfg, rackBundle{})
	for _, tc := range []struct{ body, want string }{
		{`{"label":""}`, `{"type":"about:blank","title":"Unprocessable Entity","status":422,"detail":"Unprocessable Entity","errors":{"label":["This field is required."]},"details":[{"message":"This field is required.","location":"body.label"}]}`},
		{`{"label":"taken"}`, `{"type":"about:blank","title":"Conflict","status":409,"detail":"the label is taken"}`},
	} {
		req := httptest.NewRequest("POST", "/racks", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/html") // a browser's: an API view answers JSON all the same
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" || strings.TrimSpace(rec.Body.String()) != tc.want {
			t.Errorf("%s: %s %s, want %s", tc.body, ct, rec.Body, tc.want)
		}
	}
	doc := app.OpenAPI()
	ref := doc.Components.Responses["ValidationFailed"].Content["application/problem+json"].Schema.Ref
	if ref != "#/components/schemas/ValidationProblem" || doc.Components.Schemas["Problem"] == nil {
		t.Errorf("the document's 422: %q; schemas %v", ref, doc.Components.Schemas["Problem"])
	}
	if _, ok := doc.Paths["/racks"].Post.Responses["409"].Content["application/problem+json"]; !ok {
		t.Errorf("the view's own 409 is not problem+json: %+v", doc.Paths["/racks"].Post.Responses["409"])
	}
}

// An ErrorFormat fwk does not write fails fwk.New, naming the key.
func TestErrorFormatRefused(t *testing.T) {
	cfg := quietCfg()
	cfg.ErrorFormat = "xml"
	_, err := fwk.New(cfg, rackBundle{})
	var se *fwk.StartupError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "ERROR_FORMAT") {
		t.Errorf("fwk.New: %v", err)
	}
}

// A query struct's doc and example tags are its parameters' description
// and examples.
func TestQueryParamWords(t *testing.T) {
	type q struct {
		Limit int    `query:"limit" default:"20" doc:"How many, at most." example:"5"`
		Sort  string `query:"sort" validate:"omitempty,oneof=a b"`
	}
	app := mustNew(t, quietCfg(), routesBundle{rs: routes.Func("/q", func(*fwk.Ctx, q) ([]int, error) { return nil, nil },
		fwk.Endpoint("q"))})
	b, _ := json.Marshal(app.OpenAPI().Paths["/q"].Get.Parameters)
	want := `[{"name":"limit","in":"query","description":"How many, at most.","schema":{"type":"integer","format":"int64","default":20,"examples":[5]}},` +
		`{"name":"sort","in":"query","schema":{"type":"string","enum":["a","b"]}}]`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// Shelf has a field the server sets and one on its way out.
type Shelf struct {
	ID      int64  `json:"id" readOnly:"true"`
	Floor   int    `json:"floor" fwk:"readonly"`
	OldName string `json:"old_name,omitempty" deprecated:"true"`
	Name    string `json:"name"`
}

type shelfBundle struct{}

func (shelfBundle) Name() string { return "shelves" }
func (shelfBundle) Routes() []*fwk.Route {
	return routes.Func("/shelves/<int:id>", func(c *fwk.Ctx, id int) (*Shelf, error) { return &Shelf{ID: int64(id)}, nil })
}

// TestSchemaReadOnlyAndDeprecated: readOnly:"true" and fwk:"readonly" give
// readOnly, deprecated:"true" gives deprecated; other fields carry neither.
func TestSchemaReadOnlyAndDeprecated(t *testing.T) {
	app, err := fwk.New(fwk.DefaultConfig(), shelfBundle{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(app.OpenAPI().Components.Schemas)
	var schemas map[string]struct {
		Properties map[string]map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(b, &schemas); err != nil {
		t.Fatal(err)
	}
	var props map[string]map[string]any
	for name, s := range schemas {
		if strings.HasPrefix(name, "Shelf") {
			props = s.Properties
		}
	}
	for key, want := range map[string][2]bool{"id": {true, false}, "floor": {true, false}, "old_name": {false, true}, "name": {false, false}} {
		p := props[key]
		if got := [2]bool{p["readOnly"] == true, p["deprecated"] == true}; got != want {
			t.Errorf("%s: readOnly, deprecated = %v, want %v (schema %v)", key, got, want, p)
		}
	}
}

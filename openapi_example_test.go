package fwk_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Card is the resource of the examples below.
type Card struct {
	ID   int64  `json:"id"`
	Text string `json:"text"`
}

// CardInput is the body of a new card.
type CardInput struct {
	Text string `json:"text" validate:"required,max=140"`
}

// CardResource answers with typed results: fwk writes them as JSON in the
// resource payload shapes.
type CardResource struct{ fwk.Resource }

// List answers GET /cards: {"cards": [...]}.
func (CardResource) List(c *fwk.Ctx) ([]Card, error) {
	return []Card{{ID: 1, Text: "hello"}}, nil
}

// Create answers POST /cards: 201 {"card": {...}}.
func (CardResource) Create(c *fwk.Ctx, in fwk.Body[CardInput]) (*Card, error) {
	return &Card{ID: 2, Text: in.Value.Text}, nil
}

type cardsBundle struct{}

func (cardsBundle) Name() string         { return "cards" }
func (cardsBundle) Routes() []*fwk.Route { return routes.Resource("/cards", &CardResource{}) }

// A view may return (T, error): T is answered as JSON, in the resource
// payload shapes for a Resource's methods.
func Example_typedResults() {
	cfg := fwk.DefaultConfig()
	app, err := fwk.New(cfg, cardsBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, req := range []*http.Request{
		httptest.NewRequest("GET", "/cards", nil),
		jsonRequest("POST", "/cards", `{"text":"buy milk"}`),
	} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Print(rec.Code, " ", rec.Body.String())
	}
	// Output:
	// 200 {"cards":[{"id":1,"text":"hello"}]}
	// 201 {"card":{"id":2,"text":"buy milk"}}
}

func jsonRequest(method, target, body string) *http.Request {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return r
}

// App.OpenAPI documents the JSON views from what they declare: rules and
// converters, query structs, typed bodies with their validate tags, typed
// results. Config.OpenAPIPath serves it; the openapi command prints it.
func ExampleApp_OpenAPI() {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPITitle = "Cards"
	app, err := fwk.New(cfg, cardsBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	doc := app.OpenAPI()
	create := doc.Paths["/cards"].Post
	fmt.Println(doc.Info.Title, create.OperationID, create.Tags)
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(doc.Components.Schemas["CardInput"])
	enc.Encode(create.Responses["201"].Content["application/json"].Schema.Properties["card"])
	// Output:
	// Cards card_resource.create [CardResource]
	// {"type":"object","properties":{"text":{"type":"string","minLength":1,"maxLength":140}},"required":["text"],"additionalProperties":false}
	// {"$ref":"#/components/schemas/Card"}
}

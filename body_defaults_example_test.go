package fwk_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// SearchInput is a search body: a key left out gets its `default`.
type SearchInput struct {
	Query string `json:"query" validate:"required"`
	Limit int    `json:"limit" default:"20" validate:"min=0,max=100"`
	Sort  string `json:"sort" default:"newest" validate:"oneof=newest oldest"`
}

type searchBundle struct{}

func (searchBundle) Name() string { return "search" }
func (searchBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Post("/search", func(ctx *fwk.Ctx, in fwk.Body[SearchInput]) (SearchInput, error) {
		return in.Value, nil
	}, fwk.CSRFExempt()))
}

// A `default` tag on a body field is filled when the client leaves the key
// out; a value it sends, zero included, is kept. The document's request
// body says the same default.
func ExampleBody_defaults() {
	app, _ := fwk.New(fwk.DefaultConfig(), searchBundle{})
	for _, body := range []string{`{"query": "go"}`, `{"query": "go", "limit": 0, "sort": "oldest"}`} {
		req := httptest.NewRequest("POST", "/search", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Print(rec.Code, " ", rec.Body.String())
	}
	limit := app.OpenAPI().Components.Schemas["SearchInput"].Properties["limit"]
	fmt.Println("document: limit defaults to", limit.Default)
	// Output:
	// 200 {"query":"go","limit":20,"sort":"newest"}
	// 200 {"query":"go","limit":0,"sort":"oldest"}
	// document: limit defaults to 20
}

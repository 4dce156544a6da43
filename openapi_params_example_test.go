package fwk_test

import (
	"fmt"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Crate is what the crates API answers.
type Crate struct {
	ID int `json:"id"`
}

// CrateResource documents its member param once, for Get, Patch, Put and
// Delete.
type CrateResource struct{ fwk.Resource }

func (r *CrateResource) Meta() fwk.Meta {
	return fwk.Meta{PathParams: []fwk.ParamDoc{
		{Name: "id", Description: "The crate's number.", Examples: []any{12}},
	}}
}

func (*CrateResource) Get(c *fwk.Ctx, id int) (*Crate, error) { return &Crate{ID: id}, nil }

func crateLabel(c *fwk.Ctx, id int, side string) (map[string]string, error) {
	return map[string]string{"side": side}, nil
}

type cratesBundle struct{}

func (cratesBundle) Name() string { return "crates" }
func (cratesBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Resource("/crates", &CrateResource{}),
		routes.Get("/crates/<int:id>/labels/<any(top, side):side>", crateLabel,
			fwk.PathParam("id", "The crate's number."), fwk.PathParam("side", "Which face the label is on.", "top")),
	)
}

// A path parameter is a view argument: PathParam (one view) and
// Meta.PathParams (every view of a controller) give it its words in the
// document.
func ExamplePathParam() {
	app, err := fwk.New(fwk.DefaultConfig(), cratesBundle{})
	if err != nil {
		panic(err)
	}
	doc := app.OpenAPI()
	for _, path := range []string{"/crates/{id}", "/crates/{id}/labels/{side}"} {
		for _, p := range doc.Paths[path].Get.Parameters {
			fmt.Println(path, p.Name+":", p.Description, p.Schema.Examples)
		}
	}
	// Output:
	// /crates/{id} id: The crate's number. [12]
	// /crates/{id}/labels/{side} id: The crate's number. []
	// /crates/{id}/labels/{side} side: Which face the label is on. [top]
}

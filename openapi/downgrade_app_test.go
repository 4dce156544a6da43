package openapi_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Gadget has a field of every shape the reflector writes in 3.1 terms.
type Gadget struct {
	ID       int64             `json:"id" doc:"Its number." example:"7"`
	Name     string            `json:"name" validate:"required,max=40" example:"Widget"`
	Price    float64           `json:"price" validate:"gt=0,lt=1000"`
	Code     string            `json:"code" validate:"len=3"`
	Made     *time.Time        `json:"made"`
	Blob     []byte            `json:"blob,omitempty"`
	Tags     []string          `json:"tags"`
	Attrs    map[string]string `json:"attrs,omitempty"`
	Extra    any               `json:"extra,omitempty"`
	Part     *GadgetPart       `json:"part" doc:"What it is made of."`
	Kind     *string           `json:"kind" validate:"omitempty,oneof=small big"`
	Parts    []GadgetPart      `json:"parts,omitempty" readOnly:"true"`
	Previous GadgetPart        `json:"previous" doc:"The part before." deprecated:"true"`
}

// GadgetPart is a part of a Gadget.
type GadgetPart struct {
	Name string `json:"name"`
}

// GadgetResource serves gadgets.
type GadgetResource struct{ fwk.Resource }

func (GadgetResource) Meta() fwk.Meta { return fwk.Meta{CSRFExempt: true} }

func (GadgetResource) List(c *fwk.Ctx) ([]Gadget, error) { return nil, nil }

func (GadgetResource) Create(c *fwk.Ctx, in fwk.Body[Gadget]) (*Gadget, error) { return &in.Value, nil }

func (GadgetResource) Get(c *fwk.Ctx, id int64) (*Gadget, error) { return &Gadget{ID: id}, nil }

type gadgetsBundle struct{}

func (gadgetsBundle) Name() string         { return "gadgets" }
func (gadgetsBundle) Routes() []*fwk.Route { return routes.Resource("/gadgets", &GadgetResource{}) }

// An app's document, in both error formats, downgrades to a 3.0.3 one with
// no keyword of 3.1 left, and its 3.1 words are still said in 3.0 terms.
func TestDowngradeAppDocument(t *testing.T) {
	for _, format := range []string{"", "problem+json"} {
		cfg := fwk.DefaultConfig()
		cfg.ErrorFormat = format
		cfg.OpenAPILicense, cfg.OpenAPILicenseURL = "MIT", "https://opensource.org/licenses/MIT"
		app, err := fwk.New(cfg, gadgetsBundle{})
		if err != nil {
			t.Fatal(err)
		}
		var doc31 map[string]any
		if b, err := json.Marshal(app.OpenAPI()); err != nil || json.Unmarshal(b, &doc31) != nil {
			t.Fatal(err)
		}
		if len(Keywords31(doc31)) < 5 { // the walker sees what it must remove
			t.Errorf("errors %q: the 3.1 document has %v", format, Keywords31(doc31))
		}
		b, err := app.OpenAPI30()
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		for _, bad := range Keywords31(doc) {
			t.Errorf("errors %q: a keyword of 3.1 is left: %s", format, bad)
		}
		text := string(b)
		for _, want := range []string{
			`"openapi":"3.0.3"`, `"nullable":true`, `"format":"byte"`, `"exclusiveMinimum":true`,
			`"example":7`, `"example":"Widget"`, `"allOf":[{"$ref":"#/components/schemas/GadgetPart"}]`,
		} {
			if !strings.Contains(text, want) {
				t.Errorf("errors %q: the 3.0 document lacks %s", format, want)
			}
		}
		if format != "" && !strings.Contains(text, `"enum":["about:blank"]`) {
			t.Error("problem+json: the constant type is not an enum")
		}
	}
}

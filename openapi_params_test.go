package fwk_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapi"
	"github.com/fwkgo/fwk/routes"
)

// Bin and BinResource: a resource documenting its member param once,
// and its Get in words of its own.
type Bin struct {
	ID int `json:"id"`
}

type BinResource struct {
	fwk.Resource
	paramDocs []fwk.ParamDoc
}

func (r *BinResource) Meta() fwk.Meta {
	return fwk.Meta{CSRFExempt: true, PathParams: r.paramDocs, Views: []fwk.ViewSpec{
		fwk.View(r.Get, "", fwk.PathParam("id", "The bin to read.", 7)),
	}}
}

func (*BinResource) List(*fwk.Ctx) ([]Bin, error)                    { return nil, nil }
func (*BinResource) Get(c *fwk.Ctx, id int) (*Bin, error)            { return &Bin{ID: id}, nil }
func (*BinResource) Delete(c *fwk.Ctx, id int) error                 { return c.NoContent() }
func (*BinResource) Patch(c *fwk.Ctx, id int) (*Bin, error)          { return &Bin{ID: id}, nil }
func (*BinResource) Put(c *fwk.Ctx, id int) (*Bin, error)            { return &Bin{ID: id}, nil }
func (*BinResource) Create(c *fwk.Ctx) (*Bin, error)                 { return &Bin{ID: 1}, nil }
func binWall(c *fwk.Ctx, wall string, n int) (map[string]any, error) { return nil, nil }

func binApp(t *testing.T, docs []fwk.ParamDoc, wallOpts ...fwk.ViewOption) (*fwk.App, error) {
	t.Helper()
	return fwk.New(quietCfg(), routesBundle{rs: routes.Tree(
		routes.Resource("/bins", &BinResource{paramDocs: docs}),
		routes.Get("/walls/<string(length=1):wall>/<int:n>", binWall, wallOpts...),
	)})
}

// pathParam returns the path parameter name of the operation of method at
// path.
func pathParam(t *testing.T, doc *openapi.Document, path, method, name string) *openapi.Parameter {
	t.Helper()
	item := doc.Paths[path]
	if item == nil {
		t.Fatalf("no path %s in the document", path)
	}
	op := map[string]*openapi.Operation{"GET": item.Get, "PATCH": item.Patch, "PUT": item.Put, "DELETE": item.Delete}[method]
	if op == nil {
		t.Fatalf("no %s %s in the document", method, path)
	}
	for _, p := range op.Parameters {
		if p.In == "path" && p.Name == name {
			return p
		}
	}
	t.Fatalf("%s %s has no path parameter %s", method, path, name)
	return nil
}

// TestPathParamDocumented: PathParam on a view, on a controller method
// (Meta.Views) and Meta.PathParams for every view of a resource give the
// path parameters their description and examples; the view's own words
// win over its controller's.
func TestPathParamDocumented(t *testing.T) {
	app, err := binApp(t, []fwk.ParamDoc{{Name: "id", Description: "The bin's number.", Examples: []any{3}}},
		fwk.PathParam("wall", "The wall's letter.", "A"), fwk.PathParam("n", "The place on the wall."))
	if err != nil {
		t.Fatal(err)
	}
	doc := app.OpenAPI()
	for _, tc := range []struct {
		path, method, name, desc string
		examples                 []any
	}{
		{"/bins/{id}", "GET", "id", "The bin to read.", []any{7}},
		{"/bins/{id}", "PATCH", "id", "The bin's number.", []any{3}},
		{"/bins/{id}", "PUT", "id", "The bin's number.", []any{3}},
		{"/bins/{id}", "DELETE", "id", "The bin's number.", []any{3}},
		{"/walls/{wall}/{n}", "GET", "wall", "The wall's letter.", []any{"A"}},
		{"/walls/{wall}/{n}", "GET", "n", "The place on the wall.", nil},
	} {
		p := pathParam(t, doc, tc.path, tc.method, tc.name)
		if p.Description != tc.desc || !reflect.DeepEqual(p.Schema.Examples, tc.examples) {
			t.Errorf("%s %s {%s}: description %q, examples %v; want %q, %v",
				tc.method, tc.path, tc.name, p.Description, p.Schema.Examples, tc.desc, tc.examples)
		}
		if p.Schema.Type == nil {
			t.Errorf("%s %s {%s}: the converter's schema is gone: %+v", tc.method, tc.path, tc.name, p.Schema)
		}
	}
}

// TestPathParamUnknown: a PathParam or Meta.PathParams naming a param the
// rule (or no rule of the controller) has fails fwk.New, naming the view
// or controller, the param and the rule, with the nearest name.
func TestPathParamUnknown(t *testing.T) {
	_, err := binApp(t, nil, fwk.PathParam("wal", "The wall."))
	if !errors.Is(err, fwk.ErrUnknownParam) {
		t.Fatalf("fwk.New = %v, want ErrUnknownParam", err)
	}
	for _, want := range []string{"binWall", `"wal"`, "/walls/<string(length=1):wall>/<int:n>", `did you mean "wall"?`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("fwk.New = %v, want it to say %s", err, want)
		}
	}
	_, err = binApp(t, []fwk.ParamDoc{{Name: "ids", Description: "The bin's number."}})
	var se *fwk.StartupError
	if !errors.Is(err, fwk.ErrUnknownParam) || !errors.As(err, &se) {
		t.Fatalf("fwk.New = %v, want a StartupError wrapping ErrUnknownParam", err)
	}
	for _, want := range []string{"BinResource", "Meta.PathParams", `"ids"`, `did you mean "id"?`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("fwk.New = %v, want it to say %s", err, want)
		}
	}
	if _, err := binApp(t, nil); err != nil {
		t.Errorf("fwk.New without words = %v", err)
	}
}

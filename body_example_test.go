package fwk_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// NewNote is what POST /notes accepts.
type NewNote struct {
	Title string   `json:"title" validate:"required,max=80"`
	Tags  []string `json:"tags" validate:"max=5"`
}

func createNote(ctx *fwk.Ctx) error {
	var in NewNote
	if err := ctx.Bind(&in); err != nil {
		return err // 400, 413, 415 or a *fwk.ValidationError (422)
	}
	return ctx.JSON(fwk.M{"created": in.Title}, 201)
}

type notesBundle struct{}

func (notesBundle) Name() string { return "notes" }
func (notesBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Func("/notes", createNote, fwk.Methods("POST")))
}

func ExampleCtx_Bind() {
	app, _ := fwk.New(fwk.DefaultConfig(), notesBundle{})
	for _, body := range []string{
		`{"title": "Buy milk", "tags": ["home"]}`,
		`{"title": ""}`,
		`{"title": "x", "colour": "red"}`,
		`{"title": `,
	} {
		req := httptest.NewRequest("POST", "/notes", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Print(rec.Code, " ", rec.Body.String())
	}
	form := httptest.NewRequest("POST", "/notes", strings.NewReader("title=Call+Bob&tags=work"))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, form)
	fmt.Print(rec.Code, " ", rec.Body.String())
	// Output:
	// 201 {"created":"Buy milk"}
	// 422 {"error":"Unprocessable Entity","status":422,"errors":{"title":["This field is required."]},"details":[{"message":"This field is required.","location":"body.title"}]}
	// 400 {"error":"invalid JSON at offset 31: unknown field \"colour\"","status":400}
	// 400 {"error":"invalid JSON: unexpected end of input","status":400}
	// 201 {"created":"Call Bob"}
}

// NoteResource2 takes its body as a typed parameter.
type NoteResource2 struct{ fwk.Resource }

func (r *NoteResource2) Create(ctx *fwk.Ctx, in fwk.Body[NewNote]) error {
	return ctx.JSON(fwk.M{"created": in.Value.Title}, 201)
}

type notes2Bundle struct{}

func (notes2Bundle) Name() string { return "notes2" }
func (notes2Bundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Resource("/notes", &NoteResource2{}))
}

func ExampleBody() {
	app, _ := fwk.New(fwk.DefaultConfig(), notes2Bundle{})
	for _, body := range []string{`{"title": "Buy milk"}`, `{"tags": ["a","b","c","d","e","f"]}`} {
		req := httptest.NewRequest("POST", "/notes", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Print(rec.Code, " ", rec.Body.String())
	}
	// Output:
	// 201 {"created":"Buy milk"}
	// 422 {"error":"Unprocessable Entity","status":422,"errors":{"tags":["Field must have at most 5 items."],"title":["This field is required."]},"details":[{"message":"This field is required.","location":"body.title"},{"message":"Field must have at most 5 items.","location":"body.tags"}]}
}

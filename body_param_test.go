package fwk_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type bookIn struct {
	Title string `json:"title" form:"title" validate:"required"`
	Pages int    `json:"pages" validate:"gte=0"`
}

type bookPage struct {
	Fields string `query:"fields" default:"all"`
}

// BookResource takes its bodies as fwk.Body parameters.
type BookResource struct{ fwk.Resource }

func (r *BookResource) Create(ctx *fwk.Ctx, in fwk.Body[bookIn]) error {
	return ctx.JSON(fwk.M{"created": in.Value.Title, "pages": in.Value.Pages}, http.StatusCreated)
}

func (r *BookResource) Patch(ctx *fwk.Ctx, id int, in fwk.Body[bookIn]) error {
	return ctx.JSON(fwk.M{"id": id, "title": in.Value.Title})
}

func (r *BookResource) Put(ctx *fwk.Ctx, id int, in fwk.Body[bookIn], q bookPage) error {
	return ctx.JSON(fwk.M{"id": id, "title": in.Value.Title, "fields": q.Fields})
}

func (r *BookResource) Delete(ctx *fwk.Ctx, id int) error { return ctx.NoContent() }

func TestBodyParam(t *testing.T) {
	a := mustNew(t, fwk.DefaultConfig(), routesBundle{rs: routes.Tree(
		routes.Resource("/books", &BookResource{}),
		routes.Func("/raw", func(ctx *fwk.Ctx, in fwk.Body[map[string]int]) error {
			return ctx.JSON(in.Value)
		}, fwk.Methods("POST")),
	)})
	srv := newServer(t, a)
	const js = "application/json"
	runBodyCases(t, srv, []bodyCase{
		{"create", "/books", js, `{"title":"Go","pages":300}`, "", 201, []string{`{"created":"Go","pages":300}`}},
		{"create form", "/books", "application/x-www-form-urlencoded", "title=Go", "", 201, []string{`"created":"Go"`}},
		{"create invalid", "/books", js, `{"pages":-1}`, "", 422, []string{`"title":["This field is required."]`, `"pages":["Number must be at least 0."]`}},
		{"create malformed", "/books", js, `{"title":`, "", 400, nil},
		{"create 415", "/books", "text/csv", `a,b`, "", 415, nil},
		{"not a struct", "/raw", js, `{"a":1}`, "", 200, []string{`{"a":1}`}},
	})
	for _, tc := range []struct{ method, path, body, want string }{
		{"PATCH", "/books/7", `{"title":"Go 2"}`, `{"id":7,"title":"Go 2"}`},
		{"PUT", "/books/7?fields=title", `{"title":"Go 2"}`, `{"fields":"title","id":7,"title":"Go 2"}`},
		{"PUT", "/books/7", `{"title":"Go 2"}`, `"fields":"all"`},
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", js)
		got := doBody(t, srv, req)
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s %s = %s, want %s", tc.method, tc.path, got, tc.want)
		}
	}
}

func TestBodyParamStartup(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    []*fwk.Route
		want string
	}{
		{"two bodies", routes.Func("/x", func(*fwk.Ctx, fwk.Body[bookIn], fwk.Body[bookIn]) error { return nil }, fwk.Methods("POST")),
			"two fwk.Body parameters"},
		{"GET", routes.Func("/x", func(*fwk.Ctx, fwk.Body[bookIn]) error { return nil }),
			"carry no body"},
		{"before URL params", routes.Func("/x/<int:id>", func(*fwk.Ctx, fwk.Body[bookIn], int) error { return nil }, fwk.Methods("POST")),
			"right after the URL params"},
		{"after the query struct", routes.Func("/x", func(*fwk.Ctx, bookPage, fwk.Body[bookIn]) error { return nil }, fwk.Methods("POST")),
			"right after the URL params"},
	} {
		_, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Tree(tc.r)})
		if !errors.Is(err, fwk.ErrBadView) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: fwk.New = %v, want ErrBadView with %q", tc.name, err, tc.want)
		}
	}
}

package fwk_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// benchWriter is a ResponseWriter that keeps nothing but its header map.
type benchWriter struct{ h http.Header }

func (w *benchWriter) Header() http.Header         { return w.h }
func (w *benchWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *benchWriter) WriteHeader(int)             {}

// BenchUserResource has a model-taking member view.
type BenchUserResource struct{ fwk.Resource }

func (r *BenchUserResource) Get(ctx *fwk.Ctx, u *OneUser) error { return ctx.NoContent() }

// benchParamApp serves GET /fast/<int:id> with func(*Ctx) error, the same
// rule with a model param (func and resource method) and a query struct.
func benchParamApp(b *testing.B) *fwk.App {
	user := &OneUser{ID: 1, Name: "ann"}
	loader := func(ctx context.Context, id string) (*OneUser, error) { return user, nil }
	return mustNew(b, quietCfg(), tplApp{services: []any{fwk.RegisterModel(loader)}}.with(
		routes.Func("/fast/<int:id>", func(ctx *fwk.Ctx) error { return ctx.NoContent() }),
		routes.Func("/model/<int:id>", func(ctx *fwk.Ctx, u *OneUser) error { return ctx.NoContent() }),
		routes.Resource("/res", &BenchUserResource{}),
		routes.Func("/query/<int:id>", func(ctx *fwk.Ctx, id int, q tagsQuery) error { return ctx.NoContent() }),
		routes.Func("/conv/<int:id>", fwk.ParamConverter(
			func(ctx *fwk.Ctx, u *OneUser) error { return ctx.NoContent() }, fwk.P{"id": OneUser{}})),
	))
}

func BenchmarkViewParams(b *testing.B) {
	app := benchParamApp(b)
	for _, bc := range []struct{ name, path string }{
		{"fast", "/fast/42"},
		{"model", "/model/42"},
		{"model-method", "/res/42"},
		{"query-struct", "/query/42?page=2&tag=a"},
		{"param-converter", "/conv/42"},
	} {
		b.Run(bc.name, func(b *testing.B) { benchGet(b, app, bc.path) })
	}
}

// benchGet measures app serving GET path.
func benchGet(b *testing.B, app http.Handler, path string) {
	req := httptest.NewRequest("GET", path, nil)
	w := &benchWriter{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		app.ServeHTTP(w, req)
	}
}

func TestModelParamAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	user := &OneUser{ID: 1}
	app := mustNew(t, quietCfg(), tplApp{services: []any{fwk.RegisterModel(
		func(ctx context.Context, id string) (*OneUser, error) { return user, nil })}}.with(
		routes.Func("/model/<int:id>", func(ctx *fwk.Ctx, u *OneUser) error { return ctx.NoContent() }),
		routes.Resource("/res", &BenchUserResource{}),
	))
	for _, path := range []string{"/model/42", "/res/42"} {
		req := httptest.NewRequest("GET", path, nil)
		w := &benchWriter{h: http.Header{}}
		if n := testing.AllocsPerRun(100, func() { app.ServeHTTP(w, req) }); n != 0 {
			t.Errorf("GET %s with a model param: %v allocations per request, want 0", path, n)
		}
	}
}

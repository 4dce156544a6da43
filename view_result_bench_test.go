package fwk_test

import (
	"context"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// BenchItemResource answers its member by hand and typed.
type BenchItemResource struct{ fwk.Resource }

// Get answers {"bench_item": u} through a typed result.
func (r *BenchItemResource) Get(ctx *fwk.Ctx, u *OneUser) (*OneUser, error) { return u, nil }

// benchResultApp serves the same JSON answers written by hand with ctx.JSON
// and returned as typed results.
func benchResultApp(b *testing.B) *fwk.App {
	user := &OneUser{ID: 1, Name: "ann"}
	loader := func(ctx context.Context, id string) (*OneUser, error) { return user, nil }
	return mustNew(b, quietCfg(), tplApp{services: []any{fwk.RegisterModel(loader)}}.with(
		routes.Func("/hand/<int:id>", func(ctx *fwk.Ctx, id int64) error { return ctx.JSON(user) }),
		routes.Func("/typed/<int:id>", func(ctx *fwk.Ctx, id int64) (*OneUser, error) { return user, nil }),
		routes.Func("/hand-model/<int:id>", func(ctx *fwk.Ctx, u *OneUser) error {
			return ctx.JSON(fwk.M{"bench_item": u})
		}),
		routes.Resource("/typed-model", &BenchItemResource{}),
		routes.Func("/hand-list", func(ctx *fwk.Ctx) error { return ctx.JSON(fwk.M{"users": []OneUser{*user}}) }),
		routes.Func("/typed-list", func(ctx *fwk.Ctx) ([]OneUser, error) { return []OneUser{*user}, nil }),
	))
}

// BenchmarkViewResult compares a typed result with the same answer written
// by hand with ctx.JSON.
func BenchmarkViewResult(b *testing.B) {
	app := benchResultApp(b)
	for _, bc := range []struct{ name, path string }{
		{"hand", "/hand/42"},
		{"typed", "/typed/42"},
		{"hand-model", "/hand-model/42"},
		{"typed-model", "/typed-model/42"},
		{"hand-list", "/hand-list"},
		{"typed-list", "/typed-list"},
	} {
		b.Run(bc.name, func(b *testing.B) { benchGet(b, app, bc.path) })
	}
}

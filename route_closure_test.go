package fwk_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// closureApp holds its views as closures, as apps often do.
type closureApp struct{}

func (closureApp) Name() string { return "app" }
func (closureApp) Routes() []*fwk.Route {
	ok := func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, ctx.Route().Endpoint()) }
	return routes.Tree(
		routes.Func("/", func(ctx *fwk.Ctx) error { return ok(ctx) }),
		routes.Func("/posts/<int:id>", func(ctx *fwk.Ctx, id int) error { return ok(ctx) }),
		routes.Post("/posts/<int:id>", func(ctx *fwk.Ctx, id int) error { return ok(ctx) }, fwk.CSRFExempt()),
		routes.Func("/posts/<int:id>", func(ctx *fwk.Ctx, id int) error { return ok(ctx) }, fwk.Methods("PUT"), fwk.CSRFExempt()),
		routes.Func("/about-us", func(ctx *fwk.Ctx) error { return ok(ctx) }, fwk.Endpoint("about")),
		routes.Func("/x-y", func(ctx *fwk.Ctx) error { return ok(ctx) }),
		routes.Func("/x_y", func(ctx *fwk.Ctx) error { return ok(ctx) }), // same words: the runtime's name
	)
}

func TestClosureEndpoints(t *testing.T) {
	app := mustNew(t, quietCfg(), closureApp{})
	srv := httptest.NewServer(app)
	defer srv.Close()
	tests := []struct{ method, path, want string }{
		{"GET", "/", "closure_app.routes.index"},
		{"GET", "/posts/1", "closure_app.routes.posts_id"},
		{"POST", "/posts/1", "closure_app.routes.posts_id_post"},
		{"PUT", "/posts/1", "closure_app.routes.posts_id_put"},
		{"GET", "/about-us", "about"},
		{"GET", "/x-y", "closure_app.routes.x_y"},
		{"GET", "/x_y", "closure_app.routes.func8"}, // ok is func1
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, srv.URL+tt.path, nil)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(b) != tt.want {
			t.Errorf("%s %s: endpoint %q, want %q", tt.method, tt.path, b, tt.want)
		}
	}
	if u, err := app.URLFor("closure_app.routes.posts_id", "id", 7); err != nil || u != "/posts/7" {
		t.Errorf("URLFor(closure_app.routes.posts_id) = %q, %v", u, err)
	}
}

// A closure's endpoint is the function holding it and the words of its
// rule.
func ExampleRoute_Endpoint_closure() {
	app, err := fwk.New(fwk.DefaultConfig(), closureApp{})
	if err != nil {
		panic(err)
	}
	for _, r := range app.RouteTable()[:3] {
		fmt.Println(r.Endpoint, r.Rule)
	}
	// Output:
	// closure_app.routes.index /
	// app.about /about-us
	// closure_app.routes.posts_id /posts/<int:id>
}

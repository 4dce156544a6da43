package fwk_test

import (
	"context"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type helloPageBundle struct{}

func (helloPageBundle) Name() string { return "pages" }
func (helloPageBundle) Templates() fs.FS {
	return fstest.MapFS{"hello.html": {Data: []byte("Hello, {{.}}!")}}
}
func (helloPageBundle) Routes() []*fwk.Route {
	return routes.Func("/hello/<name>", func(c *fwk.Ctx, name string) error { return c.Render("hello.html", name) })
}

// A step tracer (a tracing bundle installs one) sees each template render
// and model load, and ends it with its error.
func ExampleApp_TraceSteps() {
	app, err := fwk.New(fwk.DefaultConfig(), helloPageBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	app.TraceSteps(func(ctx context.Context, step, name string) (context.Context, func(error)) {
		fmt.Println("start", step, name)
		return ctx, func(err error) { fmt.Println("end", step, name, err) }
	})
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/hello/gopher", nil))
	fmt.Println(rec.Body.String())
	// Output:
	// start render hello.html
	// end render hello.html <nil>
	// Hello, gopher!
}

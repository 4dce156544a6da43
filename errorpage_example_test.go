package fwk_test

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// feedbackBundle answers a form with errors with 422 and themes its 404.
type feedbackBundle struct{}

func (feedbackBundle) Name() string { return "app" }
func (feedbackBundle) Templates() fs.FS {
	return fstest.MapFS{
		"contact.html":    {Data: []byte(`<p>{{.error}}</p>`)},
		"errors/404.html": {Data: []byte(`<h1>{{.Status}}: {{.Message}}</h1>`)},
	}
}
func (feedbackBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Post("/contact", func(ctx *fwk.Ctx) error {
			return ctx.RenderStatus(http.StatusUnprocessableEntity, "contact.html", "error", "Say something.")
		}, fwk.CSRFExempt()),
		routes.Get("/posts/<int:id>", func(ctx *fwk.Ctx, id int) error {
			return fwk.Abort(http.StatusNotFound, "No such post.")
		}),
	)
}

func ExampleCtx_RenderStatus() {
	app, err := fwk.New(fwk.DefaultConfig(), feedbackBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("POST", "/contact", nil))
	fmt.Println(rec.Code, rec.Body.String())
	// Output:
	// 422 <p>Say something.</p>
}

// A template errors/404.html in any bundle replaces the built-in 404 page
// for browsers; its data holds the fields of an ErrorPage.
func ExampleErrorPage() {
	app, err := fwk.New(fwk.DefaultConfig(), feedbackBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/posts/7", "/nowhere"} {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Accept", "text/html") // a browser; curl gets the built-in page
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Println(rec.Code, rec.Body.String())
	}
	// Output:
	// 404 <h1>404: No such post.</h1>
	// 404 <h1>404: Not Found</h1>
}

func ExampleErrorMessage() {
	err := fwk.Abort(http.StatusForbidden, "Admins only.")
	fmt.Println(fwk.ErrorMessage(err))
	fmt.Println(err)
	fmt.Println(fwk.ErrorMessage(fmt.Errorf("db: connection refused")))
	// Output:
	// Admins only.
	// fwk: 403 Admins only.
	// Internal Server Error
}

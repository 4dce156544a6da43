package openapiui_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapiui"
	"github.com/fwkgo/fwk/routes"
)

// Shop is an app bundle with an API and the page that documents it.
type Shop struct{ docs *openapiui.Bundle }

func (s *Shop) Name() string { return "shop" }

func (s *Shop) Routes() []*fwk.Route {
	return routes.Tree(routes.Prefix("/api",
		routes.Resource("/books", &Books{}),
		routes.Include("", s.docs.Routes()), // the page, at /api/docs
	))
}

// An app serves its OpenAPI document and, beside it, the page that shows
// it: the bundle goes before the app bundle, whose route tree includes the
// page's route.
func Example() {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPIPath = "/api/openapi.json"
	docs := &openapiui.Bundle{Path: "/docs"}
	app, err := fwk.New(cfg, docs, &Shop{docs: docs})
	if err != nil {
		fmt.Println(err)
		return
	}
	w := httptest.NewRecorder()
	app.ServeHTTP(w, httptest.NewRequest("GET", "/api/docs", nil))
	fmt.Println(w.Code, strings.Contains(w.Body.String(), `data-url="/api/openapi.json"`))
	// Output: 200 true
}

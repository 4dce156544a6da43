package fwk_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/middleware"
	"github.com/fwkgo/fwk/routes"
)

// apiBundle is an app bundle with app-wide middleware.
type apiBundle struct{}

func (apiBundle) Name() string { return "api" }
func (apiBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Get("/ping", welcomePing))
}

// Middleware wraps every request, misses included: RequestID outermost,
// then a status logger that sees what the app answered.
func (apiBundle) Middleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{
		middleware.RequestID(),
		func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				rec := middleware.NewRecorder(w)
				next.ServeHTTP(rec, r)
				fmt.Println(r.URL.Path, rec.Status(), middleware.RequestIDFrom(r.Context()))
			})
		},
	}
}

func ExampleMiddlewareBundle() {
	app, err := fwk.New(fwk.DefaultConfig(), apiBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, path := range []string{"/ping", "/nope"} {
		r := httptest.NewRequest("GET", path, nil)
		r.Header.Set("X-Request-ID", fmt.Sprint("req-", i+1))
		app.ServeHTTP(httptest.NewRecorder(), r)
	}
	// Output:
	// /ping 200 req-1
	// /nope 404 req-2
}

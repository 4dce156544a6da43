package fwk_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
)

// A route observer learns the rule of each request, or that it missed: a
// metric label or a span name that a random path cannot multiply.
func ExampleApp_ObserveRoutes() {
	app, err := fwk.New(fwk.DefaultConfig(), welcomeBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	stop := app.ObserveRoutes(func(w http.ResponseWriter, r *http.Request, m fwk.Routed) {
		if m.Miss() {
			fmt.Println(r.Method, "(miss)", m.Status)
			return
		}
		fmt.Println(r.Method, m.Route.Path(), m.Route.Endpoint())
	})
	defer stop()
	for _, path := range []string{"/welcome/gopher", "/ping", "/wp-login.php"} {
		app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
	}
	// Output:
	// GET /welcome/<name> welcome_controller.hello
	// GET /ping welcome.welcome_ping
	// GET (miss) 404
}

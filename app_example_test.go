package fwk_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Greeter is a service injected into WelcomeController.
type Greeter struct{ Greeting string }

// WelcomeController serves /welcome/ and /welcome/<name>.
type WelcomeController struct {
	fwk.Controller
	Greeter *Greeter `fwk:"inject"`
}

func (c *WelcomeController) Meta() fwk.Meta {
	return fwk.Meta{URLPrefix: "/welcome", Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/"),
		fwk.View(c.Hello, "/<name>"),
	}}
}

func (c *WelcomeController) Index(ctx *fwk.Ctx) error {
	return ctx.JSON(fwk.M{"greeting": c.Greeter.Greeting})
}

func (c *WelcomeController) Hello(ctx *fwk.Ctx, name string) error {
	return ctx.Respond(http.StatusOK, c.Greeter.Greeting+", "+name+"!")
}

// welcomeBundle is the app bundle of the examples.
type welcomeBundle struct{}

func (welcomeBundle) Name() string    { return "welcome" }
func (welcomeBundle) Services() []any { return []any{&Greeter{Greeting: "Hello"}} }
func (welcomeBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Controller("", &WelcomeController{}),
		routes.Func("/ping", welcomePing),
	)
}

func welcomePing(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "pong") }

func ExampleNew() {
	app, err := fwk.New(fwk.DefaultConfig(), welcomeBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/welcome", "/welcome/gopher", "/ping", "/nope"} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		fmt.Printf("%s %d %s\n", path, rec.Code, pageText(rec.Body.String()))
	}
	// Output:
	// /welcome 200 {"greeting":"Hello"}
	// /welcome/gopher 200 Hello, gopher!
	// /ping 200 pong
	// /nope 404 Error 404 | Not Found | Not Found | Go to the home page
}

func ExampleNew_startupError() {
	// A view whose signature does not fit its rule fails New.
	_, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Func("/items/<int:id>",
		func(ctx *fwk.Ctx, id, page int) error { return nil })})
	fmt.Println(err != nil)
	// Output: true
}

func ExampleApp_Run() {
	app, err := fwk.New(fwk.DefaultConfig(), welcomeBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	// "urls" prints the route table to os.Stdout (see App.SetOutput).
	if err := app.Run([]string{"app", "urls"}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Methods  Rule             Endpoint                  View
	// -------  ---------------  ------------------------  -------------------------------------------------
	// GET      /ping            welcome.welcome_ping      github.com/fwkgo/fwk_test.welcomePing
	// GET      /welcome         welcome_controller.index  github.com/fwkgo/fwk_test.WelcomeController.Index
	// GET      /welcome/<name>  welcome_controller.hello  github.com/fwkgo/fwk_test.WelcomeController.Hello
}

func ExampleAbort() {
	app, _ := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Func("/secret",
		func(ctx *fwk.Ctx) error { return fwk.Abort(http.StatusForbidden, "members only") })})
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/secret", nil)
	req.Header.Set("Accept", "application/json")
	app.ServeHTTP(rec, req)
	fmt.Print(rec.Code, " ", rec.Body.String())
	// Output: 403 {"error":"members only","status":403}
}

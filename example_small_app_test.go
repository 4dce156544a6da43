package fwk_test

// A small app, compiled and run: a controller, a resource with a
// subresource, a model loader, injection and a route tree (Example_smallApp).

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

//go:embed testdata/smallapp
var smallAppFiles embed.FS

type HomeController struct {
	fwk.Controller
	Mail *MailService `fwk:"inject"` // filled at start-up from the bundles' Services()
}

func (c *HomeController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/"),
		fwk.View(c.Contact, "/contact", fwk.Methods("GET", "POST")),
	}}
}

func (c *HomeController) Index(ctx *fwk.Ctx) error   { return ctx.Render("index", "n", 1) } // home/index.html
func (c *HomeController) AboutUs(ctx *fwk.Ctx) error { return ctx.Render("about_us") }      // GET /about-us
func (c *HomeController) Contact(ctx *fwk.Ctx) error {
	c.Mail.Send("contact form sent")
	return ctx.Redirect("Index")
}

type AccountResource struct{ fwk.Resource }

// GET /accounts, GET /accounts/<int:id> (a registered model), DELETE /accounts/<int:id>
func (r *AccountResource) List(ctx *fwk.Ctx) error            { return ctx.JSON(fwk.M{"accounts": all()}) }
func (r *AccountResource) Get(ctx *fwk.Ctx, a *Account) error { return ctx.JSON(fwk.M{"account": a}) }
func (r *AccountResource) Delete(ctx *fwk.Ctx, id int) error  { return ctx.NoContent() }

// GET /accounts/<int:account_id>/grants
func (r *GrantResource) List(ctx *fwk.Ctx, accountID int) error {
	return ctx.JSON(fwk.M{"account": accountID})
}

type AppBundle struct{}

func (AppBundle) Name() string    { return "app" }
func (AppBundle) Services() []any { return []any{&MailService{}, fwk.RegisterModel(loadAccount)} }
func (AppBundle) Templates() fs.FS {
	sub, _ := fs.Sub(smallAppFiles, "testdata/smallapp") // an embed.FS holds its folder: fs.Sub
	return sub
}
func (AppBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Controller("", &HomeController{}),
		routes.Resource("/accounts", &AccountResource{}, routes.Subresources(
			routes.Resource("/grants", &GrantResource{}),
		)),
		routes.Func("/health", func(ctx *fwk.Ctx) error { return ctx.Respond(200, "ok") }),
	)
}

func main() {
	app, err := fwk.New(fwk.DefaultConfig(), AppBundle{})
	if err != nil {
		log.Fatal(err) // names the culprit: "fwk: view: AccountResource.Get (declared at accounts.go:12): ..."
	}
	if err := app.Run(os.Args); err != nil { // "serve" (-addr) or "urls"
		log.Fatal(err)
	}
}

// main is the program's main; the example runs the same app.
var _ = main

// GrantResource is a subresource of AccountResource.
type GrantResource struct{ fwk.Resource }

// Account is the model of AccountResource.
type Account struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

func loadAccount(_ context.Context, id string) (*Account, error) {
	if id != "1" {
		return nil, nil // a 404
	}
	return &Account{ID: 1, Name: "ada"}, nil
}

func all() []string { return []string{"ada"} }

// MailService is the service injected into HomeController.
type MailService struct{}

// Send would send a mail.
func (*MailService) Send(string) {}

func Example_smallApp() {
	app, err := fwk.New(fwk.DefaultConfig(), AppBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, req := range []string{"GET /", "GET /about-us", "POST /contact", "GET /accounts/1",
		"GET /accounts/2", "GET /accounts/1/grants", "DELETE /accounts/1", "GET /health"} {
		method, path, _ := strings.Cut(req, " ")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
		line := fmt.Sprintf("%s -> %d %s %s", req, rec.Code, rec.Header().Get("Location"), strings.TrimSpace(rec.Body.String()))
		fmt.Println(strings.TrimSpace(line))
	}
	// Output:
	// GET / -> 200  <h1>Hello 1</h1>
	// <a href="/about-us">about</a>
	// GET /about-us -> 200  <p>About us</p>
	// POST /contact -> 302 /
	// GET /accounts/1 -> 200  {"account":{"id":1,"name":"ada"}}
	// GET /accounts/2 -> 404  {"error":"Not Found","status":404}
	// GET /accounts/1/grants -> 200  {"account":1}
	// DELETE /accounts/1 -> 204
	// GET /health -> 200  ok
}

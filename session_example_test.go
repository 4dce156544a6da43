package fwk_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// exampleBundle is the app bundle of the examples.
type exampleBundle struct{ rs []*fwk.Route }

func (exampleBundle) Name() string           { return "app" }
func (b exampleBundle) Routes() []*fwk.Route { return b.rs }

// bodyOf returns the body of a response, or the error.
func bodyOf(res *http.Response, err error) string {
	if err != nil {
		return err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// A session and a flashed message survive between requests in a signed
// cookie.
func ExampleCtx_Session() {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = "e8Rt2Yq5Wz9Lm3Nx7Kb1Vc4Hd6Jf0Gs-example" // from your secrets, never in code
	app, err := fwk.New(cfg, exampleBundle{routes.Tree(
		routes.Func("/login", func(ctx *fwk.Ctx) error {
			ctx.Session().Renew() // a new identity at login
			ctx.Session().Set("user", "ann")
			if err := ctx.Flash("Welcome back!", "info"); err != nil {
				return err
			}
			return ctx.Redirect("/")
		}),
		routes.Func("/", func(ctx *fwk.Ctx) error {
			user, _ := ctx.Session().Get("user")
			msgs, err := ctx.Flashes()
			if err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, fmt.Sprintf("user=%v flashes=%v", user, msgs))
		}),
	)})
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	for _, path := range []string{"/", "/login", "/"} {
		fmt.Println(bodyOf(client.Get(srv.URL + path))) // /login redirects to /
	}
	// Output:
	// user=<nil> flashes=[]
	// user=ann flashes=[{info Welcome back!}]
	// user=ann flashes=[]
}

// With WTF_CSRF_ENABLED, a POST needs the token that GenerateCSRF (the
// template function csrfToken) put in the page.
func ExampleGenerateCSRF() {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = "e8Rt2Yq5Wz9Lm3Nx7Kb1Vc4Hd6Jf0Gs-example"
	cfg.CSRFEnabled = true
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil)) // refusals are logged at info
	app, err := fwk.New(cfg, exampleBundle{routes.Tree(
		routes.Func("/form", func(ctx *fwk.Ctx) error {
			token, err := fwk.GenerateCSRF(ctx)
			if err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, token)
		}),
		routes.Func("/form", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "saved") },
			fwk.Methods("POST"), fwk.Endpoint("save")),
	)})
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	post := func(v url.Values) {
		body := bodyOf(client.Post(srv.URL+"/form", "application/x-www-form-urlencoded", strings.NewReader(v.Encode())))
		fmt.Println(strings.Contains(body, "The CSRF token is missing."), strings.Contains(body, "saved"))
	}
	token := bodyOf(client.Get(srv.URL + "/form"))
	post(url.Values{"name": {"ann"}})
	post(url.Values{"name": {"ann"}, "csrf_token": {token}})
	// Output:
	// true false
	// false true
}

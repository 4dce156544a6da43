package fwk_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// A test logs a user in without the login form: the session set outside of
// any view is what the next request finds. (Package fwktest does this with
// Client.Session.)
func ExampleApp_SessionTransaction() {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = "example-secret-key-of-32-bytes-or-more"
	app, err := fwk.New(cfg, exampleBundle{routes.Func("/me", func(ctx *fwk.Ctx) error {
		user, _ := fwk.SessionValue[string](ctx.Session(), "user")
		return ctx.Respond(http.StatusOK, "user: "+user)
	})})
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := app.SessionTransaction(httptest.NewRequest("GET", "/", nil), func(ctx *fwk.Ctx) error {
		ctx.Session().Set("user", "ann")
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	req := httptest.NewRequest("GET", "/me", nil)
	for _, c := range (&http.Response{Header: h}).Cookies() {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	fmt.Println(rec.Body.String())
	// Output:
	// user: ann
}

// An observer sees what the app logs, whatever its configured handler
// keeps. (Package fwktest fails a test on an ERROR logged while a request
// is served.)
func ExampleApp_ObserveLog() {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, exampleBundle{routes.Func("/boom", func(*fwk.Ctx) error { panic("boom") })})
	if err != nil {
		fmt.Println(err)
		return
	}
	stop := app.ObserveLog(slog.LevelError, func(_ context.Context, r slog.Record) {
		fmt.Println(r.Level, r.Message)
	})
	defer stop()
	app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/boom", nil))
	// Output:
	// ERROR fwk: panic in view
}

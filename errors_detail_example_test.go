package fwk_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// AccountInput is the body of a new account.
type AccountInput struct {
	Email    string `json:"email" validate:"required,email"`
	Password string `json:"password" validate:"min=12"`
}

type accountsBundle struct{}

func (accountsBundle) Name() string { return "accounts" }
func (accountsBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Post("/accounts", func(ctx *fwk.Ctx, in fwk.Body[AccountInput]) error {
		return ctx.NoContent()
	}, fwk.CSRFExempt()))
}

// A refused request lists each value in "details": where it is, what is
// wrong, and the value received, unless it is a secret's.
func ExampleErrorDetail() {
	app, _ := fwk.New(fwk.DefaultConfig(), accountsBundle{})
	req := httptest.NewRequest("POST", "/accounts", strings.NewReader(`{"email": "ann@", "password": "short"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	fmt.Print(rec.Code, " ", rec.Body.String())
	// Output:
	// 422 {"error":"Unprocessable Entity","status":422,"errors":{"email":["Invalid email address."],"password":["Field must be at least 12 characters long."]},"details":[{"message":"Invalid email address.","location":"body.email","value":"ann@"},{"message":"Field must be at least 12 characters long.","location":"body.password"}]}
}

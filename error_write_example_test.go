package fwk_test

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// bearerOnly is the bearer-token decorator of the middleware guide.
func bearerOnly(token string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			scheme, got, _ := strings.Cut(r.Header.Get("Authorization"), " ")
			if !strings.EqualFold(scheme, "Bearer") || got == "" {
				w.Header().Set("WWW-Authenticate", `Bearer realm="api"`)
				fwk.WriteError(w, r, fwk.Abort(http.StatusUnauthorized, "A bearer token is required."))
				return
			}
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				w.Header().Set("WWW-Authenticate", `Bearer realm="api", error="invalid_token"`)
				fwk.WriteError(w, r, fwk.Abort(http.StatusUnauthorized, "The bearer token is not valid."))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func ExampleWriteError() {
	app, _ := fwk.New(fwk.DefaultConfig(), tplApp{}.with(routes.Tree(
		routes.Func("/api/stats", func(ctx *fwk.Ctx) error { return ctx.JSON(fwk.M{"users": 3}) },
			fwk.Use(bearerOnly("s3cret-token"))),
	)))
	for _, auth := range []string{"", "Bearer wrong", "bearer s3cret-token"} {
		req := httptest.NewRequest("GET", "/api/stats", nil)
		req.Header.Set("Accept", "application/json")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Print(rec.Code, " ", rec.Header().Get("WWW-Authenticate"), " ", rec.Body.String())
	}
	// Output:
	// 401 Bearer realm="api" {"error":"A bearer token is required.","status":401}
	// 401 Bearer realm="api", error="invalid_token" {"error":"The bearer token is not valid.","status":401}
	// 200  {"users":3}
}

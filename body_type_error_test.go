package fwk_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type typedPost struct {
	Title  string `json:"title" validate:"required"`
	Author struct {
		Age int `json:"age"`
	} `json:"author"`
}

func TestBindWrongTypeIsFieldError(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{}.with(routes.Func("/posts", func(ctx *fwk.Ctx) error {
		var p typedPost
		if err := ctx.Bind(&p); err != nil {
			return err
		}
		return ctx.JSON(p)
	}, fwk.Methods("POST"), fwk.CSRFExempt())))
	srv := httptest.NewServer(app)
	defer srv.Close()
	cl := srv.Client()
	tests := []struct {
		body string
		code int
		want string
	}{
		{`{"title": 5}`, 422, `"errors":{"title":["Must be a string."]}`},
		{`{"title": "x", "author": {"age": "old"}}`, 422, `"errors":{"author.age":["Must be a whole number in range."]}`},
		{`{"title": "x", "author": 3}`, 422, `"errors":{"author":["Must be an object."]}`},
		{`title=5`, 400, `invalid JSON`},
		{`{"title": "x",}`, 400, `invalid JSON at offset`},
	}
	for _, tt := range tests {
		code, body, _ := call(t, cl, "POST", srv.URL+"/posts", strings.NewReader(tt.body), "Content-Type", "application/json")
		if code != tt.code || !strings.Contains(body, tt.want) {
			t.Errorf("%s: %d %s, want %d with %s", tt.body, code, body, tt.code, tt.want)
		}
	}
}

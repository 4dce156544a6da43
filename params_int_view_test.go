package fwk_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// TestIntViewParams checks the numbers views of the direct signatures
// (one or two int or int64 params) receive from <int:...> rules: the
// router's parse kept while matching, for texts with leading zeros,
// escapes, signs, fixed digits and the int64 bounds, and a 404 where the
// text is no number of the rule.
func TestIntViewParams(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{}.with(
		routes.Func("/one/<int:id>", func(ctx *fwk.Ctx, id int) error {
			return ctx.Respond(http.StatusOK, fmt.Sprint(id))
		}),
		routes.Func("/wide/<int(signed=True):id>", func(ctx *fwk.Ctx, id int64) error {
			return ctx.Respond(http.StatusOK, fmt.Sprint(id))
		}),
		routes.Func("/two/<int(fixed_digits=4):y>/<int(max=12):m>", func(ctx *fwk.Ctx, y, m int) error {
			return ctx.Respond(http.StatusOK, fmt.Sprint(y, "-", m))
		}),
		routes.Func("/text/<int:id>", func(ctx *fwk.Ctx, id string) error {
			return ctx.Respond(http.StatusOK, id)
		}),
		routes.Func("/mixed/<name>/<int:n>", func(ctx *fwk.Ctx, name, n string) error {
			return ctx.Respond(http.StatusOK, name+"/"+n)
		}),
	))
	tests := []struct {
		path string
		code int
		body string
	}{
		{"/one/12345", 200, "12345"},
		{"/one/0042", 200, "42"},
		{"/one/%34%32", 200, "42"},
		{"/one/-1", 404, ""},
		{"/one/9223372036854775808", 404, ""},
		{"/wide/-9223372036854775808", 200, "-9223372036854775808"},
		{"/wide/9223372036854775807", 200, "9223372036854775807"},
		{"/two/2024/07", 200, "2024-7"},
		{"/two/202/07", 404, ""},
		{"/two/2024/13", 404, ""},
		{"/text/0042", 200, "0042"},
		{"/mixed/bob/7", 200, "bob/7"},
	}
	for _, tt := range tests {
		rec := get(app, http.MethodGet, tt.path)
		if rec.Code != tt.code || tt.code == 200 && rec.Body.String() != tt.body {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, rec.Code, rec.Body.String(), tt.code, tt.body)
		}
	}
}

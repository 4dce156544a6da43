package fwk_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// fuzzFormView binds, validates and renders a form.
func fuzzFormView(ctx *fwk.Ctx) error {
	var f profileForm
	if err := fwk.BindForm(ctx, &f, fwk.FormPrefix("p")); err != nil {
		return err
	}
	f.Validate()
	return ctx.Respond(http.StatusOK, string(f.HTML()))
}

// FuzzBind sends arbitrary bodies with arbitrary Content-Types to views
// binding a nested struct, a map and a form: whatever comes in, the answer is a
// success or a 4xx, never a panic or a 500.
func FuzzBind(f *testing.F) {
	mpType, mpBody := hostileMultipart(3)
	for _, seed := range [][2]string{
		{"application/json", okSignup},
		{"application/json", `{"items":[{"name":1}]}`},
		{"application/json", `[1,2]`},
		{"application/json; charset=utf-8", `{"name":"\u00e9"} x`},
		{"application/x-www-form-urlencoded", "name=Ann&items[0].name=x&attrs[a]=b&address.city=c&tags[]=1"},
		{"application/x-www-form-urlencoded", "a]=1&b[=2&c[d[e]]=3&%zz"},
		{"application/x-www-form-urlencoded", "items[999].qty=x&born=2000-13-01"},
		{mpType, string(mpBody)},
		{"multipart/form-data; boundary=X", "--X\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a\"\r\n\r\nhi\r\n--X--\r\n"},
		{"text/plain", "hello"},
		{"", ""},
	} {
		f.Add(seed[0], seed[1])
	}
	cfg := fwk.DefaultConfig()
	cfg.MaxBodyBytes = 1 << 16
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(
		routes.Func("/signup", echoBind[bindSignup], fwk.Methods("POST"), fwk.Endpoint("signup")),
		routes.Func("/map", echoBind[map[string]any], fwk.Methods("POST"), fwk.Endpoint("map")),
		routes.Func("/upload", uploadView, fwk.Methods("POST")),
		routes.Func("/form", fuzzFormView, fwk.Methods("POST")),
	)})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, ctype, body string) {
		for _, path := range []string{"/signup", "/map", "/upload", "/form"} {
			req := httptest.NewRequest("POST", path, strings.NewReader(body))
			req.Header.Set("Content-Type", ctype)
			rec := httptest.NewRecorder()
			a.ServeHTTP(rec, req)
			if rec.Code >= 500 || (rec.Code != http.StatusOK && rec.Code < 400) {
				t.Fatalf("POST %s (%q, %q) = %d: %s", path, ctype, body, rec.Code, rec.Body)
			}
		}
	})
}

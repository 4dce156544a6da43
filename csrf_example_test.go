package fwk_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// With WTF_CSRF_CHECK_DEFAULT off, no view is checked unless it asks:
// ProtectCSRF is Flask-WTF's csrf.protect().
func ExampleProtectCSRF() {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = "e8Rt2Yq5Wz9Lm3Nx7Kb1Vc4Hd6Jf0Gs-example"
	cfg.CSRFEnabled = true
	cfg.CSRFCheckDefault = false
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	ok := func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "ok") }
	app, err := fwk.New(cfg, exampleBundle{routes.Tree(
		routes.Func("/open", ok, fwk.Methods("POST")),
		routes.Func("/guarded", func(ctx *fwk.Ctx) error {
			if err := fwk.ProtectCSRF(ctx); err != nil {
				return err
			}
			return ok(ctx)
		}, fwk.Methods("POST")),
	)})
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	for _, path := range []string{"/open", "/guarded"} {
		res, err := http.Post(srv.URL+path, "application/x-www-form-urlencoded", nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		res.Body.Close()
		fmt.Println(path, res.StatusCode)
	}
	// Output:
	// /open 200
	// /guarded 400
}

// CSRFMetaTag (the template function csrfMetaTag) puts the token in a
// <meta> tag for scripts, which send it back in an X-CSRFToken header.
func ExampleCSRFMetaTag() {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = "e8Rt2Yq5Wz9Lm3Nx7Kb1Vc4Hd6Jf0Gs-example"
	cfg.CSRFEnabled = true
	app, err := fwk.New(cfg, exampleBundle{routes.Tree(
		routes.Func("/", func(ctx *fwk.Ctx) error {
			tag, err := fwk.CSRFMetaTag(ctx, "")
			if err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, string(tag))
		}),
		routes.Func("/api", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "saved") }, fwk.Methods("POST")),
	)})
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	tag := bodyOf(client.Get(srv.URL + "/"))
	fmt.Println(strings.HasPrefix(tag, `<meta name="csrf-token" content="`))
	token := strings.TrimSuffix(strings.TrimPrefix(tag, `<meta name="csrf-token" content="`), `">`)
	req, _ := http.NewRequest("POST", srv.URL+"/api", nil)
	req.Header.Set("X-CSRFToken", token)
	fmt.Println(bodyOf(client.Do(req)))
	// Output:
	// true
	// saved
}

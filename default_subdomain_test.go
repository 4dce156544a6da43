package fwk_test

import (
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// TestDefaultSubdomain serves Config.DefaultSubdomain through a real
// listener: rules without a host answer on the default subdomain and on
// hosts outside SERVER_NAME, fwk.Host(SERVER_NAME) serves the bare name,
// and URLFor on the default subdomain gives a path.
func TestDefaultSubdomain(t *testing.T) {
	cfg := quietConfig()
	cfg.ServerName, cfg.DefaultSubdomain = "example.test", "www"
	text := func(s string) func(*fwk.Ctx) error {
		return func(ctx *fwk.Ctx) error { return ctx.Respond(200, s) }
	}
	link := func(ctx *fwk.Ctx) error {
		u, err := ctx.URLFor("home")
		if err != nil {
			return err
		}
		return ctx.Respond(200, u)
	}
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(
		routes.Func("/", text("home"), fwk.Endpoint("home")),
		routes.Func("/link", link, fwk.Endpoint("link")),
		routes.Func("/", text("apex"), fwk.Endpoint("apex"), fwk.Host("example.test")),
		routes.Func("/", text("shop"), fwk.Endpoint("shop"), fwk.Subdomain("shop")),
	)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a)
	defer srv.Close()
	for _, tt := range []struct{ host, path, want string }{
		{"www.example.test", "/", "200 home"},
		{"WWW.Example.Test:8080", "/", "200 home"},
		{"example.test", "/", "200 apex"},
		{"shop.example.test", "/", "200 shop"},
		{"127.0.0.1", "/", "200 home"},
		{"other.test", "/", "200 home"},
		{"api.example.test", "/", "404"},
		{"www.example.test", "/link", "200 /"},
	} {
		code, body := getHost(t, srv, tt.host, tt.path)
		got := strconv.Itoa(code)
		if code == 200 {
			got += " " + body
		}
		if got != tt.want {
			t.Errorf("GET %s on %s = %q, want %q", tt.path, tt.host, got, tt.want)
		}
	}
	cfg.ServerName = ""
	_, err = fwk.New(cfg, routesBundle{rs: routes.Tree(routes.Func("/", text("x")))})
	if err == nil || !strings.Contains(err.Error(), "DEFAULT_SUBDOMAIN") {
		t.Errorf("DefaultSubdomain without SERVER_NAME: %v", err)
	}
}

// Rules without a host serve the default subdomain and hosts outside
// SERVER_NAME; the bare SERVER_NAME has its own rule.
func ExampleConfig_defaultSubdomain() {
	cfg := quietConfig()
	cfg.ServerName, cfg.DefaultSubdomain = "example.com", "www"
	hello := func(s string) func(*fwk.Ctx) error {
		return func(ctx *fwk.Ctx) error { return ctx.Respond(200, s) }
	}
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(
		routes.Func("/", hello("www site"), fwk.Endpoint("home")),
		routes.Func("/", hello("apex"), fwk.Endpoint("apex"), fwk.Host("example.com")),
	)})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, host := range []string{"www.example.com", "example.com", "192.0.2.1", "blog.example.com"} {
		req := httptest.NewRequest("GET", "/", nil)
		req.Host = host
		w := httptest.NewRecorder()
		a.ServeHTTP(w, req)
		if w.Code == 200 {
			fmt.Println(host, w.Code, w.Body.String())
		} else {
			fmt.Println(host, w.Code)
		}
	}
	// Output:
	// www.example.com 200 www site
	// example.com 200 apex
	// 192.0.2.1 200 www site
	// blog.example.com 404
}

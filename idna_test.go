package fwk_test

import (
	"errors"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// TestServerNameIDNA ports the host part of Werkzeug's test_unicode_rules
// and test_bind_long_idna_name_with_port: a SERVER_NAME that is not ASCII
// is used in the ASCII form clients send, in absolute URLs and for
// Subdomain rules.
func TestServerNameIDNA(t *testing.T) {
	ok := func(s string) func(*fwk.Ctx) error {
		return func(ctx *fwk.Ctx) error { return ctx.Respond(200, s) }
	}
	cfg := quietConfig()
	cfg.ServerName = "☃.example.com"
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(
		routes.Func("/войти/", ok("enter"), fwk.Endpoint("enter")),
		routes.Func("/foo+bar/", ok("foobar"), fwk.Endpoint("foobar")),
		routes.Func("/", ok("shop"), fwk.Endpoint("shop"), fwk.Subdomain("shop")),
	)})
	if err != nil {
		t.Fatal(err)
	}
	for endpoint, want := range map[string]string{
		"enter":  "http://xn--n3h.example.com/%D0%B2%D0%BE%D0%B9%D1%82%D0%B8/",
		"foobar": "http://xn--n3h.example.com/foo+bar/",
		"shop":   "http://shop.xn--n3h.example.com/",
	} {
		if got, err := a.URLFor(endpoint, fwk.External()); err != nil || got != want {
			t.Errorf("URLFor(%s) = %q, %v, want %q", endpoint, got, err, want)
		}
	}
	srv := httptest.NewServer(a)
	defer srv.Close()
	code, body := getHost(t, srv, "shop.xn--n3h.example.com", "/")
	if code != 200 || body != "shop" {
		t.Errorf("GET / on the shop subdomain = %d %q", code, body)
	}

	cfg.ServerName = "🐍" + strings.Repeat("a", 52) + ":8443"
	a, err = fwk.New(cfg, routesBundle{rs: routes.Tree(routes.Func("/", ok("index"), fwk.Endpoint("index")))})
	if err != nil {
		t.Fatal(err)
	}
	got, err := a.URLFor("index", fwk.External())
	u, perr := url.Parse(got)
	if err != nil || perr != nil || len(u.Hostname()) != 63 || u.Port() != "8443" || !strings.HasPrefix(u.Hostname(), "xn--") {
		t.Errorf("long IDNA name: URLFor = %q, %v", got, err)
	}

	for _, bad := range []string{"☃ snow.example.com", "☃..example.com", "☃" + strings.Repeat("a", 70) + ".com"} {
		cfg.ServerName = bad
		_, err := fwk.New(cfg)
		var se *fwk.StartupError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), "SERVER_NAME") {
			t.Errorf("SERVER_NAME %q: %v", bad, err)
		}
	}
}

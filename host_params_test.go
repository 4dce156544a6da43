package fwk_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// TestHostParams serves host and subdomain rules with parameters through a
// real listener: host values bind to views after the path's, URLFor gives a
// path on the rule's host and an absolute URL on another, and a defaults
// redirect to another host's rule is absolute on that host.
func TestHostParams(t *testing.T) {
	link := func(ctx *fwk.Ctx, lang string) error {
		u, err := ctx.URLFor("docs", "lang", lang, "page", "faq")
		if err != nil {
			return err
		}
		return ctx.Respond(200, u)
	}
	shop := func(ctx *fwk.Ctx) error { return ctx.Respond(200, ctx.Param("region")+":"+ctx.Param("store")) }
	a, _ := appWithLogs(t, false,
		routes.Func("/docs/<page>", func(ctx *fwk.Ctx, page, lang string) error {
			return ctx.Respond(200, lang+":"+page+":"+ctx.Param("lang"))
		}, fwk.Endpoint("docs"), fwk.Subdomain("<lang>")),
		routes.Func("/link/<lang>", link, fwk.Endpoint("link")),
		routes.Func("/login", func(ctx *fwk.Ctx) error { return ctx.Redirect("/") }, fwk.Endpoint("login")),
		routes.Func("/shop/", shop, fwk.Endpoint("shop"), fwk.Host("<region>.shops.test"), fwk.Defaults(map[string]any{"store": "main"})),
		routes.Func("/shop/<store>", shop, fwk.Endpoint("shop"), fwk.Host("<region>.old.test")),
	)
	srv := httptest.NewServer(a)
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tt := range []struct {
		host, path string
		status     int
		want       string // body, or Location for a redirect
	}{
		{"de.localhost", "/docs/intro", 200, "de:intro:de"},
		{"DE.localhost:80", "/docs/intro", 200, "de:intro:de"},
		{"localhost", "/docs/intro", 404, ""},
		{"evil.com%2F.localhost", "/docs/intro", 404, ""},
		{"fr.localhost", "/link/fr", 200, "/docs/faq"},
		{"de.localhost", "/link/fr", 200, "http://fr.localhost/docs/faq"},
		{"localhost", "/link/en", 200, "http://en.localhost/docs/faq"},
		{"eu.old.test", "/shop/main", 308, "http://eu.shops.test/shop/"},
		{"eu.old.test", "/shop/other", 200, "eu:other"},
		{"eu.shops.test", "/shop/", 200, "eu:main"},
		// next may name a host a rule with parameters serves, no other.
		{"localhost", "/login?next=http://de.localhost/docs/x", 302, "http://de.localhost/docs/x"},
		{"localhost", "/login?next=http://evil.test/docs/x", 302, "/"},
		{"localhost", "/login?next=http://de.evil.test/docs/x", 302, "/"},
	} {
		req, err := http.NewRequest("GET", srv.URL+tt.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = tt.host
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s on %s: %v", tt.path, tt.host, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got := string(body)
		if resp.StatusCode == 308 || resp.StatusCode == 302 {
			got = resp.Header.Get("Location")
		}
		if resp.StatusCode != tt.status || tt.want != "" && got != tt.want {
			t.Errorf("GET %s on %s = %d %q, want %d %q", tt.path, tt.host, resp.StatusCode, got, tt.status, tt.want)
		}
	}
}

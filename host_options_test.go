package fwk_test

import (
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// HostedController declares its Index on a host and its Page on both a
// host and a subdomain (a mistake).
type HostedController struct{ fwk.Controller }

func (c *HostedController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/", fwk.Host("www.example.test")),
	}}
}

func (*HostedController) Index(ctx *fwk.Ctx) error {
	return ctx.Respond(200, "index "+ctx.Request().Host)
}

// BothController gives one view both a Host and a Subdomain.
type BothController struct{ fwk.Controller }

func (c *BothController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/", fwk.Host("www.example.test"), fwk.Subdomain("api")),
	}}
}

func (*BothController) Index(ctx *fwk.Ctx) error { return ctx.NoContent() }

// TestHostMistakes: a rule given both Host and Subdomain, or a Subdomain
// without SERVER_NAME, fails fwk.New naming the view and where it was
// declared.
func TestHostMistakes(t *testing.T) {
	tests := []struct {
		name       string
		serverName string
		rs         []*fwk.Route
		culprit    string // in StartupError.Culprit
		msg        string // in the error's text
	}{
		{"func with both", "localhost",
			routes.Func("/a", okView, fwk.Host("a.test"), fwk.Subdomain("api")),
			"okView", `both fwk.Host("a.test") and fwk.Subdomain("api")`},
		{"controller view with both", "localhost",
			routes.Controller("", &BothController{}),
			"BothController.Index", `both fwk.Host("www.example.test") and fwk.Subdomain("api")`},
		{"subdomain without SERVER_NAME", "",
			routes.Func("/a", okView, fwk.Subdomain("api")),
			"okView", `fwk.Subdomain("api") needs SERVER_NAME`},
		{"subdomain with params without SERVER_NAME", "",
			routes.Func("/a", okView, fwk.Subdomain("<lang>")),
			"okView", "set Config.ServerName"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := quietConfig()
			cfg.ServerName = tt.serverName
			a, err := fwk.New(cfg, routesBundle{rs: tt.rs})
			if err == nil {
				t.Fatalf("fwk.New = %v, nil error; want an error", a)
			}
			var se *fwk.StartupError
			if !errors.Is(err, fwk.ErrInvalidOption) || !errors.As(err, &se) {
				t.Fatalf("fwk.New error = %v, want a *StartupError wrapping ErrInvalidOption", err)
			}
			if !strings.Contains(se.Culprit, tt.culprit) || !strings.HasPrefix(se.DeclaredAt, "host_options_test.go:") {
				t.Errorf("culprit %q declared at %q, want %q in host_options_test.go", se.Culprit, se.DeclaredAt, tt.culprit)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("fwk.New error = %q, want it to contain %q", err, tt.msg)
			}
		})
	}
}

// TestHostOrSubdomainOverrides: Host and Subdomain are one option, where a
// rule is served; a route giving either replaces both of the view's
// declaration instead of combining with them.
func TestHostOrSubdomainOverrides(t *testing.T) {
	cfg := quietConfig()
	cfg.ServerName = "example.test"
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(
		routes.Controller("", &HostedController{}),
		routes.Controller("/again", &HostedController{}, routes.Rules(
			routes.Get("/", "Index", fwk.Subdomain("api")),
		)),
	)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a)
	defer srv.Close()
	for _, tt := range []struct {
		host, path string
		status     int
	}{
		{"www.example.test", "/", 200},
		{"api.example.test", "/", 404},
		{"api.example.test", "/again", 200},
		{"www.example.test", "/again", 404},
	} {
		if status, _ := getHost(t, srv, tt.host, tt.path); status != tt.status {
			t.Errorf("GET %s%s = %d, want %d", tt.host, tt.path, status, tt.status)
		}
	}
}

// A Subdomain rule with a param serves every subdomain of SERVER_NAME and
// binds the subdomain like a path param; a Subdomain while SERVER_NAME is
// empty fails New.
func ExampleSubdomain() {
	docs := routes.Func("/docs/<page>", func(ctx *fwk.Ctx, page, lang string) error {
		return ctx.Respond(200, lang+" "+page)
	}, fwk.Subdomain("<lang>"))
	cfg := fwk.DefaultConfig()
	cfg.ServerName = "example.com"
	app, err := fwk.New(cfg, routesBundle{rs: docs})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "http://de.example.com/docs/intro", nil))
	fmt.Println(rec.Code, rec.Body.String())

	cfg.ServerName = ""
	_, err = fwk.New(cfg, routesBundle{rs: docs})
	fmt.Println(errors.Is(err, fwk.ErrInvalidOption))
	// Output:
	// 200 de intro
	// true
}

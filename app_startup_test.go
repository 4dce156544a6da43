package fwk_test

import (
	"errors"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

func otherView(ctx *fwk.Ctx) error { return ctx.NoContent() }

func idView(ctx *fwk.Ctx, id int) error  { return ctx.NoContent() }
func nameView(ctx *fwk.Ctx, n int) error { return ctx.NoContent() }

type point struct{ X, Y int }

// Mailer and friends are injection fixtures.
type Mailer interface{ Send(to string) error }

type smtpMailer struct{ host string }

func (m *smtpMailer) Send(string) error { return nil }

type logMailer struct{}

func (logMailer) Send(string) error { return nil }

type clock struct {
	Mailer Mailer `fwk:"inject"`
}

// InjectedController asks for a Mailer (interface) and a *clock (exact type).
type InjectedController struct {
	fwk.Controller
	Mailer Mailer `fwk:"inject"`
	Clock  *clock `fwk:"inject"`
	Plain  *clock // not tagged: left alone
}

func (c *InjectedController) Index(ctx *fwk.Ctx) error { return ctx.NoContent() }

// HiddenController has an unexported injected field.
type HiddenController struct {
	fwk.Controller
	mailer Mailer `fwk:"inject"`
}

func (c *HiddenController) Index(ctx *fwk.Ctx) error { _ = c.mailer; return ctx.NoContent() }

func TestStartupErrors(t *testing.T) {
	long := "k9Xq2Lm7Pw4Rt8Zv1Bn6Cy3Hd5Jf0Gs4W"
	nilMW := func(http.Handler) http.Handler { return nil }
	tests := []struct {
		name     string
		cfg      func(*fwk.Config)
		bundles  []fwk.Bundle
		is       error  // errors.Is target, or nil
		contains string // substring of the message
		format   string // regexp the message must match, or ""
	}{
		{
			name:    "bad rule",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x/<id", okView)}},
			is:      router.ErrBadRule, contains: "/x/<id",
			format: `^fwk: route: rb\.ok_view "/x/<id" \(declared at app_startup_test\.go:\d+\): `,
		},
		{
			name:    "unknown converter",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x/<nope:id>", okView)}},
			is:      router.ErrUnknownConverter, contains: "nope",
		},
		{
			name:    "too many view params",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x", func(*fwk.Ctx, int) error { return nil })}},
			is:      fwk.ErrBadView, contains: `takes 1 URL params but rule "/x" has 0`,
			format: `^fwk: view: \S+ \(declared at app_startup_test\.go:\d+\): `,
		},
		{
			name:    "too few view params",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x/<int:a>/<b>", func(*fwk.Ctx, int) error { return nil })}},
			is:      fwk.ErrBadView, contains: `has 2 ["a" "b"]`,
		},
		{
			name:    "no error result",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x", func(*fwk.Ctx) {})}},
			is:      fwk.ErrBadView, contains: "must return exactly one error",
		},
		{
			name:    "no ctx",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x/<int:a>", func(int) error { return nil })}},
			is:      fwk.ErrBadView, contains: "first parameter must be *fwk.Ctx",
		},
		{
			name:    "unsupported param type",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x/<p>", func(*fwk.Ctx, point) error { return nil })}},
			is:      fwk.ErrBadView, contains: `URL param "p"`,
		},
		{
			name:    "result encoding/json cannot write",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x", func(*fwk.Ctx) (func() int, error) { return nil, nil })}},
			is:      fwk.ErrBadView, contains: "encoding/json cannot write the result type (func() int: func() int)",
			format: `^fwk: view: \S+ \(declared at app_startup_test\.go:\d+\): `,
		},
		{
			name: "result with a field encoding/json cannot write",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x", func(*fwk.Ctx) ([]struct {
				OK   string
				Done chan bool
			}, error) {
				return nil, nil
			})}},
			is: fwk.ErrBadView, contains: ".Done: chan bool)",
		},
		{
			name:    "result keyed by a struct",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x", func(*fwk.Ctx) (map[point]int, error) { return nil, nil })}},
			is:      fwk.ErrBadView, contains: "map key fwk_test.point",
		},
		{
			name:    "variadic",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x", func(*fwk.Ctx, ...int) error { return nil })}},
			is:      fwk.ErrBadView, contains: "func(*fwk.Ctx, ...int) error: variadic",
		},
		{
			name:    "nil middleware result",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Func("/x", okView, fwk.Use(nilMW))}},
			is:      fwk.ErrBadView, contains: "nil handler",
		},
		{
			name: "duplicate endpoint",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Tree(
				routes.Func("/a", okView, fwk.Endpoint("same")),
				routes.Func("/b", otherView, fwk.Endpoint("same")),
			)}},
			is: fwk.ErrDuplicateEndpoint, contains: "otherView",
			format: `^fwk: endpoint: "same" of \S+otherView \(declared at app_startup_test\.go:\d+\): .*okView \(declared at app_startup_test\.go:\d+\)`,
		},
		{
			name: "conflicting rules",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Tree(
				routes.Func("/c/<int:id>", idView),
				routes.Func("/c/<int:other>", nameView),
			)}},
			is:     router.ErrConflict,
			format: `^fwk: route: rb\.name_view "/c/<int:other>" \(declared at app_startup_test\.go:\d+\): .*"/c/<int:id>" of rb\.id_view \(declared at app_startup_test\.go:\d+\)`,
		},
		{
			name:    "route declaration error",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Controller("", nil)}},
			is:      fwk.ErrMissingController, contains: "app_startup_test.go:",
		},
		{
			name:    "missing service",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Controller("/i", &InjectedController{})}},
			is:      fwk.ErrMissingService, contains: "fwk_test.InjectedController.Mailer",
			format: `^fwk: inject: fwk_test\.InjectedController\.Mailer \(declared at app_startup_test\.go:\d+\): `,
		},
		{
			name: "missing exact-type service",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Controller("/i", &InjectedController{}),
				services: []any{&smtpMailer{}, clock{}}}},
			is: fwk.ErrMissingService, contains: "InjectedController.Clock",
		},
		{
			name: "ambiguous service",
			bundles: []fwk.Bundle{routesBundle{rs: routes.Controller("/i", &InjectedController{}),
				services: []any{&smtpMailer{}, logMailer{}, &clock{}}}},
			is: fwk.ErrAmbiguousService, contains: "*fwk_test.smtpMailer, fwk_test.logMailer",
		},
		{
			name:     "unexported injected field",
			bundles:  []fwk.Bundle{routesBundle{rs: routes.Controller("/h", &HiddenController{}), services: []any{logMailer{}}}},
			contains: "HiddenController.mailer", is: nil,
		},
		{
			name:    "service with a missing dependency",
			bundles: []fwk.Bundle{routesBundle{services: []any{&clock{}}}},
			is:      fwk.ErrMissingService, contains: "clock.Mailer",
		},
		{
			name:     "nil service",
			bundles:  []fwk.Bundle{routesBundle{services: []any{nil}}},
			contains: "nil service",
		},
		{
			name: "short secret key with CSRF",
			cfg:  func(c *fwk.Config) { c.CSRFEnabled = true; c.SecretKey = "short" },
			is:   fwk.ErrSecretKey, contains: "SECRET_KEY",
			format: `^fwk: config: SECRET_KEY: `,
		},
		{
			name: "missing secret key with CSRF",
			cfg:  func(c *fwk.Config) { c.CSRFEnabled = true },
			is:   fwk.ErrSecretKey,
		},
		{
			name: "short CSRF secret key",
			cfg:  func(c *fwk.Config) { c.CSRFEnabled = true; c.SecretKey = long; c.CSRFSecretKey = "x" },
			is:   fwk.ErrSecretKey, contains: "WTF_CSRF_SECRET_KEY",
		},
		{
			name:     "nil bundle",
			bundles:  []fwk.Bundle{nil},
			contains: "nil bundle",
		},
		{
			name:     "duplicate bundle name",
			bundles:  []fwk.Bundle{routesBundle{}, routesBundle{}},
			contains: `"rb" (#1): name already used by bundle #0`,
		},
		{
			name:     "bad Controllers item",
			bundles:  []fwk.Bundle{controllersBundle{42}},
			contains: "int is neither a controller",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := quietConfig()
			if tt.cfg != nil {
				tt.cfg(&cfg)
			}
			a, err := fwk.New(cfg, tt.bundles...)
			if err == nil {
				t.Fatalf("fwk.New = %v, nil error; want an error", a)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("fwk.New error = %v, want errors.Is %v", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.contains) {
				t.Errorf("fwk.New error = %q, want it to contain %q", err, tt.contains)
			}
			if tt.format != "" && !regexp.MustCompile(tt.format).MatchString(err.Error()) {
				t.Errorf("fwk.New error = %q, want it to match %q", err, tt.format)
			}
		})
	}
}

type controllersBundle []any

func (controllersBundle) Name() string         { return "cb" }
func (b controllersBundle) Controllers() []any { return b }

func TestStartupOK(t *testing.T) {
	cfg := quietConfig()
	cfg.CSRFEnabled = true
	cfg.SecretKey = "k9Xq2Lm7Pw4Rt8Zv1Bn6Cy3Hd5Jf0Gs4W"
	mailer, preset := &smtpMailer{host: "mx"}, &clock{}
	ctrl := &InjectedController{}
	ctrl2 := &InjectedController{Clock: preset}
	services := []any{mailer, &clock{}}
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(
		routes.Controller("/i", ctrl),
		routes.Controller("/j", ctrl2),
		// The same route twice (an include repeated) registers once.
		routes.Func("/same", okView),
	), services: services})
	if err != nil {
		t.Fatalf("fwk.New: %v", err)
	}
	if ctrl.Mailer != mailer || ctrl.Clock != services[1] || ctrl.Plain != nil {
		t.Errorf("injected %+v, want Mailer %p, Clock %p, Plain nil", ctrl, mailer, services[1])
	}
	if ctrl2.Clock != preset {
		t.Error("a field set before New was replaced")
	}
	if services[1].(*clock).Mailer != mailer {
		t.Error("service clock did not get its Mailer")
	}
	if got := len(a.Services()); got != 2 {
		t.Errorf("Services() has %d, want 2", got)
	}
}

func TestRepeatedRouteRegistersOnce(t *testing.T) {
	rs := routes.Func("/same", okView)
	a := newApp(t, routesBundle{rs: routes.Tree(rs, rs)})
	if n := len(a.RouteTable()); n != 1 {
		t.Errorf("RouteTable has %d rules, want 1", n)
	}
}

package fwk_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// More keys of the session tests (sessKey is the usual one): long,
// random-looking, never placeholders.
const (
	sessOldKey = "Q2w9E4r7T1y6U3i8O5p0A-older-session-key-Zx"
	sessKeyB   = "m3N8b5V1c7X4z9L2k6J0h-another-app-key-Qw7R"
)

// sessionRoutes are views that drive the session from the query string.
func sessionRoutes() []*fwk.Route {
	q := func(ctx *fwk.Ctx, k string) string { return ctx.Request().URL.Query().Get(k) }
	return routes.Tree(
		routes.Func("/get", func(ctx *fwk.Ctx) error {
			v, ok := ctx.Session().Get(q(ctx, "k"))
			if !ok {
				return ctx.Respond(http.StatusOK, "<none>")
			}
			return ctx.Respond(http.StatusOK, fmt.Sprintf("%T:%v", v, v))
		}),
		routes.Func("/set", func(ctx *fwk.Ctx) error {
			ctx.Session().Set(q(ctx, "k"), q(ctx, "v"))
			return ctx.NoContent()
		}, fwk.Methods("GET", "POST")),
		routes.Func("/setint", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("n", 42)
			ctx.Session().Set("f", 1.5)
			ctx.Session().Set("b", true)
			ctx.Session().Set("list", []string{"a", "b"})
			return ctx.NoContent()
		}),
		routes.Func("/del", func(ctx *fwk.Ctx) error { ctx.Session().Delete(q(ctx, "k")); return ctx.NoContent() }),
		routes.Func("/clear", func(ctx *fwk.Ctx) error { ctx.Session().Clear(); return ctx.NoContent() }),
		routes.Func("/renew", func(ctx *fwk.Ctx) error { ctx.Session().Renew(); return ctx.NoContent() }),
		routes.Func("/big", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("big", strings.Repeat("x", len(q(ctx, "n"))*1000))
			return ctx.Respond(http.StatusOK, "written")
		}),
		routes.Func("/silent", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("silent", "yes")
			return nil // writes nothing: saved when the view returns
		}),
		routes.Func("/plain", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "plain") }),
		routes.Func("/nothing", func(ctx *fwk.Ctx) error { return ctx.NoContent() }),
		routes.Func("/flash", func(ctx *fwk.Ctx) error {
			if err := ctx.Flash(q(ctx, "m"), q(ctx, "c")); err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, "flashed")
		}),
		routes.Func("/flashes", func(ctx *fwk.Ctx) error {
			ms, err := ctx.Flashes()
			if err != nil {
				return err
			}
			return ctx.JSON(ms)
		}),
		routes.Func("/csrf", func(ctx *fwk.Ctx) error {
			tok, err := fwk.GenerateCSRF(ctx)
			if err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, tok)
		}),
		routes.Func("/submit", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "accepted") },
			fwk.Methods("POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "PROPFIND")),
		routes.Func("/hook", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "hook") },
			fwk.Methods("POST"), fwk.CSRFExempt()),
	)
}

// sessServer serves an app built from cfg (plus bundle services) with the
// session routes.
func sessServer(t *testing.T, cfg fwk.Config, services ...any) (*httptest.Server, *fwk.App) {
	t.Helper()
	app := mustNew(t, cfg, tplApp{services: services}.with(sessionRoutes()))
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	return srv, app
}

// freshCookie sets k=v on srv with a new client and returns the cookie.
func freshCookie(t *testing.T, srv *httptest.Server, k, v string) *http.Cookie {
	t.Helper()
	_, _, res := call(t, http.DefaultClient, "GET", srv.URL+"/set?k="+url.QueryEscape(k)+"&v="+url.QueryEscape(v), nil)
	c := sessionCookie(res, "session")
	if c == nil {
		t.Fatalf("GET /set: no session cookie in %v", res.Header)
	}
	return c
}

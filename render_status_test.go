package fwk_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// flashPages are a layout that shows the flashed messages and a page.
var flashPages = fstest.MapFS{
	"layouts/base.html": {Data: []byte(`{{define "base"}}<ul>{{range flashes}}<li>{{.Message}}</li>{{end}}</ul>{{block "body" .}}{{end}}{{end}}`)},
	"page.html":         {Data: []byte(`{{template "base" .}}{{define "body"}}<p>page</p>{{end}}`)},
}

// flashStatusServer serves /flash (flashes a message), / (the page) and
// /form, which answers 422 with the page in the way its query says.
func flashStatusServer(t *testing.T, logs *syncBuffer) *httptest.Server {
	t.Helper()
	app := mustNew(t, sessConfig(logs), tplApp{tpl: flashPages}.with(
		routes.Func("/flash", func(ctx *fwk.Ctx) error {
			if err := ctx.Flash("Please log in to see this page."); err != nil {
				return err
			}
			return ctx.NoContent()
		}),
		routes.Func("/", func(ctx *fwk.Ctx) error { return ctx.Render("page.html") }),
		routes.Func("/form", func(ctx *fwk.Ctx) error {
			if ctx.Request().URL.Query().Get("how") == "writeheader" {
				ctx.Writer().WriteHeader(http.StatusUnprocessableEntity)
				return ctx.Render("page.html")
			}
			return ctx.RenderStatus(http.StatusUnprocessableEntity, "page.html")
		}),
	))
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	return srv
}

func TestRenderStatusFlashShownOnce(t *testing.T) {
	const msg = "Please log in to see this page."
	for _, how := range []string{"renderstatus", "writeheader"} {
		logs := &syncBuffer{}
		srv := flashStatusServer(t, logs)
		cl := jarClient(t)
		if code, _ := sget(t, cl, srv.URL+"/flash"); code != http.StatusNoContent {
			t.Fatalf("%s: /flash answered %d", how, code)
		}
		code, body := sget(t, cl, srv.URL+"/form?how="+how)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, msg) {
			t.Errorf("%s: /form = %d %q, want 422 showing the flash", how, code, body)
		}
		if code, body := sget(t, cl, srv.URL+"/"); code != http.StatusOK || strings.Contains(body, msg) {
			t.Errorf("%s: / = %d %q, want 200 without the flash (shown once)", how, code, body)
		}
		if strings.Contains(logs.String(), "change is lost") {
			t.Errorf("%s: a session change was lost:\n%s", how, logs)
		}
	}
}

func TestRenderStatusBadStatus(t *testing.T) {
	var got error
	app := mustNew(t, quietCfg(), tplApp{tpl: flashPages}.with(routes.Func("/", func(ctx *fwk.Ctx) error {
		got = ctx.RenderStatus(42, "page.html")
		return got
	})))
	srv := httptest.NewServer(app)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got == nil || res.StatusCode != http.StatusInternalServerError {
		t.Errorf("RenderStatus(42) = %v, answered %d; want an error and 500", got, res.StatusCode)
	}
}

// TestHeldStatus: a status set with WriteHeader goes out with the first
// byte or when the view returns; an error returned before any byte still
// gets its error page.
func TestHeldStatus(t *testing.T) {
	app := mustNew(t, sessConfig(nil), tplApp{}.with(
		routes.Func("/created", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("k", "v")
			ctx.Writer().WriteHeader(http.StatusCreated)
			return nil
		}),
		routes.Func("/conflict", func(ctx *fwk.Ctx) error {
			ctx.Writer().WriteHeader(http.StatusAccepted)
			return fwk.Abort(http.StatusConflict, "taken")
		}),
		routes.Func("/twice", func(ctx *fwk.Ctx) error {
			ctx.Writer().WriteHeader(http.StatusAccepted)
			ctx.Writer().WriteHeader(http.StatusTeapot)
			return ctx.Respond(http.StatusOK, "x")
		}),
	))
	srv := httptest.NewServer(app)
	defer srv.Close()
	cl := jarClient(t)
	code, _, res := call(t, cl, "GET", srv.URL+"/created", nil)
	if code != http.StatusCreated || sessionCookie(res, "session") == nil {
		t.Errorf("/created = %d, cookie %v; want 201 with the session cookie", code, sessionCookie(res, "session"))
	}
	code, body, _ := call(t, cl, "GET", srv.URL+"/conflict", nil)
	if code != http.StatusConflict || !strings.Contains(body, "taken") {
		t.Errorf("/conflict = %d %q, want the 409 page", code, body)
	}
	if code, _ := sget(t, cl, srv.URL+"/twice"); code != http.StatusAccepted {
		t.Errorf("/twice = %d, want 202 (the first status set wins)", code)
	}
}

func TestErrorHandlerKeepsStatus(t *testing.T) {
	cfg, logs := logConfig()
	pages := fstest.MapFS{"missing.html": {Data: []byte(`<h1>{{.message}}</h1><p>{{.path}}</p>`)}}
	app := mustNew(t, cfg, tplApp{tpl: pages}.with(
		routes.Func("/gone", func(*fwk.Ctx) error { return fwk.Abort(http.StatusNotFound, "No such post.") }),
		routes.Func("/api/x", func(*fwk.Ctx) error { return fwk.Abort(http.StatusNotFound) }),
	))
	app.HandleError(http.StatusNotFound, func(c *fwk.Ctx, err error) error {
		if strings.HasPrefix(c.Request().URL.Path, "/api/") {
			return err
		}
		return c.RenderStatus(fwk.StatusCode(err), "missing.html",
			"path", c.Request().URL.Path, "message", fwk.ErrorMessage(err))
	})
	srv := httptest.NewServer(app)
	defer srv.Close()
	cl := jarClient(t)
	for _, tt := range []struct{ path, want string }{
		{"/gone", "<h1>No such post.</h1><p>/gone</p>"},
		{"/nowhere", "<h1>Not Found</h1><p>/nowhere</p>"},
	} {
		if code, body := sget(t, cl, srv.URL+tt.path); code != http.StatusNotFound || body != tt.want {
			t.Errorf("%s = %d %q, want 404 %q", tt.path, code, body, tt.want)
		}
	}
	code, body := sget(t, cl, srv.URL+"/api/x", "Accept", "application/json")
	if code != http.StatusNotFound || !strings.Contains(body, `"status":404`) {
		t.Errorf("/api/x = %d %q, want the default JSON 404", code, body)
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("handing the error back logged an error:\n%s", logs)
	}
}

func TestErrorHandlerFailureLogged(t *testing.T) {
	cfg, logs := logConfig()
	app := mustNew(t, cfg, tplApp{}.with(routes.Func("/", func(*fwk.Ctx) error { return fwk.Abort(http.StatusNotFound) })))
	app.HandleError(http.StatusNotFound, func(*fwk.Ctx, error) error { return errors.New("template missing") })
	srv := httptest.NewServer(app)
	defer srv.Close()
	if code, _ := sget(t, jarClient(t), srv.URL+"/"); code != http.StatusNotFound {
		t.Errorf("answered %d, want the default 404", code)
	}
	if !strings.Contains(logs.String(), "error handler failed") {
		t.Errorf("a failing handler was not logged:\n%s", logs)
	}
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{fwk.Abort(http.StatusNotFound), "Not Found"},
		{fwk.Abort(http.StatusForbidden, "Admins only."), "Admins only."},
		{errors.New("db: password=hunter2"), "Internal Server Error"},
		{&fwk.ValidationError{}, "Unprocessable Entity"},
	}
	for _, tt := range tests {
		if got := fwk.ErrorMessage(tt.err); got != tt.want {
			t.Errorf("ErrorMessage(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}

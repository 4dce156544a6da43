package fwk_test

import (
	"context"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// TestCSRFTemplateWarningWhenServing: a template calling csrfToken without
// SECRET_KEY is warned of when the app serves, naming file and line, and
// not when it is only built (the urls command, tests through ServeHTTP).
func TestCSRFTemplateWarningWhenServing(t *testing.T) {
	logs := &syncBuffer{}
	cfg := sessConfig(logs)
	cfg.SecretKey = ""
	page := fstest.MapFS{"form.html": {Data: []byte("<form>\n{{csrfToken}}</form>")}}
	app := mustNew(t, cfg, tplApp{tpl: page}.with(sessionRoutes()))
	app.SetOutput(&strings.Builder{})
	if err := app.Run([]string{"app", "urls"}); err != nil {
		t.Fatal(err)
	}
	hreq(app, "GET", "/")
	if strings.Contains(logs.String(), "csrfToken") {
		t.Errorf("warned before serving:\n%s", logs)
	}
	serveOnce(t, app)
	if l := logs.String(); !strings.Contains(l, "a template calls csrfToken but SECRET_KEY is not set") || !strings.Contains(l, "line=2") {
		t.Errorf("no warning naming file and line when serving:\n%s", l)
	}
}

// serveOnce serves app on a loopback port for one request and stops it.
func serveOnce(t *testing.T, app *fwk.App) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Serve(ctx, ln) }()
	if res, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		res.Body.Close()
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// csrfOffWarning is the start of the CSRF-off warning.
const csrfOffWarning = "CSRF protection is off"

// TestCSRFOffWarning: an app whose template posts a form to a view that
// takes it, with CSRF protection off (the default), is warned of once when
// it serves, naming the template's line, the view and how to turn
// protection on; not when protection is on, when no template posts a form,
// or when every view taking POST is exempt or serves JSON.
func TestCSRFOffWarning(t *testing.T) {
	page := fstest.MapFS{
		"form.html":  {Data: []byte("<h1>Contact</h1>\n<FORM action=\"/contact\" method=post>\n<button>Send</button></form>")},
		"about.html": {Data: []byte(`<form method="get" action="/search"></form>`)},
	}
	getOnly := fstest.MapFS{"about.html": page["about.html"]}
	view := func(ctx *fwk.Ctx) error { return ctx.Render("form") }
	contact := func(opts ...fwk.ViewOption) []*fwk.Route {
		return routes.Tree(routes.Func("/", view), routes.Func("/contact", view, append(opts, fwk.Methods("GET", "POST"))...))
	}
	tests := []struct {
		name   string
		csrf   bool
		tpl    fs.FS
		routes []*fwk.Route
		warn   bool
	}{
		{"CSRF off, a posting form, a view taking POST", false, page, contact(), true},
		{"CSRF on", true, page, contact(), false},
		{"no template posts a form", false, getOnly, contact(), false},
		{"the view is exempt", false, page, contact(fwk.CSRFExempt()), false},
		{"the view serves JSON", false, page, contact(fwk.ServesJSON()), false},
		{"no view takes an unsafe method", false, page, routes.Tree(routes.Func("/", view)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs := &syncBuffer{}
			cfg := sessConfig(logs)
			cfg.CSRFEnabled = tt.csrf
			app := mustNew(t, cfg, tplApp{tpl: tt.tpl, rs: tt.routes})
			serveOnce(t, app)
			serveOnce(t, app)
			l := logs.String()
			if n := strings.Count(l, csrfOffWarning); !tt.warn && n != 0 || tt.warn && n != 1 {
				t.Fatalf("%d warnings, want %v once:\n%s", n, tt.warn, l)
			}
			if !tt.warn {
				return
			}
			for _, want := range []string{"WTF_CSRF_ENABLED=true", "template=form.html", "line=2", "methods=POST", "rule=/contact", "unprotected_views=1"} {
				if !strings.Contains(l, want) {
					t.Errorf("the warning lacks %q:\n%s", want, l)
				}
			}
		})
	}
}

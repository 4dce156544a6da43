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

// errorPagesServer serves an app whose bundle has errors/404.html and a
// vendor bundle with errors/error.html.
func errorPagesServer(t *testing.T, cfg fwk.Config) *httptest.Server {
	t.Helper()
	app := fstest.MapFS{
		"layouts/site.html": {Data: []byte(`{{define "site"}}<header>Blog{{.user}}</header>{{range flashes}}<i>{{.Message}}</i>{{end}}{{block "main" .}}{{end}}{{end}}`)},
		"errors/404.html":   {Data: []byte(`{{template "site" .}}{{define "main"}}<h1>Lost: {{.Status}} {{.Title}}</h1><p>{{.Message}}</p>{{end}}`)},
		"errors/418.html":   {Data: []byte(`{{len .Status}}`)},
	}
	vendor := fstest.MapFS{
		"errors/error.html": {Data: []byte(`<h1>Themed {{.Status}}</h1><p>{{.Message}}</p>{{range $k, $v := .Fields}}<li>{{$k}}</li>{{end}}`)},
	}
	srv := httptest.NewServer(mustNew(t, cfg, tplVendor{tpl: vendor}, tplApp{tpl: app}.with(
		routes.Func("/flash", func(ctx *fwk.Ctx) error {
			if err := ctx.Flash("Saved."); err != nil {
				return err
			}
			return fwk.Abort(http.StatusNotFound, "No such post.")
		}),
		routes.Func("/admin", func(*fwk.Ctx) error { return fwk.Abort(http.StatusForbidden, "Admins only.") }),
		routes.Func("/later", func(ctx *fwk.Ctx) error {
			if err := ctx.Flash("Kept."); err != nil {
				return err
			}
			return ctx.NoContent()
		}),
		routes.Func("/db", func(*fwk.Ctx) error { return errors.New("db: password=hunter2") }),
		routes.Func("/teapot", func(*fwk.Ctx) error { return fwk.Abort(http.StatusTeapot) }),
		routes.Func("/invalid", func(*fwk.Ctx) error {
			return &fwk.ValidationError{Fields: map[string][]string{"title": {"Required."}}}
		}),
	)))
	t.Cleanup(srv.Close)
	return srv
}

func TestErrorTemplates(t *testing.T) {
	cfg, logs := logConfig()
	cfg.SecretKey = sessKey
	srv := errorPagesServer(t, cfg)
	cl := jarClient(t)
	const html = "text/html,application/xhtml+xml,*/*;q=0.8" // a browser navigating
	tests := []struct {
		path   string
		accept string
		code   int
		want   []string
		not    []string
	}{
		{"/nowhere", html, 404, []string{"<header>Blog</header><h1>Lost: 404 Not Found</h1><p>Not Found</p>"}, nil},
		{"/favicon.ico", "image/webp,*/*;q=0.8", 404, []string{"<h1>Not Found</h1>", "<style>"}, []string{"Lost"}},
		{"/flash", html, 404, []string{"<i>Saved.</i>", "<p>No such post.</p>"}, nil},
		{"/admin", "text/html", 403, []string{"<h1>Themed 403</h1><p>Admins only.</p>"}, nil},
		{"/db", html, 500, []string{"<h1>Themed 500</h1><p>Internal Server Error</p>"}, []string{"hunter2"}},
		{"/invalid", html, 422, []string{"<h1>Themed 422</h1>", "<li>title</li>"}, nil},
		{"/admin", "application/json", 403, []string{`{"error":"Admins only.","status":403}`}, []string{"Themed"}},
		{"/teapot", html, 418, []string{"<h1>I&#39;m a teapot</h1>", "<style>"}, []string{"Themed"}},
		{"/nowhere", "*/*", 404, []string{"<h1>Not Found</h1>", "<style>"}, []string{"Lost"}},
		{"/admin", html, 405, nil, nil}, // POST below
	}
	for _, tt := range tests {
		method := "GET"
		if tt.code == 405 {
			method = "POST"
			tt.want = []string{"<h1>Themed 405</h1>"}
		}
		code, body, res := call(t, cl, method, srv.URL+tt.path, nil, "Accept", tt.accept)
		if code != tt.code {
			t.Errorf("%s %s: status %d, want %d", method, tt.path, code, tt.code)
		}
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s %s: body %q lacks %q", method, tt.path, body, w)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(body, n) {
				t.Errorf("%s %s: body %q shows %q", method, tt.path, body, n)
			}
		}
		if ct := res.Header.Get("Content-Type"); tt.accept != "application/json" && ct != "text/html; charset=utf-8" {
			t.Errorf("%s %s: Content-Type %q", method, tt.path, ct)
		}
	}
	if code, body := sget(t, cl, srv.URL+"/nowhere", "Accept", html); code != 404 || strings.Contains(body, "Saved.") {
		t.Errorf("the flash shown on the 404 page was shown again: %d %q", code, body)
	}
	// A missing image's 404 leaves the flashed messages to the next page.
	sget(t, cl, srv.URL+"/later")
	sget(t, cl, srv.URL+"/favicon.ico", "Accept", "image/webp,*/*;q=0.8")
	if _, body := sget(t, cl, srv.URL+"/nowhere", "Accept", html); !strings.Contains(body, "<i>Kept.</i>") {
		t.Errorf("the favicon's 404 took the flash: %q", body)
	}
	if !strings.Contains(logs.String(), "error page template failed") {
		t.Errorf("the failing errors/418.html was not logged:\n%s", logs)
	}
}

func TestErrorTemplateDebugKeepsDetails(t *testing.T) {
	cfg := quietCfg()
	cfg.Debug = true
	srv := errorPagesServer(t, cfg)
	code, body := sget(t, jarClient(t), srv.URL+"/db", "Accept", "text/html")
	if code != 500 || !strings.Contains(body, "hunter2") || !strings.Contains(body, "<h2>Debug</h2>") {
		t.Errorf("Debug 500 = %d %q, want the built-in page with the details", code, body)
	}
}

func TestDefaultErrorPageIsSelfContained(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{}.with(routes.Func("/db", func(*fwk.Ctx) error {
		return errors.New("db: password=hunter2")
	})))
	srv := httptest.NewServer(app)
	defer srv.Close()
	for _, path := range []string{"/nowhere", "/db"} {
		_, body := sget(t, jarClient(t), srv.URL+path)
		for _, bad := range []string{"hunter2", "<link", "<script", "src=", "@import", "url("} {
			if strings.Contains(body, bad) {
				t.Errorf("%s: the page holds %q", path, bad)
			}
		}
		if !strings.Contains(body, "<style>") || !strings.Contains(body, `<meta name="viewport"`) {
			t.Errorf("%s: the page has no inline style: %q", path, body)
		}
	}
}

// HealthResource is a JSON resource with list and member views.
type HealthResource struct{ fwk.Resource }

func (r *HealthResource) List(ctx *fwk.Ctx) error        { return ctx.JSON(fwk.M{"ok": true}) }
func (r *HealthResource) Get(ctx *fwk.Ctx, id int) error { return ctx.JSON(fwk.M{"id": id}) }

func TestJSONMisses(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{}.with(
		routes.Resource("/api/checks", &HealthResource{}),
		routes.JSON("/v2",
			routes.Get("/ping", func(ctx *fwk.Ctx) error { return ctx.JSON(fwk.M{"pong": true}) }),
		),
		routes.Func("/about", func(ctx *fwk.Ctx) error { return ctx.Respond(200, "about") }),
	))
	srv := httptest.NewServer(app)
	defer srv.Close()
	tests := []struct {
		method, path, accept string
		code                 int
		json                 bool
	}{
		{"GET", "/api/checks/abc", "", 404, true},
		{"GET", "/api/checks/abc", "*/*", 404, true},
		{"GET", "/api/checks/1/nope", "", 404, true},
		{"DELETE", "/api/checks", "*/*", 405, true},
		{"PATCH", "/api/checks/1", "", 405, true},
		{"GET", "/v2/unknown", "", 404, true},
		{"POST", "/v2/ping", "*/*", 405, true},
		{"GET", "/v2", "", 404, true},
		{"GET", "/api/checks/abc", "text/html,*/*;q=0.8", 404, false},
		{"GET", "/v2/unknown", "text/html", 404, false},
		{"GET", "/nowhere", "", 404, false},
		{"GET", "/api/checksx", "", 404, false},
		{"POST", "/about", "*/*", 405, false},
	}
	cl := srv.Client()
	for _, tt := range tests {
		code, body, res := call(t, cl, tt.method, srv.URL+tt.path, nil, "Accept", tt.accept)
		isJSON := res.Header.Get("Content-Type") == "application/json"
		if code != tt.code || isJSON != tt.json {
			t.Errorf("%s %s (Accept %q): %d JSON=%v, want %d JSON=%v; body %q",
				tt.method, tt.path, tt.accept, code, isJSON, tt.code, tt.json, body)
		}
		if tt.json && !strings.Contains(body, `"status":`) {
			t.Errorf("%s %s: body %q is not the JSON error shape", tt.method, tt.path, body)
		}
	}
}

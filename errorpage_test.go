package fwk_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// pageBundle serves the error page tests.
type pageBundle struct{}

func (pageBundle) Name() string { return "pages" }
func (pageBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Func("/gone", func(*fwk.Ctx) error { return fwk.Abort(http.StatusGone, `<b>"left"</b>`) }),
		routes.Func("/fail/<int:id>", func(*fwk.Ctx, int) error { return errors.New("db password leaked") }, fwk.Endpoint("fail")),
		routes.Func("/panic", func(*fwk.Ctx) error { panic("boom secret") }, fwk.Endpoint("panic")),
		routes.Func("/panic-err", func(*fwk.Ctx) error { panic(io.ErrUnexpectedEOF) }, fwk.Endpoint("panic_err")),
		routes.Func("/echo/<name>", func(c *fwk.Ctx, name string) error { return c.Respond(http.StatusOK, name) }),
		routes.Func("/teapot", func(*fwk.Ctx) error {
			return fwk.AbortWith(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(http.StatusTeapot)
			}))
		}),
		routes.Func("/post-only", func(*fwk.Ctx) error { return nil }, fwk.Methods("POST")),
	)
}

func newPageApp(t *testing.T, debug bool) (*fwk.App, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	cfg := fwk.DefaultConfig()
	cfg.Debug = debug
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	app, err := fwk.New(cfg, pageBundle{})
	if err != nil {
		t.Fatalf("fwk.New: %v", err)
	}
	return app, &logs
}

// serveWith serves method path with the given header pairs.
func serveWith(app http.Handler, method, path string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader("{}"))
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	return rec
}

// errorBody is the JSON error body.
type errorBody struct {
	Error  string `json:"error"`
	Status int    `json:"status"`
	Debug  *struct {
		Error    string `json:"error"`
		Endpoint string `json:"endpoint"`
		Rule     string `json:"rule"`
		Stack    string `json:"stack"`
	} `json:"debug"`
}

func decodeError(t *testing.T, rec *httptest.ResponseRecorder) errorBody {
	t.Helper()
	var b errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatalf("error body %q is not JSON: %v", rec.Body.String(), err)
	}
	return b
}

func TestErrorPageFormat(t *testing.T) {
	app, _ := newPageApp(t, false)
	tests := []struct {
		path, accept, contentType string
		status                    int
		json                      bool
		message                   string // as it appears in the body
	}{
		{"/gone", "application/json", "", 410, true, `<b>"left"</b>`},
		{"/gone", "application/vnd.api+json", "", 410, true, `<b>"left"</b>`},
		{"/gone", "", "", 410, false, "&lt;b&gt;&#34;left&#34;&lt;/b&gt;"},
		{"/gone", "text/html,*/*;q=0.8", "", 410, false, "&lt;b&gt;&#34;left&#34;&lt;/b&gt;"},
		{"/gone", "", "application/json", 410, true, `<b>"left"</b>`},
		{"/gone", "*/*", "application/json; charset=utf-8", 410, true, `<b>"left"</b>`},
		{"/gone", "text/html", "application/json", 410, false, "&lt;b&gt;"},
		{"/gone", "*/*", "text/plain", 410, false, "&lt;b&gt;"},
		{"/fail/1", "application/json", "", 500, true, "Internal Server Error"},
		{"/fail/1", "", "", 500, false, "Internal Server Error"},
		{"/panic", "application/json", "", 500, true, "Internal Server Error"},
		{"/nowhere", "", "application/json", 404, true, "Not Found"},
		{"/nowhere", "", "", 404, false, "Not Found"},
		{"/fail/x", "application/json", "", 404, true, "Not Found"},
		{"/post-only", "application/json", "", 405, true, "Method Not Allowed"},
	}
	for _, tt := range tests {
		rec := serveWith(app, http.MethodGet, tt.path, "Accept", tt.accept, "Content-Type", tt.contentType)
		ct := rec.Header().Get("Content-Type")
		gotJSON := ct == "application/json"
		if rec.Code != tt.status || gotJSON != tt.json || (!gotJSON && ct != "text/html; charset=utf-8") {
			t.Errorf("GET %s (Accept %q, Content-Type %q) = %d %q, want %d json=%v",
				tt.path, tt.accept, tt.contentType, rec.Code, ct, tt.status, tt.json)
			continue
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no X-Content-Type-Options: nosniff", tt.path)
		}
		if gotJSON {
			b := decodeError(t, rec)
			if b.Error != tt.message || b.Status != tt.status || b.Debug != nil {
				t.Errorf("GET %s JSON = %+v, want error %q status %d, no debug", tt.path, b, tt.message, tt.status)
			}
			continue
		}
		if body := rec.Body.String(); !strings.Contains(body, "<p>"+tt.message) || strings.Contains(body, "<b>") {
			t.Errorf("GET %s HTML = %q, want the escaped message %q", tt.path, body, tt.message)
		}
	}
}

// TestErrorPageNoLeak: without Debug, nothing of the error, the route or the
// stack reaches the client.
func TestErrorPageNoLeak(t *testing.T) {
	app, logs := newPageApp(t, false)
	for _, path := range []string{"/fail/1", "/panic", "/panic-err"} {
		for _, accept := range []string{"", "application/json"} {
			rec := serveWith(app, http.MethodGet, path, "Accept", accept)
			body := rec.Body.String()
			for _, secret := range []string{"leaked", "boom", "EOF", "goroutine", "pages.", "/fail/", "Debug", "debug", "fail"} {
				if strings.Contains(body, secret) {
					t.Errorf("GET %s (Accept %q): body shows %q: %s", path, accept, secret, body)
				}
			}
		}
	}
	if !strings.Contains(logs.String(), "boom secret") || !strings.Contains(logs.String(), "db password leaked") {
		t.Errorf("server errors are not logged:\n%s", logs)
	}
}

func TestErrorPageDebug(t *testing.T) {
	app, _ := newPageApp(t, true)
	tests := []struct {
		path                  string
		error, endpoint, rule string
		stack                 bool
	}{
		{"/fail/7", "db password leaked", "pages.fail", "/fail/<int:id>", false},
		{"/panic", "fwk: panic: boom secret", "pages.panic", "/panic", true},
		{"/panic-err", "fwk: panic: unexpected EOF", "pages.panic_err", "/panic-err", true},
	}
	for _, tt := range tests {
		rec := serveWith(app, http.MethodGet, tt.path, "Accept", "application/json")
		b := decodeError(t, rec)
		if rec.Code != 500 || b.Debug == nil {
			t.Fatalf("GET %s debug JSON = %d %s, want 500 with debug", tt.path, rec.Code, rec.Body)
		}
		d := b.Debug
		if !strings.Contains(d.Error, tt.error) || d.Endpoint != tt.endpoint || d.Rule != tt.rule ||
			strings.Contains(d.Stack, "goroutine") != tt.stack {
			t.Errorf("GET %s debug = %+v, want error %q, endpoint %q, rule %q, stack %v",
				tt.path, d, tt.error, tt.endpoint, tt.rule, tt.stack)
		}
		if rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s debug page may be cached", tt.path)
		}
		page := serveWith(app, http.MethodGet, tt.path).Body.String()
		if !strings.Contains(page, "<h2>Debug</h2>") || !strings.Contains(page, tt.error) ||
			!strings.Contains(page, "<code>"+tt.endpoint+"</code> <code>"+html.EscapeString(tt.rule)+"</code>") ||
			strings.Contains(page, "goroutine") != tt.stack {
			t.Errorf("GET %s debug HTML lacks error, route or stack:\n%s", tt.path, page)
		}
	}
	// Client errors show no debug details, even in Debug mode.
	if b := decodeError(t, serveWith(app, http.MethodGet, "/gone", "Accept", "application/json")); b.Debug != nil {
		t.Errorf("GET /gone in Debug = %+v, want no debug details for a 4xx", b)
	}
}

func TestHandleError(t *testing.T) {
	app, logs := newPageApp(t, false)
	var seen []string
	app.HandleError(http.StatusNotFound, func(c *fwk.Ctx, err error) error {
		route := "-"
		if c.Route() != nil {
			route = c.Route().FullRule()
		}
		seen = append(seen, route+" "+strings.TrimPrefix(err.Error(), "fwk: "))
		return c.Respond(http.StatusNotFound, "custom 404")
	})
	app.HandleError(0, func(c *fwk.Ctx, err error) error {
		return c.JSON(fwk.M{"any": fwk.StatusCode(err)}, fwk.StatusCode(err))
	})
	app.HandleError(http.StatusGone, func(c *fwk.Ctx, err error) error { return errors.New("template missing") })
	app.HandleError(http.StatusBadRequest, func(c *fwk.Ctx, err error) error { panic("handler bug") })

	tests := []struct {
		method, path string
		status       int
		body         string
	}{
		{"GET", "/nowhere", 404, "custom 404"},
		{"GET", "/fail/x", 404, "custom 404"},
		{"POST", "/gone", 405, `{"any":405}`},
		{"GET", "/fail/1", 500, `{"any":500}`},
		{"GET", "/panic", 500, `{"any":500}`},
		{"GET", "/gone", 410, "&lt;b&gt;"},                // handler failed: default page
		{"GET", "/echo/a%00b", 400, "<p>Bad Request</p>"}, // handler panicked: default page
		{"GET", "/teapot", 418, ""},                       // AbortWith bypasses handlers
	}
	for _, tt := range tests {
		rec := serveWith(app, tt.method, tt.path)
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.body) {
			t.Errorf("%s %s = %d %q, want %d containing %q", tt.method, tt.path, rec.Code, rec.Body, tt.status, tt.body)
		}
	}
	if rec := serveWith(app, "POST", "/gone"); !strings.Contains(rec.Header().Get("Allow"), "GET") {
		t.Errorf("405 through a handler lost its Allow header")
	}
	if want := []string{"- 404 Not Found", "- 404 Not Found"}; strings.Join(seen, "|") != strings.Join(want, "|") {
		t.Errorf("404 handler saw %q, want %q", seen, want)
	}
	if l := logs.String(); !strings.Contains(l, "template missing") || !strings.Contains(l, "handler bug") {
		t.Errorf("failed handlers are not logged:\n%s", l)
	}

	app.HandleError(http.StatusNotFound, nil)
	app.HandleError(0, nil)
	if rec := serveWith(app, "GET", "/nowhere"); !strings.Contains(rec.Body.String(), "<p>Not Found</p>") {
		t.Errorf("after removing the handlers GET /nowhere = %q, want the default page", rec.Body)
	}
}

// TestHandleErrorWhileServing installs handlers while requests run (-race).
func TestHandleErrorWhileServing(t *testing.T) {
	app, _ := newPageApp(t, false)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				if rec := serveWith(app, "GET", "/nowhere"); rec.Code != http.StatusNotFound {
					t.Errorf("GET /nowhere = %d", rec.Code)
					return
				}
			}
		}()
		app.HandleError(http.StatusNotFound+i, func(c *fwk.Ctx, err error) error {
			return c.Respond(fwk.StatusCode(err), "h")
		})
	}
	wg.Wait()
}

// HandleError replaces the default error page of a status; here every 404,
// whether the router found no rule or a view aborted.
func ExampleApp_HandleError() {
	app, err := fwk.New(fwk.DefaultConfig(), pageBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	app.HandleError(http.StatusNotFound, func(c *fwk.Ctx, err error) error {
		return c.JSON(fwk.M{"missing": c.Request().URL.Path}, http.StatusNotFound)
	})
	for _, path := range []string{"/nowhere", "/gone"} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		fmt.Println(rec.Code, pageText(rec.Body.String()))
	}
	// Output:
	// 404 {"missing":"/nowhere"}
	// 410 Error 410 | Gone | <b>"left"</b> | Go to the home page
}

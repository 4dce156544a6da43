package fwk_test

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

func ExampleLimitBody() {
	w := httptest.NewRecorder()
	declared := httptest.NewRequest("POST", "/upload", strings.NewReader("twenty bytes of body"))
	err := fwk.LimitBody(w, declared, 10) // refused before reading
	fmt.Println(fwk.StatusCode(err), err)

	chunked := httptest.NewRequest("POST", "/upload", strings.NewReader("twenty bytes of body"))
	chunked.ContentLength = -1
	fmt.Println(fwk.LimitBody(w, chunked, 10))
	_, err = io.ReadAll(chunked.Body) // fails past the limit
	var tooLarge *http.MaxBytesError
	fmt.Println(fwk.StatusCode(err), errors.As(err, &tooLarge))
	// Output:
	// 413 fwk: 413 The request body is larger than 10 bytes (MAX_CONTENT_LENGTH).
	// <nil>
	// 413 true
}

// secureShop sets a security header for the whole app; its view sets a
// cookie and caching headers, then fails.
type secureShop struct{}

func (secureShop) Name() string { return "shop" }
func (secureShop) Routes() []*fwk.Route {
	return routes.Tree(routes.Get("/report", func(c *fwk.Ctx) error {
		h := c.Writer().Header()
		h.Set("Set-Cookie", "seen=1")
		h.Set("Cache-Control", "public, max-age=86400")
		h.Set("Content-Disposition", `attachment; filename="report.pdf"`)
		return errors.New("report generator down")
	}))
}
func (secureShop) Middleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Security-Policy", "default-src 'self'")
			next.ServeHTTP(w, r)
		})
	}}
}

// An error response keeps what app-wide middleware set, and drops what the
// failed view set.
func Example_errorPageHeaders() {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler) // the 500 is logged
	app, err := fwk.New(cfg, secureShop{})
	if err != nil {
		fmt.Println(err)
		return
	}
	w := httptest.NewRecorder()
	app.ServeHTTP(w, httptest.NewRequest("GET", "/report", nil))
	fmt.Println(w.Code)
	for _, k := range []string{"Content-Security-Policy", "Set-Cookie", "Cache-Control", "Content-Disposition"} {
		fmt.Printf("%s: %q\n", k, w.Header().Get(k))
	}
	// Output:
	// 500
	// Content-Security-Policy: "default-src 'self'"
	// Set-Cookie: ""
	// Cache-Control: ""
	// Content-Disposition: ""
}

// themeBundle serves static files.
type themeBundle struct{}

func (themeBundle) Name() string { return "theme" }
func (themeBundle) Static() fs.FS {
	return fstest.MapFS{
		"index.html":  {Data: []byte("<h1>theme</h1>")},
		"css/app.css": {Data: []byte("body{}")},
		".env":        {Data: []byte("SECRET_KEY=...")},
	}
}
func (themeBundle) Routes() []*fwk.Route { return nil }

// Static files are served exactly by name; directories and dotfiles are
// 404s, rendered like every error of the app.
func Example_staticFiles() {
	app, err := fwk.New(fwk.DefaultConfig(), themeBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/theme/static/index.html", "/theme/static/css/", "/theme/static/.env"} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", path, nil)
		r.Header.Set("Accept", "application/json")
		app.ServeHTTP(w, r)
		fmt.Println(path, w.Code, strings.TrimSpace(w.Body.String()))
	}
	// Output:
	// /theme/static/index.html 200 <h1>theme</h1>
	// /theme/static/css/ 404 {"error":"Not Found","status":404}
	// /theme/static/.env 404 {"error":"Not Found","status":404}
}

// uploadBundle has a comment view under the app's body limit and an upload
// view that takes more.
type uploadBundle struct{}

func (uploadBundle) Name() string { return "files" }
func (uploadBundle) Routes() []*fwk.Route {
	read := func(c *fwk.Ctx) error {
		n, err := io.Copy(io.Discard, c.Request().Body)
		if err != nil {
			return err
		}
		return c.Respond(http.StatusOK, fmt.Sprint(n, " bytes"))
	}
	return routes.Tree(
		routes.Func("/comment", read, fwk.Methods("POST")),
		routes.Func("/upload", read, fwk.Methods("POST"), fwk.MaxBodyBytes(1<<20)),
	)
}

func ExampleMaxBodyBytes() {
	cfg := fwk.DefaultConfig()
	cfg.MaxBodyBytes = 1 << 10 // 1 KiB for the whole app
	app, err := fwk.New(cfg, uploadBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/comment", "/upload"} {
		w := httptest.NewRecorder()
		app.ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader(strings.Repeat("x", 4<<10))))
		fmt.Println(path, w.Code)
	}
	// Output:
	// /comment 413
	// /upload 200
}

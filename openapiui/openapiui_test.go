package openapiui_test

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapiui"
	"github.com/fwkgo/fwk/routes"
)

// Books is a small API for the page to document.
type Books struct{ fwk.Resource }

type Book struct {
	ID    int    `json:"id"`
	Title string `json:"title"`
}

func (r *Books) List(ctx *fwk.Ctx) ([]Book, error) { return []Book{{1, "Dune"}}, nil }

// app is the app bundle: it includes the page's route under /api when
// docs is set.
type app struct{ docs *openapiui.Bundle }

func (app) Name() string { return "app" }
func (a app) Routes() []*fwk.Route {
	var docs []*fwk.Route
	if a.docs != nil {
		docs = routes.Include("", a.docs.Routes())
	}
	return routes.Tree(routes.Prefix("/api", routes.Resource("/books", &Books{}), docs))
}

func newApp(t *testing.T, docPath string, b *openapiui.Bundle) (*fwk.App, error) {
	t.Helper()
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.OpenAPIPath = docPath
	cfg.OpenAPITitle = "Books <API>"
	return fwk.New(cfg, b, app{docs: b})
}

func get(t *testing.T, h http.Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	return w
}

// TestPage: the page is served at Path with its security headers, names the
// document's URL and loads only files the app serves.
func TestPage(t *testing.T) {
	a, err := newApp(t, "/api/openapi.json", &openapiui.Bundle{Path: "/docs"})
	if err != nil {
		t.Fatal(err)
	}
	w := get(t, a, "/api/docs")
	if w.Code != http.StatusOK {
		t.Fatalf("GET /api/docs = %d, want 200:\n%s", w.Code, w.Body)
	}
	for k, want := range map[string]string{
		"Content-Type":            "text/html; charset=utf-8",
		"Content-Security-Policy": openapiui.ContentSecurityPolicy,
		"X-Content-Type-Options":  "nosniff",
	} {
		if got := w.Header().Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	page := w.Body.String()
	for _, want := range []string{`data-url="/api/openapi.json"`, `<title>Books &lt;API&gt;</title>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %s:\n%s", want, page)
		}
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(page, -1)
	if len(refs) < 5 {
		t.Fatalf("the page refers to %d URLs, want the icon, the stylesheet, two scripts and the document:\n%s", len(refs), page)
	}
	types := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
		".json": "application/json", ".png": "image/png"}
	for _, m := range refs {
		u := m[1]
		if !strings.HasPrefix(u, "/") || strings.HasPrefix(u, "//") {
			t.Errorf("the page loads %q, not a URL of the app", u)
			continue
		}
		w := get(t, a, u)
		if w.Code != http.StatusOK || w.Body.Len() == 0 {
			t.Errorf("GET %s = %d (%d bytes), want 200 with a body", u, w.Code, w.Body.Len())
		}
		for ext, ct := range types {
			if strings.HasSuffix(u, ext) && w.Header().Get("Content-Type") != ct {
				t.Errorf("GET %s: Content-Type %q, want %q", u, w.Header().Get("Content-Type"), ct)
			}
		}
	}
}

// TestDefaultPathAndTitle: without Path and Title, the page is at
// DefaultPath with the document's title.
func TestDefaultPathAndTitle(t *testing.T) {
	a, err := newApp(t, "/openapi.json", &openapiui.Bundle{})
	if err != nil {
		t.Fatal(err)
	}
	w := get(t, a, "/api"+openapiui.DefaultPath)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "<title>Books &lt;API&gt;</title>") {
		t.Fatalf("GET /api%s = %d:\n%s", openapiui.DefaultPath, w.Code, w.Body)
	}
	b := &openapiui.Bundle{Title: "Mine"}
	if a, err = newApp(t, "/openapi.json", b); err != nil {
		t.Fatal(err)
	}
	if body := get(t, a, "/api"+openapiui.DefaultPath).Body.String(); !strings.Contains(body, "<title>Mine</title>") {
		t.Errorf("Title is not the page's title:\n%s", body)
	}
}

// TestNoDocumentFailsStartup: without Config.OpenAPIPath, fwk.New fails
// naming the bundle and what to set.
func TestNoDocumentFailsStartup(t *testing.T) {
	_, err := newApp(t, "", &openapiui.Bundle{})
	if !errors.Is(err, openapiui.ErrNoDocument) {
		t.Fatalf("fwk.New error = %v, want ErrNoDocument", err)
	}
	for _, want := range []string{`"openapiui"`, "OPENAPI_PATH"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
}

// TestNotIncludedFailsStartup: an app bundle that does not include the
// page's route fails fwk.New, rather than serving no page.
func TestNotIncludedFailsStartup(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPIPath = "/openapi.json"
	_, err := fwk.New(cfg, &openapiui.Bundle{}, app{})
	if !errors.Is(err, openapiui.ErrNotIncluded) {
		t.Fatalf("fwk.New error = %v, want ErrNotIncluded", err)
	}
}

// TestPageNotInDocument: the page and its files are not operations of the
// document it shows.
func TestPageNotInDocument(t *testing.T) {
	a, err := newApp(t, "/openapi.json", &openapiui.Bundle{})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Paths map[string]any }
	if err := json.Unmarshal(get(t, a, "/openapi.json").Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for p := range doc.Paths {
		if !strings.HasPrefix(p, "/api/books") {
			t.Errorf("the document lists %s", p)
		}
	}
	if len(doc.Paths) == 0 {
		t.Error("the document lists no path")
	}
}

// TestAssetsVersion: the embedded files are those of Version, with their
// licence, and the NOTICE names the same version (update-assets.sh).
func TestAssetsVersion(t *testing.T) {
	static := (&openapiui.Bundle{}).Static()
	raw, err := fs.ReadFile(static, "swagger-ui/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct{ Name, Version, License string }
	if err := json.Unmarshal(raw, &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.Name != "swagger-ui-dist" || pkg.Version != openapiui.Version || pkg.License != "Apache-2.0" {
		t.Errorf("embedded package %s %s (%s), want swagger-ui-dist %s (Apache-2.0): run update-assets.sh %s or set Version",
			pkg.Name, pkg.Version, pkg.License, openapiui.Version, openapiui.Version)
	}
	for _, f := range []string{"swagger-ui/LICENSE", "swagger-ui/NOTICE", "swagger-ui/swagger-ui-bundle.js.LICENSE.txt",
		"swagger-ui/swagger-ui-bundle.js", "swagger-ui/swagger-ui.css", "swagger-ui/favicon-32x32.png", "init.js"} {
		if _, err := fs.Stat(static, f); err != nil {
			t.Errorf("static file %s: %v", f, err)
		}
	}
	notice, err := os.ReadFile("NOTICE")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(notice), "version "+openapiui.Version) {
		t.Errorf("NOTICE does not name version %s", openapiui.Version)
	}
}

// Package openapiui serves an interactive page for the OpenAPI document of
// an fwk app: Swagger UI, whose files are embedded in the package and served
// by the app itself, so the page works offline and loads nothing from a CDN.
//
// Give the bundle to fwk.New before the app bundle, serve the document
// (Config.OpenAPIPath), and include the page's route in the app bundle's
// route tree, as every bundle's routes are:
//
//	docs := &openapiui.Bundle{Path: "/docs"}
//	func (b *AppBundle) Routes() []*fwk.Route {
//		return routes.Tree(..., routes.Prefix("/api", routes.Include("", docs.Routes())))
//	}
//	cfg.OpenAPIPath = "/api/openapi.json"
//	app, err := fwk.New(cfg, docs, &AppBundle{})
//
// The page lists every operation of the document, with its parameters,
// bodies, answers and schemas, and sends requests to the app ("Try it
// out"). Its files are the bundle's static files, at
// /openapiui/static/swagger-ui/ (swagger-ui-dist, version Version, under the
// Apache License 2.0: see the NOTICE file of this module).
//
// Swagger UI was chosen over ReDoc, which Flask-Unchained's API bundle
// serves, because it sends requests (ReDoc only reads the document), and
// over Scalar because its files are half the size and it fetches no fonts
// from a CDN. It is a module of its own so that its 1.9 MB of JavaScript and
// CSS reach only the apps that import it.
package openapiui

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Version is the version of swagger-ui-dist (npm) whose files are
// embedded. update-assets.sh replaces them.
const Version = "5.35.0"

// DefaultPath is the URL of the page when Bundle.Path is empty.
const DefaultPath = "/docs"

// ContentSecurityPolicy is the Content-Security-Policy of the page: scripts,
// styles, fonts and requests of the app's own origin only (the inline
// styles are Swagger UI's), images of the app or data: URLs, no frames, no
// forms, no plugins.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; " +
	"frame-ancestors 'none'"

// ErrNotIncluded is wrapped by the error of fwk.New when the app bundle's
// routes do not include the page's (routes.Include("", bundle.Routes())).
var ErrNotIncluded = errors.New("the app bundle's Routes do not include the page: add routes.Include(\"\", bundle.Routes())")

// ErrNoDocument is wrapped by the error of fwk.New when the app does not
// serve its OpenAPI document (Config.OpenAPIPath is empty): the page would
// have nothing to show.
var ErrNoDocument = errors.New("the app serves no OpenAPI document: set Config.OpenAPIPath (OPENAPI_PATH)")

//go:embed static
var files embed.FS

// Bundle serves the page. Give it to fwk.New as a pointer: the page is
// built once, at start-up, with the URLs of the app's document and of the
// bundle's static files.
type Bundle struct {
	// Path is the rule of the page (GET). Default DefaultPath.
	Path string
	// Title is the title of the page. Default: Config.OpenAPITitle, the
	// document's title.
	Title string

	page []byte
}

// Name returns "openapiui": the static files are under /openapiui/static/
// and the page's endpoint is "openapiui.page".
func (b *Bundle) Name() string { return "openapiui" }

// Static returns Swagger UI's files and the script that starts it.
func (b *Bundle) Static() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil { // impossible: "static" is embedded above
		panic(err)
	}
	return sub
}

// Routes returns the page's route, at Path, endpoint "openapiui.page". The
// app bundle includes it in its tree (routes.Include), under a prefix if it
// likes.
func (b *Bundle) Routes() []*fwk.Route {
	path := b.Path
	if path == "" {
		path = DefaultPath
	}
	return routes.Func(path, http.HandlerFunc(b.serve), fwk.Endpoint("page"))
}

// AfterInitApp builds the page. It fails, wrapping ErrNoDocument, when the
// app does not serve its document, and ErrNotIncluded when the page has no
// route.
func (b *Bundle) AfterInitApp(app *fwk.App) error {
	doc, err := app.URLFor("openapi")
	if err != nil {
		return fmt.Errorf("%w (%w)", ErrNoDocument, err)
	}
	if _, err := app.URLFor("openapiui.page"); err != nil {
		return fmt.Errorf("%w (%w)", ErrNotIncluded, err)
	}
	asset := func(name string) (string, error) { return app.URLFor("openapiui.static", "filename", name) }
	data := struct{ Title, Document, CSS, Bundle, Init, Icon string }{Title: b.Title, Document: doc}
	if data.Title == "" {
		data.Title = app.Config().OpenAPITitle
	}
	for dst, name := range map[*string]string{&data.CSS: "swagger-ui/swagger-ui.css",
		&data.Bundle: "swagger-ui/swagger-ui-bundle.js", &data.Init: "init.js", &data.Icon: "swagger-ui/favicon-32x32.png"} {
		if *dst, err = asset(name); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, data); err != nil {
		return err
	}
	b.page = buf.Bytes()
	return nil
}

// serve writes the page with its security headers.
func (b *Bundle) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	_, _ = w.Write(b.page)
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<link rel="icon" type="image/png" href="{{.Icon}}">
<link rel="stylesheet" href="{{.CSS}}">
<script src="{{.Bundle}}" defer></script>
<script src="{{.Init}}" defer></script>
</head>
<body>
<div id="swagger-ui" data-url="{{.Document}}"></div>
<noscript><p>This page needs JavaScript. The OpenAPI document itself is at <a href="{{.Document}}">{{.Document}}</a>.</p></noscript>
</body>
</html>
`))

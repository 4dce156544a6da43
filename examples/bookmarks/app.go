package main

import (
	"embed"
	"io/fs"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

//go:embed templates
var templateFiles embed.FS

// App is the app bundle: its routes, templates and services.
type App struct{ store *Store }

// Name returns "bookmarks".
func (a *App) Name() string { return "bookmarks" }

// Routes are the pages (/, /login, /logout) and the JSON API
// (/api/bookmarks).
func (a *App) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Controller("", &BookmarksController{}),
		routes.Controller("", &AuthController{}),
		routes.Resource("/api/bookmarks", &BookmarkResource{}),
	)
}

// Templates returns the pages' templates.
func (a *App) Templates() fs.FS {
	sub, err := fs.Sub(templateFiles, "templates")
	if err != nil { // impossible: "templates" is embedded above
		panic(err)
	}
	return sub
}

// Services are injected into the views' `fwk:"inject"` fields.
func (a *App) Services() []any { return []any{a.store} }

// NewApp builds the app on cfg, with CSRF protection on (which needs a
// SECRET_KEY of 32 bytes or more).
func NewApp(cfg fwk.Config, store *Store) (*fwk.App, error) {
	cfg.CSRFEnabled = true
	return fwk.New(cfg, &App{store: store})
}

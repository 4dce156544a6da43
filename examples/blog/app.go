package main

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"log/slog"
	"maps"
	"net/http"
	"strconv"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/examples/blog/theme"
	"github.com/fwkgo/fwk/middleware"
	"github.com/fwkgo/fwk/openapiui"
	"github.com/fwkgo/fwk/routes"
)

//go:embed templates
var templateFiles embed.FS

// Blog is the app bundle: the last bundle given to fwk.New.
type Blog struct {
	store    *Store
	keys     *Keys
	limits   *RateLimiter      // of the login
	log      *slog.Logger      // the access log; nil for slog.Default()
	sessions fwk.SessionStore  // nil: sessions in the signed cookie
	docs     *openapiui.Bundle // the API's docs page; nil when the document is not served
}

// Keys holds the secrets the views check, injected into the controllers
// that need them.
type Keys struct {
	// APIToken authorises writes through the JSON API (Authorization:
	// Bearer <token>).
	APIToken string
}

// Name returns "blog".
func (b *Blog) Name() string { return "blog" }

// Routes is the route tree of the blog.
func (b *Blog) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Controller("", &SiteController{}),
		routes.Controller("", &AuthController{}),
		routes.Controller("", &AdminController{}), // its Meta.URLPrefix: /admin
		routes.Prefix("/api",
			routes.Resource("/posts", &PostResource{}, routes.Subresources(
				routes.Resource("/comments", &CommentResource{}),
			)),
			b.docsRoutes(),
		),
	)
}

// docsRoutes is the route of the API's docs page (/api/docs), if any.
func (b *Blog) docsRoutes() []*fwk.Route {
	if b.docs == nil {
		return nil
	}
	return routes.Include("", b.docs.Routes())
}

// Templates returns the blog's pages; the theme bundle's layout and
// partials are shared with them.
func (b *Blog) Templates() fs.FS {
	f, err := fs.Sub(templateFiles, "templates")
	if err != nil { // impossible: "templates" is embedded above
		panic(err)
	}
	return f
}

// Middleware wraps the whole app, misses included: every response carries
// an X-Request-ID, and every request is logged with it (method, path,
// status, bytes, duration).
func (b *Blog) Middleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{
		middleware.RequestID(),
		middleware.AccessLog(b.log),
	}
}

// Services are injected into the controllers' `fwk:"inject"` fields; the
// model loader makes *Post view params load from the store (404 when
// missing); the model resources of the API take the stores of posts and
// comments (fwk.Store[Post], fwk.Store[Comment]).
func (b *Blog) Services() []any {
	posts := visiblePosts{b.store.posts}
	services := []any{b.store, b.keys, b.limits, fwk.RegisterModel(b.loadPost),
		posts, visibleComments{b.store.comments, posts}} // the model resources' stores
	if b.sessions != nil {
		services = append(services, b.sessions)
	}
	return services
}

// loadPost loads the post of a URL param for views taking a *Post.
func (b *Blog) loadPost(ctx context.Context, id string) (*Post, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return nil, nil // the <int:...> converter lets no such id through
	}
	p, err := b.store.Post(ctx, n)
	if errors.Is(err, ErrNotFound) {
		return nil, nil // a 404
	}
	return p, err
}

// Options are what NewApp needs besides the configuration.
type Options struct {
	Store    *Store
	APIToken string
	Logger   *slog.Logger
	// Sessions keeps the sessions (BLOG_REDIS_ADDR: Redis); nil keeps them
	// in the signed cookie.
	Sessions fwk.SessionStore
	// LoginLimits are the login's rate limits; nil for DefaultLoginLimits.
	LoginLimits *LoginLimits
	// Observe are bundles given to fwk.New before the blog's own: metrics
	// and tracing (observeBundles).
	Observe []fwk.Bundle
}

// NewApp builds the blog application on cfg.
func NewApp(cfg fwk.Config, o Options) (*fwk.App, error) {
	if o.Logger != nil {
		cfg.Logger = o.Logger
	}
	cfg.Values = maps.Clone(cfg.Values) // the caller's map stays as it was
	if cfg.Values == nil {
		cfg.Values = map[string]string{}
	}
	if cfg.Values["SITE_NAME"] == "" {
		cfg.Values["SITE_NAME"] = "The fwk blog"
	}
	limits := DefaultLoginLimits()
	if o.LoginLimits != nil {
		limits = *o.LoginLimits
	}
	blog := &Blog{store: o.Store, keys: &Keys{APIToken: o.APIToken},
		limits: NewRateLimiter(limits), log: o.Logger, sessions: o.Sessions}
	bundles := append(o.Observe[:len(o.Observe):len(o.Observe)], theme.Bundle{})
	if cfg.OpenAPIPath != "" { // the docs page shows the document: Swagger UI, served by the app
		blog.docs = &openapiui.Bundle{Path: "/docs"}
		bundles = append(bundles, blog.docs)
	}
	return fwk.New(cfg, append(bundles, blog)...)
}

package fwk

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/fwkgo/fwk/router"
)

// M is a shorthand for the map of template data and JSON objects.
type M map[string]any

// App is a configured application: its bundles, their routes and the router
// serving them. Build it with New; it is an http.Handler, safe for concurrent
// use once New has returned.
type App struct {
	cfg     Config
	bundles []Bundle // the ControllerBundle first, the app bundle last
	cb      *ControllerBundle
	router  *router.Router
	log     *slog.Logger // Config.Logger behind the log tap (logTap)
	logObs  logObservers
	// routeObs are the observers of ObserveRoutes.
	routeObs   routeObservers
	stepTracer atomic.Pointer[StepTracer] // TraceSteps
	out        io.Writer

	views      []*view            // registration order
	byEndpoint map[string][]*view // registered endpoint -> views; see endpointIndex
	// endpointAlias maps the bare endpoint of a bundle-owned route ("health")
	// to the name it is registered under ("app.health"); see
	// RegisterBundleBlueprintsHook.
	endpointAlias map[string]string
	blueprints    []*Blueprint // legacy blueprints, registration order
	services      []any
	injected      map[any]bool // controllers and services already injected
	templates     []templateSource
	tmpl          templates                     // parsed templates
	models        map[reflect.Type]*ModelLoader // RegisterModel loaders
	sess          sessions                      // session cookie and store
	csrf          csrfConfig                    // CSRF protection
	proxy         proxyTrust                    // trusted proxies' headers
	notReady      atomic.Bool                   // readiness (App.SetReady)
	health        bool                          // a health path is set (App.serveHealth)
	table         routeTable                    // built on first use
	body          bodyCodecs                    // form decoder and validator

	pool sync.Pool // *Ctx
	// handler is the bundles' middleware around serve, nil without any
	// (App.initMiddleware).
	handler http.Handler

	// Error handlers of HandleError, copy-on-write.
	errHandlers   atomic.Pointer[map[int]ErrorHandler]
	errHandlersMu sync.Mutex
	jsonAreas     []string // URL prefixes whose misses answer JSON (JSONRoutes)
}

// New builds the application from cfg and bundles; the last bundle is the app
// bundle. It installs the ControllerBundle first, checks the configuration,
// injects services, calls every bundle's BeforeInitApp, runs the start-up
// hooks (RegisterRoutesHook, RegisterBlueprintsHook,
// RegisterBundleBlueprintsHook, in this order), every bundle's
// AfterInitApp, and chains the bundles' Middleware around the app.
//
// Any problem is an error naming its culprit and, for routes, where it was
// declared: a bad rule, an unknown converter, a view whose signature does not
// fit its rule, a missing injected service, one endpoint bound to two
// different views, two conflicting rules, a short SECRET_KEY while CSRF is on.
func New(cfg Config, bundles ...Bundle) (*App, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	// The ASCII form of SERVER_NAME; Config.validate (checkServerName)
	// refused a name asciiHost cannot encode.
	cfg.ServerName, _ = asciiHost(cfg.ServerName)
	a := &App{
		cfg:           cfg,
		router:        router.New(),
		log:           cfg.Logger,
		out:           os.Stdout,
		byEndpoint:    map[string][]*view{},
		endpointAlias: map[string]string{},
		injected:      map[any]bool{},
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	a.log = newLogTap(a.log, &a.logObs)
	a.router.ServerName, a.router.DefaultSubdomain = cfg.ServerName, cfg.DefaultSubdomain
	a.pool.New = func() any { return &Ctx{app: a} }
	var err error
	if a.bundles, a.cb, err = arrangeBundles(bundles); err != nil {
		return nil, err
	}
	if err := a.start(); err != nil {
		return nil, err
	}
	a.reportFixedFiles()
	if err := a.checkTemplateLinks(); err != nil {
		return nil, err
	}
	if err := a.initSessions(); err != nil {
		return nil, err
	}
	a.initCSRF()
	a.proxy = newProxyTrust(a.cfg)
	a.health = a.cfg.LivenessPath != "" || a.cfg.ReadinessPath != ""
	if err := a.initMiddleware(); err != nil {
		return nil, err
	}
	a.byEndpoint = nil // registration only (endpointIndex)
	return a, nil
}

// start runs the start-up sequence documented on New.
func (a *App) start() error {
	if err := a.collectServices(); err != nil {
		return err
	}
	for _, b := range a.bundles {
		if bi, ok := b.(BeforeInitApper); ok {
			if err := bi.BeforeInitApp(a); err != nil {
				var se *StartupError
				if errors.As(err, &se) {
					return err // names its culprit already
				}
				return fmt.Errorf("fwk: bundle %q: BeforeInitApp: %w", b.Name(), err)
			}
		}
	}
	for _, h := range DefaultHooks() {
		if err := h.RunHook(a, a.bundles); err != nil {
			return err
		}
	}
	if err := a.checkMetaParamDocs(); err != nil {
		return err
	}
	if err := a.addOpenAPIRoute(); err != nil {
		return err
	}
	for _, b := range a.bundles {
		if ai, ok := b.(AfterInitApper); ok {
			if err := ai.AfterInitApp(a); err != nil {
				return fmt.Errorf("fwk: bundle %q: AfterInitApp: %w", b.Name(), err)
			}
		}
	}
	return nil
}

// arrangeBundles puts the ControllerBundle (the given one, or a new one)
// first and checks that bundles are non-nil with distinct names.
func arrangeBundles(in []Bundle) ([]Bundle, *ControllerBundle, error) {
	var cb *ControllerBundle
	out := []Bundle{nil}
	seen := map[string]int{}
	for i, b := range in {
		if isNil(b) {
			return nil, nil, &StartupError{What: "bundle", Culprit: fmt.Sprintf("#%d", i), Err: errors.New("nil bundle")}
		}
		if c, ok := b.(*ControllerBundle); ok {
			if cb != nil && cb != c {
				return nil, nil, &StartupError{What: "bundle", Culprit: c.Name(), Err: errors.New("given twice")}
			}
			cb = c
			continue
		}
		if j, dup := seen[b.Name()]; dup {
			return nil, nil, &StartupError{What: "bundle", Culprit: fmt.Sprintf("%q (#%d)", b.Name(), i),
				Err: fmt.Errorf("name already used by bundle #%d", j)}
		}
		seen[b.Name()] = i
		out = append(out, b)
	}
	if cb == nil {
		cb = &ControllerBundle{}
	}
	out[0] = cb
	return out, cb, nil
}

// isNil reports whether v is nil or a nil pointer, map, func, ... in an interface.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Func, reflect.Slice, reflect.Interface, reflect.Chan:
		return rv.IsNil()
	}
	return false
}

// routerEndpoint returns the endpoint the router knows for endpoint: the
// registered name of a bundle-owned route declared with a bare endpoint
// ("health" -> "app.health"), else endpoint itself.
func (a *App) routerEndpoint(endpoint string) string {
	if strings.IndexByte(endpoint, '.') >= 0 {
		return endpoint // only bare endpoints have aliases
	}
	if full, ok := a.endpointAlias[endpoint]; ok {
		return full
	}
	return endpoint
}

// Config returns the configuration the app was built with.
func (a *App) Config() Config { return a.cfg }

// Bundles returns the installed bundles: the ControllerBundle first, the app
// bundle last.
func (a *App) Bundles() []Bundle { return append([]Bundle(nil), a.bundles...) }

// ControllerBundle returns the installed ControllerBundle, whose lookups
// (Endpoints, ControllerEndpoints, BundleRoutes, OtherRoutes) are filled.
func (a *App) ControllerBundle() *ControllerBundle { return a.cb }

// Router returns the router holding every registered rule, for URL building
// (Router().Build) and inspection. Registering more rules after New fails
// with router.ErrServing once the app has served a request; do not.
func (a *App) Router() *router.Router { return a.router }

// Blueprints returns the legacy blueprints registered by the "blueprints"
// hook, in registration order.
func (a *App) Blueprints() []*Blueprint { return append([]*Blueprint(nil), a.blueprints...) }

// Services returns the services of all bundles, in bundle order.
func (a *App) Services() []any { return append([]any(nil), a.services...) }

// Logger returns the logger of the app: it writes to the handler of
// Config.Logger (or of slog.Default()), and to the observers of ObserveLog.
func (a *App) Logger() *slog.Logger { return a.log }

// SetOutput sets where Run prints (the urls table, the serve banner);
// default os.Stdout. Call it before Run.
func (a *App) SetOutput(w io.Writer) { a.out = w }

// templateSource is one bundle's templates, for the template set-up.
type templateSource struct {
	bundle string
	fsys   fs.FS
}

// initTemplates records the bundles' templates (app bundle first), then
// sets up the request helpers: model loaders and the parsed templates
// (initHelpers).
func (a *App) initTemplates() error {
	a.templates = a.templates[:0]
	for i := len(a.bundles) - 1; i >= 0; i-- {
		if tb, ok := a.bundles[i].(TemplatesBundle); ok {
			if fsys := tb.Templates(); fsys != nil {
				if err := checkFSRoot(tb.Name(), "Templates()", "templates", fsys); err != nil {
					return err
				}
				a.templates = append(a.templates, templateSource{bundle: tb.Name(), fsys: fsys})
			}
		}
	}
	return a.initHelpers()
}

// Package fwk is a web framework on net/http, a Go port of Flask-Unchained's
// controller bundle: controllers and resources whose methods become routes,
// declarative routing (package fwk/routes), dependency injection, and
// request helpers on *Ctx.
//
// # Start here
//
// A first app needs these names; the tutorial (docs/tutorial.md in the
// repository) builds one with them, and the README shows a whole app:
//
//	Controller, Resource    embed one in your type: its exported methods are views
//	Meta, View              declare the rules, methods and options the defaults do not give
//	Bundle                  your app: Name, plus Routes (package fwk/routes), Services, Templates
//	ConfigFromEnv, Config   the settings: the defaults, then SECRET_KEY, DEBUG, ... from the environment
//	New                     checks everything at start-up and returns the *App, an http.Handler
//	App.Run                 the serve, urls and openapi commands of your main
//	Ctx                     one request: Render, Redirect, URLFor, Bind, Session, Flash
//	Body, BindForm, Form    JSON bodies and HTML forms, validated
//	Abort                   answer an error status (a JSON or HTML error page)
//
// Tests drive the app with package fwk/fwktest. The sections below take each
// part in depth; the last, Plumbing, lists what most apps never touch.
//
// # Model
//
// An application is a list of bundles given to New; the last one is the app
// bundle. A bundle is any value with a Name method, plus optional parts found
// by type assertion:
//
//	Routes() []*fwk.Route        declarative routes (app bundle only; include others' with routes.Include)
//	Controllers() []any          controllers and resources, when there is no Routes
//	Services() []any             values injected into fields tagged `fwk:"inject"`
//	Static() fs.FS               files served under /<bundle name>/static/
//	Templates() fs.FS            templates (later bundles override earlier ones)
//	Blueprints() []*fwk.Blueprint legacy groups of plain http.Handlers
//	Middleware() []func(http.Handler) http.Handler  app-wide middleware (see below)
//
// New installs the ControllerBundle first, injects services, runs the
// start-up hooks ("routes", "blueprints", "bundle_blueprints") and returns an
// *App, which is an http.Handler. Every mistake it can see is an error from
// New that names the culprit and where it was declared, in the form
//
//	fwk: <what>: <culprit> (declared at file.go:42): <reason>
//
// and wraps a sentinel for errors.Is: ErrBadView, ErrDuplicateEndpoint,
// ErrMissingService, ErrAmbiguousService, ErrSecretKey, or the router's
// ErrBadRule, ErrUnknownConverter and ErrConflict.
//
// # Controllers and views
//
// A controller embeds fwk.Controller; each exported method is a view, routed
// at GET /<kebab-cased method name> unless its Meta declares otherwise. A
// resource embeds fwk.Resource and gets the REST rules for List, Create,
// Get, Patch, Put and Delete. One controller value serves every request:
// request state lives in *Ctx.
//
// Views have one of these signatures, checked once by New:
//
//	func(ctx *fwk.Ctx) error                     the fast path; any rule (read params with ctx.Param)
//	func(ctx *fwk.Ctx, p1 T1, ..., pn Tn) error  all of the rule's URL params, in order
//	http.Handler, func(http.ResponseWriter, *http.Request)
//
// A URL param reaches its view parameter through the rule's converter,
// the one conversion of its text: the parameter receives the converter's
// value (router.Converter.ToValue) converted to its type. A value whose type
// is assignable is passed as is (a custom converter's type, any); a string
// value converts as text to strings, integers, floats, bool, [16]byte UUID
// types and encoding.TextUnmarshaler; an int64 (<int:id>) to any integer
// type it fits, or a float; a float64 to a float type; a [16]byte (<uuid:id>)
// to a UUID type; each also to a pointer. A converter declares its value
// type with a ValueType() reflect.Type method (router.ValueTyper, as
// every built-in does), and New fails when no value can fit the parameter,
// naming the view, the param and where the view was declared, except that a
// string or TextUnmarshaler parameter then receives the text the converter
// accepted (<int:id> into an id string gives "42"). A value that
// does not convert (an int overflow, "maybe" for a bool) or a converter
// error answers 404. Model loaders and ParamConverter converters take text:
// the converter's value when it is a string, else the matched text. A
// route's defaults (fwk.Defaults) count as params after the rule's own,
// sorted by name, and convert from their text.
//
// # Serving
//
// App.ServeHTTP looks the request up in the router (fwk/router) and calls the
// view with a pooled *Ctx: serving a func(*Ctx) error view, or one with
// string/int/int64 params, allocates nothing. Misses are answered like the
// router does: 404; 405 with Allow; 400 for a param with NUL or invalid
// UTF-8; 308 redirects for strict slashes and unclean paths; OPTIONS with
// Allow.
//
// A bundle's Middleware wraps every request the app serves, misses
// included: the middleware of all bundles form one chain, bundles in order,
// the first listed outermost (see MiddlewareBundle and package
// fwk/middleware).
//
// URL params are also stored on the request with Request.SetPathValue, so
// r.PathValue works, but lazily, because it allocates: on the first call of
// Ctx.Request, and always before middleware and http.Handler views run.
// Middleware is func(http.Handler) http.Handler; Meta.Decorators wrap Use
// options, and the first listed is outermost. Such middleware reaches the
// request's *Ctx (its session, URLFor, Flash) with CtxFrom(r).
//
// A view's error is rendered as JSON ({"error": msg, "status": code}) for
// clients whose Accept prefers JSON, and for every client of the views the
// OpenAPI document lists (every Resource view, views declared with
// fwk.ServesJSON, controllers with Meta.ServesJSON, views with a typed
// result or body), so that curl and browsers alike get the JSON the document
// describes; it is a small HTML page otherwise: fwk.Abort(404,
// "no such user") sets the status and message (also when panicked with),
// fwk.AbortWith(h) lets h answer, and any other error is a 500 whose text is
// logged, not shown (unless Config.Debug). A panic is a logged 500 with the
// endpoint and stack.
//
// # Limits and robustness
//
// Every request body routed to a view is capped at Config.MaxBodyBytes
// (MAX_CONTENT_LENGTH, 10 MiB): a declared Content-Length above it is a 413
// before the view runs, and reading a chunked body past it fails with an
// *http.MaxBytesError, a 413 for StatusCode. Forms the framework parses
// also obey Config.MaxFormMemory (MAX_FORM_MEMORY_SIZE) for their non-file
// names and values. The view option MaxBodyBytes gives one view its own
// limit; LimitBody applies the same contract in middleware.
//
// A panic (or a returned error) after the response started cannot become an
// error page: it is logged and the connection aborted with
// http.ErrAbortHandler, so the client sees a truncated response. A panic in
// an AfterThisRequest callback is a 500 like any other. Error responses
// start from the headers set before the app ran (app-wide middleware); of
// the view's headers only Allow, Vary, the authentication challenges,
// Retry-After and security headers stay (see keptOnError). An
// *HTTPError whose status is not 400-599 is logged and answered 500.
//
// Static files are served exactly by name (index.html included); directories
// and dot-named files or directories are 404s, rendered like every error of
// the app (App.HandleError, JSON for JSON clients).
//
// # URLs and redirects
//
// Ctx.URLFor and App.URLFor build URLs. The target is, in this order of
// checks: a URL (it contains "/", returned as given); an upper-case config
// key (looked up with Config.Get, then resolved again); a bare method name of
// the current controller, or of fwk.Cls(c); an endpoint; a "Type.Method"
// key. The other arguments are key, value pairs for the rule's params (extra
// ones become a sorted query string) mixed with options:
//
//	ctx.URLFor("user_resource.get", "id", 5)                       /users/5
//	ctx.URLFor("UserResource.Get", "id", 5, fwk.Anchor("roles"))   /users/5#roles
//	ctx.URLFor("Index", fwk.External())                            http://example.com/
//	app.URLFor("LOGIN_URL")                                        the config value, resolved
//
// Ctx.Redirect (and Redirect for http.Handler views) answers with 302 (see
// RedirectStatus) to the first that works of: fwk.Override(target); the
// "next" query value, then the "next" form value; where; fwk.Default(target);
// "/". A "next" value is followed only when it is a local path or an
// absolute http(s) URL on a host the app serves; every candidate that is an
// absolute URL is checked the same way, so a redirect never leaves the app by
// accident.
//
// # Hosts and subdomains
//
// The view options Host("<lang>.example.com") and Subdomain("<lang>")
// (under Config.ServerName, SERVER_NAME) restrict a rule to some hosts;
// host params bind to view parameters after the path's. The two are one
// option, where the rule is served: a route giving either replaces both of
// its view's declaration; a view given both, or a Subdomain while
// SERVER_NAME is empty, fails New with ErrInvalidOption naming the view and
// where it was declared.
//
// # Templates
//
// Ctx.Render(name, data...) renders an html/template from the bundles'
// Templates() file systems, the app bundle first (so it overrides the
// others). A name without "." gets the template file extension (Meta, else
// Config: ".html"); a name without "/" is looked up in the controller's
// template folder (Meta.TemplateFolder, default the controller name):
// Render("index") in SiteController renders "site/index.html". Files under
// layouts/ and partials/ are shared by every page. Templates may call
// urlFor, flashes, config and csrfToken. They are parsed once by New (an
// error names the bundle, file and line) and re-read per request with
// Config.Debug. Every urlFor with a constant target ({{urlFor "site.index"}})
// is checked by New: a target that no request could resolve fails it
// (ErrBrokenLink) naming the file and line.
//
// A template may extend the same-named template of an earlier bundle
// (Flask-Unchained's loader): inside it, its own name means the version of
// the next bundle that has it. The usual layout: the reusable bundle's page
// declares blocks, the app's file of the same path redefines some and
// includes the original:
//
//	vendor  shelf/index.html  <h1>{{block "title" .}}Shelf{{end}}</h1>{{block "footer" .}}by shelf{{end}}
//	app     shelf/index.html  {{define "title"}}My books{{end}}{{template "shelf/index.html" .}}
//	render  shelf/index.html  <h1>My books</h1>by shelf
//
// A Templates() (or Static()) file system whose only entry is the folder
// "templates" ("static"), as `//go:embed templates` gives, fails New
// (ErrWrappedFS) with the hint to return fs.Sub(fsys, "templates").
//
// # View parameters, models and query structs
//
// A view's parameters after *Ctx receive the rule's URL params in order. A
// parameter of a model type registered with RegisterModel (a value to list in a
// bundle's Services) receives the model loaded by the raw param; a nil model, or
// a loader error wrapping ErrNotFound, answers 404. A struct parameter after the
// URL params is filled from the query string by its `query:"name"` and
// `default:"value"` tags; a bad value answers 400 naming the parameter.
// ParamConverter is Flask-Unchained's explicit param_converter: lookup maps,
// functions, types and models per URL or query parameter.
//
// # Request bodies and validation
//
// Ctx.Bind(&v) decodes the body into v by its Content-Type: JSON
// (encoding/json; unknown keys are a 400 unless v embeds
// AllowUnknownFields), url-encoded or multipart forms (go-playground/form:
// keys from `form` tags or the snake_case field name, "address.city",
// "items[0].name", "attrs[k]"; *multipart.FileHeader fields receive files).
// Another Content-Type is a 415, a body over Config.MaxBodyBytes a 413,
// malformed input a 400 whose message names the JSON offset or the field.
// Form keys are checked first: at most 1000 fields (413), keys of 512
// bytes, 32 levels of nesting and slice indexes up to 999 (400). Then the
// `validate` tags (go-playground/validator v10) are checked: a failure is a
// *ValidationError, which the app renders as 422 with the messages per
// field, named as the client spelled them:
//
//	{"error": "Unprocessable Entity", "status": 422, "errors": {"email": ["Invalid email address."]}}
//
// Every error body has "error" and "status"; validation errors add
// "errors". The HTML error page lists the fields.
//
// A view can take its body as a parameter instead: a Body[T] parameter,
// right after the URL params (and before an optional query struct), is
// bound as by Ctx.Bind before the view is called; on failure the view is
// not called and the error is rendered. The generic wrapper is the rule
// that keeps the struct-shaped parameters apart: *T of a registered model
// comes from a URL param, a plain struct after the URL params is a query
// struct, only Body[T] reads the body. fwk.New refuses two Body parameters,
// one out of place, and one on a route without POST, PUT or PATCH (or
// another method with a body).
//
//	func (r *NoteResource) Create(ctx *fwk.Ctx, in fwk.Body[NewNote]) error
//	func (r *NoteResource) Patch(ctx *fwk.Ctx, n *Note, in fwk.Body[NotePatch]) error
//
// # Forms
//
// A struct embedding Form is a form (Flask-WTF's FlaskForm): its exported fields
// are the form's fields, named by `form` tags or their snake_case name, with
// `label`, `input`, `default` and `validate` tags. BindForm(ctx, f, opts...)
// gives each field its value with Flask-WTF's precedence, as WTForms resolves
// it:
//
//	source                                   used when
//	formdata (the request's form)            POST, PUT or PATCH with a non-empty form; a bool
//	                                         field missing from it is false (a checkbox)
//	FormObj(obj)                             obj has the attribute (even a zero one)
//	FormKwargs(kw)                           obj lacks it; kwargs win over data
//	FormData(m)                              neither has it
//	the `default` tag, else the zero value   nothing above has it
//
// FormPrefix("p") names the inputs "p-name"; FormMeta sets "csrf",
// "csrf_field_name" and "csrf_time_limit". Validate checks the CSRF field
// (when enabled), values that did not parse and the `validate` tags;
// Errors returns the messages by field; Fields lists the fields in render
// order (the CSRF field, then those an optional FieldOrder method does not
// list, then those it lists) for templates, which can also call the HTML
// methods of Form and Field (escaped by html/template).
//
// # Sessions, flash and CSRF
//
// Ctx.Session returns the user's session (Get, Set, Delete, Clear, Renew),
// loaded on first use: a request that never calls it pays nothing. It is
// saved right before the response headers are written (or when a view that
// wrote nothing returns). The default store is a cookie signed with
// HMAC-SHA256: SECRET_KEY signs, SECRET_KEY_FALLBACKS still verify, so any
// number of instances sharing the key serve one user. The cookie is
// HttpOnly, Path=/, SameSite (SESSION_COOKIE_SAMESITE, Lax), Secure on
// requests that came over https (TLS, or a trusted proxy's word: see
// RequestInfo) unless SESSION_COOKIE_SECURE says otherwise, named SESSION_COOKIE_NAME ("__Host-" names
// work) and lives PERMANENT_SESSION_LIFETIME. A session whose cookie would
// exceed 4096 bytes fails the request with a logged 500 (ErrSessionTooLarge)
// instead of being dropped by the browser. A tampered, truncated, expired,
// wrong-key, wrong-name or duplicated cookie is no session (logged at debug
// level), never an error. A bundle may provide a SessionStore service (see
// the redisstore module): the cookie then holds a signed random id.
//
// Ctx.Flash(msg, category) keeps a message in the session for the next page
// (Ctx.Flashes, the template function flashes); it obeys FLASH_MESSAGES,
// skips JSON requests and refuses more than 16 pending messages or 2 KB
// (ErrFlashLimit).
//
// GenerateCSRF (the template function csrfToken) and ValidateCSRF follow
// Flask-WTF: a raw token in the session, a signed, timestamped token in the
// page; CSRFMetaTag (csrfMetaTag) puts it in a <meta> tag for scripts.
// With WTF_CSRF_ENABLED, every request of a method WTF_CSRF_METHODS checks
// (by default any but GET, HEAD, OPTIONS and TRACE) needs the token in the
// form field WTF_CSRF_FIELD_NAME or a WTF_CSRF_HEADERS header (X-CSRFToken,
// X-CSRF-Token) (400 with Flask-WTF's reason, a *CSRFError) and must pass
// http.CrossOriginProtection (WTF_CSRF_TRUSTED_ORIGINS) and, on https with
// WTF_CSRF_SSL_STRICT, the https Origin/Referer check (403). CSRFExempt()
// and Meta.CSRFExempt exempt views; WTF_CSRF_CHECK_DEFAULT=false checks
// only views that call ProtectCSRF (Flask-WTF's csrf.protect()). A request
// that passed needs no token in its forms. Rules added directly with
// App.Router().Add are not fwk views and are not checked.
//
// A SECRET_KEY that is set must be 32 bytes or more and not a placeholder;
// fwk.New also requires one when CSRF is on or a SessionStore is installed
// (a template calling csrfToken without one is a start-up warning).
// Without one, using the session, Flash or GenerateCSRF fails with
// ErrNoSecretKey (a logged 500); no random key is ever made up.
//
// # AfterThisRequest
//
// Ctx.AfterThisRequest(fn) runs fn right before the response headers are
// written (after the session is saved); fn may set headers, cookies or the
// status.
//
// # Command line
//
// App.Run(os.Args) runs "serve" (the default; graceful shutdown on
// SIGINT/SIGTERM) or "urls", which prints the route table. serve listens on
// -addr, else ADDR and PORT, else 127.0.0.1:8080 (this machine only); the
// server's timeouts and header limit are Config fields (ReadHeaderTimeout,
// ReadTimeout, WriteTimeout, IdleTimeout, ShutdownTimeout, MaxHeaderBytes).
//
//	Methods  Rule            Endpoint               View
//	-------  --------------  ---------------------  -----------------------------
//	GET      /               site_controller.index  example.com/app.SiteController.Index
//	GET      /users/<int:id> user_resource.get      example.com/app.UserResource.Get
//
// # Plumbing
//
// Most apps never use these names. They serve bundles that extend the
// start-up sequence, tools that inspect an app, and code ported from Flask
// blueprints:
//
//	Hook, DefaultHooks, RegisterRoutesHook, RegisterBlueprintsHook,
//	RegisterBundleBlueprintsHook       the start-up hooks New runs, in order
//	BeforeInitApper, AfterInitApper    bundle callbacks around the hooks
//	ControllerBundle                   the bundle New installs first; its lookups of routes
//	Blueprint, BlueprintsBundle,
//	InBlueprint                        legacy groups of plain http.Handlers (Flask's
//	                                   blueprints): new code uses routes.Prefix and views
//	App.Router, App.RouteTable         the router and the route table, for tools
package fwk

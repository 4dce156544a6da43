package fwk

// This file resolves URLFor targets and builds the URLs.
//
// A target is read in this order (first match wins):
//
//	target                      read as
//	""                          error (ErrUnknownTarget)
//	"/about", "https://x/y"     a URL (it contains '/'): returned verbatim
//	"LOGIN_URL", "HOME_2"       a config key (Python isupper()): cfg.Get(key), whose
//	                            value is then read as a URL, method or endpoint; an
//	                            unset key that is not an endpoint is an error
//	"AboutUs", "about_us"       with Cls, or on a Ctx of a controller view: a view
//	                            method of that controller (Go or snake_case name)
//	"site_controller.about_us"  an endpoint
//	"SiteController.AboutUs"    a controller key (ControllerBundle.ControllerEndpoints)
//
// The other arguments alternate string keys and values (the rule's params;
// the others become a query string sorted by key) and may hold options
// (Anchor, External, ExternalHost, Method, Scheme, Cls) anywhere.

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fwkgo/fwk/internal/suggest"
	"github.com/fwkgo/fwk/naming"
	"github.com/fwkgo/fwk/router"
)

// Errors of URLFor and Redirect. Build errors also wrap the router's
// sentinels: router.ErrUnknownEndpoint, router.ErrMissingParam,
// router.ErrInvalidValue and router.ErrMethodNotAllowed.
var (
	// ErrUnknownTarget reports an empty target, a config key that is not
	// set, or a method name the controller does not route.
	ErrUnknownTarget = errors.New("unknown URL target")
	// ErrSchemeNotExternal reports Scheme given without External or
	// ExternalHost (Flask-Unchained's url_for: ValueError).
	ErrSchemeNotExternal = errors.New("scheme needs External or ExternalHost")
	// ErrNoHost reports an external URL for which no host is known: give
	// ExternalHost, set SERVER_NAME, or build it while serving a host the app
	// routes.
	ErrNoHost = errors.New("no host for an external URL")
	// ErrBadOption reports a misused URL option: a redirect-only option given
	// to URLFor, an invalid scheme, host or redirect status.
	ErrBadOption = errors.New("bad URL option")
	// ErrNotServing reports a package-level Redirect for a request that is
	// not being served by an App.
	ErrNotServing = errors.New("request not served by an fwk App")
)

// URLOption is an option value mixed into the key/value arguments of URLFor
// and Redirect. Build one with Anchor, External, ExternalHost, Method,
// Scheme, Cls, DropUnknown, Default, Override or RedirectStatus.
type URLOption struct {
	kind optionKind
	str  string
	val  any
	code int
}

type optionKind uint8

// argsBuf is the number of key/value arguments mixed with options that
// URLFor and Redirect sort out without allocating.
const argsBuf = 16

const (
	optAnchor optionKind = iota + 1
	optExternal
	optExternalHost
	optMethod
	optScheme
	optCls
	optDefault
	optOverride
	optStatus
	optDropUnknown
)

var optionNames = [...]string{"", "Anchor", "External", "ExternalHost", "Method", "Scheme", "Cls", "Default", "Override", "RedirectStatus", "DropUnknown"}

// Anchor adds "#name" to the URL (url_for's _anchor); name is escaped as needed.
func Anchor(name string) URLOption { return URLOption{kind: optAnchor, str: name} }

// External builds an absolute URL (url_for's _external=True). The scheme is the
// request's (https when it came over TLS; X-Forwarded-Proto is not trusted),
// or PREFERRED_URL_SCHEME without a request. The host is SERVER_NAME, else
// the request's Host when the app routes that host.
func External() URLOption { return URLOption{kind: optExternal} }

// ExternalHost builds an absolute URL for another server (Flask-Unchained's
// url_for _external_host): host is "example.com", "example.com:8080" or
// "https://example.com". Without a scheme in host or a Scheme option, the
// URL uses PREFERRED_URL_SCHEME.
func ExternalHost(host string) URLOption { return URLOption{kind: optExternalHost, str: host} }

// Method picks, among the rules of the endpoint, one serving the HTTP method
// (url_for's _method).
func Method(method string) URLOption { return URLOption{kind: optMethod, str: method} }

// DropUnknown leaves out the values that are not arguments of the rule built,
// instead of adding them as the query string (Werkzeug's
// append_unknown=False).
func DropUnknown() URLOption { return URLOption{kind: optDropUnknown} }

// Scheme sets the scheme of an external URL (url_for's _scheme). It needs
// External or ExternalHost, otherwise URLFor fails with ErrSchemeNotExternal. An
// empty scheme builds a protocol-relative URL ("//host/path").
func Scheme(scheme string) URLOption { return URLOption{kind: optScheme, str: scheme} }

// Cls lets a bare method name name a view of the controller ctrl
// (Flask-Unchained's url_for _cls): ctrl is a controller value, a pointer to
// one, or its reflect.Type. On a Ctx serving a controller view, the current
// controller is the default. A controller the app does not route names its views
// by its own default endpoints ("<Meta.EndpointPrefix>.<snake_case method>"),
// built when a rule of the app has that endpoint.
func Cls(ctrl any) URLOption { return URLOption{kind: optCls, val: ctrl} }

// urlArgs holds the options among the variadic arguments. The key/value
// pairs are kept apart (parseURLArgs returns them) and only ever reach the
// router, which does not retain them: that keeps the caller's variadic
// slice on its stack.
type urlArgs struct {
	anchor    string
	method    string
	host      string // ExternalHost
	scheme    string
	hasScheme bool
	external  bool
	// dropUnknown: values that are not arguments are not a query string.
	dropUnknown bool
	cls         reflect.Type
	// Redirect only.
	def, override string
	status        int
}

// parseURLArgs splits args into options and key/value pairs. Without options
// the pairs are args itself; with options they are appended to dst, a
// buffer on the caller's stack, so the call does not allocate either way
// (up to cap(dst) values).
func parseURLArgs(args, dst []any, redirect bool) (ua urlArgs, values []any, err error) {
	n := 0
	for _, a := range args {
		if _, ok := a.(URLOption); ok {
			n++
		}
	}
	if n == 0 {
		return ua, args, nil
	}
	values = dst[:0]
	for _, a := range args {
		o, ok := a.(URLOption)
		if !ok {
			values = append(values, a)
			continue
		}
		if err := ua.apply(o, redirect); err != nil {
			return ua, nil, err
		}
	}
	if ua.hasScheme && !ua.external && ua.host == "" {
		return ua, nil, ErrSchemeNotExternal
	}
	return ua, values, nil
}

func (ua *urlArgs) apply(o URLOption, redirect bool) error {
	switch o.kind {
	case optAnchor:
		ua.anchor = o.str
	case optExternal:
		ua.external = true
	case optExternalHost:
		ua.host = o.str
	case optMethod:
		ua.method = strings.ToUpper(o.str)
	case optDropUnknown:
		ua.dropUnknown = true
	case optScheme:
		if o.str != "" && !validScheme(o.str) {
			return fmt.Errorf("%w: scheme %q", ErrBadOption, o.str)
		}
		ua.scheme, ua.hasScheme = strings.ToLower(o.str), true
	case optCls:
		t := clsType(o.val)
		if t == nil {
			return fmt.Errorf("%w: Cls(%T) is not a controller", ErrBadOption, o.val)
		}
		ua.cls = t
	case optDefault, optOverride, optStatus:
		if !redirect {
			return fmt.Errorf("%w: %s applies to Redirect only", ErrBadOption, optionNames[o.kind])
		}
		return ua.applyRedirect(o)
	default:
		return fmt.Errorf("%w: zero option value", ErrBadOption)
	}
	return nil
}

// clsType returns the struct type of a controller value or type.
func clsType(v any) reflect.Type {
	t, ok := v.(reflect.Type)
	if !ok {
		t = reflect.TypeOf(v)
	}
	t = indirect(t)
	if t == nil || t.Kind() != reflect.Struct || t.Name() == "" {
		return nil
	}
	return t
}

func validScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		alpha := 'a' <= c && c <= 'z'
		if i == 0 && !alpha || !alpha && !('0' <= s[i] && s[i] <= '9') && !strings.ContainsRune("+-.", rune(s[i])) {
			return false
		}
	}
	return s != ""
}

// URLFor builds the URL of target without a request: relative unless
// External or ExternalHost is given, then with PREFERRED_URL_SCHEME and
// SERVER_NAME (or the external host). See Ctx.URLFor for targets and args.
func (a *App) URLFor(target string, args ...any) (string, error) {
	var buf [argsBuf]any
	ua, values, err := parseURLArgs(args, buf[:0], false)
	if err != nil {
		return "", urlForErr(target, err)
	}
	u, _, err := a.urlFor(nil, nil, target, &ua, values)
	return u, err
}

// URLFor builds the URL of target for the current request (Flask-Unchained's
// url_for).
//
// target is an endpoint ("site_controller.about_us"), a controller key
// ("SiteController.AboutUs"), a view method of the current controller or of
// the one given with Cls ("AboutUs"), a config key ("LOGIN_URL", looked up
// with Config.Get) or a URL (anything containing '/', returned verbatim).
// args alternate string keys and values: the rule's params, the rest a query
// string sorted by key; options (Anchor, External, ExternalHost, Method,
// Scheme, Cls) may appear anywhere among them.
//
// The URL is a path unless External or ExternalHost is given or the rule is
// bound to another host than the request's. External URLs use the request's
// scheme (https under TLS) and SERVER_NAME, else the request's Host when
// the app routes that host.
//
// Errors wrap ErrUnknownTarget, ErrSchemeNotExternal, ErrNoHost,
// ErrBadOption or the router's build errors (router.ErrUnknownEndpoint,
// router.ErrMissingParam, router.ErrInvalidValue).
func (c *Ctx) URLFor(target string, args ...any) (string, error) {
	var buf [argsBuf]any
	ua, values, err := parseURLArgs(args, buf[:0], false)
	if err != nil {
		return "", urlForErr(target, err)
	}
	u, _, err := c.app.urlFor(c.req, c.controllerType(), target, &ua, values)
	return u, err
}

// urlError is an error of URLFor: it names the target and wraps the cause,
// whose own "fwk: " prefix it drops from the message.
type urlError struct {
	target string
	detail string // e.g. `(config value "x")`
	err    error
	hint   string // `; did you mean "x"?` or ""
}

func (e *urlError) Error() string {
	msg := "fwk: url_for " + strconv.Quote(e.target)
	if e.detail != "" {
		msg += " " + e.detail
	}
	return msg + ": " + strings.TrimPrefix(e.err.Error(), "fwk: ") + e.hint
}

func (e *urlError) Unwrap() error { return e.err }

func urlForErr(target string, err error) error {
	return &urlError{target: target, err: err}
}

// urlFor resolves target; verbatim reports a URL given as text (the target
// or a config value) rather than built by the router. r and ctrl may be nil.
func (a *App) urlFor(r *http.Request, ctrl reflect.Type, target string, ua *urlArgs, values []any) (u string, verbatim bool, err error) {
	if ua.cls != nil {
		ctrl = ua.cls
	}
	switch {
	case target == "":
		return "", false, urlForErr(target, fmt.Errorf("%w: empty target", ErrUnknownTarget))
	case strings.IndexByte(target, '/') >= 0:
		return target, true, nil
	case isUpper(target):
		val := a.cfg.Get(target)
		if val == "" {
			u, err := a.build(r, ctrl, target, ua, values)
			if errors.Is(err, router.ErrUnknownEndpoint) {
				err = fmt.Errorf("%w: config key not set", ErrUnknownTarget)
			}
			return u, false, a.wrapURLErr(target, ctrl, err)
		}
		if strings.IndexByte(val, '/') >= 0 {
			return val, true, nil
		}
		u, err := a.build(r, ctrl, val, ua, values)
		if err != nil {
			return "", false, &urlError{target: target, detail: "(config value " + strconv.Quote(val) + ")", err: err}
		}
		return u, false, nil
	}
	u, err = a.build(r, ctrl, target, ua, values)
	return u, false, a.wrapURLErr(target, ctrl, err)
}

// wrapURLErr names target in err; an unknown target gets the "did you
// mean" of the nearest view name, unless the router gave one.
func (a *App) wrapURLErr(target string, ctrl reflect.Type, err error) error {
	if err == nil {
		return nil
	}
	e := &urlError{target: target, err: err}
	if errors.Is(err, router.ErrUnknownEndpoint) && !strings.Contains(err.Error(), "did you mean") {
		e.hint = suggest.Hint(target, a.viewNames(ctrl))
	}
	return e
}

// isUpper is Python's str.isupper: at least one cased character and no
// lower-case or title-case one.
func isUpper(s string) bool {
	cased := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z':
				return false
			case 'A' <= c && c <= 'Z':
				cased = true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case unicode.IsLower(r), unicode.IsTitle(r), unicode.Is(unicode.Other_Lowercase, r):
			return false
		case unicode.IsUpper(r), unicode.Is(unicode.Other_Uppercase, r):
			cased = true
		}
	}
	return cased
}

// build resolves a method name of ctrl, an endpoint or a controller key.
func (a *App) build(r *http.Request, ctrl reflect.Type, name string, ua *urlArgs, values []any) (string, error) {
	dotted := strings.IndexByte(name, '.') >= 0
	var methodErr error
	if ctrl != nil && !dotted {
		var u string
		var err error
		if routes := a.controllerRoutes(ctrl, name); len(routes) > 0 {
			u, err = a.buildRoutes(r, routes, ua, values)
		} else if ep := classEndpoint(ctrl, name); ep != "" { // a class the app does not route
			u, err = a.buildEndpoint(r, ep, ua, values)
		} else {
			err = router.ErrUnknownEndpoint
		}
		if err == nil {
			return u, nil
		}
		if !errors.Is(err, router.ErrUnknownEndpoint) {
			methodErr = err
		}
	}
	u, err := a.buildEndpoint(r, name, ua, values)
	if err == nil || !errors.Is(err, router.ErrUnknownEndpoint) {
		return u, err
	}
	if methodErr != nil {
		return "", methodErr
	}
	if dotted {
		if routes := a.cb.ControllerEndpoints[name]; len(routes) > 0 {
			return a.buildRoutes(r, routes, ua, values)
		}
	}
	return "", err
}

// buildRoutes builds the first of the routes' endpoints that accepts the
// values (several declarations of one view may use several endpoints).
func (a *App) buildRoutes(r *http.Request, routes []*Route, ua *urlArgs, values []any) (string, error) {
	var first error
	tried := ""
	for _, rt := range routes {
		ep := rt.Endpoint()
		if ep == tried {
			continue
		}
		tried = ep
		u, err := a.buildEndpoint(r, ep, ua, values)
		if err == nil {
			return u, nil
		}
		if first == nil {
			first = err
		}
	}
	return "", first
}

// controllerRoutes returns the routes of the view method name of ctrl: the
// Go name ("AboutUs") or its snake_case form ("about_us").
func (a *App) controllerRoutes(ctrl reflect.Type, name string) []*Route {
	eps := a.cb.ControllerEndpoints
	typ := baseTypeName(ctrl)
	if routes := eps[typ+"."+name]; len(routes) > 0 {
		return routes
	}
	if strings.ToLower(name) != name {
		return nil
	}
	for key, routes := range eps {
		method, ok := strings.CutPrefix(key, typ+".")
		if ok && naming.SnakeCase(method) == name {
			return routes
		}
	}
	return nil
}

// buildEndpoint builds one endpoint with the router and adds the scheme and
// host when the URL must be absolute.
func (a *App) buildEndpoint(r *http.Request, endpoint string, ua *urlArgs, values []any) (string, error) {
	var buf [192]byte
	current := a.currentHost(r)
	opts := router.BuildOptions{Method: ua.method, Anchor: ua.anchor, DropUnknown: ua.dropUnknown, Host: current}
	b, rt, err := a.router.AppendBuild(buf[:0], a.routerEndpoint(endpoint), &opts, values...)
	if err != nil {
		return "", err
	}
	// The rule's host rendered with the values ("" for any host).
	ruleHost, err := rt.BuildHost("", values...)
	if err != nil {
		return "", err
	}
	prefix, err := a.origin(r, ruleHost, ua)
	if err != nil {
		return "", err
	}
	if p := requestPrefix(r); p != "" && ua.host == "" && !a.externalServerName(ua) {
		prefix += p // the path a trusted proxy removed (X-Forwarded-Prefix)
	}
	if prefix == "" {
		return string(b), nil
	}
	return prefix + string(b), nil
}

// origin returns "" for a path-only URL, else "scheme://host" (or "//host"
// for an empty Scheme) to put in front of the built path. ruleHost is the
// built rule's host rendered with the values, "" for a rule of any host; a
// URL for another host than the request's is absolute.
func (a *App) origin(r *http.Request, ruleHost string, ua *urlArgs) (string, error) {
	if ua.host != "" || a.externalServerName(ua) {
		return a.foreignOrigin(ua)
	}
	if !ua.external && (ruleHost == "" || sameHost(a.currentHost(r), ruleHost)) {
		return "", nil
	}
	host := ruleHost
	if host == "" {
		h, err := a.serverHost(r)
		if err != nil {
			return "", err
		}
		host = h
	}
	scheme := a.requestScheme(r)
	if ua.hasScheme {
		scheme = ua.scheme
	}
	return joinOrigin(scheme, host), nil
}

// externalServerName reports an External URL built for EXTERNAL_SERVER_NAME.
func (a *App) externalServerName(ua *urlArgs) bool {
	return ua.external && a.cfg.Get("EXTERNAL_SERVER_NAME") != ""
}

// foreignOrigin is the origin for ExternalHost, else EXTERNAL_SERVER_NAME.
// The scheme is Scheme, else the one written in the host, else
// PREFERRED_URL_SCHEME (never "None://", the reference's bug).
func (a *App) foreignOrigin(ua *urlArgs) (string, error) {
	scheme, host := splitHost(ua.host)
	if ua.host == "" {
		scheme, host = splitHost(a.cfg.Get("EXTERNAL_SERVER_NAME"))
	}
	if !validHost(host) || scheme != "" && !validScheme(scheme) {
		return "", fmt.Errorf("%w: external host %q", ErrBadOption, host)
	}
	switch {
	case ua.hasScheme:
		scheme = ua.scheme
	case scheme == "":
		scheme = a.preferredScheme()
	}
	return joinOrigin(strings.ToLower(scheme), host), nil
}

// splitHost splits "https://example.com/" into "https" and "example.com".
func splitHost(s string) (scheme, host string) {
	s = strings.TrimRight(s, "/")
	if i := strings.Index(s, "://"); i >= 0 {
		return s[:i], s[i+3:]
	}
	return "", s
}

func joinOrigin(scheme, host string) string {
	if scheme == "" {
		return "//" + host
	}
	// The scheme's default port is left out, as Werkzeug does when it binds
	// SERVER_NAME ("example.org:80" gives "http://example.org/").
	if scheme == "http" {
		host = strings.TrimSuffix(host, ":80")
	} else if scheme == "https" {
		host = strings.TrimSuffix(host, ":443")
	}
	return scheme + "://" + host
}

// validHost accepts an ASCII host name or IP literal with an optional port.
func validHost(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte(".-_:[]", c) >= 0
		if !ok {
			return false
		}
	}
	return true
}

// preferredScheme is PREFERRED_URL_SCHEME, "http" when unset.
func (a *App) preferredScheme() string {
	if s := a.cfg.PreferredURLScheme; s != "" {
		return strings.ToLower(s)
	}
	return "http"
}

// requestScheme is "https" for a request that came over TLS (to the app,
// or to a trusted proxy that said so: RequestInfo), "http" for another, and
// PREFERRED_URL_SCHEME without a request.
func (a *App) requestScheme(r *http.Request) string {
	switch {
	case r == nil:
		return a.preferredScheme()
	case isHTTPS(r):
		return "https"
	}
	return "http"
}

// currentHost is the request's Host, or SERVER_NAME without a request.
func (a *App) currentHost(r *http.Request) string {
	if r != nil {
		return r.Host
	}
	return a.cfg.ServerName
}

// serverHost is the host of external URLs to this app: SERVER_NAME, else
// the request's Host when the app routes that host (a rule's Host). The
// Host header alone is never trusted.
func (a *App) serverHost(r *http.Request) (string, error) {
	if a.cfg.ServerName != "" {
		return a.cfg.ServerName, nil
	}
	if r != nil && validHost(r.Host) && a.router.ServesHost(r.Host) {
		return strings.ToLower(r.Host), nil
	}
	return "", fmt.Errorf("%w: set SERVER_NAME or give ExternalHost", ErrNoHost)
}

// sameHost compares a request host with a rule host the router's way:
// case-insensitively, the request's port ignored unless the rule has one.
func sameHost(reqHost, ruleHost string) bool {
	if reqHost == "" {
		return false
	}
	if !strings.Contains(ruleHost, ":") || strings.HasSuffix(ruleHost, "]") {
		reqHost = hostname(reqHost)
	}
	return strings.EqualFold(reqHost, ruleHost)
}

// hostname drops the port of host[:port] (IPv6 literals keep brackets).
func hostname(h string) string {
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.HasSuffix(h, "]") {
		if strings.IndexByte(h, ']') < 0 && strings.IndexByte(h[:i], ':') >= 0 {
			return h // bare IPv6 without brackets: no port
		}
		return h[:i]
	}
	return h
}

// controllerType returns the struct type of the controller serving c, nil
// for views that are not controller methods.
func (c *Ctx) controllerType() reflect.Type {
	if c.view == nil || c.view.route == nil {
		return nil
	}
	return indirect(c.view.route.ctrlType)
}

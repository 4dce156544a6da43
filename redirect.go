package fwk

// This file implements Redirect: it picks the first acceptable target among
//
//	1. Override(target)            a URL, endpoint, method name or config key
//	2. next from the query string  a URL only, validated by safeurl
//	3. next from the form body     same; a url-encoded body or a form the
//	                               view parsed, never an unread multipart body
//	4. where                       like Override
//	5. Default(target)             like Override
//	6. "/"
//
// A candidate that points outside the app is skipped, so a bad next never
// turns into a 500 or an open redirect. A where, Override or Default that
// cannot be resolved (unknown endpoint, missing param, unset config key) is
// skipped too, but it is the app's mistake: it is logged as an error, and
// with Config.Debug the view fails with it (a 500 showing it).
//
//	request                  call                                     Location
//	GET /                    Redirect("")                             /
//	GET /                    Redirect("/a b/%20c")                    /a%20b/%20c
//	GET /?next=/path         Redirect("/w")                           /path
//	GET /?next=/path         Redirect("/w", Override("/o"))           /o
//	GET /?next=//evil.com    Redirect("/w")                           /w
//	GET /?next=garbage       Redirect("/w")                           /w
//	GET /                    Redirect("http://evil.com", Default("/d"))  /d
//	GET /                    Redirect("UserResource.Get", "id", 1)    /users/1
//
// Differences from the reference (research/flask_unchained.md §1.14, §3.5):
//
//   - next is decoded once and never built as an endpoint or read as a
//     config key: "?next=garbage" falls back instead of failing with a 500,
//     and "?next=%252Fpath" is not turned into "/path";
//   - next must be a local path or an absolute http(s) URL on an allowed host
//     (internal/safeurl); relative values ("ok", "?x", "#f") and
//     scheme-relative ones ("//host/x") fall back;
//   - the scheme of an absolute URL is not compared with the request's: an
//     upgrade (https next on an http request) is followed, a downgrade on a
//     TLS request is not; default ports are normalised
//     ("http://localhost:80/" is "http://localhost/");
//   - candidates are resolved lazily, in order, and an unresolvable one is
//     skipped rather than raised;
//   - nothing is double-encoded ("/a b/%20c" gives "/a%20b/%20c").

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/fwkgo/fwk/internal/safeurl"
)

// Default sets the redirect target used when where is empty, cannot be resolved
// or is not safe (Flask-Unchained's redirect default). It takes the same forms
// as where.
func Default(target string) URLOption { return URLOption{kind: optDefault, str: target} }

// Override sets a redirect target that takes precedence over a next value of
// the query string or form (Flask-Unchained's redirect override). It takes the same forms as where.
func Override(target string) URLOption { return URLOption{kind: optOverride, str: target} }

// RedirectStatus sets the status code of a redirect: 301, 302 (the default),
// 303, 307 or 308.
func RedirectStatus(code int) URLOption { return URLOption{kind: optStatus, code: code} }

func (ua *urlArgs) applyRedirect(o URLOption) error {
	switch o.kind {
	case optDefault:
		ua.def = o.str
	case optOverride:
		ua.override = o.str
	case optStatus:
		switch o.code {
		case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
			http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
			ua.status = o.code
		default:
			return fmt.Errorf("%w: RedirectStatus(%d) is not a redirect status", ErrBadOption, o.code)
		}
	}
	return nil
}

// Redirect answers the request with a redirect (302 unless RedirectStatus
// says otherwise) and returns nil, or an error for misused options.
//
// The target is, in order: Override(target); the next value of the query
// string, then of the form; where; Default(target); "/". where, Override and
// Default are a URL, an endpoint, a controller key, a view method of the
// current controller (or of Cls) or a config key, built with URLFor and the
// same args; next is only ever a URL. Each candidate must resolve and be
// safe, otherwise the next one is tried. A where, Override or Default that
// does not resolve ("Indx" for "Index") is a mistake of the app: it is logged
// as an error and, with Config.Debug, returned (the view answers 500 showing
// it) instead of redirecting. Safety rules:
//
//   - a next value, or a URL given as text, must be a local path ("/x", never
//     "//x" or "/\x") or an absolute http(s) URL on the request's own host,
//     SERVER_NAME (not its default "localhost"), EXTERNAL_SERVER_NAME,
//     ExternalHost or a host a rule's Host matches (https only
//     when the request came over TLS, or when EXTERNAL_SERVER_NAME or
//     ExternalHost names the host with https); it is re-encoded without double
//     encoding ("/a b/%20c" gives "/a%20b/%20c");
//   - a URL built by the router is used as built, but never a
//     protocol-relative one.
func (c *Ctx) Redirect(where string, args ...any) error {
	return c.app.redirect(c.w, c.req, c.controllerType(), where, args)
}

// Redirect is Ctx.Redirect for plain http.Handler views and middleware of
// an App: r must be a request the App is serving (the App finds its Ctx in
// the request's context). For another request it writes nothing and returns
// an error wrapping ErrNotServing.
//
// Plain http.Handler views, and views behind middleware (Use,
// Meta.Decorators), get such a request from the App.
func Redirect(w http.ResponseWriter, r *http.Request, where string, args ...any) error {
	c := ctxFromRequest(r)
	if c == nil {
		return fmt.Errorf("fwk: redirect %q: %w", where, ErrNotServing)
	}
	return c.app.redirect(w, r, c.controllerType(), where, args)
}

// redirect writes the redirect of Redirect. A where, Override or Default
// that cannot be resolved (a typo'd endpoint, a missing param, an unset
// config key) is the app's mistake, not the client's: it is logged and, in
// Debug, returned, so the view answers 500 and shows it; otherwise the
// redirect falls back to the next candidate. An unsafe next, or an unsafe
// URL, falls back quietly.
func (a *App) redirect(w http.ResponseWriter, r *http.Request, ctrl reflect.Type, where string, args []any) error {
	var buf [argsBuf]any
	ua, values, err := parseURLArgs(args, buf[:0], true)
	if err != nil {
		return fmt.Errorf("fwk: redirect %q: %w", where, err)
	}
	loc, unresolved := a.redirectLocation(r, ctrl, where, &ua, values)
	if unresolved != nil {
		a.log.Error("fwk: redirect: a target given by the app cannot be resolved", "path", r.URL.Path, "error", unresolved)
		if a.cfg.Debug {
			return unresolved
		}
	}
	writeRedirect(w, loc, ua.status)
	return nil
}

func writeRedirect(w http.ResponseWriter, loc string, status int) {
	if status == 0 {
		status = http.StatusFound
	}
	w.Header().Set("Location", loc)
	w.WriteHeader(status)
}

// redirectLocation picks the Location; it never fails, but returns the
// error of the first app-given target that could not be resolved.
func (a *App) redirectLocation(r *http.Request, ctrl reflect.Type, where string, ua *urlArgs, values []any) (string, error) {
	var policy *safeurl.Policy
	var unresolved error
	pick := func(target string, isNext bool) (string, bool) {
		if target == "" {
			return "", false
		}
		if policy == nil {
			policy = a.redirectPolicy(r, ua)
		}
		if isNext {
			return safeurl.Next(target, *policy)
		}
		u, verbatim, err := a.urlFor(r, ctrl, target, ua, values)
		if err != nil {
			if unresolved == nil {
				unresolved = err // "fwk: url_for <target>: <reason>"
			}
			return "", false
		}
		return safeBuilt(u, verbatim, *policy)
	}
	if loc, ok := pick(ua.override, false); ok {
		return loc, nil
	}
	if r != nil {
		if loc, ok := pick(r.URL.Query().Get("next"), true); ok {
			return loc, unresolved
		}
		if loc, ok := pick(a.formNext(r), true); ok {
			return loc, unresolved
		}
	}
	if loc, ok := pick(where, false); ok {
		return loc, unresolved
	}
	if loc, ok := pick(ua.def, false); ok {
		return loc, unresolved
	}
	return "/", unresolved
}

// formNext is the next value of a form body (not of the query string): of
// the form the view already parsed, else of a url-encoded body, read under
// MAX_CONTENT_LENGTH and MAX_FORM_MEMORY_SIZE (a body over them, or a
// malformed one, has no next). A multipart body the view did not parse is
// never read for it.
func (a *App) formNext(r *http.Request) string {
	if r.PostForm == nil {
		if !isURLEncoded(r) || parseFormLimited(r, false, a.cfg.maxFormMemory()) != nil {
			return ""
		}
	}
	return r.PostForm.Get("next")
}

// safeBuilt checks a URL from URLFor: text given by the app goes through
// the same check as next; a router-built path is kept unless it could be
// read as another host.
func safeBuilt(u string, verbatim bool, p safeurl.Policy) (string, bool) {
	if verbatim || !strings.HasPrefix(u, "/") {
		return safeurl.Next(u, p)
	}
	if len(u) > 1 && (u[1] == '/' || u[1] == '\\') {
		return "", false
	}
	return u, true
}

// redirectPolicy lists the hosts an absolute target may name: SERVER_NAME
// (unless it is the default "localhost"), EXTERNAL_SERVER_NAME, the
// ExternalHost option, every host a rule's Host matches (with parameters
// too) and the request's own Host. The Host header is trusted here only
// because a redirect to it sends the browser back where it already is: a
// forged Host redirects only the client that forged it. A host configured with https (as
// EXTERNAL_SERVER_NAME=https://works.com) is allowed over https only, as
// the reference requires the configured scheme (test_utils.py,
// test_it_requires_same_external_server_name_scheme), unless the app asked
// for another scheme itself with the Scheme option.
func (a *App) redirectPolicy(r *http.Request, ua *urlArgs) *safeurl.Policy {
	p := &safeurl.Policy{HTTPSOnly: r != nil && isHTTPS(r), AllowHost: a.router.ServesHost}
	otherScheme := ua.hasScheme && ua.scheme != "https"
	add := func(h string) {
		scheme, host := splitHost(h)
		if host == "" {
			return
		}
		host = strings.ToLower(host)
		if strings.EqualFold(scheme, "https") && !otherScheme {
			host = "https://" + host
		}
		p.AllowedHosts = append(p.AllowedHosts, host)
	}
	if !isDefaultServerName(a.cfg.ServerName) {
		add(a.cfg.ServerName)
	}
	add(a.cfg.Get("EXTERNAL_SERVER_NAME"))
	add(ua.host)
	if r != nil && validHost(r.Host) {
		p.AllowedHosts = append(p.AllowedHosts, strings.ToLower(r.Host))
	}
	return p
}

// isDefaultServerName reports SERVER_NAME's default, "localhost" without a
// port: it names no host the app chose, so it is no redirect target of its
// own (a request sent to localhost may still go back there, as its own
// host).
func isDefaultServerName(name string) bool {
	return strings.EqualFold(name, DefaultConfig().ServerName)
}

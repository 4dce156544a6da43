package fwk

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
)

// CSRF protection (WTF_CSRF_ENABLED): with WTF_CSRF_CHECK_DEFAULT, every
// request of a checked method (WTF_CSRF_METHODS; by default anything but
// GET, HEAD, OPTIONS and TRACE, compared exactly) to a view that is not
// exempt is checked before the view runs; ProtectCSRF checks one on demand:
//
//  1. the origin: http.CrossOriginProtection (Sec-Fetch-Site, else Origin
//     against Host; CSRFTrustedOrigins pass) and, on https requests with
//     WTF_CSRF_SSL_STRICT, an Origin that must be https, or without Origin
//     a Referer on the same https host (Flask-WTF's SSL strict mode)
//     unless Sec-Fetch-Site says same-origin; a refusal is a 403;
//  2. the token: the form field WTF_CSRF_FIELD_NAME (its first value), a
//     form field whose name ends with it (prefixed forms), then the headers
//     WTF_CSRF_HEADERS (X-CSRFToken, X-CSRF-Token); never the query string.
//     A refusal is a 400 with Flask-WTF's reason.
//
// A request that passed is marked so: the CSRF field of its forms is not
// checked again (Flask-WTF's g.csrf_valid).

// csrfConfig is the CSRF configuration of an App, built by New.
type csrfConfig struct {
	on           bool
	checkDefault bool     // WTF_CSRF_CHECK_DEFAULT
	sslStrict    bool     // WTF_CSRF_SSL_STRICT
	methods      []string // WTF_CSRF_METHODS; nil: every unsafe method
	headers      []string // WTF_CSRF_HEADERS
	signer       *signer  // nil without a key
	field        string
	metaName     string // WTF_CSRF_META_NAME
	origins      *http.CrossOriginProtection
	trusted      []string  // CSRFTrustedOrigins, lower-cased
	offWarning   sync.Once // the CSRF-off warning (App.warnCSRFOff)
}

// initCSRF builds a.csrf from the configuration, which Config.validate
// checked (checkOrigins refuses the origins AddTrustedOrigin would).
func (a *App) initCSRF() {
	cfg, cc := a.cfg, &a.csrf
	cc.on, cc.checkDefault, cc.sslStrict = cfg.CSRFEnabled, cfg.CSRFCheckDefault, cfg.CSRFSSLStrict
	cc.methods, cc.headers = cfg.CSRFMethods, cfg.csrfHeaders()
	cc.field, cc.metaName = cfg.csrfFieldName(), cfg.csrfMetaName()
	switch {
	case cfg.CSRFSecretKey != "":
		cc.signer = newSigner("csrf", cfg.CSRFSecretKey)
	case cfg.SecretKey != "":
		cc.signer = newSigner("csrf", append([]string{cfg.SecretKey}, cfg.SecretKeyFallbacks...)...)
	}
	cc.origins = http.NewCrossOriginProtection()
	for _, o := range cfg.CSRFTrustedOrigins {
		_ = cc.origins.AddTrustedOrigin(o)
		cc.trusted = append(cc.trusted, strings.ToLower(o))
	}
}

// warnCSRFTemplates warns, when the app starts serving (Serve), that a
// template calls csrfToken but there is no key to sign tokens with:
// rendering it fails (a logged 500 naming SECRET_KEY). It is a warning of
// serving only: the urls command, URL building and tests (which serve
// through ServeHTTP) build the app without secrets and never see it.
func (a *App) warnCSRFTemplates() {
	if a.csrf.signer != nil {
		return
	}
	for _, s := range a.tmpl.sets {
		for _, fn := range [...]string{"csrfToken", "csrfMetaTag"} {
			if l, ok := s.set.FirstUse(fn); ok {
				a.log.Warn("fwk: a template calls "+fn+" but SECRET_KEY is not set: its pages will fail with 500",
					"template", l.File, "line", l.Line, "bundle", l.Bundle)
				return
			}
		}
	}
}

// checkedMethod reports whether requests of method are checked (see
// above).
func (cc *csrfConfig) checkedMethod(method string) bool {
	if cc.methods != nil {
		return slices.Contains(cc.methods, method)
	}
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return false
	}
	return true
}

// checkCSRF applies CSRF protection to the request of c, whose view is
// known. It costs nothing when protection is off or the method is not
// checked.
func (a *App) checkCSRF(c *Ctx) error {
	cc := &a.csrf
	if !cc.on || !cc.checkDefault || c.view.csrfExempt || !cc.checkedMethod(c.req.Method) {
		return nil
	}
	return a.protectCSRF(c, nil)
}

// ProtectCSRF checks the request of c now, as the app-wide check does
// (Flask-WTF's csrf.protect()): for a view that WTF_CSRF_CHECK_DEFAULT
// false leaves unchecked, or one exempt from the app-wide check (unless
// CSRFApplyExemptions is given). A request whose method WTF_CSRF_METHODS
// does not list passes, and so does every request while WTF_CSRF_ENABLED
// is off. A refusal is a *CSRFError (400 for the token, 403 for the
// origin), logged at info level; return it from the view. A request that
// passes needs no token in its forms. The other options are ValidateCSRF's.
// A nil c (CtxFrom in app-wide middleware) is an error wrapping
// ErrNotServing.
func ProtectCSRF(c *Ctx, opts ...CSRFOption) error {
	if c == nil || c.req == nil { // CtxFrom outside a view's middleware
		return fmt.Errorf("fwk: ProtectCSRF: %w", ErrNotServing)
	}
	cc := &c.app.csrf
	if !cc.on || c.csrfValid || !cc.checkedMethod(c.req.Method) {
		return nil
	}
	if resolveCSRFOptions(opts).applyExemptions && (c.view == nil || c.view.csrfExempt) {
		return nil
	}
	return c.app.protectCSRF(c, opts)
}

// protectCSRF checks the request of c (see above); opts are ValidateCSRF's.
func (a *App) protectCSRF(c *Ctx, opts []CSRFOption) error {
	err := a.checkOrigin(c.req)
	if err == nil {
		var token string
		if token, err = c.csrfTokenFromRequest(); err == nil {
			err = ValidateCSRF(c, token, opts...)
		}
	}
	if err != nil {
		a.logCSRF(c, "fwk: CSRF check refused the request", err)
		return err
	}
	c.csrfValid = true
	return nil
}

// logCSRF logs a CSRF refusal at info level, as Flask-WTF does, with
// Flask-WTF's reason.
func (a *App) logCSRF(c *Ctx, msg string, err error) {
	a.log.Info(msg, "endpoint", c.endpoint(), "method", c.req.Method,
		"path", c.req.URL.Path, "reason", csrfReason(err), "error", err)
}

// checkOrigin is the origin half of the protection (see above).
func (a *App) checkOrigin(r *http.Request) error {
	cc := &a.csrf
	refuse := func(reason string) error { return &CSRFError{Status: http.StatusForbidden, Reason: reason} }
	if err := cc.origins.Check(r); err != nil {
		return refuse("Cross-origin request refused.")
	}
	if !cc.sslStrict || a.requestScheme(r) != "https" {
		return nil
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		if !strings.HasPrefix(origin, "https://") && !slices.Contains(cc.trusted, strings.ToLower(origin)) {
			return refuse("The origin is not https.")
		}
		return nil
	}
	if r.Header.Get("Sec-Fetch-Site") == "same-origin" {
		return nil
	}
	ref := r.Referer()
	if ref == "" {
		return refuse("The referrer header is missing.")
	}
	u, err := url.Parse(ref)
	if err != nil || u.Host == "" {
		return refuse("The referrer header is invalid.")
	}
	same := u.Scheme == "https" && strings.EqualFold(u.Host, a.currentHost(r))
	if !same && !slices.Contains(cc.trusted, strings.ToLower(u.Scheme+"://"+u.Host)) {
		return refuse("The referrer does not match the host.")
	}
	return nil
}

// csrfTokenFromRequest finds the token of an unsafe request (see above).
func (c *Ctx) csrfTokenFromRequest() (string, error) {
	r, field := c.req, c.app.csrf.field
	if isURLEncoded(r) || isMultipart(r) {
		if err := c.parseForm(true); err != nil {
			return "", err
		}
		if vs := r.PostForm[field]; len(vs) > 0 && vs[0] != "" {
			return vs[0], nil
		}
		var keys []string
		for k, vs := range r.PostForm {
			if strings.HasSuffix(k, field) && len(vs) > 0 && vs[0] != "" {
				keys = append(keys, k)
			}
		}
		if len(keys) > 0 {
			slices.Sort(keys) // deterministic when several prefixed forms post
			return r.PostForm[keys[0]][0], nil
		}
	}
	for _, h := range c.app.csrf.headers {
		if v := r.Header.Get(h); v != "" {
			return v, nil
		}
	}
	return "", nil
}

package fwk

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// CSRF protection (WTF_CSRF_ENABLED): every request of a non-safe method
// (anything but GET, HEAD, OPTIONS and TRACE, compared exactly) to a view
// that is not exempt is checked before the view runs:
//
//  1. the origin: http.CrossOriginProtection (Sec-Fetch-Site, else Origin
//     against Host; CSRFTrustedOrigins pass) and, on TLS requests, an Origin
//     that must be https, or without Origin a Referer on the same https
//     host (Flask-WTF's SSL strict mode) unless Sec-Fetch-Site says
//     same-origin; a refusal is a 403;
//  2. the token: the form field WTF_CSRF_FIELD_NAME (its first value), a
//     form field whose name ends with it (prefixed forms), then the
//     X-CSRFToken and X-CSRF-Token headers; never the query string. A
//     refusal is a 400 with Flask-WTF's reason.

// csrfConfig is the CSRF configuration of an App, built by New.
type csrfConfig struct {
	on      bool
	signer  *signer // nil without a key
	field   string
	origins *http.CrossOriginProtection
	trusted []string // CSRFTrustedOrigins, lower-cased
}

// initCSRF builds a.csrf from the configuration.
func (a *App) initCSRF() error {
	cfg, cc := a.cfg, &a.csrf
	cc.on = cfg.CSRFEnabled
	cc.field = cfg.csrfFieldName()
	switch {
	case cfg.CSRFSecretKey != "":
		cc.signer = newSigner("csrf", cfg.CSRFSecretKey)
	case cfg.SecretKey != "":
		cc.signer = newSigner("csrf", append([]string{cfg.SecretKey}, cfg.SecretKeyFallbacks...)...)
	}
	if cc.signer == nil {
		a.warnCSRFTemplates()
	}
	cc.origins = http.NewCrossOriginProtection()
	for _, o := range cfg.CSRFTrustedOrigins {
		if err := cc.origins.AddTrustedOrigin(o); err != nil {
			return &StartupError{What: "config", Culprit: keyCSRFTrustedOrigins, Err: fmt.Errorf("%q: %w", o, err)}
		}
		cc.trusted = append(cc.trusted, strings.ToLower(o))
	}
	return nil
}

// warnCSRFTemplates warns at start-up when a template calls csrfToken but
// there is no key to sign tokens with: rendering it fails (a logged 500
// naming SECRET_KEY). It is a warning, not an error, so that tools that
// build the app without secrets (the urls command, URL building in tests)
// keep working.
func (a *App) warnCSRFTemplates() {
	for _, s := range a.tmpl.sets {
		if l, ok := s.set.FirstUse("csrfToken"); ok {
			a.log.Warn("fwk: a template calls csrfToken but SECRET_KEY is not set: its pages will fail with 500",
				"template", l.File, "line", l.Line, "bundle", l.Bundle)
			return
		}
	}
}

// safeMethod reports whether method needs no CSRF check (exact case).
func safeMethod(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return true
	}
	return false
}

// checkCSRF applies CSRF protection to the request of c, whose view is
// known. It costs nothing when protection is off or the method is safe.
func (a *App) checkCSRF(c *Ctx) error {
	if !a.csrf.on || safeMethod(c.req.Method) || c.view.csrfExempt {
		return nil
	}
	err := a.csrf.checkOrigin(c.req)
	if err == nil {
		var token string
		if token, err = c.csrfTokenFromRequest(); err == nil {
			err = ValidateCSRF(c, token)
		}
	}
	if err != nil {
		a.log.Info("fwk: CSRF check refused the request", "endpoint", c.endpoint(),
			"method", c.req.Method, "path", c.req.URL.Path, "error", err)
	}
	return err
}

// checkOrigin is the origin half of the protection (see above).
func (cc *csrfConfig) checkOrigin(r *http.Request) error {
	refuse := func(reason string) error { return &CSRFError{Status: http.StatusForbidden, Reason: reason} }
	if err := cc.origins.Check(r); err != nil {
		return refuse("Cross-origin request refused.")
	}
	if r.TLS == nil {
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
	same := u.Scheme == "https" && strings.EqualFold(u.Host, r.Host)
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
	for _, h := range [...]string{"X-CSRFToken", "X-CSRF-Token"} {
		if v := r.Header.Get(h); v != "" {
			return v, nil
		}
	}
	return "", nil
}

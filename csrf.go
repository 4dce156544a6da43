package fwk

import (
	"crypto/rand"
	"crypto/subtle"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// CSRF tokens follow Flask-WTF: a raw random token is kept in the session
// under the token key (WTF_CSRF_FIELD_NAME, "csrf_token"), and the page gets
// a signed, timestamped form of it:
//
//	raw "." issued-unix-seconds "." base64url(HMAC-SHA256)
//
// signed with a key derived from WTF_CSRF_SECRET_KEY, else SECRET_KEY (and
// its fallbacks). Validation checks the signature, then the age
// (WTF_CSRF_TIME_LIMIT), then compares the raw token with the session's in
// constant time.

// Flask-WTF's reasons for refusing a token.
const (
	csrfMissing        = "The CSRF token is missing."
	csrfSessionMissing = "The CSRF session token is missing."
	csrfExpired        = "The CSRF token has expired."
	csrfInvalid        = "The CSRF token is invalid."
	csrfMismatch       = "The CSRF tokens do not match."
)

// csrfRawLen is the length of a raw token: 32 random bytes in base64url.
const csrfRawLen = macText

// maxCSRFToken bounds the tokens parsed: a real one is about 100 bytes.
const maxCSRFToken = 256

// csrfContext is bound into the MAC of a token (Flask-WTF's salt).
var csrfContext = []byte("wtf-csrf-token")

// CSRFError is the error of a request refused by CSRF protection, and of
// ValidateCSRF. It unwraps to an *HTTPError of its Status, so the app
// answers with the reason (as JSON for JSON clients) and StatusCode works.
type CSRFError struct {
	// Status is 400 for a token problem (Flask-WTF's CSRFError) and 403 for
	// a request refused by the origin check.
	Status int
	// Reason is Flask-WTF's message: "The CSRF token is missing.", "The
	// CSRF session token is missing.", "The CSRF token has expired.", "The
	// CSRF token is invalid.", "The CSRF tokens do not match.", or a reason
	// of the origin check ("The referrer header is missing.", ...).
	Reason string
}

// Error returns "fwk: csrf: <reason>".
func (e *CSRFError) Error() string { return "fwk: csrf: " + e.Reason }

// Unwrap returns the *HTTPError the app renders.
func (e *CSRFError) Unwrap() error { return &HTTPError{Status: e.Status, Message: e.Reason} }

// csrfError is a 400 CSRFError with reason.
func csrfError(reason string) *CSRFError {
	return &CSRFError{Status: http.StatusBadRequest, Reason: reason}
}

// CSRFOption changes how GenerateCSRF and ValidateCSRF work (Flask-WTF's
// arguments).
type CSRFOption func(*csrfOptions)

type csrfOptions struct {
	secret          string
	tokenKey        string
	timeLimit       *time.Duration
	applyExemptions bool
}

// CSRFSecretKey signs (and verifies) with key instead of
// WTF_CSRF_SECRET_KEY / SECRET_KEY (Flask-WTF's secret_key).
func CSRFSecretKey(key string) CSRFOption { return func(o *csrfOptions) { o.secret = key } }

// CSRFTokenKey keeps the raw token under key in the session instead of
// WTF_CSRF_FIELD_NAME (Flask-WTF's token_key).
func CSRFTokenKey(key string) CSRFOption { return func(o *csrfOptions) { o.tokenKey = key } }

// CSRFTimeLimit sets how old a token ValidateCSRF accepts, instead of
// WTF_CSRF_TIME_LIMIT (Flask-WTF's time_limit): 0 means as long as the
// session lives, a negative limit refuses every token as expired.
func CSRFTimeLimit(d time.Duration) CSRFOption {
	return func(o *csrfOptions) { o.timeLimit = &d }
}

// CSRFApplyExemptions makes ProtectCSRF pass the requests of views exempt
// from the app-wide check (CSRFExempt, Meta.CSRFExempt), as Flask-WTF's
// protect(apply_exemptions=True). GenerateCSRF and ValidateCSRF ignore it.
func CSRFApplyExemptions() CSRFOption { return func(o *csrfOptions) { o.applyExemptions = true } }

// resolveCSRFOptions applies opts.
func resolveCSRFOptions(opts []CSRFOption) csrfOptions {
	var o csrfOptions
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// csrfSetup resolves the options of one call: the signer, the session key
// and the time limit.
func (c *Ctx) csrfSetup(opts []CSRFOption) (*signer, string, time.Duration, error) {
	o := resolveCSRFOptions(opts)
	cc := &c.app.csrf
	sg, key, limit := cc.signer, c.app.cfg.csrfFieldName(), c.app.cfg.CSRFTimeLimit
	if o.secret != "" {
		sg = newSigner("csrf", o.secret)
	}
	if o.tokenKey != "" {
		key = o.tokenKey
	}
	if o.timeLimit != nil {
		limit = *o.timeLimit
	}
	if sg == nil {
		return nil, "", 0, errNoKey("csrf")
	}
	return sg, key, limit, nil
}

// GenerateCSRF returns a signed CSRF token for the user of the request
// (Flask-WTF's generate_csrf), for a hidden form field named
// WTF_CSRF_FIELD_NAME or an X-CSRFToken header. The raw token is kept in
// the session under the token key; with default options the token is made
// once per request, so every call of one request returns the same string.
// Templates call it as csrfToken:
//
//	<input type="hidden" name="csrf_token" value="{{csrfToken}}">
//
// Without a secret key it returns an error wrapping ErrNoSecretKey.
func GenerateCSRF(c *Ctx, opts ...CSRFOption) (string, error) {
	if len(opts) == 0 && c.csrfToken != "" {
		return c.csrfToken, nil
	}
	sg, key, _, err := c.csrfSetup(opts)
	if err != nil {
		return "", err
	}
	s := c.Session()
	if s.err != nil {
		return "", s.err
	}
	raw, _ := s.vals[key].(string)
	if len(raw) != csrfRawLen {
		var b [32]byte
		_, _ = rand.Read(b[:]) // never fails (crypto/rand)
		raw = b64.EncodeToString(b[:])
		s.Set(key, raw)
	}
	text := make([]byte, 0, 128)
	text = append(text, raw...)
	text = append(text, '.')
	text = strconv.AppendInt(text, c.app.sess.now().Unix(), 10)
	token := string(sg.sign(nil, c.mac[:], csrfContext, text))
	if len(opts) == 0 {
		c.csrfToken = token
	}
	return token, nil
}

// CSRFMetaTag returns a <meta> tag that carries the token of GenerateCSRF
// for scripts (Flask-WTF's csrf_meta_tag), named name, or
// WTF_CSRF_META_NAME ("csrf-token") when name is "":
//
//	<meta name="csrf-token" content="...">
//
// Both attributes are HTML-escaped. Templates call it as csrfMetaTag, with
// an optional name: {{csrfMetaTag}} or {{csrfMetaTag "x-csrf"}}. A script
// reads the content and sends it in an X-CSRFToken header.
func CSRFMetaTag(c *Ctx, name string, opts ...CSRFOption) (template.HTML, error) {
	if name == "" {
		name = c.app.csrf.metaName
	}
	tok, err := GenerateCSRF(c, opts...)
	if err != nil {
		return "", err
	}
	return template.HTML(`<meta name="` + template.HTMLEscapeString(name) +
		`" content="` + template.HTMLEscapeString(tok) + `">`), nil
}

// ValidateCSRF checks token against the session of the request
// (Flask-WTF's validate_csrf). A refused token is a *CSRFError (status 400)
// with Flask-WTF's reason, checked in Flask-WTF's order: missing token,
// missing session token, bad signature or format ("invalid"), too old
// ("expired"), and a token of another session ("do not match"). Tokens
// compare in constant time. Without a secret key the error wraps
// ErrNoSecretKey.
func ValidateCSRF(c *Ctx, token string, opts ...CSRFOption) error {
	sg, key, limit, err := c.csrfSetup(opts)
	if err != nil {
		return err
	}
	if token == "" {
		return csrfError(csrfMissing)
	}
	s := c.Session()
	if s.err != nil {
		return s.err
	}
	want, _ := s.vals[key].(string)
	if want == "" {
		return csrfError(csrfSessionMissing)
	}
	raw, issued, ok := c.openCSRF(sg, token)
	if !ok {
		return csrfError(csrfInvalid)
	}
	age := c.app.sess.now().Unix() - issued
	if limit < 0 || limit > 0 && (age > int64(limit/time.Second) || age < -int64(maxClockSkew/time.Second)) {
		return csrfError(csrfExpired)
	}
	if subtle.ConstantTimeCompare([]byte(raw), []byte(want)) != 1 {
		return csrfError(csrfMismatch)
	}
	return nil
}

// openCSRF verifies a signed token and returns its raw token and issue
// time.
func (c *Ctx) openCSRF(sg *signer, token string) (raw string, issued int64, ok bool) {
	if len(token) > maxCSRFToken {
		return "", 0, false
	}
	buf := c.sbuf[:0]
	buf = append(buf, token...)
	c.sbuf = buf[:0]
	text, _, ok := sg.verify(buf, csrfContext, c.mac[:])
	if !ok {
		return "", 0, false
	}
	r, ts, ok := strings.Cut(string(text), ".")
	if !ok || len(r) != csrfRawLen {
		return "", 0, false
	}
	issued, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return "", 0, false
	}
	return r, issued, true
}

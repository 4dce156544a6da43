package fwk

import (
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/idna"
)

// Config is the application configuration. Every key the controller bundle reads
// has a typed field; Get looks any of them up by its Flask-Unchained name (the
// name in parentheses below), and Values holds the application's own keys.
//
// The zero Config is not the default one: start from DefaultConfig (or
// ConfigFromEnv) and change what you need.
type Config struct {
	// FlashMessages (FLASH_MESSAGES) enables Ctx.Flash. Default true.
	FlashMessages bool
	// TemplateFileExtension (TEMPLATE_FILE_EXTENSION) is appended to template
	// names given without an extension. Default ".html".
	TemplateFileExtension string
	// CSRFEnabled (WTF_CSRF_ENABLED) turns CSRF protection on. Default false.
	// When true, fwk.New requires a SecretKey of at least 32 bytes.
	CSRFEnabled bool
	// ServerName (SERVER_NAME) is the host (and port) used for absolute URLs
	// built outside of a request and for Subdomain rules. It does not restrict
	// which hosts are served. A name that is not ASCII ("☃.example.com") is
	// used in its IDNA form ("xn--n3h.example.com"), as clients send it;
	// fwk.New refuses one IDNA cannot encode. Default "localhost".
	ServerName string
	// DefaultSubdomain (DEFAULT_SUBDOMAIN) is the subdomain of ServerName
	// that rules without fwk.Host or fwk.Subdomain serve (Werkzeug's
	// Map.default_subdomain, which Flask sets on app.url_map): with "www",
	// they answer "www.example.com" only, and hosts outside ServerName
	// (an address, another name) are served as that subdomain. A view for
	// the bare server name uses fwk.Host with ServerName. Default "" (rules
	// without a host serve every host).
	DefaultSubdomain string
	// PreferredURLScheme (PREFERRED_URL_SCHEME) is the scheme of absolute URLs
	// built outside of a request. Default "http".
	PreferredURLScheme string
	// SecretKey (SECRET_KEY) signs sessions and, unless CSRFSecretKey is set,
	// CSRF tokens. Default "" (no signing features may be used). A key that
	// is set must be at least 32 bytes and not a placeholder (see
	// ErrSecretKey); fwk.New refuses it otherwise.
	SecretKey string
	// SecretKeyFallbacks (SECRET_KEY_FALLBACKS, comma-separated in the
	// environment) are older keys that still verify session cookies and CSRF
	// tokens while SecretKey signs new ones: list the previous key here when
	// rotating, remove it once SessionLifetime has passed.
	SecretKeyFallbacks []string
	// SessionCookieName (SESSION_COOKIE_NAME) names the session cookie.
	// Default "session"; a "__Host-" name is sent with Secure, Path=/ and no
	// Domain as browsers require.
	SessionCookieName string
	// SessionCookieSecure (SESSION_COOKIE_SECURE) true marks the session
	// cookie Secure on every response, whatever the request's scheme or
	// PreferredURLScheme. Left unset (the default, false with
	// SessionCookieSecureSet false), Secure is decided per request: it is
	// sent when the request came over https (TLS to the app, or a trusted
	// proxy's X-Forwarded-Proto or Forwarded: see TrustedProxies) or
	// PreferredURLScheme is "https", so an app served on plain http keeps its
	// session. A "__Host-" or "__Secure-" name, or SameSite=None, always
	// gets Secure, as browsers require.
	SessionCookieSecure bool
	// SessionCookieSecureSet says that SessionCookieSecure was set on
	// purpose, so that false means "never Secure" rather than "decide per
	// request". ConfigFromEnv sets it when SESSION_COOKIE_SECURE is in the
	// environment. An explicit setting always wins over the request's scheme.
	SessionCookieSecureSet bool
	// SessionCookieSameSite (SESSION_COOKIE_SAMESITE: "Lax", "Strict" or
	// "None") is the SameSite attribute of the session cookie. Default
	// http.SameSiteLaxMode.
	SessionCookieSameSite http.SameSite
	// SessionLifetime (PERMANENT_SESSION_LIFETIME, seconds) is how long a
	// session lives after it was last saved: the cookie's Max-Age, the
	// oldest signature accepted and the expiry given to a SessionStore.
	// Default 31 days.
	SessionLifetime time.Duration
	// CSRFTrustedOrigins (WTF_CSRF_TRUSTED_ORIGINS, comma-separated in the
	// environment) are origins ("https://admin.example.com") allowed to send
	// cross-origin unsafe requests past the origin check (they still need a
	// CSRF token). Each must be scheme://host[:port].
	CSRFTrustedOrigins []string
	// CSRFSecretKey (WTF_CSRF_SECRET_KEY) signs CSRF tokens; "" means SecretKey.
	CSRFSecretKey string
	// CSRFFieldName (WTF_CSRF_FIELD_NAME) is the form field and session key of
	// the CSRF token. Default "csrf_token".
	CSRFFieldName string
	// CSRFTimeLimit (WTF_CSRF_TIME_LIMIT, seconds) is how long a CSRF token is
	// valid. Default one hour; 0 means as long as the session lives.
	CSRFTimeLimit time.Duration
	// CSRFCheckDefault (WTF_CSRF_CHECK_DEFAULT) checks every view that is not
	// exempt when CSRFEnabled. When false, only views that call ProtectCSRF
	// and forms with a CSRF field are checked. Default true.
	CSRFCheckDefault bool
	// CSRFMethods (WTF_CSRF_METHODS, comma-separated in the environment) are
	// the methods checked, compared exactly. Default nil: every method but
	// GET, HEAD, OPTIONS and TRACE.
	CSRFMethods []string
	// CSRFHeaders (WTF_CSRF_HEADERS, comma-separated in the environment) are
	// the headers searched for the token when the form has none. Default
	// X-CSRFToken and X-CSRF-Token; nil means the default, an empty non-nil
	// list (or an empty variable) no header.
	CSRFHeaders []string
	// CSRFSSLStrict (WTF_CSRF_SSL_STRICT) makes the check of https requests
	// require an https Origin or a Referer of the same https host. Default
	// true.
	CSRFSSLStrict bool
	// CSRFMetaName (WTF_CSRF_META_NAME) is the name attribute of the tag
	// CSRFMetaTag renders. Default "csrf-token".
	CSRFMetaName string
	// MaxBodyBytes (MAX_CONTENT_LENGTH) is the largest request body, in
	// bytes, the framework reads (forms, JSON bodies, the form lookup of
	// `next`): a larger body is answered 413. Default 10 MiB; 0 means the
	// default and a negative value means no limit.
	MaxBodyBytes int64
	// MaxFormMemory (MAX_FORM_MEMORY_SIZE) is how many bytes of a multipart
	// form are kept in memory (non-file values must fit; larger files spill to
	// temporary files, the whole body still bounded by MaxBodyBytes). Default
	// 500,000 bytes as in Flask; 0 means the default.
	MaxFormMemory int64
	// ReadHeaderTimeout (SERVE_READ_HEADER_TIMEOUT), ReadTimeout
	// (SERVE_READ_TIMEOUT), WriteTimeout (SERVE_WRITE_TIMEOUT) and IdleTimeout
	// (SERVE_IDLE_TIMEOUT) are the timeouts of the http.Server that Run and
	// Serve start. Defaults 10s, 60s, 60s and 120s; 0 means the default and a
	// negative value means no timeout. ReadTimeout bounds the reading of a
	// request that has a body; WriteTimeout how long a write to the client
	// may stall (a sendfile of a whole file counts as one write). The read
	// timeouts are never early, and late by at most a twentieth of the
	// shortest timeout (500ms at most).
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// ShutdownTimeout (SERVE_SHUTDOWN_TIMEOUT) is how long Serve waits for
	// requests in flight when it stops. Default 15s; 0 means the default and
	// a negative value means waiting for all of them.
	ShutdownTimeout time.Duration
	// MaxHeaderBytes (SERVE_MAX_HEADER_BYTES) caps the size of a request's
	// header (request line included) on the server that Run and Serve start;
	// a larger one is answered 431. Default 64 KiB; 0 means the default, a
	// negative value is an error from fwk.New.
	MaxHeaderBytes int
	// TrustedProxies (TRUSTED_PROXIES, comma-separated in the environment)
	// lists the proxies whose forwarding headers are read: IP addresses or
	// CIDR prefixes ("10.0.0.0/8", "127.0.0.1"), matched against the
	// connection's peer. A request from any other peer is taken as it came.
	// Default none: no header is trusted. See config_proxy.go.
	TrustedProxies []string
	// ProxyXFor (PROXY_X_FOR), ProxyXProto (PROXY_X_PROTO), ProxyXHost
	// (PROXY_X_HOST), ProxyXPort (PROXY_X_PORT) and ProxyXPrefix
	// (PROXY_X_PREFIX) are how many proxies in front of the app set
	// X-Forwarded-For, -Proto, -Host, -Port and -Prefix, as Werkzeug's
	// ProxyFix counts them: the value used is the n-th from the right.
	// ProxyForwarded (PROXY_FORWARDED) is the same count for the RFC 7239
	// Forwarded header, whose for, proto and host win over the X-Forwarded
	// ones. Default 0 (not trusted); a count needs TrustedProxies.
	ProxyXFor, ProxyXProto, ProxyXHost, ProxyXPort, ProxyXPrefix, ProxyForwarded int
	// LivenessPath (LIVENESS_PATH) and ReadinessPath (READINESS_PATH) are
	// the paths of the liveness and readiness probes of a load balancer
	// ("/livez", "/readyz"). Default "" (not served). See health.go and
	// App.ReadinessHandler.
	LivenessPath, ReadinessPath string
	// DrainDelay (SERVE_DRAIN_DELAY, seconds) is how long Serve keeps
	// serving, not ready, once its shutdown begins, so that the balancer
	// stops sending requests before the listener closes: a little more than
	// the balancer's check interval. Default 0.
	DrainDelay time.Duration
	// Debug (DEBUG) shows error details and panic stacks to clients,
	// re-reads templates on every render and answers static files with
	// Cache-Control: no-cache, so that edits show on refresh. Default false.
	Debug bool
	// Values holds the application's own keys, read with Get. Keys named
	// above are never looked up here.
	Values map[string]string

	// OpenAPIPath (OPENAPI_PATH) is the path the app serves its OpenAPI
	// document at (App.OpenAPI), as JSON, e.g. "/openapi.json". Default ""
	// (not served); the openapi command prints it either way.
	OpenAPIPath string
	// OpenAPITitle (OPENAPI_TITLE) and OpenAPIVersion (OPENAPI_VERSION) are
	// the title and version of the OpenAPI document. Defaults "API" and
	// "0.0.0".
	OpenAPITitle, OpenAPIVersion string
	// OpenAPIDescription (OPENAPI_DESCRIPTION) is the description of the
	// API (CommonMark) in the OpenAPI document's info. Default "".
	OpenAPIDescription string
	// OpenAPIServers (OPENAPI_SERVERS) lists the base URLs the API is
	// served at, comma-separated ("https://api.example.com,
	// http://localhost:8080"), the document's servers. Default "": the
	// document lists "/", the server it is read from.
	OpenAPIServers string
	// OpenAPIContactName (OPENAPI_CONTACT_NAME), OpenAPIContactURL
	// (OPENAPI_CONTACT_URL) and OpenAPIContactEmail (OPENAPI_CONTACT_EMAIL)
	// say who answers for the API, in the document's info. Default "".
	OpenAPIContactName, OpenAPIContactURL, OpenAPIContactEmail string
	// OpenAPILicense (OPENAPI_LICENSE) names the API's license ("MIT",
	// "Apache 2.0") and OpenAPILicenseURL (OPENAPI_LICENSE_URL) links to
	// its text, in the document's info. Default "" (no license).
	OpenAPILicense, OpenAPILicenseURL string
	// ErrorFormat (ERROR_FORMAT) is the shape of JSON error answers: ""
	// for fwk's {"error": message, "status": code}, or "problem+json" for
	// RFC 9457 problem details (application/problem+json: type, title,
	// status, detail, and "errors" per field), which the OpenAPI document
	// then lists. Any other value is an error from fwk.New. Default "".
	ErrorFormat string

	// Logger receives start-up warnings, view errors and panics. Default
	// (nil) slog.Default(). It is not a configuration key: Get ignores it.
	Logger *slog.Logger

	envErr error // a variable ConfigFromEnv could not parse; see Err
}

// Names of the configuration keys that Config has typed fields for.
const (
	keyFlashMessages         = "FLASH_MESSAGES"
	keyTemplateFileExtension = "TEMPLATE_FILE_EXTENSION"
	keyCSRFEnabled           = "WTF_CSRF_ENABLED"
	keyServerName            = "SERVER_NAME"
	keyDefaultSubdomain      = "DEFAULT_SUBDOMAIN"
	keyPreferredURLScheme    = "PREFERRED_URL_SCHEME"
	keySecretKey             = "SECRET_KEY"
	keyCSRFSecretKey         = "WTF_CSRF_SECRET_KEY"
	keyCSRFFieldName         = "WTF_CSRF_FIELD_NAME"
	keyCSRFTimeLimit         = "WTF_CSRF_TIME_LIMIT"
	keyDebug                 = "DEBUG"
	keyMaxBodyBytes          = "MAX_CONTENT_LENGTH"
	keyMaxFormMemory         = "MAX_FORM_MEMORY_SIZE"
	keySecretKeyFallbacks    = "SECRET_KEY_FALLBACKS"
	keySessionCookieName     = "SESSION_COOKIE_NAME"
	keySessionCookieSecure   = "SESSION_COOKIE_SECURE"
	keySessionCookieSameSite = "SESSION_COOKIE_SAMESITE"
	keySessionLifetime       = "PERMANENT_SESSION_LIFETIME"
	keyCSRFTrustedOrigins    = "WTF_CSRF_TRUSTED_ORIGINS"
	keyCSRFCheckDefault      = "WTF_CSRF_CHECK_DEFAULT"
	keyCSRFMethods           = "WTF_CSRF_METHODS"
	keyCSRFHeaders           = "WTF_CSRF_HEADERS"
	keyCSRFSSLStrict         = "WTF_CSRF_SSL_STRICT"
	keyCSRFMetaName          = "WTF_CSRF_META_NAME"
)

// defaultSessionLifetime is Flask's PERMANENT_SESSION_LIFETIME.
const defaultSessionLifetime = 31 * 24 * time.Hour

// Defaults of the body limits (see Config.MaxBodyBytes, Config.MaxFormMemory).
const (
	defaultMaxBodyBytes  = 10 << 20
	defaultMaxFormMemory = 500_000
)

// DefaultConfig returns the configuration with every default of the
// controller bundle applied (see the field docs of Config).
func DefaultConfig() Config {
	return Config{
		FlashMessages:         true,
		TemplateFileExtension: ".html",
		ServerName:            "localhost",
		PreferredURLScheme:    "http",
		CSRFFieldName:         "csrf_token",
		CSRFTimeLimit:         time.Hour,
		CSRFCheckDefault:      true,
		CSRFHeaders:           []string{"X-CSRFToken", "X-CSRF-Token"},
		CSRFSSLStrict:         true,
		CSRFMetaName:          "csrf-token",
		MaxBodyBytes:          defaultMaxBodyBytes,
		MaxFormMemory:         defaultMaxFormMemory,
		SessionCookieName:     "session",
		SessionCookieSameSite: http.SameSiteLaxMode,
		SessionLifetime:       defaultSessionLifetime,
		ReadHeaderTimeout:     defaultReadHeaderTimeout,
		ReadTimeout:           defaultReadTimeout,
		WriteTimeout:          defaultWriteTimeout,
		IdleTimeout:           defaultIdleTimeout,
		ShutdownTimeout:       defaultShutdownTimeout,
		MaxHeaderBytes:        defaultMaxHeaderBytes,
	}
}

// ConfigFromEnv returns DefaultConfig overridden by the environment variables
// named like the keys (FLASH_MESSAGES, SECRET_KEY, DEBUG, ...). Booleans are
// parsed with strconv.ParseBool, WTF_CSRF_TIME_LIMIT as whole seconds or a
// time.Duration string ("90m"). An unparsable value keeps the default and is
// recorded: Err reports it, and fwk.New refuses the Config with an error
// naming the variable, so a typo in the environment never starts an app with
// settings it did not ask for.
func ConfigFromEnv() Config {
	return configFrom(os.LookupEnv)
}

// Err returns the first environment variable ConfigFromEnv could not parse,
// as an error naming it, or nil.
func (c Config) Err() error { return c.envErr }

// configFrom applies the variables found by lookup on top of DefaultConfig.
func configFrom(lookup func(string) (string, bool)) Config {
	cfg := DefaultConfig()
	keys := [...]string{
		keyFlashMessages, keyTemplateFileExtension, keyCSRFEnabled, keyServerName,
		keyPreferredURLScheme, keySecretKey, keyCSRFSecretKey, keyCSRFFieldName,
		keyCSRFTimeLimit, keyDebug, keyMaxBodyBytes, keyMaxFormMemory,
		keySecretKeyFallbacks, keySessionCookieName, keySessionCookieSecure,
		keySessionCookieSameSite, keySessionLifetime, keyCSRFTrustedOrigins,
		keyDefaultSubdomain, keyCSRFCheckDefault, keyCSRFMethods, keyCSRFHeaders,
		keyCSRFSSLStrict, keyCSRFMetaName,
	}
	serve, doc, proxy, health := serveKeys(), openAPIKeys(), proxyKeys(), healthKeys()
	all := append(append(append(keys[:], serve[:]...), doc[:]...), proxy[:]...)
	for _, key := range append(all, health[:]...) {
		v, ok := lookup(key)
		if !ok {
			continue
		}
		if err := cfg.set(key, v); err != nil && cfg.envErr == nil {
			cfg.envErr = fmt.Errorf("fwk: config: %s=%q: %w", key, v, err)
		}
	}
	return cfg
}

// set parses v into the field of key; on a parse error the field keeps its
// value.
func (c *Config) set(key, v string) error {
	switch key {
	case keyFlashMessages:
		return setParsed(&c.FlashMessages, v, strconv.ParseBool)
	case keyTemplateFileExtension:
		c.TemplateFileExtension = v
	case keyCSRFEnabled:
		return setParsed(&c.CSRFEnabled, v, strconv.ParseBool)
	case keyServerName:
		c.ServerName = v
	case keyDefaultSubdomain:
		c.DefaultSubdomain = v
	case keyPreferredURLScheme:
		c.PreferredURLScheme = v
	case keySecretKey:
		c.SecretKey = v
	case keyCSRFSecretKey:
		c.CSRFSecretKey = v
	case keyCSRFFieldName:
		c.CSRFFieldName = v
	case keyCSRFTimeLimit:
		return setParsed(&c.CSRFTimeLimit, v, parseSeconds)
	case keyDebug:
		return setParsed(&c.Debug, v, strconv.ParseBool)
	case keyMaxBodyBytes:
		return setParsed(&c.MaxBodyBytes, v, parseByteCount)
	case keyMaxFormMemory:
		return setParsed(&c.MaxFormMemory, v, parseByteCount)
	case keySecretKeyFallbacks:
		c.SecretKeyFallbacks = splitList(v)
	case keySessionCookieName:
		c.SessionCookieName = v
	case keySessionCookieSecure:
		if err := setParsed(&c.SessionCookieSecure, v, strconv.ParseBool); err != nil {
			return err
		}
		c.SessionCookieSecureSet = true
	case keySessionCookieSameSite:
		return setParsed(&c.SessionCookieSameSite, v, parseSameSite)
	case keySessionLifetime:
		return setParsed(&c.SessionLifetime, v, parseSeconds)
	case keyCSRFTrustedOrigins:
		c.CSRFTrustedOrigins = splitList(v)
	case keyCSRFCheckDefault, keyCSRFMethods, keyCSRFHeaders, keyCSRFSSLStrict, keyCSRFMetaName:
		return c.setCSRF(key, v)
	default:
		if f := c.openAPIField(key); f != nil {
			*f = v
			return nil
		}
		if ok, err := c.setServe(key, v); ok {
			return err
		}
		if ok, err := c.setProxy(key, v); ok {
			return err
		}
		_, err := c.setHealth(key, v)
		return err
	}
	return nil
}

// splitList splits a comma-separated variable, dropping blanks.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// parseSameSite reads "Lax", "Strict" or "None" (any case).
func parseSameSite(v string) (http.SameSite, error) {
	switch strings.ToLower(v) {
	case "lax":
		return http.SameSiteLaxMode, nil
	case "strict":
		return http.SameSiteStrictMode, nil
	case "none":
		return http.SameSiteNoneMode, nil
	}
	return 0, fmt.Errorf("want Lax, Strict or None")
}

// sameSiteName is the attribute value of s ("" for the default mode).
func sameSiteName(s http.SameSite) string {
	switch s {
	case http.SameSiteLaxMode:
		return "Lax"
	case http.SameSiteStrictMode:
		return "Strict"
	case http.SameSiteNoneMode:
		return "None"
	}
	return ""
}

// sessionCookieSecure is the Secure attribute of the session cookie that
// holds for every request (see Config.SessionCookieSecure): always is true
// when every cookie is Secure, perRequest when an https request's is.
func (c Config) sessionCookieSecure() (always, perRequest bool) {
	name := c.SessionCookieName
	switch {
	case strings.HasPrefix(name, "__Host-") || strings.HasPrefix(name, "__Secure-") ||
		c.SessionCookieSameSite == http.SameSiteNoneMode || c.SessionCookieSecure:
		return true, true
	case c.SessionCookieSecureSet:
		return false, false
	}
	return strings.EqualFold(c.PreferredURLScheme, "https"), true
}

// sessionLifetime is SessionLifetime with 0 (or less) read as the default.
func (c Config) sessionLifetime() time.Duration {
	if c.SessionLifetime <= 0 {
		return defaultSessionLifetime
	}
	return c.SessionLifetime
}

// sessionCookieName is SessionCookieName with "" read as "session".
func (c Config) sessionCookieName() string {
	if c.SessionCookieName == "" {
		return "session"
	}
	return c.SessionCookieName
}

// setParsed stores parse(v) in *dst when it parses.
func setParsed[T any](dst *T, v string, parse func(string) (T, error)) error {
	x, err := parse(v)
	if err != nil {
		return err
	}
	*dst = x
	return nil
}

// parseSeconds reads whole seconds ("3600") or a duration string ("1h").
func parseSeconds(v string) (time.Duration, error) {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 || n > int64(1<<63-1)/int64(time.Second) {
			return 0, fmt.Errorf("%d seconds is out of range", n)
		}
		return time.Duration(n) * time.Second, nil
	}
	return time.ParseDuration(v)
}

// parseByteCount reads a byte count: a decimal integer, negative for "no
// limit" where the field allows it.
func parseByteCount(v string) (int64, error) {
	return strconv.ParseInt(v, 10, 64)
}

// maxBodyBytes is MaxBodyBytes with 0 read as the default; negative means
// no limit.
func (c Config) maxBodyBytes() int64 {
	if c.MaxBodyBytes == 0 {
		return defaultMaxBodyBytes
	}
	return c.MaxBodyBytes
}

// maxFormMemory is MaxFormMemory with 0 (or a negative value) read as the
// default.
func (c Config) maxFormMemory() int64 {
	if c.MaxFormMemory <= 0 {
		return defaultMaxFormMemory
	}
	return c.MaxFormMemory
}

// Get returns the value of key as a string: a typed field for the names listed
// on Config (booleans as "true"/"false", WTF_CSRF_TIME_LIMIT in whole
// seconds), else Values[key], else "".
func (c Config) Get(key string) string {
	v, _ := c.Lookup(key)
	return v
}

// Lookup is Get that also reports whether key is known: always true for the
// typed keys, and true for Values keys that are present.
func (c Config) Lookup(key string) (string, bool) {
	switch key {
	case keyFlashMessages:
		return strconv.FormatBool(c.FlashMessages), true
	case keyTemplateFileExtension:
		return c.TemplateFileExtension, true
	case keyCSRFEnabled:
		return strconv.FormatBool(c.CSRFEnabled), true
	case keyServerName:
		return c.ServerName, true
	case keyDefaultSubdomain:
		return c.DefaultSubdomain, true
	case keyPreferredURLScheme:
		return c.PreferredURLScheme, true
	case keySecretKey:
		return c.SecretKey, true
	case keyCSRFSecretKey:
		return c.CSRFSecretKey, true
	case keyCSRFFieldName:
		return c.CSRFFieldName, true
	case keyCSRFTimeLimit:
		return strconv.FormatInt(int64(c.CSRFTimeLimit/time.Second), 10), true
	case keyDebug:
		return strconv.FormatBool(c.Debug), true
	case keyMaxBodyBytes:
		return strconv.FormatInt(c.maxBodyBytes(), 10), true
	case keyMaxFormMemory:
		return strconv.FormatInt(c.maxFormMemory(), 10), true
	case keySecretKeyFallbacks:
		return strings.Join(c.SecretKeyFallbacks, ","), true
	case keySessionCookieName:
		return c.sessionCookieName(), true
	case keySessionCookieSecure:
		always, _ := c.sessionCookieSecure()
		return strconv.FormatBool(always), true
	case keySessionCookieSameSite:
		return sameSiteName(c.SessionCookieSameSite), true
	case keySessionLifetime:
		return strconv.FormatInt(int64(c.sessionLifetime()/time.Second), 10), true
	case keyCSRFTrustedOrigins:
		return strings.Join(c.CSRFTrustedOrigins, ","), true
	case keyCSRFCheckDefault, keyCSRFMethods, keyCSRFHeaders, keyCSRFSSLStrict, keyCSRFMetaName:
		return c.lookupCSRF(key), true
	}
	if v, ok := c.lookupServe(key); ok {
		return v, true
	}
	if f := c.openAPIField(key); f != nil {
		return *f, true
	}
	if v, ok := c.lookupProxy(key); ok {
		return v, true
	}
	if v, ok := c.lookupHealth(key); ok {
		return v, true
	}
	v, ok := c.Values[key]
	return v, ok
}

// validate reports configuration errors that make start-up impossible:
// an unparsable environment variable, a bad secret key (secretkey.go).
func (c Config) validate() error {
	if c.envErr != nil {
		return c.envErr
	}
	if err := c.validateServe(); err != nil {
		return err
	}
	if err := c.validateErrorFormat(); err != nil {
		return err
	}
	if err := c.validateProxy(); err != nil {
		return err
	}
	if err := c.validateHealth(); err != nil {
		return err
	}
	if c.DefaultSubdomain != "" && c.ServerName == "" {
		return &StartupError{What: "config", Culprit: keyDefaultSubdomain, Err: fmt.Errorf("%q needs %s", c.DefaultSubdomain, keyServerName)}
	}
	var need string
	if c.CSRFEnabled {
		need = "CSRF protection (" + keyCSRFEnabled + ") is on"
	}
	return c.checkSecretKeys(need)
}

// asciiHost returns a host whose name is not ASCII in the ASCII (IDNA)
// form clients send, port kept: "☃.example.com:8080" gives
// "xn--n3h.example.com:8080". ASCII hosts are returned as given.
func asciiHost(host string) (string, error) {
	if strings.IndexFunc(host, func(r rune) bool { return r >= 0x80 }) < 0 {
		return host, nil
	}
	name, port := host, ""
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		name, port = host[:i], host[i:]
	}
	a, err := idna.New(idna.MapForLookup(), idna.BidiRule(), idna.VerifyDNSLength(true)).ToASCII(name)
	if err != nil {
		return "", fmt.Errorf("%q is not a valid internationalized host name: %w", host, err)
	}
	return a + port, nil
}

// csrfFieldName is CSRFFieldName with "" read as "csrf_token".
func (c Config) csrfFieldName() string {
	if c.CSRFFieldName == "" {
		return "csrf_token"
	}
	return c.CSRFFieldName
}

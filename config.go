package fwk

import (
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"
)

// Config is the application configuration. Every key the controller bundle reads
// has a typed field; Get looks any of them up by its Flask-Unchained name (the
// name in parentheses below), and Values holds the application's own keys.
//
// The zero Config is not the default one: start from DefaultConfig (or
// ConfigFromEnv) and change what you need. Every key is declared once, in
// configKeys, with its default and what its zero and negative values mean;
// the same rules hold for a value set here and one from the environment,
// and fwk.New refuses a value its key does not allow with a *StartupError
// naming the key.
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
	// fwk.New refuses one IDNA cannot encode, or with a character no host
	// has (letters, digits, '.', '-', '_', a ":port", an "[IPv6]"). Default
	// "localhost".
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
	// built outside of a request: "http" or "https". Default "http"; ""
	// means the default.
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
	// Default 31 days; 0 means the default, a negative value is an error
	// from fwk.New.
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
	// valid. Default one hour; 0 means as long as the session lives, a
	// negative value is an error from fwk.New.
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
	// 500,000 bytes as in Flask; 0 means the default, a negative value is
	// an error from fwk.New.
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
	// negative value or one over 1 GiB is an error from fwk.New.
	MaxHeaderBytes int
	// TrustedProxies (TRUSTED_PROXIES, comma-separated in the environment)
	// lists the proxies whose forwarding headers are read: IP addresses or
	// CIDR prefixes ("10.0.0.0/8", "127.0.0.1"), matched against the
	// connection's peer. A request from any other peer is taken as it came.
	// Default none: no header is trusted.
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
	// ("/livez", "/readyz"). Default "" (not served). See
	// App.LivenessHandler and App.ReadinessHandler.
	LivenessPath, ReadinessPath string
	// DrainDelay (SERVE_DRAIN_DELAY, seconds) is how long Serve keeps
	// serving, not ready, once its shutdown begins, so that the balancer
	// stops sending requests before the listener closes: a little more than
	// the balancer's check interval. Default 0; a negative value is an
	// error from fwk.New.
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
	// (not served); the openapi command prints it either way. A value that
	// is not a path is an error from fwk.New.
	OpenAPIPath string
	// OpenAPI30Path (OPENAPI_30_PATH) is the path the app serves the same
	// document at as OpenAPI 3.0.3 (App.OpenAPI30), for tools that read
	// only 3.0, e.g. "/openapi-3.0.json". Default "" (not served).
	OpenAPI30Path string
	// OpenAPIYAMLPath (OPENAPI_YAML_PATH) is the path the app serves its
	// OpenAPI 3.1 document at as YAML (App.OpenAPIYAML, Content-Type
	// application/yaml), e.g. "/openapi.yaml". Default "" (not served).
	OpenAPIYAMLPath string
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
	var c Config
	for i := range configKeys {
		configKeys[i].init(&c)
	}
	return c
}

// ConfigFromEnv returns DefaultConfig overridden by the environment variables
// named like the keys (FLASH_MESSAGES, SECRET_KEY, DEBUG, ...). Booleans are
// parsed with strconv.ParseBool, durations as whole seconds or a
// time.Duration string ("90m"). A value that does not parse or that its
// key refuses (a negative duration where none is allowed; a 0 or "" that
// would only mean the default: unset the variable instead) keeps the
// default and is recorded: Err reports it, and fwk.New refuses the Config
// with an error naming the variable, so a typo in the environment never
// starts an app with settings it did not ask for.
func ConfigFromEnv() Config {
	return configFrom(os.LookupEnv)
}

// Err returns the first environment variable ConfigFromEnv could not parse,
// as a *StartupError naming it, or nil.
func (c Config) Err() error { return c.envErr }

// configFrom applies the variables found by lookup on top of DefaultConfig.
func configFrom(lookup func(string) (string, bool)) Config {
	cfg := DefaultConfig()
	for i := range configKeys {
		k := &configKeys[i]
		v, ok := lookup(k.name)
		if !ok {
			continue
		}
		if err := k.set(&cfg, v); err != nil && cfg.envErr == nil {
			cfg.envErr = configError(k.name, fmt.Errorf("%q: %w", v, err))
		}
	}
	return cfg
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

// sessionLifetime is SessionLifetime with 0 read as the default.
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

// maxBodyBytes is MaxBodyBytes with 0 read as the default; negative means
// no limit.
func (c Config) maxBodyBytes() int64 {
	if c.MaxBodyBytes == 0 {
		return defaultMaxBodyBytes
	}
	return c.MaxBodyBytes
}

// maxFormMemory is MaxFormMemory with 0 read as the default.
func (c Config) maxFormMemory() int64 {
	if c.MaxFormMemory <= 0 {
		return defaultMaxFormMemory
	}
	return c.MaxFormMemory
}

// Get returns the value of key as a string: a typed field for the names
// listed on Config (booleans as "true"/"false", durations in whole
// seconds, a field left at its zero value as the default it stands for),
// else Values[key], else "".
func (c Config) Get(key string) string {
	v, _ := c.Lookup(key)
	return v
}

// Lookup is Get that also reports whether key is known: always true for the
// typed keys, and true for Values keys that are present.
func (c Config) Lookup(key string) (string, bool) {
	if k := configKeyIndex[key]; k != nil {
		return k.lookup(c), true
	}
	v, ok := c.Values[key]
	return v, ok
}

// lookup is Get of k. It takes c by value, so that only Lookups of typed
// keys copy it to the heap.
func (k *configKey) lookup(c Config) string { return k.get(&c) }

// validate reports configuration errors that make start-up impossible: a
// variable ConfigFromEnv refused, a value its key refuses (configKeys), a
// missing secret key (requireSecretKey).
func (c Config) validate() error {
	if c.envErr != nil {
		return c.envErr
	}
	for i := range configKeys {
		if err := configKeys[i].check(&c); err != nil {
			return configError(configKeys[i].name, err)
		}
	}
	if c.CSRFEnabled {
		return c.requireSecretKey("CSRF protection (" + keyCSRFEnabled + ") is on")
	}
	return nil
}

package fwk

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// configKeys declares every configuration key once: its name (Flask's
// where Flask has the key), its Config field, kind, default, what its zero
// and negative values mean, further rules, and a line for the docs.
// ConfigFromEnv, Get and Lookup, New's validation (Config.validate),
// DefaultConfig and the table of docs/configuration.md (written by
// TestConfigurationDoc) are all derived from it: a new key is one entry
// here plus the code that uses its field.
//
// Why not a library such as github.com/caarlos0/env (struct tags on
// Config): it would replace only the parsing loop of configFrom, a few
// lines. It does not give Lookup's text (durations in whole seconds, the
// effective value of an unset field), the per-key meaning of 0 and
// negative values (the same rule on the struct as from the environment,
// checked at New), the difference between a nil and an empty
// WTF_CSRF_HEADERS, SessionCookieSecureSet, nor the docs' table; each would
// still need this table, plus a dependency and tags that repeat it.
var configKeys = [...]configKey{
	declare("FLASH_MESSAGES", func(c *Config) *bool { return &c.FlashMessages }, boolKind, true,
		keyRules[bool]{zero: "off"}, "Enables Ctx.Flash."),
	declare("TEMPLATE_FILE_EXTENSION", func(c *Config) *string { return &c.TemplateFileExtension }, textKind, ".html",
		keyRules[string]{zero: "no extension"}, "Appended to template names given without one."),
	declare(keyCSRFEnabled, func(c *Config) *bool { return &c.CSRFEnabled }, boolKind, false,
		keyRules[bool]{zero: "off"}, "Turns CSRF protection on; needs SECRET_KEY."),
	declare(keyServerName, func(c *Config) *string { return &c.ServerName }, textKind, "localhost",
		keyRules[string]{zero: "none: absolute URLs only for a host the app routes", check: checkServerName},
		"Host (and port) of absolute URLs built outside a request, and of Subdomain rules."),
	declare(keyDefaultSubdomain, func(c *Config) *string { return &c.DefaultSubdomain }, textKind, "",
		keyRules[string]{zero: "every host", check: checkSubdomain, needs: needsServerName},
		"Subdomain of SERVER_NAME that rules without a host serve."),
	declare("PREFERRED_URL_SCHEME", func(c *Config) *string { return &c.PreferredURLScheme }, textKind, "http",
		keyRules[string]{check: checkScheme}, "Scheme (`http` or `https`) of absolute URLs built outside a request."),
	declare(keySecretKey, func(c *Config) *string { return &c.SecretKey }, textKind, "",
		keyRules[string]{zero: "none: no session, flash or CSRF", check: secretKeyCheck(keySecretKey)},
		"Signs sessions and CSRF tokens: at least 32 bytes, not a placeholder."),
	declare(keySecretKeyFallbacks, func(c *Config) *[]string { return &c.SecretKeyFallbacks }, listKind, nil,
		keyRules[[]string]{zero: "none", check: checkFallbacks}, "Older keys that still verify sessions and tokens."),
	declare(keySessionCookieName, func(c *Config) *string { return &c.SessionCookieName }, textKind, "session",
		keyRules[string]{check: checkCookieName}, "Name of the session cookie."),
	sessionCookieSecureKey(),
	declare("SESSION_COOKIE_SAMESITE", func(c *Config) *http.SameSite { return &c.SessionCookieSameSite }, sameSiteKind,
		http.SameSiteLaxMode, keyRules[http.SameSite]{zero: "no SameSite attribute"}, "SameSite attribute of the session cookie."),
	declare("PERMANENT_SESSION_LIFETIME", func(c *Config) *time.Duration { return &c.SessionLifetime }, durationKind,
		defaultSessionLifetime, keyRules[time.Duration]{}, "How long a session lives after it was last saved."),
	declare(keyCSRFTrustedOrigins, func(c *Config) *[]string { return &c.CSRFTrustedOrigins }, listKind, nil,
		keyRules[[]string]{zero: "none", check: checkOrigins}, "Origins (`scheme://host[:port]`) allowed past the CSRF origin check."),
	declare(keyCSRFSecretKey, func(c *Config) *string { return &c.CSRFSecretKey }, textKind, "",
		keyRules[string]{zero: "SECRET_KEY", check: secretKeyCheck(keyCSRFSecretKey)}, "Signs CSRF tokens instead of SECRET_KEY."),
	declare("WTF_CSRF_FIELD_NAME", func(c *Config) *string { return &c.CSRFFieldName }, textKind, "csrf_token",
		keyRules[string]{}, "Form field and session key of the CSRF token."),
	declare("WTF_CSRF_TIME_LIMIT", func(c *Config) *time.Duration { return &c.CSRFTimeLimit }, durationKind, time.Hour,
		keyRules[time.Duration]{zero: "as long as the session"}, "How long a CSRF token is valid."),
	declare("WTF_CSRF_CHECK_DEFAULT", func(c *Config) *bool { return &c.CSRFCheckDefault }, boolKind, true,
		keyRules[bool]{zero: "only views that ask"}, "Checks every view that is not exempt."),
	declare("WTF_CSRF_METHODS", func(c *Config) *[]string { return &c.CSRFMethods }, listKind, nil,
		keyRules[[]string]{zero: "every method but GET, HEAD, OPTIONS, TRACE", check: checkCSRFMethods}, "Methods checked, compared exactly (`POST`, not `post`)."),
	declare("WTF_CSRF_HEADERS", func(c *Config) *[]string { return &c.CSRFHeaders }, csrfHeadersKind, defaultCSRFHeaders,
		keyRules[[]string]{}, "Headers searched for the token; an empty variable: none."),
	declare("WTF_CSRF_SSL_STRICT", func(c *Config) *bool { return &c.CSRFSSLStrict }, boolKind, true,
		keyRules[bool]{zero: "off"}, "https requests need an https Origin or same-host Referer."),
	declare("WTF_CSRF_META_NAME", func(c *Config) *string { return &c.CSRFMetaName }, textKind, "csrf-token",
		keyRules[string]{}, "Name attribute of CSRFMetaTag's tag."),
	declare(keyMaxBodyBytes, func(c *Config) *int64 { return &c.MaxBodyBytes }, bytesKind, defaultMaxBodyBytes,
		keyRules[int64]{neg: "no limit"}, "Largest request body read; larger is answered 413."),
	declare(keyMaxFormMemory, func(c *Config) *int64 { return &c.MaxFormMemory }, bytesKind, defaultMaxFormMemory,
		keyRules[int64]{}, "Bytes of a multipart form kept in memory."),
	serveTimeout("SERVE_READ_HEADER_TIMEOUT", func(c *Config) *time.Duration { return &c.ReadHeaderTimeout },
		defaultReadHeaderTimeout, "How long the server waits for a request's header."),
	serveTimeout("SERVE_READ_TIMEOUT", func(c *Config) *time.Duration { return &c.ReadTimeout },
		defaultReadTimeout, "How long reading a request with a body may take."),
	serveTimeout("SERVE_WRITE_TIMEOUT", func(c *Config) *time.Duration { return &c.WriteTimeout },
		defaultWriteTimeout, "How long a write to the client may stall."),
	serveTimeout("SERVE_IDLE_TIMEOUT", func(c *Config) *time.Duration { return &c.IdleTimeout },
		defaultIdleTimeout, "How long a keep-alive connection may wait for its next request."),
	declare("SERVE_SHUTDOWN_TIMEOUT", func(c *Config) *time.Duration { return &c.ShutdownTimeout }, durationKind,
		defaultShutdownTimeout, keyRules[time.Duration]{neg: "wait for every request"}, "How long Serve waits for requests in flight when it stops."),
	declare("SERVE_MAX_HEADER_BYTES", func(c *Config) *int { return &c.MaxHeaderBytes }, intKind, defaultMaxHeaderBytes,
		keyRules[int]{check: checkHeaderBytes}, "Largest request header (at most 1 GiB); larger is answered 431."),
	declare(keyTrustedProxies, func(c *Config) *[]string { return &c.TrustedProxies }, listKind, nil,
		keyRules[[]string]{zero: "none: no forwarding header is read", check: checkProxies},
		"Peers (addresses or CIDR prefixes) whose forwarding headers are read."),
	proxyCount("PROXY_X_FOR", func(c *Config) *int { return &c.ProxyXFor }, "X-Forwarded-For (client address)"),
	proxyCount("PROXY_X_PROTO", func(c *Config) *int { return &c.ProxyXProto }, "X-Forwarded-Proto (scheme)"),
	proxyCount("PROXY_X_HOST", func(c *Config) *int { return &c.ProxyXHost }, "X-Forwarded-Host (host)"),
	proxyCount("PROXY_X_PORT", func(c *Config) *int { return &c.ProxyXPort }, "X-Forwarded-Port (port)"),
	proxyCount("PROXY_X_PREFIX", func(c *Config) *int { return &c.ProxyXPrefix }, "X-Forwarded-Prefix (path prefix)"),
	proxyCount("PROXY_FORWARDED", func(c *Config) *int { return &c.ProxyForwarded }, "Forwarded (RFC 7239: for, proto, host)"),
	declare("LIVENESS_PATH", func(c *Config) *string { return &c.LivenessPath }, textKind, "",
		keyRules[string]{zero: "not served", check: checkPath}, "Path of the liveness probe (`/livez`)."),
	declare("READINESS_PATH", func(c *Config) *string { return &c.ReadinessPath }, textKind, "",
		keyRules[string]{zero: "not served", check: checkPath}, "Path of the readiness probe (`/readyz`)."),
	declare("SERVE_DRAIN_DELAY", func(c *Config) *time.Duration { return &c.DrainDelay }, durationKind, 0,
		keyRules[time.Duration]{zero: "no delay"}, "How long Serve keeps serving, not ready, once shutdown begins."),
	declare("DEBUG", func(c *Config) *bool { return &c.Debug }, boolKind, false,
		keyRules[bool]{zero: "off"}, "Error details to clients, templates re-read, static files not cached."),
	declare(keyOpenAPIPath, func(c *Config) *string { return &c.OpenAPIPath }, textKind, "",
		keyRules[string]{zero: "not served", check: checkPath}, "Path of the OpenAPI document (`/openapi.json`)."),
	declare(keyOpenAPI30Path, func(c *Config) *string { return &c.OpenAPI30Path }, textKind, "",
		keyRules[string]{zero: "not served", check: checkPath}, "Path of the document as OpenAPI 3.0.3 (`/openapi-3.0.json`)."),
	declare(keyOpenAPIYAMLPath, func(c *Config) *string { return &c.OpenAPIYAMLPath }, textKind, "",
		keyRules[string]{zero: "not served", check: checkPath}, "Path of the OpenAPI document as YAML (`/openapi.yaml`)."),
	declare("OPENAPI_TITLE", func(c *Config) *string { return &c.OpenAPITitle }, textKind, "API",
		keyRules[string]{}, "Title of the OpenAPI document."),
	declare("OPENAPI_VERSION", func(c *Config) *string { return &c.OpenAPIVersion }, textKind, "0.0.0",
		keyRules[string]{}, "Version of the OpenAPI document."),
	openAPIText("OPENAPI_DESCRIPTION", func(c *Config) *string { return &c.OpenAPIDescription }, "Description of the API (CommonMark)."),
	openAPIText("OPENAPI_SERVERS", func(c *Config) *string { return &c.OpenAPIServers }, "Comma-separated base URLs of the API; none: `/`."),
	openAPIText("OPENAPI_CONTACT_NAME", func(c *Config) *string { return &c.OpenAPIContactName }, "Who answers for the API."),
	openAPIText("OPENAPI_CONTACT_URL", func(c *Config) *string { return &c.OpenAPIContactURL }, "Their URL."),
	openAPIText("OPENAPI_CONTACT_EMAIL", func(c *Config) *string { return &c.OpenAPIContactEmail }, "Their email address."),
	openAPIText("OPENAPI_LICENSE", func(c *Config) *string { return &c.OpenAPILicense }, "The API's license (`MIT`)."),
	openAPIText("OPENAPI_LICENSE_URL", func(c *Config) *string { return &c.OpenAPILicenseURL }, "Link to the license's text."),
	declare("ERROR_FORMAT", func(c *Config) *string { return &c.ErrorFormat }, textKind, "",
		keyRules[string]{zero: "fwk's {\"error\", \"status\"}", check: checkErrorFormat},
		"Shape of JSON errors: `problem+json` for RFC 9457 problem details."),
}

// serveTimeout declares a timeout of the http.Server that Serve starts.
func serveTimeout(name string, at func(*Config) *time.Duration, def time.Duration, doc string) configKey {
	return declare(name, at, durationKind, def, keyRules[time.Duration]{neg: "no timeout"}, doc)
}

// proxyCount declares how many proxies set a forwarding header.
func proxyCount(name string, at func(*Config) *int, header string) configKey {
	return declare(name, at, intKind, 0, keyRules[int]{zero: "not trusted", needs: needsProxies},
		"How many proxies set "+header+"; needs TRUSTED_PROXIES.")
}

// sessionCookieSecureKey declares SESSION_COOKIE_SECURE, which a variable
// sets on purpose (SessionCookieSecureSet) and Get gives as it holds for
// every request.
func sessionCookieSecureKey() configKey {
	k := declare("SESSION_COOKIE_SECURE", func(c *Config) *bool { return &c.SessionCookieSecure }, boolKind, false,
		keyRules[bool]{zero: "decided per request, unless SessionCookieSecureSet"},
		"`true`: the session cookie is always Secure; `false`: never (see Config.SessionCookieSecure).")
	set := k.set
	k.set = func(c *Config, v string) error {
		err := set(c, v)
		c.SessionCookieSecureSet = c.SessionCookieSecureSet || err == nil
		return err
	}
	k.get = func(c *Config) string {
		always, _ := c.sessionCookieSecure()
		return strconv.FormatBool(always)
	}
	return k
}

// openAPIText declares a text of the OpenAPI document's info.
func openAPIText(name string, at func(*Config) *string, doc string) configKey {
	return declare(name, at, textKind, "", keyRules[string]{zero: "none"}, doc)
}

// Names of the keys that code outside configKeys refers to.
const (
	keyCSRFEnabled        = "WTF_CSRF_ENABLED"
	keyServerName         = "SERVER_NAME"
	keyDefaultSubdomain   = "DEFAULT_SUBDOMAIN"
	keySecretKey          = "SECRET_KEY"
	keySecretKeyFallbacks = "SECRET_KEY_FALLBACKS"
	keySessionCookieName  = "SESSION_COOKIE_NAME"
	keyCSRFTrustedOrigins = "WTF_CSRF_TRUSTED_ORIGINS"
	keyCSRFSecretKey      = "WTF_CSRF_SECRET_KEY"
	keyMaxBodyBytes       = "MAX_CONTENT_LENGTH"
	keyMaxFormMemory      = "MAX_FORM_MEMORY_SIZE"
	keyTrustedProxies     = "TRUSTED_PROXIES"
	keyOpenAPIPath        = "OPENAPI_PATH"
	keyOpenAPI30Path      = "OPENAPI_30_PATH"
	keyOpenAPIYAMLPath    = "OPENAPI_YAML_PATH"
)

// configKeyIndex finds a key of configKeys by name.
var configKeyIndex = func() map[string]*configKey {
	m := make(map[string]*configKey, len(configKeys))
	for i := range configKeys {
		m[configKeys[i].name] = &configKeys[i]
	}
	return m
}()

// csrfHeadersKind is listKind where an empty variable is an empty list
// (no header), not nil (the default headers).
var csrfHeadersKind = func() valueKind[[]string] {
	k := listKind
	k.parse = func(v string) ([]string, error) {
		if l := splitList(v); l != nil {
			return l, nil
		}
		return []string{}, nil
	}
	return k
}()

// checkScheme allows the schemes of absolute URLs.
func checkScheme(s string) error {
	if s == "" || strings.EqualFold(s, "http") || strings.EqualFold(s, "https") {
		return nil
	}
	return fmt.Errorf("%q: want http or https", s)
}

// checkErrorFormat allows the shapes of JSON errors fwk writes.
func checkErrorFormat(s string) error {
	if s != "" && s != errorFormatProblem {
		return fmt.Errorf("%q: want \"\" (fwk's shape) or %q", s, errorFormatProblem)
	}
	return nil
}

// checkPath allows "" (nothing served) or a path a request can have.
func checkPath(p string) error {
	if p != "" && !validPrefix(p) {
		return fmt.Errorf("%q is not a path (\"/healthz\")", p)
	}
	return nil
}

// checkHeaderBytes bounds MaxHeaderBytes, which net/http adds to.
func checkHeaderBytes(n int) error {
	if n > 1<<30 {
		return fmt.Errorf("%d bytes is more than 1 GiB", n)
	}
	return nil
}

// checkCookieName allows an RFC 6265 token ("" is the default).
func checkCookieName(name string) error {
	if name != "" && !validCookieName(name) {
		return fmt.Errorf("%q is not a valid cookie name", name)
	}
	return nil
}

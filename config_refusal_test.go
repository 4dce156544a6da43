package fwk_test

import (
	"errors"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// The values every key is tried with, from the environment.
var refusalInputs = [...]string{"", "x!y", "-1", "-1s", "0", "9000000000", "99999999999999999999"}

// refusalRows gives, for each key, the outcome of each of refusalInputs
// (empty, garbage, negative, negative duration, zero, huge, overflowing):
// "!" is an error naming the key, from ConfigFromEnv().Err() or fwk.New;
// anything else is what Get(key) must return, the value having been
// accepted. "=" stands for the input itself.
var refusalRows = map[string][len(refusalInputs)]string{
	// Booleans: strconv.ParseBool.
	"FLASH_MESSAGES":         {"!", "!", "!", "!", "false", "!", "!"},
	"WTF_CSRF_ENABLED":       {"!", "!", "!", "!", "false", "!", "!"},
	"DEBUG":                  {"!", "!", "!", "!", "false", "!", "!"},
	"SESSION_COOKIE_SECURE":  {"!", "!", "!", "!", "false", "!", "!"},
	"WTF_CSRF_CHECK_DEFAULT": {"!", "!", "!", "!", "false", "!", "!"},
	"WTF_CSRF_SSL_STRICT":    {"!", "!", "!", "!", "false", "!", "!"},

	// Durations, whole seconds or Go durations. 0 means the default on
	// the struct, so the environment may not say it; where 0 means
	// something of its own, it is accepted.
	"PERMANENT_SESSION_LIFETIME": {"!", "!", "!", "!", "!", "=", "!"},
	"WTF_CSRF_TIME_LIMIT":        {"!", "!", "!", "!", "0", "=", "!"}, // 0: as long as the session
	"SERVE_READ_HEADER_TIMEOUT":  {"!", "!", "-1", "-1", "!", "=", "!"},
	"SERVE_READ_TIMEOUT":         {"!", "!", "-1", "-1", "!", "=", "!"},
	"SERVE_WRITE_TIMEOUT":        {"!", "!", "-1", "-1", "!", "=", "!"},
	"SERVE_IDLE_TIMEOUT":         {"!", "!", "-1", "-1", "!", "=", "!"},
	"SERVE_SHUTDOWN_TIMEOUT":     {"!", "!", "-1", "-1", "!", "=", "!"},
	"SERVE_DRAIN_DELAY":          {"!", "!", "!", "!", "0", "=", "!"}, // 0: no delay

	// Byte counts and proxy counts.
	"MAX_CONTENT_LENGTH":     {"!", "!", "-1", "!", "!", "=", "!"}, // negative: no limit
	"MAX_FORM_MEMORY_SIZE":   {"!", "!", "!", "!", "!", "=", "!"},
	"SERVE_MAX_HEADER_BYTES": {"!", "!", "!", "!", "!", "!", "!"}, // at most 1 GiB
	"PROXY_X_FOR":            {"!", "!", "!", "!", "0", "=", "!"},
	"PROXY_X_PROTO":          {"!", "!", "!", "!", "0", "=", "!"},
	"PROXY_X_HOST":           {"!", "!", "!", "!", "0", "=", "!"},
	"PROXY_X_PORT":           {"!", "!", "!", "!", "0", "=", "!"},
	"PROXY_X_PREFIX":         {"!", "!", "!", "!", "0", "=", "!"},
	"PROXY_FORWARDED":        {"!", "!", "!", "!", "0", "=", "!"},

	// Words from a set.
	"SESSION_COOKIE_SAMESITE": {"!", "!", "!", "!", "!", "!", "!"},
	"PREFERRED_URL_SCHEME":    {"!", "!", "!", "!", "!", "!", "!"},
	"ERROR_FORMAT":            {"", "!", "!", "!", "!", "!", "!"},

	// Lists, comma-separated.
	"SECRET_KEY_FALLBACKS":     {"", "!", "!", "!", "!", "!", "!"}, // each a secret key
	"WTF_CSRF_TRUSTED_ORIGINS": {"", "!", "!", "!", "!", "!", "!"},
	"TRUSTED_PROXIES":          {"", "!", "!", "!", "!", "!", "!"},
	"WTF_CSRF_METHODS":         {"", "=", "=", "=", "=", "=", "="},
	"WTF_CSRF_HEADERS":         {"", "=", "=", "=", "=", "=", "="}, // empty: no header

	// Secret keys: at least 32 bytes, not a placeholder.
	"SECRET_KEY":          {"", "!", "!", "!", "!", "!", "!"},
	"WTF_CSRF_SECRET_KEY": {"", "!", "!", "!", "!", "!", "!"},

	// Paths: "" is not served.
	"LIVENESS_PATH":     {"", "!", "!", "!", "!", "!", "!"},
	"READINESS_PATH":    {"", "!", "!", "!", "!", "!", "!"},
	"OPENAPI_PATH":      {"", "!", "!", "!", "!", "!", "!"},
	"OPENAPI_30_PATH":   {"", "!", "!", "!", "!", "!", "!"},
	"OPENAPI_YAML_PATH": {"", "!", "!", "!", "!", "!", "!"},

	// Text. "" means the default on the struct for some, so the
	// environment may not say it for those.
	"SESSION_COOKIE_NAME":     {"!", "=", "=", "=", "=", "=", "="},
	"WTF_CSRF_FIELD_NAME":     {"!", "=", "=", "=", "=", "=", "="},
	"WTF_CSRF_META_NAME":      {"!", "=", "=", "=", "=", "=", "="},
	"OPENAPI_TITLE":           {"!", "=", "=", "=", "=", "=", "="},
	"OPENAPI_VERSION":         {"!", "=", "=", "=", "=", "=", "="},
	"TEMPLATE_FILE_EXTENSION": {"", "=", "=", "=", "=", "=", "="},
	"SERVER_NAME":             {"", "!", "=", "=", "=", "=", "="},
	"DEFAULT_SUBDOMAIN":       {"", "!", "=", "=", "=", "=", "="},
	"OPENAPI_DESCRIPTION":     {"", "=", "=", "=", "=", "=", "="},
	"OPENAPI_SERVERS":         {"", "=", "=", "=", "=", "=", "="},
	"OPENAPI_CONTACT_NAME":    {"", "=", "=", "=", "=", "=", "="},
	"OPENAPI_CONTACT_URL":     {"", "=", "=", "=", "=", "=", "="},
	"OPENAPI_CONTACT_EMAIL":   {"", "=", "=", "=", "=", "=", "="},
	"OPENAPI_LICENSE":         {"", "=", "=", "=", "=", "=", "="},
	"OPENAPI_LICENSE_URL":     {"", "=", "=", "=", "=", "=", "="},
}

// refusalBase is the environment every row starts from: a valid key, so
// that rows needing one (WTF_CSRF_ENABLED) do not fail on its absence,
// and a trusted proxy, so that the proxy counts may be set.
var refusalBase = map[string]string{
	"SECRET_KEY":      "f3a9c2d41b7e8650a3c9d2e1f4b7a8c6",
	"TRUSTED_PROXIES": "127.0.0.1",
}

// docKeys returns the keys of the table of docs/configuration.md, which
// TestConfigurationDoc keeps equal to the declared keys.
func docKeys(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 {
			continue
		}
		for _, cell := range cells[1:3] {
			if m := regexp.MustCompile("^ *`([A-Z][A-Z0-9_]*)` *$").FindStringSubmatch(cell); m != nil {
				keys = append(keys, m[1])
			}
		}
	}
	if len(keys) < 40 {
		t.Fatalf("docs/configuration.md lists %d keys: its table was not found", len(keys))
	}
	return keys
}

// clearConfigEnv unsets every key for the test, so that the machine's
// environment does not leak in.
func clearConfigEnv(t *testing.T, keys []string) {
	for _, k := range keys {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
}

// namesKey reports whether err is a config StartupError whose culprit is
// key (or one element of it, "SECRET_KEY_FALLBACKS[0]").
func namesKey(err error, key string) bool {
	var se *fwk.StartupError
	return errors.As(err, &se) && se.What == "config" &&
		(se.Culprit == key || strings.HasPrefix(se.Culprit, key+"["))
}

// newFromConfig is fwk.New with a one-route app, or cfg.Err().
func newFromConfig(cfg fwk.Config) error {
	if err := cfg.Err(); err != nil {
		return err
	}
	_, err := fwk.New(cfg, routesBundle{rs: routes.Tree(routes.Func("/", okView))})
	return err
}

// TestConfigRefusesBadValues tries every key with every kind of bad value
// from the environment: each is either refused with an error naming the
// key, or accepted with the meaning its documentation gives.
func TestConfigRefusesBadValues(t *testing.T) {
	keys := docKeys(t)
	for _, key := range keys {
		if _, ok := refusalRows[key]; !ok {
			t.Errorf("%s has no row in refusalRows", key)
		}
	}
	for key, row := range refusalRows {
		for i, in := range refusalInputs {
			clearConfigEnv(t, keys)
			for k, v := range refusalBase {
				t.Setenv(k, v)
			}
			t.Setenv(key, in)
			cfg := fwk.ConfigFromEnv()
			err := newFromConfig(cfg)
			want := strings.ReplaceAll(row[i], "=", in)
			switch {
			case want == "!" && !namesKey(err, key):
				t.Errorf("%s=%q: error %v, want a config StartupError naming %s", key, in, err, key)
			case want != "!" && err != nil:
				t.Errorf("%s=%q: refused (%v), want accepted, Get = %q", key, in, err, want)
			case want != "!" && cfg.Get(key) != want:
				t.Errorf("%s=%q: Get = %q, want %q", key, in, cfg.Get(key), want)
			}
		}
	}
}

// TestConfigStructRefusal sets the number fields on the struct, as code
// does: the rules are those of the environment, except that 0 is the
// field's unset value (the default, where 0 has no meaning of its own).
func TestConfigStructRefusal(t *testing.T) {
	const s = int64(time.Second)
	tests := []struct {
		field, key string
		unit       int64 // of the values below: seconds for durations
		neg, zero  string
		huge       int64
		wantHuge   string
	}{
		{"SessionLifetime", "PERMANENT_SESSION_LIFETIME", s, "!", "2678400", 9e9, "9000000000"},
		{"CSRFTimeLimit", "WTF_CSRF_TIME_LIMIT", s, "!", "0", 9e9, "9000000000"},
		{"ReadHeaderTimeout", "SERVE_READ_HEADER_TIMEOUT", s, "-1", "10", 9e9, "9000000000"},
		{"ReadTimeout", "SERVE_READ_TIMEOUT", s, "-1", "60", 9e9, "9000000000"},
		{"WriteTimeout", "SERVE_WRITE_TIMEOUT", s, "-1", "60", 9e9, "9000000000"},
		{"IdleTimeout", "SERVE_IDLE_TIMEOUT", s, "-1", "120", 9e9, "9000000000"},
		{"ShutdownTimeout", "SERVE_SHUTDOWN_TIMEOUT", s, "-1", "15", 9e9, "9000000000"},
		{"DrainDelay", "SERVE_DRAIN_DELAY", s, "!", "0", 9e9, "9000000000"},
		{"MaxBodyBytes", "MAX_CONTENT_LENGTH", 1, "-1", "10485760", 9e9, "9000000000"},
		{"MaxFormMemory", "MAX_FORM_MEMORY_SIZE", 1, "!", "500000", 9e9, "9000000000"},
		{"MaxHeaderBytes", "SERVE_MAX_HEADER_BYTES", 1, "!", "65536", 9e9, "!"},
		{"ProxyXFor", "PROXY_X_FOR", 1, "!", "0", 9e9, "9000000000"},
		{"ProxyForwarded", "PROXY_FORWARDED", 1, "!", "0", 9e9, "9000000000"},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			n    int64
			want string
		}{{-1, tt.neg}, {0, tt.zero}, {tt.huge, tt.wantHuge}} {
			cfg := fwk.DefaultConfig()
			cfg.SecretKey, cfg.TrustedProxies = refusalBase["SECRET_KEY"], []string{"127.0.0.1"}
			f := reflect.ValueOf(&cfg).Elem().FieldByName(tt.field)
			f.SetInt(c.n * tt.unit)
			err := newFromConfig(cfg)
			switch {
			case c.want == "!" && !namesKey(err, tt.key):
				t.Errorf("Config.%s = %d: error %v, want a config StartupError naming %s", tt.field, c.n, err, tt.key)
			case c.want != "!" && err != nil:
				t.Errorf("Config.%s = %d: refused (%v), want accepted", tt.field, c.n, err)
			case c.want != "!" && cfg.Get(tt.key) != c.want:
				t.Errorf("Config.%s = %d: Get(%s) = %q, want %q", tt.field, c.n, tt.key, cfg.Get(tt.key), c.want)
			}
		}
	}
}

// TestCSRFMethodsSpelledExactly: WTF_CSRF_METHODS is compared with the
// request's method exactly, so a standard method in lower case (which
// would leave POST unchecked) and a word that is no method are refused,
// from the environment and on the struct.
func TestCSRFMethodsSpelledExactly(t *testing.T) {
	for _, tt := range []struct {
		methods []string
		ok      bool
	}{
		{[]string{"POST", "PATCH"}, true},
		{[]string{"PURGE"}, true}, // an extension method
		{[]string{"post"}, false},
		{[]string{"POST", "Delete"}, false},
		{[]string{"PO ST"}, false},
		{[]string{""}, false},
	} {
		cfg := quietConfig()
		cfg.SecretKey = refusalBase["SECRET_KEY"]
		cfg.CSRFMethods = tt.methods
		if err := newFromConfig(cfg); tt.ok != (err == nil) || !tt.ok && !namesKey(err, "WTF_CSRF_METHODS") {
			t.Errorf("CSRFMethods %q: New = %v, want ok %v", tt.methods, err, tt.ok)
		}
	}
	clearConfigEnv(t, docKeys(t))
	t.Setenv("SECRET_KEY", refusalBase["SECRET_KEY"])
	t.Setenv("WTF_CSRF_METHODS", "post, put")
	if err := newFromConfig(fwk.ConfigFromEnv()); !namesKey(err, "WTF_CSRF_METHODS") {
		t.Errorf("WTF_CSRF_METHODS=post, put: %v, want an error naming the key", err)
	}
}

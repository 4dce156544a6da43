package fwk_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
)

func TestDefaultConfigGet(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.Values = map[string]string{"MY_KEY": "mine", "DEBUG": "shadowed"}
	tests := []struct {
		key, want string
		known     bool
	}{
		{"FLASH_MESSAGES", "true", true},
		{"TEMPLATE_FILE_EXTENSION", ".html", true},
		{"WTF_CSRF_ENABLED", "false", true},
		{"SERVER_NAME", "localhost", true},
		{"DEFAULT_SUBDOMAIN", "", true},
		{"PREFERRED_URL_SCHEME", "http", true},
		{"SECRET_KEY", "", true},
		{"WTF_CSRF_SECRET_KEY", "", true},
		{"WTF_CSRF_FIELD_NAME", "csrf_token", true},
		{"WTF_CSRF_TIME_LIMIT", "3600", true},
		{"DEBUG", "false", true},
		{"MAX_CONTENT_LENGTH", "10485760", true},
		{"MAX_FORM_MEMORY_SIZE", "500000", true},
		{"SECRET_KEY_FALLBACKS", "", true},
		{"SESSION_COOKIE_NAME", "session", true},
		{"SESSION_COOKIE_SECURE", "false", true}, // PREFERRED_URL_SCHEME is http
		{"SESSION_COOKIE_SAMESITE", "Lax", true},
		{"PERMANENT_SESSION_LIFETIME", "2678400", true},
		{"WTF_CSRF_TRUSTED_ORIGINS", "", true},
		{"MY_KEY", "mine", true},
		{"MISSING", "", false},
		{"debug", "", false},
	}
	for _, tt := range tests {
		if got := cfg.Get(tt.key); got != tt.want {
			t.Errorf("Get(%q) = %q, want %q", tt.key, got, tt.want)
		}
		if _, ok := cfg.Lookup(tt.key); ok != tt.known {
			t.Errorf("Lookup(%q) known = %v, want %v", tt.key, ok, tt.known)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{
		"FLASH_MESSAGES":             "false",
		"TEMPLATE_FILE_EXTENSION":    ".tmpl",
		"WTF_CSRF_ENABLED":           "1",
		"SERVER_NAME":                "example.com:8443",
		"DEFAULT_SUBDOMAIN":          "www",
		"PREFERRED_URL_SCHEME":       "https",
		"SECRET_KEY":                 "s3cret",
		"WTF_CSRF_SECRET_KEY":        "csrf",
		"WTF_CSRF_FIELD_NAME":        "tok",
		"WTF_CSRF_TIME_LIMIT":        "90",
		"DEBUG":                      "true",
		"MAX_CONTENT_LENGTH":         "1048576",
		"MAX_FORM_MEMORY_SIZE":       "2000000",
		"SECRET_KEY_FALLBACKS":       "old1,old2",
		"SESSION_COOKIE_NAME":        "__Host-sid",
		"SESSION_COOKIE_SECURE":      "true",
		"SESSION_COOKIE_SAMESITE":    "Strict",
		"PERMANENT_SESSION_LIFETIME": "3600",
		"WTF_CSRF_TRUSTED_ORIGINS":   "https://a.example,https://b.example:8443",
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
	cfg := fwk.ConfigFromEnv()
	if err := cfg.Err(); err != nil {
		t.Fatalf("ConfigFromEnv: %v", err)
	}
	for k, v := range env {
		want := v
		if k == "WTF_CSRF_ENABLED" {
			want = "true"
		}
		if got := cfg.Get(k); got != want {
			t.Errorf("ConfigFromEnv: Get(%q) = %q, want %q", k, got, want)
		}
	}
	if cfg.CSRFTimeLimit != 90*time.Second || cfg.FlashMessages || !cfg.Debug ||
		len(cfg.SecretKeyFallbacks) != 2 || cfg.SecretKeyFallbacks[1] != "old2" ||
		cfg.SessionCookieSameSite != http.SameSiteStrictMode || cfg.SessionLifetime != time.Hour ||
		len(cfg.CSRFTrustedOrigins) != 2 {
		t.Errorf("ConfigFromEnv typed fields = %+v", cfg)
	}
	t.Setenv("SECRET_KEY_FALLBACKS", " old1 , ,old2 ")
	if cfg := fwk.ConfigFromEnv(); len(cfg.SecretKeyFallbacks) != 2 || cfg.SecretKeyFallbacks[0] != "old1" {
		t.Errorf("SECRET_KEY_FALLBACKS with blanks: %q", cfg.SecretKeyFallbacks)
	}
	t.Setenv("WTF_CSRF_TIME_LIMIT", "2h")
	if cfg := fwk.ConfigFromEnv(); cfg.Err() != nil || cfg.CSRFTimeLimit != 2*time.Hour {
		t.Errorf("WTF_CSRF_TIME_LIMIT=2h: %v, %v", cfg.CSRFTimeLimit, cfg.Err())
	}
}

func TestConfigFromEnvErrors(t *testing.T) {
	tests := []struct{ key, value string }{
		{"DEBUG", "yes please"},
		{"FLASH_MESSAGES", "sometimes"},
		{"WTF_CSRF_ENABLED", "2"},
		{"WTF_CSRF_TIME_LIMIT", "soon"},
		{"WTF_CSRF_TIME_LIMIT", "-5"},
		{"WTF_CSRF_TIME_LIMIT", "99999999999999999"},
		{"MAX_CONTENT_LENGTH", "10MB"},
		{"MAX_FORM_MEMORY_SIZE", "lots"},
		{"SESSION_COOKIE_SECURE", "maybe"},
		{"SESSION_COOKIE_SAMESITE", "loose"},
		{"PERMANENT_SESSION_LIFETIME", "forever"},
	}
	def := fwk.DefaultConfig()
	for _, tt := range tests {
		t.Run(tt.key+"="+tt.value, func(t *testing.T) {
			t.Setenv(tt.key, tt.value)
			cfg := fwk.ConfigFromEnv()
			if err := cfg.Err(); err == nil || !strings.Contains(err.Error(), tt.key) {
				t.Errorf("ConfigFromEnv with %s=%q: Err() = %v, want one naming %s", tt.key, tt.value, err, tt.key)
			}
			// The bad variable leaves its default in place ...
			if got, want := cfg.Get(tt.key), def.Get(tt.key); got != want {
				t.Errorf("ConfigFromEnv with %s=%q: Get = %q, want the default %q", tt.key, tt.value, got, want)
			}
			// ... and fwk.New refuses the Config, naming the variable.
			_, err := fwk.New(cfg)
			if err == nil || !strings.Contains(err.Error(), tt.key) {
				t.Errorf("fwk.New with %s=%q: %v, want an error naming %s", tt.key, tt.value, err, tt.key)
			}
		})
	}
}

// TestConfigGetRoundTrips: what Get writes of every key, read back from
// the environment, is the same value, so a Config can be written out and
// read in again; a duration that is not whole seconds is a Go duration.
func TestConfigGetRoundTrips(t *testing.T) {
	keys := docKeys(t)
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = refusalBase["SECRET_KEY"]
	cfg.WriteTimeout = 1500 * time.Millisecond
	cfg.ShutdownTimeout = -time.Second
	if got := cfg.Get("SERVE_WRITE_TIMEOUT"); got != "1.5s" {
		t.Errorf("Get(SERVE_WRITE_TIMEOUT) of 1.5s = %q, want 1.5s", got)
	}
	clearConfigEnv(t, keys)
	for _, k := range keys {
		t.Setenv(k, cfg.Get(k))
	}
	back := fwk.ConfigFromEnv()
	if err := newFromConfig(back); err != nil {
		t.Fatalf("Get's values read back: %v", err)
	}
	for _, k := range keys {
		if got, want := back.Get(k), cfg.Get(k); got != want {
			t.Errorf("%s: Get = %q, read back and Get again = %q", k, want, got)
		}
	}
	if back.WriteTimeout != cfg.WriteTimeout || back.ShutdownTimeout != cfg.ShutdownTimeout {
		t.Errorf("durations read back: %v %v, want %v %v", back.WriteTimeout, back.ShutdownTimeout, cfg.WriteTimeout, cfg.ShutdownTimeout)
	}
}

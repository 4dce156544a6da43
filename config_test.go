package fwk_test

import (
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
		{"PREFERRED_URL_SCHEME", "http", true},
		{"SECRET_KEY", "", true},
		{"WTF_CSRF_SECRET_KEY", "", true},
		{"WTF_CSRF_FIELD_NAME", "csrf_token", true},
		{"WTF_CSRF_TIME_LIMIT", "3600", true},
		{"DEBUG", "false", true},
		{"MAX_CONTENT_LENGTH", "10485760", true},
		{"MAX_FORM_MEMORY_SIZE", "500000", true},
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
		"FLASH_MESSAGES":          "false",
		"TEMPLATE_FILE_EXTENSION": ".tmpl",
		"WTF_CSRF_ENABLED":        "1",
		"SERVER_NAME":             "example.com:8443",
		"PREFERRED_URL_SCHEME":    "https",
		"SECRET_KEY":              "s3cret",
		"WTF_CSRF_SECRET_KEY":     "csrf",
		"WTF_CSRF_FIELD_NAME":     "tok",
		"WTF_CSRF_TIME_LIMIT":     "90",
		"DEBUG":                   "true",
		"MAX_CONTENT_LENGTH":      "1048576",
		"MAX_FORM_MEMORY_SIZE":    "2000000",
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
	if cfg.CSRFTimeLimit != 90*time.Second || cfg.FlashMessages || !cfg.Debug {
		t.Errorf("ConfigFromEnv typed fields = %+v", cfg)
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

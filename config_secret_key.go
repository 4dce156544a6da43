package fwk

import (
	"errors"
	"fmt"
	"strings"
)

// Secret keys: a key that is set must be long and must not be a
// placeholder, whatever uses it; a missing key is a start-up error only when
// a feature that cannot work without one is on (CSRF protection, a
// SessionStore service). Otherwise the app starts, and a request that uses
// the session or flash fails with ErrNoSecretKey (a logged 500): there is
// never a silently generated random key, which would break sessions across
// restarts and replicas.

// minSecretLen is the shortest secret key accepted.
const minSecretLen = 32

// minSecretDistinct is the fewest distinct bytes a secret key should
// have: "aaaa…" is not a secret (Django's check; a warning at start-up).
const minSecretDistinct = 5

// ErrNoSecretKey is wrapped by the errors of sessions, flash and CSRF
// tokens when no SECRET_KEY is configured (together with ErrNoSession).
var ErrNoSecretKey = errors.New("SECRET_KEY is not set: sessions, flash messages and CSRF tokens need one")

// placeholderKeys are fragments that mark a key copied from documentation
// or a template (compared without case).
var placeholderKeys = [...]string{
	"changeme", "change-me", "change_me", "change-this", "change_this",
	"your-secret", "your_secret", "yoursecret", "secret-key-here", "secret_key_here",
	"replace-me", "replace_me", "replaceme", "placeholder", "django-insecure",
}

// requireSecretKey refuses a missing SECRET_KEY; need says which feature
// requires one. The keys that are set were checked by their rules in
// configKeys (secretKeyCheck, checkFallbacks) when Config.validate ran.
func (c Config) requireSecretKey(need string) error {
	if c.SecretKey == "" {
		return &StartupError{What: "config", Culprit: keySecretKey,
			Err: fmt.Errorf("%w: not set while %s", ErrSecretKey, need)}
	}
	return nil
}

// secretKeyCheck is the rule of the secret key named name (configKeys).
func secretKeyCheck(name string) func(string) error {
	return func(key string) error { return checkSecretKey(name, key) }
}

// checkFallbacks is the rule of SECRET_KEY_FALLBACKS: each is a secret
// key, named by its index.
func checkFallbacks(keys []string) error {
	for i, k := range keys {
		if err := checkSecretKey(fmt.Sprintf("%s[%d]", keySecretKeyFallbacks, i), k); err != nil {
			return err
		}
	}
	return nil
}

// checkSecretKey refuses a key that is set but short or a placeholder; ""
// passes (absence is checked by the caller).
func checkSecretKey(name, key string) error {
	if key == "" {
		return nil
	}
	bad := func(why string) error {
		return &StartupError{What: "config", Culprit: name, Err: fmt.Errorf("%w: %s", ErrSecretKey, why)}
	}
	if len(key) < minSecretLen {
		return bad(fmt.Sprintf("%d bytes, want at least %d", len(key), minSecretLen))
	}
	lower := strings.ToLower(key)
	for _, p := range placeholderKeys {
		if strings.Contains(lower, p) {
			return bad(fmt.Sprintf("looks like a placeholder (contains %q); generate one with: openssl rand -hex 32", p))
		}
	}
	return nil
}

// warnWeakKeys logs a warning for each configured key with fewer than
// minSecretDistinct distinct bytes: long enough to pass, but no secret.
func (a *App) warnWeakKeys() {
	cfg := a.cfg
	names := []string{keySecretKey, keyCSRFSecretKey}
	keys := []string{cfg.SecretKey, cfg.CSRFSecretKey}
	for i, k := range cfg.SecretKeyFallbacks {
		names = append(names, fmt.Sprintf("%s[%d]", keySecretKeyFallbacks, i))
		keys = append(keys, k)
	}
	for i, k := range keys {
		if k != "" && distinctBytes(k) < minSecretDistinct {
			a.log.Warn("fwk: a secret key has very few distinct characters; generate one with: openssl rand -hex 32",
				"key", names[i], "distinct", distinctBytes(k))
		}
	}
}

// distinctBytes counts the different bytes of s.
func distinctBytes(s string) int {
	var seen [256]bool
	n := 0
	for i := 0; i < len(s); i++ {
		if !seen[s[i]] {
			seen[s[i]] = true
			n++
		}
	}
	return n
}

package main

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
)

// Credentials of the test apps and servers.
const (
	testAPIToken = "test-api-token-0123456789"
	testAdmin    = "admin"
	testPassword = "correct horse battery staple"
	// testIterations keeps PBKDF2 fast under -race; hashes record their
	// own count, so the server checks them as it would any other.
	testIterations = 1000
)

// testSecretKey is the SECRET_KEY of the test apps.
const testSecretKey = "test-secret-key-of-at-least-32-bytes-long"

// browserAccept is the Accept header of a browser's page requests.
const browserAccept = "text/html,application/xhtml+xml,*/*;q=0.8"

// blogApp is the blog built as run builds it (configFromEnv, NewApp: CSRF
// protection on, the access log) on a fresh database holding the admin
// user.
type blogApp struct {
	*fwk.App
	log *syncBuffer // what the app logs: the access log and its errors
}

// newBlogApp builds the blog for one test, with the settings run reads
// from the environment (parseSettings): the login rate limits are off
// unless env, name and value pairs of variables, sets them.
func newBlogApp(t *testing.T, env ...string) *blogApp {
	t.Helper()
	t.Setenv("SECRET_KEY", testSecretKey)
	vars := map[string]string{"BLOG_LOGIN_RATE": "off", "BLOG_LOGIN_RATE_GLOBAL": "off"}
	for i := 0; i+1 < len(env); i += 2 {
		vars[env[i]] = env[i+1]
	}
	s, _, err := parseSettings(nil, io.Discard, func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	dsn := testDatabase(t)
	seedTestDB(t, dsn)
	store, err := OpenStore(context.Background(), driverFor(dsn), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	b := &blogApp{log: &syncBuffer{}}
	logger := slog.New(slog.NewTextHandler(b.log, nil))
	o := Options{Store: store, APIToken: testAPIToken, Logger: logger, LoginLimits: &s.logins}
	if b.App, err = NewApp(configFromEnv(io.Discard), o); err != nil {
		t.Fatal(err)
	}
	return b
}

// client returns a new browser of the blog: a fwktest client over a
// loopback listener, with its own cookies.
func (b *blogApp) client(t *testing.T) *fwktest.Client {
	t.Helper()
	return fwktest.New(t, b.App, fwktest.Loopback())
}

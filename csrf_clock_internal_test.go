package fwk

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestCSRFConfigTimeLimit: WTF_CSRF_TIME_LIMIT, set in the environment,
// is how old a token the app-wide check accepts; 0 is the life of the
// session. The app's clock is pinned; requests go through a listener.
func TestCSRFConfigTimeLimit(t *testing.T) {
	for _, tc := range []struct {
		env    string
		age    time.Duration
		status int
	}{
		{"60", 59 * time.Second, http.StatusOK},
		{"60", 61 * time.Second, http.StatusBadRequest},
		{"", 59 * time.Minute, http.StatusOK}, // default 3600 s
		{"", 61 * time.Minute, http.StatusBadRequest},
		{"0", 10 * 24 * time.Hour, http.StatusOK},
	} {
		t.Setenv("SECRET_KEY", testSecret)
		t.Setenv("WTF_CSRF_ENABLED", "true")
		t.Setenv("WTF_CSRF_TIME_LIMIT", tc.env)
		cfg := ConfigFromEnv()
		if tc.env == "" {
			cfg = DefaultConfig()
			cfg.SecretKey, cfg.CSRFEnabled = testSecret, true
		}
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
		a, err := New(cfg, flashBundle{rs: []*Route{NewRoute("/", func(ctx *Ctx) error {
			tok, err := GenerateCSRF(ctx)
			ctx.Writer().Header().Set("X-CSRF-Token", tok)
			return err
		}, Methods("GET", "POST"))}})
		if err != nil {
			t.Fatal(err)
		}
		var clock atomic.Int64
		start := time.Now().Unix()
		clock.Store(start)
		a.sess.now = func() time.Time { return time.Unix(clock.Load(), 0) }
		srv := httptest.NewServer(a)
		jar, _ := cookiejar.New(nil)
		cl := &http.Client{Jar: jar}
		res, err := cl.Get(srv.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		clock.Store(start + int64(tc.age/time.Second))
		res, err = cl.PostForm(srv.URL+"/", url.Values{"csrf_token": {res.Header.Get("X-CSRF-Token")}})
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		srv.Close()
		if res.StatusCode != tc.status || tc.status != 200 && !strings.Contains(string(body), "The CSRF token has expired.") {
			t.Errorf("WTF_CSRF_TIME_LIMIT=%q, a token %v old: %d %q, want %d", tc.env, tc.age, res.StatusCode, body, tc.status)
		}
	}
}

package fwk

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

const (
	tamperKey    = "T4m9Pq2Wx7Lk3Zr8Vn1Bc6Hy5Dj0Fg-tamper-key"
	tamperOldKey = "O1d5Kq8Wz3Lx7Pr2Vm9Bn4Cy6Hd0Jg-older-key"
)

// tamperApp serves /set (user=ann), /get and /csrf with cookie name and
// keys; its clock is *now.
func tamperApp(t *testing.T, name string, logs io.Writer, now *time.Time, keys ...string) *httptest.Server {
	t.Helper()
	cfg := DefaultConfig()
	cfg.SecretKey, cfg.SecretKeyFallbacks = keys[0], keys[1:]
	cfg.SessionCookieName = name
	cfg.SessionLifetime = time.Hour
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	a, err := New(cfg, flashBundle{rs: []*Route{
		NewRoute("/set", func(c *Ctx) error { c.Session().Set("user", "ann"); return c.NoContent() }),
		NewRoute("/get", func(c *Ctx) error {
			v, _ := c.Session().Get("user")
			s, _ := v.(string)
			return c.Respond(http.StatusOK, "user="+s)
		}),
		NewRoute("/csrf", func(c *Ctx) error {
			tok, err := GenerateCSRF(c)
			if err != nil {
				return err
			}
			return c.Respond(http.StatusOK, tok)
		}),
	}})
	if err != nil {
		t.Fatal(err)
	}
	a.sess.now = func() time.Time { return *now }
	srv := httptest.NewServer(a)
	t.Cleanup(srv.Close)
	return srv
}

// fetch GETs path with a raw Cookie header; it returns the body and the
// Set-Cookie values.
func fetch(t *testing.T, srv *httptest.Server, path, cookie string) (string, []string) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusNoContent {
		t.Fatalf("GET %s with cookie %.60q = %d %q, want no error", path, cookie, res.StatusCode, b)
	}
	return string(b), res.Header["Set-Cookie"]
}

// cookieOf returns the value of cookie name in Set-Cookie lines.
func cookieOf(t *testing.T, lines []string, name string) string {
	t.Helper()
	for _, l := range lines {
		if v, ok := strings.CutPrefix(l, name+"="); ok {
			v, _, _ = strings.Cut(v, ";")
			return v
		}
	}
	t.Fatalf("no %s cookie in %q", name, lines)
	return ""
}

// flip changes the byte at i (from the end when negative) to another
// base64url character.
func flip(s string, i int) string {
	if i < 0 {
		i += len(s)
	}
	b := []byte(s)
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	return string(b)
}

func TestSessionTamper(t *testing.T) {
	now := time.Now()
	logs := &SyncBuffer{}
	srv := tamperApp(t, "session", logs, &now, tamperKey)
	_, set := fetch(t, srv, "/set", "")
	good := cookieOf(t, set, "session")
	if body, _ := fetch(t, srv, "/get", "session="+good); body != "user=ann" {
		t.Fatalf("the untampered cookie reads %q", body)
	}
	csrfTok, _ := fetch(t, srv, "/csrf", "")
	other := tamperApp(t, "other", io.Discard, &now, tamperKey)
	_, oset := fetch(t, other, "/set", "")
	otherName := cookieOf(t, oset, "other")
	dot := strings.LastIndexByte(good, '.')
	cases := []struct{ name, cookie string }{
		{"byte of the value flipped", "session=" + flip(good, 3)},
		{"last byte of the value flipped", "session=" + flip(good, dot-1)},
		{"byte of the MAC flipped", "session=" + flip(good, -5)},
		{"truncated", "session=" + good[:len(good)-1]},
		{"truncated to the value", "session=" + good[:dot]},
		{"MAC only", "session=" + good[dot:]},
		{"padding added", "session=" + good + "="},
		{"value padded", "session=" + good[:dot] + "=" + good[dot:]},
		{"cookie of another name", "session=" + otherName},
		{"CSRF token as the cookie", "session=" + csrfTok},
		{"4 KB of garbage", "session=" + strings.Repeat("A", 4100)},
		{"4 KB garbage with a dot", "session=" + strings.Repeat("A", 3000) + "." + strings.Repeat("B", 43)},
		{"two cookies with the name", "session=" + good + "; session=" + good},
		{"empty", "session="},
		{"quotes only", `session=""`},
	}
	for _, tc := range cases {
		body, setCookie := fetch(t, srv, "/get", tc.cookie)
		if body != "user=" || setCookie != nil {
			t.Errorf("%s: /get = %q, Set-Cookie %q; want no session and no cookie change", tc.name, body, setCookie)
		}
	}
	if !strings.Contains(logs.String(), "bad signature") || !strings.Contains(logs.String(), "several cookies") {
		t.Errorf("debug log does not give the reasons: %s", logs.String())
	}
	// Expiry and clock skew, by moving the app's clock.
	now = now.Add(time.Hour + time.Second)
	if body, _ := fetch(t, srv, "/get", "session="+good); body != "user=" {
		t.Errorf("a cookie older than SessionLifetime reads %q, want no session", body)
	}
	now = now.Add(-time.Hour - 10*time.Minute)
	if body, _ := fetch(t, srv, "/get", "session="+good); body != "user=" {
		t.Errorf("a cookie issued 9 minutes in the future reads %q, want no session", body)
	}
}

func TestSessionKeyRotation(t *testing.T) {
	now := time.Now()
	oldApp := tamperApp(t, "session", io.Discard, &now, tamperOldKey)
	_, set := fetch(t, oldApp, "/set", "")
	old := cookieOf(t, set, "session")
	rotated := tamperApp(t, "session", io.Discard, &now, tamperKey, tamperOldKey)
	body, set := fetch(t, rotated, "/get", "session="+old)
	if body != "user=ann" {
		t.Fatalf("a cookie of a fallback key reads %q, want the session", body)
	}
	resigned := cookieOf(t, set, "session")
	removed := tamperApp(t, "session", io.Discard, &now, tamperKey)
	if body, _ := fetch(t, removed, "/get", "session="+old); body != "user=" {
		t.Errorf("a cookie of a removed key reads %q, want no session", body)
	}
	if body, _ := fetch(t, removed, "/get", "session="+resigned); body != "user=ann" {
		t.Errorf("the cookie re-signed with the new key reads %q, want the session", body)
	}
}

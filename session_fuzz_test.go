package fwk

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// fuzzApp is an app with sessions and CSRF for the fuzz targets.
func fuzzApp(t testing.TB) *App {
	t.Helper()
	cfg := DefaultConfig()
	cfg.SecretKey = tamperKey
	cfg.SecretKeyFallbacks = []string{tamperOldKey}
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := New(cfg, flashBundle{rs: []*Route{NewRoute("/", func(*Ctx) error { return nil })}})
	if err != nil {
		t.Fatal(err)
	}
	// A fixed clock: every fuzz worker process makes the same seeds.
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	a.sess.now = func() time.Time { return now }
	return a
}

// signedCookie returns a cookie value for vals as the app would set it.
func signedCookie(t testing.TB, a *App, vals map[string]any) string {
	t.Helper()
	c := &Ctx{app: a}
	body, err := encodeValues(c.appendTimestamp(nil), vals)
	if err != nil {
		t.Fatal(err)
	}
	text := b64.AppendEncode(nil, body)
	return string(a.sess.signer.sign(nil, c.mac[:], a.sess.context, text))
}

// FuzzSessionDecode: no cookie value is accepted unless its MAC is the
// app's MAC of its text (so it is exactly what the app signs), and no
// payload makes the decoder panic.
func FuzzSessionDecode(f *testing.F) {
	a := fuzzApp(f)
	valid := map[string]bool{}
	for _, vals := range []map[string]any{
		{"user": "ann"},
		{"n": 42, "f": 1.5, "b": true, "raw": []byte{0, 1}},
		{"_flashes": []FlashMessage{{"info", "hi"}}, "list": []string{"a"}},
	} {
		v := signedCookie(f, a, vals)
		valid[v] = true
		f.Add(v)
		f.Add(v[:len(v)-1])
		f.Add(strings.Replace(v, ".", "..", 1))
	}
	f.Add("")
	f.Add(strings.Repeat("A", 5000))
	f.Fuzz(func(t *testing.T, raw string) {
		c := &Ctx{app: a}
		payload, key, why := c.openCookie(raw, 1)
		if why == "" {
			dot := strings.LastIndexByte(raw, '.')
			resigned := a.sess.signer.sign(nil, make([]byte, 2*macLen), a.sess.context, []byte(raw[:dot]))
			if key != 0 || string(resigned) != raw {
				t.Fatalf("accepted a cookie without the app's MAC: %q", raw)
			}
		}
		if valid[raw] && why != "" {
			t.Fatalf("refused a cookie the app signed (%s): %q", why, raw)
		}
		if why == "" {
			if err := decodeValues(payload, map[string]any{}); err != nil {
				t.Fatalf("a signed payload does not decode: %v", err)
			}
		}
		_ = decodeValues(raw, map[string]any{}) // arbitrary payloads: no panic
	})
}

// FuzzCSRFToken: the token GenerateCSRF returns validates; nothing else
// does.
func FuzzCSRFToken(f *testing.F) {
	a := fuzzApp(f)
	c := &Ctx{app: a}
	c.sess.loaded = true
	c.sess.Set("csrf_token", strings.Repeat("r", csrfRawLen)) // fixed: the same token in every worker
	tok, err := GenerateCSRF(c)
	if err != nil {
		f.Fatal(err)
	}
	if err := ValidateCSRF(c, tok); err != nil {
		f.Fatalf("round trip: %v", err)
	}
	f.Add(tok)
	f.Add(tok[:len(tok)-1])
	f.Add(strings.ToUpper(tok))
	f.Add("")
	f.Add(strings.Repeat(".", 300))
	f.Fuzz(func(t *testing.T, s string) {
		err := ValidateCSRF(c, s)
		if err == nil && s != tok {
			t.Fatalf("a string the app never issued validates: %q", s)
		}
		if s == tok && err != nil {
			t.Fatalf("the issued token fails: %v", err)
		}
	})
}

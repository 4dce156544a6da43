package fwk

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func newFlashApp(t *testing.T, flash bool, n int) *App {
	t.Helper()
	cfg := DefaultConfig()
	cfg.FlashMessages = flash
	cfg.SecretKey = testSecret
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	tpl := fstest.MapFS{
		"show.html": {Data: []byte(`{{range flashes}}[{{.Category}}:{{.Message}}]{{end}}{{range flashes "error"}}!{{.Message}}{{end}}`)},
	}
	a, err := New(cfg, flashBundle{tpl: tpl, rs: []*Route{
		NewRoute("/add", func(ctx *Ctx) error {
			for i := 0; i < n; i++ {
				if err := ctx.Flash("saved", "success"); err != nil {
					return err
				}
			}
			if err := ctx.Flash("plain"); err != nil {
				return err
			}
			if err := ctx.Flash("bad", "error"); err != nil {
				return err
			}
			return ctx.NoContent()
		}, Methods("POST")),
		NewRoute("/show", func(ctx *Ctx) error { return ctx.Render("show") }),
	}})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return a
}

// doFlash serves one request carrying cookie; it returns the response and
// the session cookie to send next ("" keeps cookie).
func doFlash(a *App, method, path, contentType, cookie string) (*httptest.ResponseRecorder, string) {
	req := httptest.NewRequest(method, path, nil)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	rec := httptest.NewRecorder()
	a.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "session" {
			if c.MaxAge < 0 {
				return rec, ""
			}
			return rec, c.Name + "=" + c.Value
		}
	}
	return rec, cookie
}

func TestFlashOnSession(t *testing.T) {
	tests := []struct {
		name        string
		flash       bool
		contentType string
		want        string // the page after flashing
	}{
		{"flashed", true, "", "[success:saved][:plain][error:bad]!bad"},
		{"FLASH_MESSAGES off", false, "", ""},
		{"JSON request", true, "application/json", ""},
	}
	for _, tt := range tests {
		a := newFlashApp(t, tt.flash, 1)
		res, cookie := doFlash(a, "POST", "/add", tt.contentType, "")
		if res.Code != http.StatusNoContent {
			t.Fatalf("%s: POST /add = %d %q", tt.name, res.Code, res.Body.String())
		}
		res, cookie = doFlash(a, "GET", "/show", "", cookie)
		if got := res.Body.String(); got != tt.want {
			t.Errorf("%s: page = %q, want %q", tt.name, got, tt.want)
		}
		if res, _ = doFlash(a, "GET", "/show", "", cookie); res.Body.String() != "" {
			t.Errorf("%s: second page = %q, want no message (flashes are read once)", tt.name, res.Body.String())
		}
	}
}

func TestFlashLimit(t *testing.T) {
	a := newFlashApp(t, true, maxFlashes)
	res, _ := doFlash(a, "POST", "/add", "", "")
	if res.Code != http.StatusInternalServerError {
		t.Fatalf("flashing %d messages = %d, want 500 (ErrFlashLimit)", maxFlashes+2, res.Code)
	}
	c := &Ctx{app: a, req: httptest.NewRequest("GET", "/", nil)}
	c.rw = respWriter{ResponseWriter: httptest.NewRecorder(), c: c}
	big := strings.Repeat("x", maxFlashBytes+1)
	if err := c.Flash(big); err == nil || !strings.Contains(err.Error(), ErrFlashLimit.Error()) {
		t.Errorf("Flash of %d bytes = %v, want ErrFlashLimit", len(big), err)
	}
}

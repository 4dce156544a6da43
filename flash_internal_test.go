package fwk

import (
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// memFlashes is a flashStore for one user, standing in for the session.
type memFlashes struct {
	msgs  []FlashMessage
	takes int
	err   error
}

func (s *memFlashes) addFlash(_ *Ctx, m FlashMessage) error {
	if s.err != nil {
		return s.err
	}
	s.msgs = append(s.msgs, m)
	return nil
}

func (s *memFlashes) takeFlashes(*Ctx) ([]FlashMessage, error) {
	s.takes++
	if s.err != nil {
		return nil, s.err
	}
	out := s.msgs
	s.msgs = nil
	return out, nil
}

type flashBundle struct {
	rs  []*Route
	tpl fs.FS
}

func (flashBundle) Name() string       { return "app" }
func (b flashBundle) Routes() []*Route { return b.rs }
func (b flashBundle) Templates() fs.FS { return b.tpl }

func newFlashApp(t *testing.T, flash bool, store flashStore) *App {
	t.Helper()
	cfg := DefaultConfig()
	cfg.FlashMessages = flash
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	tpl := fstest.MapFS{
		"show.html": {Data: []byte(`{{range flashes}}[{{.Category}}:{{.Message}}]{{end}}{{range flashes "error"}}!{{.Message}}{{end}}`)},
	}
	a, err := New(cfg, flashBundle{tpl: tpl, rs: []*Route{
		NewRoute("/add", func(ctx *Ctx) error {
			if err := ctx.Flash("saved", "success"); err != nil {
				return err
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
	a.flash = store
	return a
}

func doFlash(a *App, method, path, contentType string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	a.ServeHTTP(rec, req)
	return rec
}

func TestFlashWithStore(t *testing.T) {
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
		store := &memFlashes{}
		a := newFlashApp(t, tt.flash, store)
		if res := doFlash(a, "POST", "/add", tt.contentType); res.Code != http.StatusNoContent {
			t.Fatalf("%s: POST /add = %d %q", tt.name, res.Code, res.Body.String())
		}
		res := doFlash(a, "GET", "/show", "")
		if got := res.Body.String(); got != tt.want {
			t.Errorf("%s: page = %q, want %q", tt.name, got, tt.want)
		}
		if store.takes != 1 {
			t.Errorf("%s: the store was read %d times in one request, want 1 (read once, cached)", tt.name, store.takes)
		}
		if got := doFlash(a, "GET", "/show", "").Body.String(); got != "" {
			t.Errorf("%s: second page = %q, want no message (flashes are read once)", tt.name, got)
		}
	}
}

func TestFlashStoreError(t *testing.T) {
	boom := errors.New("cookie too large")
	a := newFlashApp(t, true, &memFlashes{err: boom})
	c := &Ctx{app: a, req: httptest.NewRequest("GET", "/", nil)}
	got := c.Flash("x")
	if !errors.Is(got, boom) || !strings.Contains(got.Error(), `"x"`) {
		t.Errorf("Flash with a failing store = %v, want it wrapped with the message", got)
	}
	if _, err := c.Flashes(); !errors.Is(err, boom) {
		t.Errorf("Flashes with a failing store = %v, want it wrapped", err)
	}
	if res := doFlash(a, "GET", "/show", ""); res.Code != http.StatusInternalServerError {
		t.Errorf("rendering flashes with a failing store = %d, want 500", res.Code)
	}
}

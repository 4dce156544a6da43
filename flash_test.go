package fwk_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

func TestFlashWithoutSession(t *testing.T) {
	tests := []struct {
		name        string
		flash       bool // Config.FlashMessages
		contentType string
		category    []string
		wantErr     error // nil: no error; else errors.Is target
		wantOther   bool  // an error that is not ErrNoSession
	}{
		{name: "enabled", flash: true, wantErr: fwk.ErrNoSession},
		{name: "enabled with category", flash: true, category: []string{"error"}, wantErr: fwk.ErrNoSession},
		{name: "FLASH_MESSAGES off", flash: false},
		{name: "JSON request", flash: true, contentType: "application/json"},
		{name: "JSON request with charset", flash: true, contentType: "application/json; charset=utf-8"},
		{name: "+json request", flash: true, contentType: "application/problem+json"},
		{name: "form request", flash: true, contentType: "application/x-www-form-urlencoded", wantErr: fwk.ErrNoSession},
		{name: "two categories", flash: true, category: []string{"a", "b"}, wantOther: true},
	}
	for _, tt := range tests {
		cfg := quietCfg()
		cfg.FlashMessages = tt.flash
		var got error
		app := mustNew(t, cfg, tplApp{}.with(routes.Func("/", func(ctx *fwk.Ctx) error {
			got = ctx.Flash("saved", tt.category...)
			return ctx.NoContent()
		})))
		hreq(app, "GET", "/", "Content-Type", tt.contentType)
		switch {
		case tt.wantOther:
			if got == nil || errors.Is(got, fwk.ErrNoSession) {
				t.Errorf("%s: Flash = %v, want an argument error", tt.name, got)
			}
		case tt.wantErr == nil && got != nil:
			t.Errorf("%s: Flash = %v, want nil (a no-op)", tt.name, got)
		case tt.wantErr != nil && !errors.Is(got, tt.wantErr):
			t.Errorf("%s: Flash = %v, want an error wrapping %v", tt.name, got, tt.wantErr)
		}
	}
}

func TestFlashErrorMessage(t *testing.T) {
	var got error
	app := mustNew(t, quietCfg(), tplApp{}.with(routes.Func("/", func(ctx *fwk.Ctx) error {
		got = ctx.Flash("hello")
		return got
	})))
	res := hreq(app, "GET", "/")
	const want = `fwk: flash "hello": fwk: session: no session available: SECRET_KEY is not set: sessions, flash messages and CSRF tokens need one`
	if got == nil || got.Error() != want {
		t.Errorf("Flash error = %v, want %q", got, want)
	}
	if res.Code != http.StatusInternalServerError {
		t.Errorf("a view returning the Flash error answers %d, want 500", res.Code)
	}
}

func TestFlashesWithoutSession(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{}.with(routes.Func("/", func(ctx *fwk.Ctx) error {
		all, err := ctx.Flashes()
		if err != nil {
			return err
		}
		some, err := ctx.Flashes("error")
		if err != nil {
			return err
		}
		return ctx.Respond(http.StatusOK, strings.Repeat("x", len(all)+len(some)))
	})))
	if res := hreq(app, "GET", "/"); res.Code != http.StatusOK || res.Body.String() != "" {
		t.Errorf("Flashes without a session: %d %q, want 200 and no message", res.Code, res.Body.String())
	}
}

package fwk_test

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
)

// TestRedirectUnresolvableTarget: a typo'd where or Default is the app's
// mistake (logged; a 500 in Debug), an unsafe next is the client's (quiet).
func TestRedirectUnresolvableTarget(t *testing.T) {
	tests := []struct {
		name    string
		debug   bool
		query   string
		where   string
		args    []any
		status  int
		loc     string
		logged  string // "" means nothing logged at Error
		wantErr error
	}{
		{"typo falls back", false, "", "Indx", nil, 302, "/", `url_for \"Indx\"`, nil},
		{"typo is a 500 in debug", true, "", "Indx", nil, 500, "", `url_for \"Indx\"`, router.ErrUnknownEndpoint},
		{"typo in default", false, "", "/ok", []any{fwk.Override("Nope")}, 302, "/ok", `url_for \"Nope\"`, nil},
		{"unsafe next is quiet", true, "next=//evil.example", "/fine", nil, 302, "/fine", "", nil},
		{"garbage next is quiet", true, "next=garbage", "/fine", nil, 302, "/fine", "", nil},
		{"next wins, typo still logged", false, "next=/there", "Indx", []any{fwk.Override("Nope")}, 302, "/there", `url_for \"Nope\"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs bytes.Buffer
			var got error
			app := newNavApp(t, func(c *fwk.Config) {
				c.Debug = tt.debug
				c.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelError}))
			}, func(ctx *fwk.Ctx) error {
				got = ctx.Redirect(tt.where, tt.args...)
				return got
			})
			target := "http://localhost/probe"
			if tt.query != "" {
				target += "?" + tt.query
			}
			rec := httptest.NewRecorder()
			app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
			if rec.Code != tt.status || rec.Header().Get("Location") != tt.loc {
				t.Errorf("= %d %q, want %d %q", rec.Code, rec.Header().Get("Location"), tt.status, tt.loc)
			}
			if tt.logged == "" && logs.Len() > 0 || !strings.Contains(logs.String(), tt.logged) {
				t.Errorf("logs %q, want %q", logs.String(), tt.logged)
			}
			if tt.wantErr == nil && got != nil || tt.wantErr != nil && !errors.Is(got, tt.wantErr) {
				t.Errorf("Redirect error %v, want %v", got, tt.wantErr)
			}
		})
	}
}

package fwk_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// transaction runs fn in App.SessionTransaction on a request carrying
// cookie, and returns the session cookie it set ("" for none).
func transaction(t *testing.T, app *fwk.App, cookie string, fn func(*fwk.Ctx) error) (string, error) {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, "http://localhost/", nil)
	if cookie != "" {
		r.Header.Set("Cookie", cookie)
	}
	h, err := app.SessionTransaction(r, fn)
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == "session" {
			return c.Name + "=" + c.Value, err
		}
	}
	return "", err
}

// TestSessionTransaction: a session changed outside of a view is what the
// next request finds; a session a request saved is what the transaction
// reads; an error saves nothing. With the cookie and with a SessionStore.
func TestSessionTransaction(t *testing.T) {
	for _, mode := range []string{"cookie", "store"} {
		t.Run(mode, func(t *testing.T) {
			var services []any
			store := newMemStore()
			if mode == "store" {
				services = append(services, store)
			}
			srv, app := sessServer(t, sessConfig(nil), services...)
			cookie, err := transaction(t, app, "", func(ctx *fwk.Ctx) error {
				ctx.Session().Set("user", "ann")
				return ctx.Flash("Welcome.")
			})
			if err != nil || cookie == "" {
				t.Fatalf("transaction = %q, %v; want a session cookie", cookie, err)
			}
			if _, got := sget(t, http.DefaultClient, srv.URL+"/get?k=user", "Cookie", cookie); got != "string:ann" {
				t.Errorf("the next request finds user %q, want string:ann", got)
			}
			stored := len(store.ids())
			errLook := errors.New("only looking")
			var flashes []fwk.FlashMessage
			again, err := transaction(t, app, cookie, func(ctx *fwk.Ctx) error {
				flashes, _ = ctx.Flashes() // consumed here, but not saved
				ctx.Session().Set("user", "eve")
				return errLook
			})
			if !errors.Is(err, errLook) || again != "" || len(flashes) != 1 || flashes[0].Message != "Welcome." {
				t.Errorf("look-only transaction = %q, %v, flashes %v", again, err, flashes)
			}
			if _, got := sget(t, http.DefaultClient, srv.URL+"/get?k=user", "Cookie", cookie); got != "string:ann" {
				t.Errorf("after an error, user %q, want string:ann", got)
			}
			if len(store.ids()) != stored {
				t.Errorf("store ids %d, want %d", len(store.ids()), stored)
			}
		})
	}
}

// TestSessionTransactionCSRF: a token made in a transaction passes CSRF
// protection with the cookie it saved.
func TestSessionTransactionCSRF(t *testing.T) {
	cfg := sessConfig(nil)
	cfg.CSRFEnabled = true
	srv, app := sessServer(t, cfg)
	var token string
	cookie, err := transaction(t, app, "", func(ctx *fwk.Ctx) error {
		var err error
		token, err = fwk.GenerateCSRF(ctx)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	status, body, _ := call(t, http.DefaultClient, "POST", srv.URL+"/submit", nil, "Cookie", cookie, "X-CSRFToken", token)
	if status != 200 || body != "accepted" {
		t.Errorf("POST with the transaction's token: %d %q", status, body)
	}
	status, _, _ = call(t, http.DefaultClient, "POST", srv.URL+"/submit", nil, "Cookie", cookie, "X-CSRFToken", token+"x")
	if status != 400 {
		t.Errorf("POST with a bad token: %d, want 400", status)
	}
}

// TestSessionTransactionNoKey: without SECRET_KEY there is no session.
func TestSessionTransactionNoKey(t *testing.T) {
	cfg := sessConfig(nil)
	cfg.SecretKey = ""
	_, app := sessServer(t, cfg)
	_, err := transaction(t, app, "", func(ctx *fwk.Ctx) error {
		ctx.Session().Set("user", "ann")
		return nil
	})
	if !errors.Is(err, fwk.ErrNoSecretKey) || !strings.Contains(err.Error(), "fwk:") {
		t.Errorf("err = %v, want ErrNoSecretKey", err)
	}
}

package fwk_test

import (
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

var csrfInput = regexp.MustCompile(`<input type="hidden" id="csrf_token" name="csrf_token" value="([^"]+)">`)

// csrfFormView binds profileForm with meta and answers "ok <name>" when it
// validates on submit, else the rendered form.
func csrfFormView(meta map[string]any) func(*fwk.Ctx) error {
	return func(ctx *fwk.Ctx) error {
		var f profileForm
		if err := fwk.BindForm(ctx, &f, fwk.FormMeta(meta)); err != nil {
			return err
		}
		if f.ValidateOnSubmit() {
			return ctx.Respond(http.StatusOK, "ok "+f.Name)
		}
		return ctx.Respond(http.StatusOK, string(f.HTML()))
	}
}

// TestFormCSRFRoundTrip renders a form with its CSRF field, then submits it
// through a real listener, with the app's protection on (CSRFEnabled) and
// with only the form's own check (an exempt view, meta csrf on).
func TestFormCSRFRoundTrip(t *testing.T) {
	cfg := sessConfig(nil)
	cfg.CSRFEnabled = true
	a := mustNew(t, cfg, routesBundle{rs: routes.Tree(
		routes.Func("/protected", csrfFormView(nil), fwk.Methods("GET", "POST")),
		routes.Func("/exempt", csrfFormView(map[string]any{"csrf": true}), fwk.Methods("GET", "POST"), fwk.CSRFExempt()),
		routes.Func("/expiring", csrfFormView(map[string]any{"csrf_time_limit": -time.Second}), fwk.Methods("GET", "POST"), fwk.CSRFExempt()),
		routes.Func("/off", csrfFormView(map[string]any{"csrf": false}), fwk.Methods("GET", "POST"), fwk.CSRFExempt()),
	)})
	srv := newServer(t, a)
	cl := jarClient(t)
	post := func(path string, vals url.Values) (int, string) {
		t.Helper()
		status, body, _ := call(t, cl, "POST", srv.URL+path, strings.NewReader(vals.Encode()),
			"Content-Type", "application/x-www-form-urlencoded")
		return status, body
	}
	status, page, _ := call(t, cl, "GET", srv.URL+"/protected", nil)
	m := csrfInput.FindStringSubmatch(page)
	if status != 200 || m == nil || !strings.HasPrefix(page, `<input type="hidden" id="csrf_token"`) {
		t.Fatalf("GET /protected = %d, no CSRF field first:\n%s", status, page)
	}
	token := m[1]
	for _, tc := range []struct {
		path   string
		vals   url.Values
		status int
		want   string
	}{
		{"/protected", url.Values{"csrf_token": {token}, "name": {"Ann"}}, 200, "ok Ann"},
		{"/protected", url.Values{"name": {"Ann"}}, 400, "The CSRF token is missing."},
		{"/exempt", url.Values{"csrf_token": {token}, "name": {"Ann"}}, 200, "ok Ann"},
		{"/exempt", url.Values{"name": {"Ann"}}, 200, `<li>The CSRF token is missing.</li>`},
		{"/exempt", url.Values{"csrf_token": {token + "x"}, "name": {"Ann"}}, 200, `<li>The CSRF token is invalid.</li>`},
		{"/expiring", url.Values{"csrf_token": {token}, "name": {"Ann"}}, 200, `<li>The CSRF token has expired.</li>`},
		{"/off", url.Values{"name": {"Ann"}}, 200, "ok Ann"},
	} {
		status, body := post(tc.path, tc.vals)
		if status != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("POST %s %v = %d %s, want %d with %s", tc.path, tc.vals, status, body, tc.status, tc.want)
		}
	}
	if _, page, _ := call(t, cl, "GET", srv.URL+"/off", nil); strings.Contains(page, "csrf_token") {
		t.Errorf("meta csrf off still renders the field: %s", page)
	}
	// A fresh client has no session: binding the form gives it a raw token
	// (as Flask-WTF's form does), which the posted token does not match.
	other := jarClient(t)
	status, body, _ := call(t, other, "POST", srv.URL+"/exempt", strings.NewReader(url.Values{"csrf_token": {token}, "name": {"Ann"}}.Encode()),
		"Content-Type", "application/x-www-form-urlencoded")
	if status != 200 || !strings.Contains(body, "The CSRF tokens do not match.") {
		t.Errorf("other session: %d %s", status, body)
	}
}

// TestFormCSRFAfterRenew: a form bound before Session.Renew (a login page
// shown again) renders the renewed session's token, which then validates.
func TestFormCSRFAfterRenew(t *testing.T) {
	cfg := sessConfig(nil)
	cfg.CSRFEnabled = true
	view := func(ctx *fwk.Ctx) error {
		var f bareForm
		if err := fwk.BindForm(ctx, &f); err != nil {
			return err
		}
		if f.ValidateOnSubmit() {
			return ctx.Respond(http.StatusOK, "valid")
		}
		ctx.Session().Renew()
		return ctx.Respond(http.StatusOK, f.Fields()[0].Value)
	}
	a := mustNew(t, cfg, routesBundle{rs: routes.Func("/login", view, fwk.Methods("GET", "POST"), fwk.CSRFExempt())})
	srv := newServer(t, a)
	cl := jarClient(t)
	_, tok := sget(t, cl, srv.URL+"/login")
	if code, body := postForm(t, cl, srv.URL+"/login", url.Values{"csrf_token": {tok}}); code != 200 || body != "valid" {
		t.Errorf("the token rendered after Renew = %d %q, want valid", code, body)
	}
}

// TestProtectCSRFOutsideAView: CtxFrom in app-wide middleware is nil;
// ProtectCSRF then says so instead of panicking.
func TestProtectCSRFOutsideAView(t *testing.T) {
	if err := fwk.ProtectCSRF(nil); !errors.Is(err, fwk.ErrNotServing) {
		t.Errorf("ProtectCSRF(nil) = %v, want ErrNotServing", err)
	}
}

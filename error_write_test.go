package fwk_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// tokenGate is a decorator refusing writes without a token, with the app's
// error page.
func tokenGate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Header.Get("Authorization") != "Bearer t" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="api"`)
			fwk.WriteError(w, r, fwk.Abort(http.StatusUnauthorized, "A token is required."))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// GatedResource decodes its body only once the decorator let the request
// through.
type GatedResource struct{ fwk.Resource }

func (GatedResource) Meta() fwk.Meta {
	return fwk.Meta{CSRFExempt: true, Decorators: []func(http.Handler) http.Handler{tokenGate}}
}

func (GatedResource) Create(c *fwk.Ctx, in fwk.Body[widgetInput]) (*widget, error) {
	return &widget{Name: in.Value.Name}, nil
}

// TestWriteError: a decorator refuses a request with the app's own JSON or
// HTML error page, its header kept, before the body is decoded; outside an
// app, plain text.
func TestWriteError(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, routesBundle{rs: routes.Resource("/gated", &GatedResource{})})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	for _, tc := range []struct {
		token, accept, body string
		status              int
		want                string
	}{
		{"", "application/json", `{}`, 401, `{"error":"A token is required.","status":401}`},
		{"", "text/html", `{}`, 401, "A token is required."},
		{"Bearer t", "application/json", `{}`, 422, `"name":["This field is required."]`},
		{"Bearer t", "application/json", `{"name":"x"}`, 201, `{"gated":{"id":0,"name":"x"}}`},
	} {
		req, _ := http.NewRequest("POST", srv.URL+"/gated", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", tc.accept)
		if tc.token != "" {
			req.Header.Set("Authorization", tc.token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status || !strings.Contains(string(b), tc.want) {
			t.Errorf("token %q accept %q: %d %s, want %d with %s", tc.token, tc.accept, res.StatusCode, b, tc.status, tc.want)
		}
		if tc.status == 401 && res.Header.Get("WWW-Authenticate") == "" {
			t.Errorf("401 without its WWW-Authenticate")
		}
	}
	rec := httptest.NewRecorder()
	fwk.WriteError(rec, httptest.NewRequest("GET", "/", nil), fwk.Abort(http.StatusTeapot))
	if rec.Code != http.StatusTeapot || !strings.Contains(rec.Body.String(), "teapot") {
		t.Errorf("outside an app: %d %q", rec.Code, rec.Body.String())
	}
}

package fwk_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// APINoteResource is a resource whose Get misses.
type APINoteResource struct{ fwk.Resource }

func (*APINoteResource) Get(c *fwk.Ctx, id int) error {
	return fwk.Abort(http.StatusNotFound, "no such note")
}

// StatsController declares JSON for all its views with Meta.ServesJSON.
type StatsController struct{ fwk.Controller }

func (*StatsController) Meta() fwk.Meta { return fwk.Meta{ServesJSON: true} }
func (*StatsController) Fail(*fwk.Ctx) error {
	return fwk.Abort(http.StatusServiceUnavailable, "busy")
}

type jsonErrBundle struct{}

func (jsonErrBundle) Name() string { return "api" }
func (jsonErrBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Prefix("/api", routes.Resource("/notes", &APINoteResource{})),
		routes.Controller("/stats", &StatsController{}),
		routes.Get("/declared", func(*fwk.Ctx) error { return fwk.Abort(http.StatusConflict) }, fwk.ServesJSON()),
		routes.Get("/page", func(*fwk.Ctx) error { return fwk.Abort(http.StatusConflict) }),
	)
}

// TestJSONViewErrors asks through a real listener, as curl does (Accept
// */*), a browser does and an API client does: a view of the OpenAPI
// document answers its errors in JSON whatever the Accept, an HTML view
// in what the client prefers.
func TestJSONViewErrors(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, jsonErrBundle{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	tests := []struct {
		path, accept string
		status       int
		wantCT       string
	}{
		{"/api/notes/2", "*/*", 404, "application/json"},
		{"/api/notes/2", "", 404, "application/json"},
		{"/api/notes/2", browser, 404, "application/json"}, // as the OpenAPI document says
		{"/api/notes/2", "text/html;q=0.5, application/json", 404, "application/json"},
		{"/stats/fail", "*/*", 503, "application/json"},
		{"/stats/fail", browser, 503, "application/json"},
		{"/declared", "*/*", 409, "application/json"},
		{"/page", "*/*", 409, "text/html; charset=utf-8"},
		{"/page", "application/json", 409, "application/json"},
		{"/nowhere", "*/*", 404, "text/html; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.accept, func(t *testing.T) {
			req, _ := http.NewRequest("GET", srv.URL+tt.path, nil)
			req.Header.Del("Accept")
			if tt.accept != "" {
				req.Header.Set("Accept", tt.accept)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.status || resp.Header.Get("Content-Type") != tt.wantCT {
				t.Errorf("GET %s (Accept %q) = %d %q, want %d %q: %s", tt.path, tt.accept,
					resp.StatusCode, resp.Header.Get("Content-Type"), tt.status, tt.wantCT, body)
			}
		})
	}
}

func ExampleServesJSON() {
	app, err := fwk.New(fwk.DefaultConfig(), jsonErrBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/api/notes/2", "/declared", "/page"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Accept", "*/*") // as curl sends
		app.ServeHTTP(rec, req)
		fmt.Println(path, rec.Code, rec.Header().Get("Content-Type"))
	}
	// Output:
	// /api/notes/2 404 application/json
	// /declared 409 application/json
	// /page 409 text/html; charset=utf-8
}

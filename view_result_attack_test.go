package fwk_test

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// hostileResults are typed views whose results or panics cannot be
// answered as JSON, on the fast (erased) and the reflective paths. (A
// result type encoding/json cannot write, a chan or a func, fails fwk.New:
// TestStartupErrors.)
type hostileResults struct{}

func (hostileResults) Name() string { return "hostile" }
func (hostileResults) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Func("/nilptr", func(c *fwk.Ctx) (*widget, error) { return nil, nil }),
		routes.Func("/nilmap", func(c *fwk.Ctx) (map[string]int, error) { return nil, nil }),
		routes.Func("/nilslice", func(c *fwk.Ctx) ([]widget, error) { return nil, nil }),
		routes.Func("/nilany", func(c *fwk.Ctx) (any, error) { return nil, nil }),
		routes.Func("/typednilerr", func(c *fwk.Ctx) (*widget, error) {
			var e *fwk.HTTPError
			return &widget{ID: 1}, e
		}),
		routes.Func("/cycle", func(c *fwk.Ctx) (map[string]any, error) {
			m := map[string]any{}
			m["self"] = m
			return m, nil
		}),
		routes.Func("/panic/<name>", func(c *fwk.Ctx, name string) (*widget, error) { panic("boom " + name) }),
		routes.Func("/panicnil", func(c *fwk.Ctx) ([]widget, error) { panic(nil) }),
		routes.Func("/panicerr/<int:id>", func(c *fwk.Ctx, id int) (map[string]int, error) {
			panic(fwk.Abort(http.StatusTeapot, "<b>tea</b>"))
		}),
		routes.Func("/value/<int:id>", func(c *fwk.Ctx, id int) (widget, error) { panic(errors.New("value boom")) }),
	)
}

// TestTypedResultsHostile: a typed view whose result cannot be written as
// JSON, that returns a typed nil error, or that panics is answered (500, or
// the panic's HTTP status) and the server keeps serving.
func TestTypedResultsHostile(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	srv := httptest.NewServer(mustNew(t, cfg, hostileResults{}))
	t.Cleanup(srv.Close)
	cases := []struct {
		path   string
		status int
		body   string
	}{
		{"/nilptr", 500, ""}, // never null: TestTypedResultNeverNull
		{"/nilmap", 200, "{}"},
		{"/nilslice", 200, "[]"},
		{"/nilany", 200, "null"},
		{"/typednilerr", 500, ""}, // a typed nil is a non-nil error, as in Go
		{"/cycle", 500, ""},
		{"/panic/x", 500, ""},
		{"/panicnil", 500, ""},
		{"/panicerr/1", 418, "tea"},
		{"/value/1", 500, ""},
	}
	for _, tc := range cases {
		req, _ := http.NewRequest("GET", srv.URL+tc.path, nil)
		req.Header.Set("Accept", "application/json")
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status || !strings.Contains(string(b), tc.body) {
			t.Errorf("%s: %d %q, want %d containing %q", tc.path, res.StatusCode, b, tc.status, tc.body)
		}
		if strings.Contains(string(b), "boom") {
			t.Errorf("%s: the panic value reached the client: %q", tc.path, b)
		}
	}
}

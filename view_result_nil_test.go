package fwk_test

import (
	"log/slog"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
	"github.com/fwkgo/fwk/routes"
)

// A typed result is never answered null, as the OpenAPI document says: a
// nil slice is [], a nil map {}, a nil pointer with a nil error a 500 (the
// view's mistake), on the reflective and on the direct call paths.
func TestTypedResultNeverNull(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, routesBundle{rs: routes.Tree(
		routes.Func("/slice", func(*fwk.Ctx) ([]widget, error) { return nil, nil }, fwk.Endpoint("slice")),
		routes.Func("/map/<int:id>", func(*fwk.Ctx, int) (map[string]int, error) { return nil, nil }, fwk.Endpoint("map")),
		routes.Func("/ptr", func(*fwk.Ctx) (*widget, error) { return nil, nil }, fwk.Endpoint("ptr")),
		routes.Func("/ptr/q", func(_ *fwk.Ctx, q struct {
			N int `query:"n"`
		}) (*widget, error) {
			return nil, nil
		}, fwk.Endpoint("ptr_q")),
		routes.Func("/slice/q", func(_ *fwk.Ctx, q struct {
			N int `query:"n"`
		}) ([]int, error) {
			return nil, nil
		}, fwk.Endpoint("slice_q")),
	)})
	if err != nil {
		t.Fatal(err)
	}
	c := fwktest.New(t, app)
	for path, want := range map[string]string{"/slice": "[]", "/map/1": "{}", "/slice/q?n=1": "[]"} {
		if got := c.Get(path).ExpectStatus(http.StatusOK).Text(); got != want+"\n" {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	for _, path := range []string{"/ptr", "/ptr/q?n=1"} {
		c.Get(path, fwktest.WithHeader("Accept", "application/json"), fwktest.ExpectError()).
			ExpectStatus(http.StatusInternalServerError)
	}
}

package fwk_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// HelperController has an exported helper that is not a view.
type HelperController struct{ fwk.Controller }

func (*HelperController) Index(*fwk.Ctx) error { return nil }
func (*HelperController) Format(n int) string  { return "" }

// KeptHelperController keeps its helper with NoRoute.
type KeptHelperController struct{ fwk.Controller }

func (c *KeptHelperController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.NoRoute(c.Format)}}
}
func (*KeptHelperController) Index(*fwk.Ctx) error { return nil }
func (*KeptHelperController) Format(n int) string  { return "" }

func TestExportedHelperHint(t *testing.T) {
	_, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Tree(routes.Controller("", &HelperController{}))})
	if !errors.Is(err, fwk.ErrBadView) {
		t.Fatalf("New error = %v, want ErrBadView", err)
	}
	for _, want := range []string{"Format", "first parameter must be *fwk.Ctx",
		"if Format is a helper, not a view, unexport it or list fwk.NoRoute(c.Format) in Meta().Views"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if _, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Tree(routes.Controller("", &KeptHelperController{}))}); err != nil {
		t.Errorf("with NoRoute: %v", err)
	}
	// A plain func gets no controller hint.
	_, err = fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Func("/x", func(int) error { return nil })})
	if err == nil || strings.Contains(err.Error(), "NoRoute") {
		t.Errorf("plain func error %v", err)
	}
}

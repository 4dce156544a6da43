package fwk_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Deps is embedded by value: its tagged fields are injected too.
type Deps struct {
	Mailer Mailer `fwk:"inject"`
}

// EmbedController gets its Mailer through the embedded Deps.
type EmbedController struct {
	fwk.Controller
	Deps
	Store *noteStore `fwk:"inject"`
}

func (c *EmbedController) Index(ctx *fwk.Ctx) error {
	if c.Mailer == nil || c.Store == nil {
		return errors.New("not injected")
	}
	return ctx.NoContent()
}

// PtrDepsController embeds *Deps: its promoted fields cannot be injected.
type PtrDepsController struct {
	fwk.Controller
	*Deps
}

func (c *PtrDepsController) Index(ctx *fwk.Ctx) error { return ctx.NoContent() }

func TestInjectEmbedded(t *testing.T) {
	store, mailer := newNoteStore(), &smtpMailer{}
	ctrl := &EmbedController{}
	a := newApp(t, routesBundle{rs: routes.Controller("/e", ctrl), services: []any{store, mailer}})
	if ctrl.Mailer != mailer || ctrl.Store != store {
		t.Errorf("EmbedController = %+v, want Mailer %p and Store %p", ctrl, mailer, store)
	}
	if rec := get(a, "GET", "/e/index"); rec.Code != http.StatusNoContent {
		t.Errorf("GET /e/index = %d", rec.Code)
	}

	_, err := fwk.New(quietConfig(), routesBundle{rs: routes.Controller("/p", &PtrDepsController{}),
		services: []any{mailer}})
	if err == nil || !strings.Contains(err.Error(), "PtrDepsController.Mailer") ||
		!strings.Contains(err.Error(), "embedded pointer") {
		t.Errorf("fwk.New with *Deps embedded: %v, want an error naming PtrDepsController.Mailer", err)
	}
}

// One controller value used by two route declarations is injected once and
// shared.
func TestInjectSharedController(t *testing.T) {
	ctrl := &InjectedController{}
	mailer, clk := &smtpMailer{}, &clock{}
	newApp(t, routesBundle{
		rs:       routes.Tree(routes.Controller("/a", ctrl), routes.Controller("/b", ctrl)),
		services: []any{mailer, clk},
	})
	if ctrl.Mailer != mailer || ctrl.Clock != clk {
		t.Errorf("shared controller = %+v", ctrl)
	}
}

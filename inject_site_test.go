package fwk_test

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Notifier is a service no bundle provides in TestMissingServiceSite.
type Notifier interface{ Notify(string) }

// OutboxController needs a Notifier.
type OutboxController struct {
	fwk.Controller
	Title string
	// Notifier is declared here, far from where the route is.
	Notifier Notifier `fwk:"inject"`
}

func (c *OutboxController) Index(ctx *fwk.Ctx) error { return nil }

func TestMissingServiceSite(t *testing.T) {
	_, err := fwk.New(quietCfg(), tplApp{}.with(routes.Controller("/outbox", &OutboxController{})))
	var se *fwk.StartupError
	if !errors.As(err, &se) || !errors.Is(err, fwk.ErrMissingService) {
		t.Fatalf("fwk.New = %v, want a StartupError for the missing service", err)
	}
	file, line, ok := strings.Cut(se.DeclaredAt, ":")
	n, _ := strconv.Atoi(line)
	src, rerr := os.ReadFile(file)
	if !ok || rerr != nil || n < 1 {
		t.Fatalf("DeclaredAt = %q: not a file:line of this package", se.DeclaredAt)
	}
	if got := strings.Split(string(src), "\n")[n-1]; !strings.Contains(got, "Notifier Notifier `fwk:\"inject\"`") {
		t.Errorf("DeclaredAt %s is the line %q, want the field's declaration", se.DeclaredAt, got)
	}
}

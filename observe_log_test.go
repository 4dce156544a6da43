package fwk_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// observed collects the records of App.ObserveLog.
type observed struct {
	mu   sync.Mutex
	recs []string
}

func (o *observed) add(_ context.Context, r slog.Record) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", r.Level, r.Message)
	r.Attrs(func(a slog.Attr) bool { fmt.Fprintf(&b, " %s", a); return true })
	o.mu.Lock()
	defer o.mu.Unlock()
	o.recs = append(o.recs, b.String())
}

func (o *observed) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return strings.Join(o.recs, "\n")
}

// TestObserveLog: an observer gets the records of its level and above
// with the attributes of With and WithGroup, beside the configured
// handler, which keeps its own level; stop ends the observation.
func TestObserveLog(t *testing.T) {
	var out bytes.Buffer
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelWarn,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		}}))
	app := mustNew(t, cfg, tplApp{}.with(nil))
	var o observed
	stop := app.ObserveLog(slog.LevelInfo, o.add)
	log := app.Logger().With("a", 1).WithGroup("g").With("b", 2)
	log.Debug("hidden")
	log.Info("info", "k", 3)
	log.Warn("warn")
	want := "INFO info a=1 g=[b=2 k=3]\nWARN warn a=1 g=[b=2]"
	if got := o.String(); got != want {
		t.Errorf("observed:\n%s\nwant:\n%s", got, want)
	}
	if got := out.String(); got != "level=WARN msg=warn a=1 g.b=2\n" {
		t.Errorf("the configured handler got %q", got)
	}
	stop()
	stop()
	log.Error("after")
	if strings.Contains(o.String(), "after") || !strings.Contains(out.String(), "after") {
		t.Errorf("after stop: observed %q, handler %q", o.String(), out.String())
	}
}

// TestObserveLogServing: what fwk logs while serving reaches the observer.
func TestObserveLogServing(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	app := mustNew(t, cfg, tplApp{}.with(routes.Func("/boom", func(*fwk.Ctx) error { panic("boom") })))
	var o observed
	defer app.ObserveLog(slog.LevelError, o.add)()
	app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/boom", nil))
	if got := o.String(); !strings.HasPrefix(got, "ERROR fwk: panic in view") || !strings.Contains(got, "panic=boom") {
		t.Errorf("observed %q", got)
	}
}

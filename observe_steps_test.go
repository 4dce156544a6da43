package fwk_test

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Traced is the model of tracedBundle.
type Traced struct{ Title string }

type tracedKey struct{}

// tracedBundle renders a model loaded by id; id 13 fails to load, and the
// loader records the value of tracedKey in its context.
type tracedBundle struct{ seen *[]any }

func (tracedBundle) Name() string { return "app" }
func (tracedBundle) Templates() fs.FS {
	return fstest.MapFS{"show.html": {Data: []byte("{{.Title}}")}}
}
func (b tracedBundle) Services() []any {
	return []any{fwk.RegisterModel(func(ctx context.Context, id string) (*Traced, error) {
		*b.seen = append(*b.seen, ctx.Value(tracedKey{}))
		if id == "13" {
			return nil, errors.New("database down")
		}
		return &Traced{Title: "t" + id}, nil
	})}
}
func (tracedBundle) Routes() []*fwk.Route {
	return routes.Func("/t/<int:id>", func(c *fwk.Ctx, p *Traced) error { return c.Render("show.html", p) })
}

func TestTraceStepsTracesRendersAndModelLoads(t *testing.T) {
	var seen []any
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, tracedBundle{&seen})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var steps []string
	app.TraceSteps(func(ctx context.Context, step, name string) (context.Context, func(error)) {
		return context.WithValue(ctx, tracedKey{}, step+" "+name), func(err error) {
			mu.Lock()
			defer mu.Unlock()
			steps = append(steps, step+" "+name+" "+errText(err))
		}
	})
	for _, id := range []string{"7", "13"} {
		app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/t/"+id, nil))
	}
	want := []string{"load Traced ok", "render show.html ok", "load Traced database down"}
	if !slices.Equal(steps, want) {
		t.Errorf("steps %q, want %q", steps, want)
	}
	if !slices.Equal(seen, []any{"load Traced", "load Traced"}) {
		t.Errorf("the loader's contexts held %v: not the tracer's", seen)
	}
	app.TraceSteps(nil)
	steps, seen = nil, nil
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/t/7", nil))
	if rec.Code != http.StatusOK || rec.Body.String() != "t7" || steps != nil || seen[0] != nil {
		t.Errorf("after TraceSteps(nil): %d %q, steps %q, loader context %v", rec.Code, rec.Body.String(), steps, seen)
	}
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

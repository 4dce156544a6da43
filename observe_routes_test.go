package fwk_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/middleware"
	"github.com/fwkgo/fwk/routes"
)

// observedBundle has two routes and, optionally, a middleware wrapping the
// writer (the access log's recorder).
type observedBundle struct{ wrap bool }

func (observedBundle) Name() string { return "obs" }
func (observedBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Get("/items/<int:id>", func(c *fwk.Ctx, id int) error { return c.Respond(http.StatusOK, "item") },
			fwk.Endpoint("item")),
		routes.Post("/items", func(c *fwk.Ctx) error { return c.Respond(http.StatusCreated, "made") },
			fwk.Endpoint("create")),
		routes.Func("/quiet", func(*fwk.Ctx) error { return nil }),
	)
}
func (b observedBundle) Middleware() []func(http.Handler) http.Handler {
	if !b.wrap {
		return nil
	}
	return []func(http.Handler) http.Handler{middleware.AccessLog(slog.New(slog.DiscardHandler))}
}

// seen is what an observer saw of one request.
type seen struct {
	rule, endpoint, methods string
	status                  int
	miss                    bool
	path                    string
}

func observe(t *testing.T, app *fwk.App) (*[]seen, func()) {
	t.Helper()
	var got []seen
	stop := app.ObserveRoutes(func(w http.ResponseWriter, r *http.Request, m fwk.Routed) {
		s := seen{status: m.Status, miss: m.Miss(), path: r.URL.Path}
		if m.Route != nil {
			s.rule, s.endpoint, s.methods = m.Route.Path(), m.Route.Endpoint(), strings.Join(m.Route.Methods(), ",")
		}
		got = append(got, s)
	})
	return &got, stop
}

func TestObserveRoutesTellsTheRouteOrTheMiss(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.LivenessPath = "/livez"
	app, err := fwk.New(cfg, observedBundle{})
	if err != nil {
		t.Fatal(err)
	}
	got, stop := observe(t, app)
	for _, r := range []struct{ method, target string }{
		{"GET", "/items/3"}, {"POST", "/items"}, {"GET", "/nope"}, {"DELETE", "/items"}, {"GET", "/livez"},
	} {
		app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(r.method, r.target, nil))
	}
	want := []seen{
		{"/items/<int:id>", "obs.item", "GET,HEAD", 200, false, "/items/3"},
		{"/items", "obs.create", "POST", 200, false, "/items"},
		{"", "", "", 404, true, "/nope"},
		{"", "", "", 405, true, "/items"},
		// the liveness probe is answered before routing: not observed
	}
	if len(*got) != len(want) {
		t.Fatalf("observed %+v, want %+v", *got, want)
	}
	for i := range want {
		if (*got)[i] != want[i] {
			t.Errorf("request %d: observed %+v, want %+v", i, (*got)[i], want[i])
		}
	}
	stop()
	stop() // twice is harmless
	app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/items/3", nil))
	if len(*got) != len(want) {
		t.Errorf("observed after stop: %+v", (*got)[len(want):])
	}
}

// unwrapWriter is a writer a wrapper passes to the app.
type unwrapWriter struct {
	http.ResponseWriter
	route string
}

func TestObserveRoutesFindsTheWriterOfAnOuterWrapper(t *testing.T) {
	for _, wrap := range []bool{false, true} {
		app, err := fwk.New(fwk.DefaultConfig(), observedBundle{wrap: wrap})
		if err != nil {
			t.Fatal(err)
		}
		app.ObserveRoutes(func(w http.ResponseWriter, r *http.Request, m fwk.Routed) {
			for w != nil {
				if uw, ok := w.(*unwrapWriter); ok {
					uw.route = m.Route.Path()
					return
				}
				u, ok := w.(interface{ Unwrap() http.ResponseWriter })
				if !ok {
					return
				}
				w = u.Unwrap()
			}
		})
		uw := &unwrapWriter{ResponseWriter: httptest.NewRecorder()}
		app.ServeHTTP(uw, httptest.NewRequest("GET", "/items/3", nil))
		if uw.route != "/items/<int:id>" {
			t.Errorf("middleware %v: the wrapper's writer got route %q", wrap, uw.route)
		}
	}
}

func TestObserveRoutesAllocatesNothing(t *testing.T) {
	app, err := fwk.New(fwk.DefaultConfig(), observedBundle{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	app.ObserveRoutes(func(w http.ResponseWriter, r *http.Request, m fwk.Routed) { n++ })
	r := httptest.NewRequest("GET", "/quiet", nil) // a view that costs no allocation
	w := &discardWriter{h: http.Header{}}
	if allocs := testing.AllocsPerRun(100, func() { app.ServeHTTP(w, r) }); allocs != 0 {
		t.Errorf("%v allocations per observed request, want 0", allocs)
	}
	if n == 0 {
		t.Error("the observer was not called")
	}
}

// discardWriter is a ResponseWriter that keeps nothing.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(int)             {}

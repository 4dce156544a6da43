package fwkotel_test

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwkotel"
	"github.com/fwkgo/fwk/routes"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// Post is the model of stepsBundle.
type Post struct{ Title string }

// stepsBundle renders a post loaded by a model loader; post 13 fails to load.
type stepsBundle struct{ loaderCtx *context.Context }

func (stepsBundle) Name() string { return "app" }
func (stepsBundle) Templates() fs.FS {
	return fstest.MapFS{"show.html": {Data: []byte("<h1>{{.Title}}</h1>")}}
}
func (b stepsBundle) Services() []any {
	return []any{fwk.RegisterModel(func(ctx context.Context, id string) (*Post, error) {
		*b.loaderCtx = ctx
		if id == "13" {
			return nil, errors.New("database down")
		}
		return &Post{Title: "post " + id}, nil
	})}
}
func (stepsBundle) Routes() []*fwk.Route {
	return routes.Func("/posts/<int:id>", func(c *fwk.Ctx, p *Post) error { return c.Render("show.html", p) },
		fwk.Endpoint("show"))
}

func TestRenderAndModelLoadAreChildSpans(t *testing.T) {
	sr := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(sr))
	var loaderCtx context.Context
	cfg := fwk.DefaultConfig()
	cfg.Logger = discardLogger()
	app, err := fwk.New(cfg, fwkotel.New(fwkotel.Options{TracerProvider: tp}), stepsBundle{&loaderCtx})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/posts/7", nil))
	if rec.Code != http.StatusOK || rec.Body.String() != "<h1>post 7</h1>" {
		t.Fatalf("answer %d %q", rec.Code, rec.Body.String())
	}
	spans := map[string]sdktrace.ReadOnlySpan{}
	for _, s := range sr.Ended() {
		spans[s.Name()] = s
	}
	server, load, render := spans["GET /posts/<int:id>"], spans["load Post"], spans["render show.html"]
	if server == nil || load == nil || render == nil {
		t.Fatalf("spans %v, want the server span, load Post and render show.html", keys(spans))
	}
	for _, child := range []sdktrace.ReadOnlySpan{load, render} {
		if child.Parent().SpanID() != server.SpanContext().SpanID() {
			t.Errorf("%s is not a child of the server span", child.Name())
		}
	}
	if got := trace.SpanContextFromContext(loaderCtx).SpanID(); got != load.SpanContext().SpanID() {
		t.Errorf("the loader ran in span %s, want the load span %s", got, load.SpanContext().SpanID())
	}

	app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/posts/13", nil))
	for _, s := range sr.Ended() {
		if s.Name() == "load Post" && s.Status().Code == codes.Error && s.Status().Description == "database down" {
			return
		}
	}
	t.Error("the failed load's span does not carry its error")
}

func keys(m map[string]sdktrace.ReadOnlySpan) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

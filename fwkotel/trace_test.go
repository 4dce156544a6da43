package fwkotel_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwkotel"
	"github.com/fwkgo/fwk/middleware"
	"github.com/fwkgo/fwk/routes"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// appBundle is the app bundle of the tests, with the access log.
type appBundle struct{ log *slog.Logger }

func (appBundle) Name() string { return "app" }
func (b appBundle) Middleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{middleware.AccessLog(b.log)}
}
func (appBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Func("/posts/<int:id>", func(c *fwk.Ctx, id int) error {
			return c.Respond(http.StatusOK, fwkotel.TraceID(c.Context()))
		}, fwk.Endpoint("post")),
		routes.Func("/boom", func(c *fwk.Ctx) error { return fwk.Abort(http.StatusInternalServerError) },
			fwk.Endpoint("boom")),
	)
}

// traced returns an app traced into a span recorder, and its log.
func traced(t *testing.T) (*fwk.App, *tracetest.SpanRecorder, *bytes.Buffer) {
	t.Helper()
	sr := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(sr))
	var logs bytes.Buffer
	log := slog.New(fwkotel.LogHandler(slog.NewTextHandler(&logs, nil)))
	cfg := fwk.DefaultConfig()
	cfg.Logger = log
	app, err := fwk.New(cfg, fwkotel.New(fwkotel.Options{TracerProvider: tp}), appBundle{log})
	if err != nil {
		t.Fatal(err)
	}
	return app, sr, &logs
}

const (
	parentTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
	parentSpan  = "00f067aa0ba902b7"
)

func get(app http.Handler, target string, traceparent bool) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", target, nil)
	if traceparent {
		r.Header.Set("Traceparent", "00-"+parentTrace+"-"+parentSpan+"-01")
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, r)
	return rec
}

func attr(s sdktrace.ReadOnlySpan, key string) (string, bool) {
	for _, a := range s.Attributes() {
		if a.Key == attribute.Key(key) {
			return a.Value.String(), true
		}
	}
	return "", false
}

func TestServerSpanIsNamedByRouteAndContinuesTraceparent(t *testing.T) {
	app, sr, logs := traced(t)
	rec := get(app, "/posts/7", true)
	spans := sr.Ended()
	if len(spans) != 1 {
		t.Fatalf("%d spans, want 1", len(spans))
	}
	s := spans[0]
	if s.Name() != "GET /posts/<int:id>" {
		t.Errorf("span name %q", s.Name())
	}
	if route, _ := attr(s, "http.route"); route != "/posts/<int:id>" {
		t.Errorf("http.route = %q", route)
	}
	if ep, _ := attr(s, "fwk.endpoint"); ep != "app.post" {
		t.Errorf("fwk.endpoint = %q", ep)
	}
	if s.SpanKind() != trace.SpanKindServer {
		t.Errorf("span kind %v", s.SpanKind())
	}
	if got := s.SpanContext().TraceID().String(); got != parentTrace {
		t.Errorf("trace id %s, want the traceparent's %s", got, parentTrace)
	}
	if got := s.Parent().SpanID().String(); got != parentSpan || !s.Parent().IsRemote() {
		t.Errorf("parent span %s (remote %v), want %s", got, s.Parent().IsRemote(), parentSpan)
	}
	if rec.Body.String() != parentTrace {
		t.Errorf("the view saw trace id %q, want %s", rec.Body.String(), parentTrace)
	}
	if !strings.Contains(logs.String(), "msg=request") || !strings.Contains(logs.String(), "trace_id="+parentTrace) {
		t.Errorf("the access log lacks the trace id:\n%s", logs)
	}
}

func TestMissSpanHasNoRoute(t *testing.T) {
	app, sr, _ := traced(t)
	get(app, "/nope/123", false)
	spans := sr.Ended()
	if len(spans) != 1 {
		t.Fatalf("%d spans, want 1", len(spans))
	}
	if spans[0].Name() != "GET" {
		t.Errorf("span name of a miss %q, want GET", spans[0].Name())
	}
	if route, ok := attr(spans[0], "http.route"); ok {
		t.Errorf("a miss has http.route %q", route)
	}
	if spans[0].Parent().IsValid() {
		t.Error("a request without traceparent got a parent")
	}
}

func TestViewErrorIsLoggedWithItsTraceID(t *testing.T) {
	app, sr, logs := traced(t)
	get(app, "/boom", true)
	if n := len(sr.Ended()); n != 1 {
		t.Fatalf("%d spans", n)
	}
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if !strings.Contains(line, "trace_id="+parentTrace) {
			t.Errorf("a record without the trace id: %s", line)
		}
	}
	if !strings.Contains(logs.String(), "view error") {
		t.Errorf("no view error record:\n%s", logs)
	}
}

func TestTraceIDWithoutSpan(t *testing.T) {
	if got := fwkotel.TraceID(t.Context()); got != "" {
		t.Errorf("TraceID of a context without span = %q", got)
	}
}

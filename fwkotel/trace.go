// Package fwkotel traces an fwk app with OpenTelemetry: one server span per
// request (go.opentelemetry.io/contrib's otelhttp), named by the route's
// rule ("GET /posts/<int:id>") with the http.route attribute, continuing
// the trace of the request's traceparent header. LogHandler puts the trace
// id in the app's log records, the access log's included; TraceID gives
// it to views.
//
// Give a *Tracing to fwk.New before the app bundle (and before a metrics
// bundle, so that the span covers their work too):
//
//	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter))
//	app, err := fwk.New(cfg, fwkotel.New(fwkotel.Options{TracerProvider: tp}), &AppBundle{})
//
// The exporter is the app's choice: OTLP (otlptracehttp, otlptracegrpc)
// to a collector, or stdouttrace while developing.
package fwkotel

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/fwkgo/fwk"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// Options configures the tracing. The zero value traces with the global
// tracer provider (otel.SetTracerProvider) and reads W3C traceparent.
type Options struct {
	// TracerProvider makes the spans; default otel.GetTracerProvider().
	TracerProvider trace.TracerProvider
	// Propagator reads the caller's trace context from the request
	// headers; default W3C Trace Context and Baggage (traceparent,
	// tracestate, baggage).
	Propagator propagation.TextMapPropagator
	// HTTP are more options for otelhttp.NewHandler (a meter provider,
	// a filter of the requests to leave untraced, ...).
	HTTP []otelhttp.Option
}

// Tracing is a bundle for fwk.New: its middleware starts the server span
// of each request, which the app names by route. Make it with New.
type Tracing struct {
	opts Options
}

// New returns the tracing bundle.
func New(o Options) *Tracing {
	if o.TracerProvider == nil {
		o.TracerProvider = otel.GetTracerProvider()
	}
	if o.Propagator == nil {
		o.Propagator = propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})
	}
	return &Tracing{opts: o}
}

// Name returns the bundle's name, "tracing".
func (t *Tracing) Name() string { return "tracing" }

// AfterInitApp makes the app name each request's span by its route, and
// trace its template renders and model loads as child spans ("render
// posts/show.html", "load Post").
func (t *Tracing) AfterInitApp(app *fwk.App) error {
	app.ObserveRoutes(nameSpan)
	tracer := t.opts.TracerProvider.Tracer("github.com/fwkgo/fwk/fwkotel")
	app.TraceSteps(func(ctx context.Context, step, name string) (context.Context, func(error)) {
		if !trace.SpanFromContext(ctx).IsRecording() {
			return ctx, func(error) {} // an unsampled request: no child spans
		}
		ctx, span := tracer.Start(ctx, step+" "+name, trace.WithAttributes(attribute.String("fwk.step", step)))
		return ctx, func(err error) {
			if err != nil {
				span.RecordError(err)
				span.SetStatus(codes.Error, err.Error())
			}
			span.End()
		}
	})
	return nil
}

// Middleware returns otelhttp's server middleware.
func (t *Tracing) Middleware() []func(http.Handler) http.Handler {
	opts := append([]otelhttp.Option{
		otelhttp.WithTracerProvider(t.opts.TracerProvider),
		otelhttp.WithPropagators(t.opts.Propagator),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return r.Method }),
	}, t.opts.HTTP...)
	return []func(http.Handler) http.Handler{func(next http.Handler) http.Handler {
		return otelhttp.NewHandler(next, "http.server", opts...)
	}}
}

// nameSpan is the app's route observer: the span of a matched request is
// named "METHOD rule" and gets the http.route and fwk.endpoint attributes.
// A miss keeps the name "METHOD": its path is not a route.
func nameSpan(_ http.ResponseWriter, r *http.Request, rt fwk.Routed) {
	span := trace.SpanFromContext(r.Context())
	if rt.Miss() || !span.IsRecording() {
		return
	}
	rule := rt.Route.Path()
	span.SetName(r.Method + " " + rule)
	span.SetAttributes(attribute.String("http.route", rule), attribute.String("fwk.endpoint", rt.Route.Endpoint()))
}

// TraceID returns the trace id of the span in ctx (a view's ctx.Context()),
// as 32 hex digits, or "" when ctx carries none.
func TraceID(ctx context.Context) string {
	sc := trace.SpanContextFromContext(ctx)
	if !sc.HasTraceID() {
		return ""
	}
	return sc.TraceID().String()
}

// LogHandler returns a slog.Handler that adds trace_id and span_id to the
// records logged with a context carrying a span (middleware.AccessLog's
// records, fwk's records of a view's error or panic, a view's
// Logger().InfoContext(ctx.Context(), ...)), then passes them to next.
func LogHandler(next slog.Handler) slog.Handler { return logHandler{next} }

type logHandler struct{ next slog.Handler }

func (h logHandler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h logHandler) Handle(ctx context.Context, r slog.Record) error {
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
		r = r.Clone()
		r.AddAttrs(slog.String("trace_id", sc.TraceID().String()), slog.String("span_id", sc.SpanID().String()))
	}
	return h.next.Handle(ctx, r)
}

func (h logHandler) WithAttrs(as []slog.Attr) slog.Handler { return logHandler{h.next.WithAttrs(as)} }
func (h logHandler) WithGroup(name string) slog.Handler    { return logHandler{h.next.WithGroup(name)} }

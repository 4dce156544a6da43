package fwkotel_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwkotel"
	"github.com/fwkgo/fwk/routes"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

type exampleBundle struct{}

func (exampleBundle) Name() string { return "app" }
func (exampleBundle) Routes() []*fwk.Route {
	return routes.Func("/posts/<int:id>", func(c *fwk.Ctx, id int) error {
		return c.Respond(http.StatusOK, "post of trace "+fwkotel.TraceID(c.Context()))
	}, fwk.Endpoint("post"))
}

// The tracing bundle goes first; the exporter is the app's: here an
// in-memory one to show the span, stdouttrace while developing, OTLP
// (otlptracehttp) in production.
func ExampleNew() {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	app, err := fwk.New(fwk.DefaultConfig(), fwkotel.New(fwkotel.Options{TracerProvider: tp}), exampleBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := httptest.NewRequest("GET", "/posts/7", nil)
	r.Header.Set("Traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, r)
	fmt.Println(rec.Body.String())
	for _, s := range exp.GetSpans() {
		for _, a := range s.Attributes {
			if a.Key == "http.route" {
				fmt.Println(s.Name, "http.route="+a.Value.AsString())
			}
		}
	}
	// Output:
	// post of trace 4bf92f3577b34da6a3ce929d0e0e4736
	// GET /posts/<int:id> http.route=/posts/<int:id>
}

// While developing, print the spans.
func ExampleNew_stdout() {
	exp, err := stdouttrace.New(stdouttrace.WithPrettyPrint())
	if err != nil {
		fmt.Println(err)
		return
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp))
	_ = fwkotel.New(fwkotel.Options{TracerProvider: tp}) // give it to fwk.New first
}

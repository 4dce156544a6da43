package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwkotel"
	"github.com/fwkgo/fwk/fwkprom"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// observeBundles returns the bundles that make the blog observable, to go
// before its own (Options.Observe):
//
//   - Prometheus metrics by route (fwkprom), served on METRICS_PATH
//     (default /metrics; "-" serves them nowhere);
//   - with BLOG_TRACE=stdout, an OpenTelemetry server span per request
//     (fwkotel), printed to out as one JSON line when it ends. A request
//     whose traceparent says "sampled" is traced; of the others, a ratio
//     BLOG_TRACE_RATIO (0 to 1, default 1). A real deployment sends spans
//     to a collector with an OTLP exporter instead (docs/deploying.md).
//
// shutdown flushes the spans once the server stopped.
func observeBundles(out io.Writer, getenv func(string) string) (bundles []fwk.Bundle, shutdown func(context.Context) error, err error) {
	shutdown = func(context.Context) error { return nil }
	metrics := fwkprom.New(fwkprom.Options{Path: getenv("METRICS_PATH")})
	switch mode := getenv("BLOG_TRACE"); mode {
	case "":
		return []fwk.Bundle{metrics}, shutdown, nil
	case "stdout":
	default:
		return nil, nil, fmt.Errorf("blog: BLOG_TRACE=%q: want stdout or nothing", mode)
	}
	ratio := 1.0
	if v := getenv("BLOG_TRACE_RATIO"); v != "" {
		if ratio, err = strconv.ParseFloat(v, 64); err != nil || ratio < 0 || ratio > 1 {
			return nil, nil, fmt.Errorf("blog: BLOG_TRACE_RATIO=%q: want a number from 0 to 1", v)
		}
	}
	exp, err := stdouttrace.New(stdouttrace.WithWriter(out))
	if err != nil {
		return nil, nil, fmt.Errorf("blog: stdout trace exporter: %w", err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp),
		sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.TraceIDRatioBased(ratio))))
	// The span covers the metrics' work too: tracing goes first.
	return []fwk.Bundle{fwkotel.New(fwkotel.Options{TracerProvider: tp}), metrics}, tp.Shutdown, nil
}

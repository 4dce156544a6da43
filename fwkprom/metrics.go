// Package fwkprom exports Prometheus metrics of an fwk app, labelled by
// route: request counts and durations by endpoint, rule, method and status
// class, requests in flight and response sizes. Misses (404, 405 and the
// router's other answers) share one label value, "(miss)", and unknown
// methods are counted as "OTHER": a client sending random paths and
// methods cannot make the series grow.
//
// Give a *Metrics to fwk.New before the app bundle, so that its middleware
// is the outermost of the app's:
//
//	m := fwkprom.New(fwkprom.Options{})
//	app, err := fwk.New(cfg, m, &AppBundle{})
//
// The metrics are served on Options.Path (default "/metrics", or the app's
// config key METRICS_PATH), answered before the app's views: no session,
// no CSRF check, not counted. Handler serves them elsewhere too (an admin
// listener).
package fwkprom

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Label values of the requests that matched no route.
const (
	// Miss is the endpoint and route label of a request the router matched
	// to no route: 404, 405, 400 for a bad parameter, a redirect, or the
	// automatic answer to OPTIONS.
	Miss = "(miss)"
	// Unrouted is the endpoint and route label of a request answered by a
	// middleware before the app routed it (a rate limiter's 429, say).
	Unrouted = "(unrouted)"
)

// Options configures the metrics. The zero value is ready to use.
type Options struct {
	// Path is where the app serves the metrics; "" takes the app's config
	// key METRICS_PATH, else "/metrics". "-" serves them nowhere on the
	// app (use Handler).
	Path string
	// Namespace prefixes the metric names; default "fwk".
	Namespace string
	// Registry receives the collectors; default a new registry holding
	// the Go runtime and process collectors too.
	Registry *prometheus.Registry
	// DurationBuckets are the upper bounds (seconds) of the request
	// duration histogram; default prometheus.DefBuckets.
	DurationBuckets []float64
	// SizeBuckets are those (bytes) of the response size histogram;
	// default 100 B to 10 MB, by tens.
	SizeBuckets []float64
}

// Metrics is a bundle for fwk.New: its middleware counts and times the
// app's requests and serves the metrics. Make it with New.
type Metrics struct {
	opts     Options
	path     string
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	size     *prometheus.HistogramVec
	inFlight prometheus.Gauge
	scrape   http.Handler

	routes   sync.Map // *router.Route -> *routeSeries
	miss     *routeSeries
	unrouted *routeSeries
}

// New returns the metrics bundle. Its collectors are registered in
// Options.Registry when fwk.New installs it: a registry that already holds
// them (a second Metrics on one registry) fails fwk.New with the
// registry's error (a prometheus.AlreadyRegisteredError).
func New(o Options) *Metrics {
	m := &Metrics{opts: o, reg: o.Registry}
	if m.reg == nil {
		m.reg = prometheus.NewRegistry()
		m.reg.MustRegister(collectors.NewGoCollector(),
			collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	ns := o.Namespace
	if ns == "" {
		ns = "fwk"
	}
	labels := []string{"endpoint", "route", "method", "status"}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: ns, Subsystem: "http",
		Name: "requests_total", Help: "Requests served, by endpoint, route rule, method and status class."}, labels)
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: ns, Subsystem: "http",
		Name: "request_duration_seconds", Help: "Time to serve a request, by endpoint, route rule, method and status class.",
		Buckets: orDefault(o.DurationBuckets, prometheus.DefBuckets)}, labels)
	m.size = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: ns, Subsystem: "http",
		Name: "response_size_bytes", Help: "Bytes of the response bodies, by endpoint, route rule, method and status class.",
		Buckets: orDefault(o.SizeBuckets, prometheus.ExponentialBuckets(100, 10, 6))}, labels)
	m.inFlight = prometheus.NewGauge(prometheus.GaugeOpts{Namespace: ns, Subsystem: "http",
		Name: "requests_in_flight", Help: "Requests being served."})
	m.scrape = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
	m.miss = m.newSeries(Miss, Miss)
	m.unrouted = m.newSeries(Unrouted, Unrouted)
	return m
}

func orDefault(b, def []float64) []float64 {
	if len(b) == 0 {
		return def
	}
	return b
}

// Name returns the bundle's name, "metrics".
func (m *Metrics) Name() string { return "metrics" }

// AfterInitApp registers the collectors, resolves the metrics path and
// starts observing the app's routes.
func (m *Metrics) AfterInitApp(app *fwk.App) error {
	for _, c := range []prometheus.Collector{m.requests, m.duration, m.size, m.inFlight} {
		if err := m.reg.Register(c); err != nil {
			return fmt.Errorf("fwkprom: registering the request metrics: %w", err)
		}
	}
	m.path = m.opts.Path
	if m.path == "" {
		m.path = app.Config().Get("METRICS_PATH")
	}
	if m.path == "" {
		m.path = "/metrics"
	}
	app.ObserveRoutes(m.observeRoute)
	return nil
}

// Path returns where the app serves the metrics ("-": nowhere), known once
// fwk.New has returned.
func (m *Metrics) Path() string { return m.path }

// Registry returns the registry holding the collectors, for the app's own
// metrics.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in the Prometheus text format (or
// OpenMetrics, as the scraper asks).
func (m *Metrics) Handler() http.Handler { return m.scrape }

// Middleware returns the middleware that serves the metrics path and
// measures every other request.
func (m *Metrics) Middleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{m.wrap}
}

// wrap is the middleware of Middleware.
func (m *Metrics) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == m.path {
			m.scrape.ServeHTTP(w, r)
			return
		}
		rec := &recorder{m: m}
		rec.ResponseWriter = w
		m.inFlight.Inc()
		start := time.Now()
		defer m.done(rec, r, start) // also when the connection is aborted
		next.ServeHTTP(rec, r)
	})
}

// done records one request served.
func (m *Metrics) done(rec *recorder, r *http.Request, start time.Time) {
	elapsed := time.Since(start)
	m.inFlight.Dec()
	s := m.unrouted
	switch {
	case rec.route != nil:
		s = m.seriesOf(rec.route)
	case rec.routed:
		s = m.miss
	}
	c := s.children(m, methodIndex(r.Method), statusClass(rec.Status()))
	c.requests.Inc()
	c.duration.Observe(elapsed.Seconds())
	c.size.Observe(float64(rec.Bytes()))
}

// observeRoute is the app's route observer: it records the route in the
// recorder of the request.
func (m *Metrics) observeRoute(w http.ResponseWriter, _ *http.Request, rt fwk.Routed) {
	rec := m.recorderOf(w)
	if rec == nil {
		return
	}
	rec.routed = true
	if !rt.Miss() {
		rec.route = rt.Route
	}
}

// seriesOf returns the series of a matched route, made on its first
// request.
func (m *Metrics) seriesOf(rt *router.Route) *routeSeries {
	if s, ok := m.routes.Load(rt); ok {
		return s.(*routeSeries)
	}
	s, _ := m.routes.LoadOrStore(rt, m.newSeries(rt.Endpoint(), rt.Path()))
	return s.(*routeSeries)
}

package fwkprom_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwkprom"
	"github.com/fwkgo/fwk/routes"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// appBundle is the app bundle of the tests: its routes.
type appBundle struct{ rs []*fwk.Route }

func (appBundle) Name() string           { return "app" }
func (b appBundle) Routes() []*fwk.Route { return b.rs }

// testRoutes are a page, a view with an int param, a POST and a failing view.
func testRoutes() []*fwk.Route {
	return routes.Tree(
		routes.Func("/", func(c *fwk.Ctx) error { return c.Respond(http.StatusOK, "home") }, fwk.Endpoint("home")),
		routes.Func("/posts/<int:id>", func(c *fwk.Ctx, id int) error {
			return c.Respond(http.StatusOK, strings.Repeat("x", id))
		}, fwk.Endpoint("post")),
		routes.Func("/posts", func(c *fwk.Ctx) error { return c.Respond(http.StatusCreated, "made") },
			fwk.Endpoint("create"), fwk.Methods("POST")),
		routes.Func("/boom", func(c *fwk.Ctx) error { return fwk.Abort(http.StatusInternalServerError) },
			fwk.Endpoint("boom")),
	)
}

// newApp returns an app measured by a new Metrics, with cfg.
func newApp(t *testing.T, cfg fwk.Config, o fwkprom.Options) (*fwk.App, *fwkprom.Metrics) {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler) // the 500 of /boom
	}
	m := fwkprom.New(o)
	app, err := fwk.New(cfg, m, appBundle{testRoutes()})
	if err != nil {
		t.Fatal(err)
	}
	return app, m
}

// counts returns the requests_total samples of m by "endpoint route method status".
func counts(t *testing.T, m *fwkprom.Metrics) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	for _, f := range gather(t, m) {
		if f.GetName() != "fwk_http_requests_total" {
			continue
		}
		for _, s := range f.Metric {
			out[labelKey(s)] = s.GetCounter().GetValue()
		}
	}
	return out
}

func gather(t *testing.T, m *fwkprom.Metrics) []*dto.MetricFamily {
	t.Helper()
	fams, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	return fams
}

func labelKey(s *dto.Metric) string {
	l := map[string]string{}
	for _, p := range s.Label {
		l[p.GetName()] = p.GetValue()
	}
	return l["endpoint"] + " " + l["route"] + " " + l["method"] + " " + l["status"]
}

func serve(app http.Handler, method, target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

func TestCountsByRouteMethodAndStatusClass(t *testing.T) {
	app, m := newApp(t, fwk.DefaultConfig(), fwkprom.Options{})
	for _, r := range []struct{ method, target string }{
		{"GET", "/"}, {"GET", "/"}, {"HEAD", "/"}, {"GET", "/posts/3"}, {"GET", "/posts/12"},
		{"POST", "/posts"}, {"GET", "/boom"}, {"GET", "/nope"}, {"DELETE", "/posts"}, {"BREW", "/"},
	} {
		serve(app, r.method, r.target)
	}
	want := map[string]float64{
		"app.home / GET 2xx":               2,
		"app.home / HEAD 2xx":              1,
		"app.post /posts/<int:id> GET 2xx": 2,
		"app.create /posts POST 2xx":       1,
		"app.boom /boom GET 5xx":           1,
		"(miss) (miss) GET 4xx":            1, // 404
		"(miss) (miss) DELETE 4xx":         1, // 405
		"(miss) (miss) OTHER 4xx":          1, // 405 of an unknown method
	}
	got := counts(t, m)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("requests_total{%s} = %v, want %v", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("series %v, want %v", got, want)
	}
	// The sizes: 3 + 12 bytes for the two posts.
	for _, f := range gather(t, m) {
		if f.GetName() != "fwk_http_response_size_bytes" {
			continue
		}
		for _, s := range f.Metric {
			if labelKey(s) == "app.post /posts/<int:id> GET 2xx" && s.GetHistogram().GetSampleSum() != 15 {
				t.Errorf("response sizes of post = %v, want 15", s.GetHistogram().GetSampleSum())
			}
		}
	}
}

func TestMetricsPathIsServedApartFromTheViews(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = strings.Repeat("k", 32) // sessions and CSRF on
	cfg.CSRFEnabled = true
	cfg.Values = map[string]string{"METRICS_PATH": "/internal/metrics"}
	app, m := newApp(t, cfg, fwkprom.Options{})
	if m.Path() != "/internal/metrics" {
		t.Fatalf("Path() = %q, want the config's METRICS_PATH", m.Path())
	}
	serve(app, "GET", "/")
	for _, method := range []string{"GET", "POST"} { // POST: no CSRF check
		rec := serve(app, method, "/internal/metrics")
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `fwk_http_requests_total{endpoint="app.home"`) {
			t.Fatalf("%s metrics: %d %.200s", method, rec.Code, rec.Body.String())
		}
		if c := rec.Header().Get("Set-Cookie"); c != "" {
			t.Errorf("%s metrics set a cookie: %s", method, c)
		}
	}
	if got := counts(t, m); len(got) != 1 {
		t.Errorf("the scrapes were counted: %v", got)
	}
	if rec := serve(app, "GET", "/metrics"); rec.Code != http.StatusNotFound {
		t.Errorf("/metrics answered %d with METRICS_PATH set elsewhere", rec.Code)
	}
	_, m2 := newApp(t, cfg, fwkprom.Options{Path: "/m"})
	if m2.Path() != "/m" {
		t.Errorf("Options.Path %q lost to the config", m2.Path())
	}
}

func TestInFlightCountsRequestsBeingServed(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	m := fwkprom.New(fwkprom.Options{})
	app, err := fwk.New(fwk.DefaultConfig(), m, appBundle{routes.Func("/slow", func(c *fwk.Ctx) error {
		close(entered)
		<-release
		return c.Respond(http.StatusOK, "done")
	})})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); serve(app, "GET", "/slow") }()
	<-entered
	if got := scrapeValue(t, app, "fwk_http_requests_in_flight"); got != "1" {
		t.Errorf("in flight during the request: %s, want 1", got)
	}
	close(release)
	<-done
	if got := scrapeValue(t, app, "fwk_http_requests_in_flight"); got != "0" {
		t.Errorf("in flight after the request: %s, want 0", got)
	}
}

// scrapeValue returns the value of an unlabelled sample from the app's /metrics.
func scrapeValue(t *testing.T, app http.Handler, name string) string {
	t.Helper()
	sc := bufio.NewScanner(serve(app, "GET", "/metrics").Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			return v
		}
	}
	t.Fatalf("%s not in /metrics", name)
	return ""
}

// TestCardinalityBoundedUnderRandomPathsAndMethods sends random paths and
// methods through a real listener: the series stay those of the routes,
// (miss) and the known methods, and no path gets into a label.
func TestCardinalityBoundedUnderRandomPathsAndMethods(t *testing.T) {
	app, m := newApp(t, fwk.DefaultConfig(), fwkprom.Options{})
	srv := httptest.NewServer(app)
	defer srv.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	methodsSent := []string{"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE"}
	const n = 600
	var wg sync.WaitGroup
	work := make(chan [2]string)
	errs := make(chan error, n)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for w := range work {
				errs <- rawRequest(srv.Listener.Addr().String(), w[0], w[1])
			}
		}()
	}
	for i := range n {
		method := methodsSent[rng.IntN(len(methodsSent))]
		if i%3 == 0 {
			method = fmt.Sprintf("X%08X", rng.Uint32()) // a new token each time
		}
		path := fmt.Sprintf("/%x/%x", rng.Uint64(), rng.Uint32())
		if i%5 == 0 {
			path = fmt.Sprintf("/posts/%d", rng.IntN(50)) // some hit a route
		}
		work <- [2]string{method, path}
	}
	close(work)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	total, series := 0.0, 0
	for k, v := range counts(t, m) {
		series++
		total += v
		endpoint := strings.Fields(k)[0]
		if endpoint != "(miss)" && endpoint != "app.post" {
			t.Errorf("unexpected series %q", k)
		}
	}
	if total != n {
		t.Errorf("counted %v requests, sent %d", total, n)
	}
	// post: GET, HEAD (x 2xx, 4xx); (miss): 9 methods + OTHER (x 2xx, 3xx, 4xx).
	if bound := 2*2 + 10*3; series > bound {
		t.Errorf("%d series after %d random requests, bound %d", series, n, bound)
	}
	body := serve(app, "GET", "/metrics").Body.String()
	if strings.Contains(body, `method="X`) || strings.Contains(body, `route="/posts/1`) {
		t.Errorf("a request's method or path is a label value:\n%s", body)
	}
}

// rawRequest sends one request with any method token on a new connection
// and reads the status line.
func rawRequest(addr, method, path string) error {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n", method, path); err != nil {
		return err
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.Body.Close()
}

func TestSecondMetricsOnOneRegistryFailsNew(t *testing.T) {
	reg := prometheus.NewRegistry()
	newApp(t, fwk.DefaultConfig(), fwkprom.Options{Registry: reg})
	_, err := fwk.New(fwk.DefaultConfig(), fwkprom.New(fwkprom.Options{Registry: reg}), appBundle{testRoutes()})
	var are prometheus.AlreadyRegisteredError
	if !errors.As(err, &are) || !strings.Contains(err.Error(), "fwkprom") {
		t.Fatalf("fwk.New = %v, want an error naming fwkprom holding a prometheus.AlreadyRegisteredError", err)
	}
}

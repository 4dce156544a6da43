package fwk_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

func healthConfig() fwk.Config {
	cfg := sessConfig(nil)
	cfg.LivenessPath, cfg.ReadinessPath = "/livez", "/readyz"
	return cfg
}

func TestHealthEndpoints(t *testing.T) {
	app := mustNew(t, healthConfig(), tplApp{}.with(proxyRoutes()))
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	tests := []struct {
		method, path string
		code         int
		body         string
	}{
		{"GET", "/livez", 200, "ok\n"},
		{"GET", "/readyz", 200, "ready\n"},
		{"HEAD", "/readyz", 200, ""},
		{"POST", "/readyz", 405, "method not allowed\n"},
		{"GET", "/livez/", 404, ""},
		{"GET", "/parrot", 200, "parrot"},
	}
	for _, tt := range tests {
		code, body, res := call(t, http.DefaultClient, tt.method, srv.URL+tt.path, nil)
		if code != tt.code || tt.body != "" && body != tt.body {
			t.Errorf("%s %s = %d %q, want %d %q", tt.method, tt.path, code, body, tt.code, tt.body)
		}
		if tt.code != 404 && strings.HasPrefix(tt.path, "/l") && res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s %s: Cache-Control %q, want no-store", tt.method, tt.path, res.Header.Get("Cache-Control"))
		}
	}
	app.SetReady(false)
	if code, body := sget(t, http.DefaultClient, srv.URL+"/readyz"); code != 503 || body != "draining\n" {
		t.Errorf("not ready: GET /readyz = %d %q, want 503 draining", code, body)
	}
	if code, _ := sget(t, http.DefaultClient, srv.URL+"/livez"); code != 200 {
		t.Errorf("not ready: GET /livez = %d, want 200 (alive)", code)
	}
	app.SetReady(true)
	if code, _ := sget(t, http.DefaultClient, srv.URL+"/readyz"); code != 200 {
		t.Errorf("ready again: GET /readyz = %d, want 200", code)
	}
}

// TestServeTurnsNotReadyAtShutdown: as soon as Serve's shutdown begins the
// app answers 503 on its readiness path (seen here on a second listener of
// the same app, which stays up), while a request in flight on the
// stopping one completes.
func TestServeTurnsNotReadyAtShutdown(t *testing.T) {
	release, started := make(chan struct{}), make(chan struct{})
	slow := routes.Func("/slow", func(c *fwk.Ctx) error {
		close(started)
		<-release
		return c.Respond(http.StatusOK, "done")
	})
	app := mustNew(t, healthConfig(), tplApp{}.with(slow))
	probe := httptest.NewServer(app)
	t.Cleanup(probe.Close)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- app.Serve(ctx, ln) }()
	inflight := make(chan string, 1)
	go func() {
		_, body := sget(t, http.DefaultClient, "http://"+ln.Addr().String()+"/slow")
		inflight <- body
	}()
	<-started
	if code, _ := sget(t, http.DefaultClient, probe.URL+"/readyz"); code != 200 {
		t.Fatalf("before shutdown: /readyz = %d, want 200", code)
	}
	cancel()
	deadline := time.Now().Add(waitBound) // a bound on waiting, not an assertion on time
	for app.Ready() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if code, body := sget(t, http.DefaultClient, probe.URL+"/readyz"); code != 503 || body != "draining\n" {
		t.Errorf("shutting down: /readyz = %d %q, want 503 draining", code, body)
	}
	close(release)
	if body := <-inflight; body != "done" {
		t.Errorf("request in flight = %q, want done", body)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve = %v, want nil", err)
	}
}

func TestHealthConfig(t *testing.T) {
	for _, tt := range []struct {
		mod     func(*fwk.Config)
		culprit string
	}{
		{func(c *fwk.Config) { c.ReadinessPath = "readyz" }, "READINESS_PATH"},
		{func(c *fwk.Config) { c.LivenessPath = "//livez" }, "LIVENESS_PATH"},
		{func(c *fwk.Config) { c.DrainDelay = -time.Second }, "SERVE_DRAIN_DELAY"},
	} {
		cfg := fwk.DefaultConfig()
		tt.mod(&cfg)
		_, err := fwk.New(cfg, tplApp{})
		var se *fwk.StartupError
		if !errors.As(err, &se) || se.Culprit != tt.culprit {
			t.Errorf("New = %v, want a StartupError naming %s", err, tt.culprit)
		}
	}
	t.Setenv("LIVENESS_PATH", "/livez")
	t.Setenv("READINESS_PATH", "/readyz")
	t.Setenv("SERVE_DRAIN_DELAY", "5")
	cfg := fwk.ConfigFromEnv()
	if cfg.LivenessPath != "/livez" || cfg.ReadinessPath != "/readyz" || cfg.DrainDelay != 5*time.Second || cfg.Get("SERVE_DRAIN_DELAY") != "5" {
		t.Errorf("ConfigFromEnv: %q %q %v", cfg.LivenessPath, cfg.ReadinessPath, cfg.DrainDelay)
	}
}

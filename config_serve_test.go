package fwk_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

func TestServeConfigKeys(t *testing.T) {
	def := fwk.DefaultConfig()
	want := map[string]string{
		"SERVE_READ_HEADER_TIMEOUT": "10", "SERVE_READ_TIMEOUT": "60", "SERVE_WRITE_TIMEOUT": "60",
		"SERVE_IDLE_TIMEOUT": "120", "SERVE_SHUTDOWN_TIMEOUT": "15", "SERVE_MAX_HEADER_BYTES": "65536",
	}
	for k, v := range want {
		if got, ok := def.Lookup(k); !ok || got != v {
			t.Errorf("DefaultConfig().Lookup(%q) = %q, %v; want %q", k, got, ok, v)
		}
		if got := (fwk.Config{}).Get(k); got != v {
			t.Errorf("Config{}.Get(%q) = %q, want the default %q (0 means the default)", k, got, v)
		}
	}
	t.Setenv("SERVE_READ_HEADER_TIMEOUT", "2")
	t.Setenv("SERVE_READ_TIMEOUT", "1m30s")
	t.Setenv("SERVE_WRITE_TIMEOUT", "-1")
	t.Setenv("SERVE_IDLE_TIMEOUT", "5s")
	t.Setenv("SERVE_SHUTDOWN_TIMEOUT", "3")
	t.Setenv("SERVE_MAX_HEADER_BYTES", "8192")
	cfg := fwk.ConfigFromEnv()
	if err := cfg.Err(); err != nil {
		t.Fatal(err)
	}
	if cfg.ReadHeaderTimeout != 2*time.Second || cfg.ReadTimeout != 90*time.Second || cfg.WriteTimeout != -time.Second ||
		cfg.IdleTimeout != 5*time.Second || cfg.ShutdownTimeout != 3*time.Second || cfg.MaxHeaderBytes != 8192 {
		t.Errorf("ConfigFromEnv server settings = %v %v %v %v %v %d", cfg.ReadHeaderTimeout, cfg.ReadTimeout,
			cfg.WriteTimeout, cfg.IdleTimeout, cfg.ShutdownTimeout, cfg.MaxHeaderBytes)
	}
	t.Setenv("SERVE_IDLE_TIMEOUT", "soon")
	if err := fwk.ConfigFromEnv().Err(); err == nil || !strings.Contains(err.Error(), "SERVE_IDLE_TIMEOUT") {
		t.Errorf("SERVE_IDLE_TIMEOUT=soon: Err() = %v, want an error naming the key", err)
	}
	bad := fwk.DefaultConfig()
	bad.MaxHeaderBytes = -1
	var se *fwk.StartupError
	if _, err := fwk.New(bad, routesBundle{rs: routes.Tree(routes.Func("/", okView))}); !errors.As(err, &se) ||
		se.Culprit != "SERVE_MAX_HEADER_BYTES" {
		t.Errorf("fwk.New with MaxHeaderBytes -1 = %v, want a StartupError naming SERVE_MAX_HEADER_BYTES", err)
	}
}

// serveConfig starts a.Serve on a loopback listener and returns its address;
// the server stops with the test.
func serveConfig(t *testing.T, cfg fwk.Config) string {
	t.Helper()
	a, err := fwk.New(cfg, routesBundle{rs: routes.Tree(routes.Func("/", okView))})
	if err != nil {
		t.Fatal(err)
	}
	return serveApp(t, a)
}

// The server's header limit and read-header timeout come from the Config.
func TestServeUsesConfig(t *testing.T) {
	cfg := quietCfg()
	cfg.MaxHeaderBytes = 4 << 10
	cfg.ReadHeaderTimeout = 300 * time.Millisecond
	addr := serveConfig(t, cfg)

	req, _ := http.NewRequest("GET", "http://"+addr+"/", nil)
	req.Header.Set("X-Big", strings.Repeat("b", 16<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("16 KiB header with MaxHeaderBytes 4 KiB = %d, want 431", resp.StatusCode)
	}

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n") // the header never ends
	// The server closes the connection after its 300ms; the client's own
	// deadline, far later, only bounds the wait on a busy machine, and
	// reaching it is the failure (a timeout error rather than the close).
	_ = conn.SetReadDeadline(time.Now().Add(waitBound))
	_, err = bufio.NewReader(conn).ReadString('\n')
	if ne, ok := err.(net.Error); err == nil || ok && ne.Timeout() {
		t.Errorf("slow header: read %v, want the connection closed by the server's ReadHeaderTimeout (300ms)", err)
	}
}

package fwk

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestServeAddr(t *testing.T) {
	tests := []struct {
		flag, addr, port string
		want             string
	}{
		{"", "", "", "127.0.0.1:8080"},
		{"", "", "9000", "127.0.0.1:9000"},
		{"", "0.0.0.0", "", "0.0.0.0:8080"},
		{"", "0.0.0.0", "9000", "0.0.0.0:9000"},
		{"", ":7000", "9000", ":7000"},
		{"", "10.0.0.1:7000", "", "10.0.0.1:7000"},
		{"", "10.0.0.1:", "9000", "10.0.0.1:9000"},
		{"", "::1", "", "[::1]:8080"},
		{"", "[::1]", "9000", "[::1]:9000"},
		{"", "[::1]:7000", "9000", "[::1]:7000"},
		{":6000", "0.0.0.0:7000", "9000", ":6000"},
	}
	for _, tt := range tests {
		env := map[string]string{"ADDR": tt.addr, "PORT": tt.port}
		lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok && v != "" }
		if got := serveAddr(tt.flag, lookup); got != tt.want {
			t.Errorf("serveAddr(-addr %q, ADDR=%q, PORT=%q) = %q, want %q", tt.flag, tt.addr, tt.port, got, tt.want)
		}
	}
}

// Without -addr or ADDR, serve listens on the loopback interface only.
func TestServeCommandDefaultsToLoopback(t *testing.T) {
	a, err := New(DefaultConfig(), aliasBundle{})
	if err != nil {
		t.Fatal(err)
	}
	out := &SyncBuffer{}
	a.SetOutput(out)
	env := func(k string) (string, bool) {
		if k == "PORT" {
			return "0", true // any free port
		}
		return "", false
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.serveCommand(ctx, nil, env) }()
	var banner string
	bound := time.After(5 * time.Minute) // a bound on waiting, generous for a busy machine
	for !strings.Contains(banner, "serving on") {
		select {
		case err := <-done:
			t.Fatalf("serve returned before serving: %v\n%s", err, out)
		case <-bound:
			t.Fatalf("serve did not print its address within 5 minutes:\n%s", out)
		case <-time.After(10 * time.Millisecond):
		}
		banner = out.String()
	}
	addr, _, _ := strings.Cut(strings.TrimPrefix(banner, "serving on http://"), " ")
	if !strings.HasPrefix(addr, "127.0.0.1:") {
		t.Errorf("serve without -addr or ADDR: banner %q, want 127.0.0.1", banner)
	} else if resp, err := http.Get("http://" + addr + "/health"); err != nil || resp.StatusCode != http.StatusNoContent {
		t.Errorf("GET /health on %s = %v, %v", addr, resp, err)
	} else {
		resp.Body.Close()
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve after cancel: %v", err)
	}
}

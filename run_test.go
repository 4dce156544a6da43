package fwk_test

import (
	"bytes"
	"context"
	"flag"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestRunURLsGolden(t *testing.T) {
	a := newShop(t)
	var out bytes.Buffer
	a.SetOutput(&out)
	if err := a.Run([]string{"app", "urls"}); err != nil {
		t.Fatalf("Run urls: %v", err)
	}
	golden := filepath.Join("testdata", "urls.golden")
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("urls output:\n%s\nwant (testdata/urls.golden):\n%s", got, want)
	}
	// The columns are aligned: every line has "Rule" values starting at
	// the same offset as the header's.
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	col := strings.Index(lines[0], "Rule")
	for _, l := range lines[2:] {
		if l[col-1] != ' ' || l[col] != '/' {
			t.Errorf("line %q: rule does not start at column %d", l, col)
		}
	}
}

func TestRunCommands(t *testing.T) {
	a := newShop(t)
	tests := []struct {
		args    []string
		wantErr string
		out     string
	}{
		{[]string{"app", "help"}, "", "Commands:"},
		{[]string{"app", "urls", "extra"}, "unexpected arguments", ""},
		{[]string{"app", "urls", "-h"}, "", "Usage of urls"},
		{[]string{"app", "nope"}, `unknown command "nope"`, "Commands:"},
		{[]string{"app", "serve", "-addr", "256.0.0.1:bad"}, "fwk: serve", ""},
		{[]string{"app", "-addr", "256.0.0.1:bad"}, "fwk: serve", ""},
		{[]string{"app", "serve", "-bogus"}, "flag provided but not defined", ""},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		a.SetOutput(&out)
		err := a.Run(tt.args)
		if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("Run(%q) error = %v, want %q", tt.args, err, tt.wantErr)
		}
		if !strings.Contains(out.String(), tt.out) {
			t.Errorf("Run(%q) output = %q, want it to contain %q", tt.args, out.String(), tt.out)
		}
	}
}

func TestServeGracefulShutdown(t *testing.T) {
	a := newShop(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("cannot listen: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx, ln) }()

	resp, err := http.Get("http://" + ln.Addr().String() + "/health")
	if err != nil {
		t.Fatalf("GET /health: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != "ok" {
		t.Errorf("GET /health = %d %q", resp.StatusCode, body)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve after cancel = %v, want nil", err)
		}
	case <-time.After(waitBound):
		t.Fatalf("Serve did not return within %v of the cancel", waitBound)
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/health"); err == nil {
		t.Error("server still answers after shutdown")
	}
}

// waitBound bounds a test's wait for a server it started to serve or to
// stop. It is no assertion on time: the wait ends as soon as the server
// acts, and the bound is generous so that a machine busy with other work
// does not fail the test.
const waitBound = 5 * time.Minute

package fwk_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestRunURLs runs the command line's urls command.
func TestRunURLs(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), []string{"blog", "-db", ":memory:", "urls"}, &out, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"POST       /api/posts/<int:id>/publish                 post_resource.publish",
		"GET        /api/posts/<int:post_id>/comments/<int:id>  comment_resource.get",
		"GET        /theme/static/<path:filename>               theme.static",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("urls output lacks %q:\n%s", w, out.String())
		}
	}
}

// TestRunErrors checks that bad settings are errors naming the problem.
func TestRunErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"blog", "-driver", "mysql", "-db", ":memory:", "-addr", "127.0.0.1:0"}, `unsupported database driver "mysql"`},
		{[]string{"blog", "-driver", "mysql", "urls"}, `unsupported database driver "mysql"`},
		{[]string{"blog", "-db", "postgres://u@127.0.0.1:1/blog", "urls"}, postgresHint},
		{[]string{"blog", "-db", "/nonexistent-dir/blog.db", "-addr", "127.0.0.1:0"}, "blog: migrate"},
		{[]string{"blog", "-db", ":memory:", "-addr", "127.0.0.1:0", "serve", "extra"}, "unexpected arguments"},
		{[]string{"blog", "-db", ":memory:", "-addr", "nonsense"}, "nonsense"},
		{[]string{"blog", "-nope"}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		err := run(context.Background(), tt.args, io.Discard, func(string) string { return "" })
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("run(%q) = %v, want an error containing %q", tt.args, err, tt.want)
		}
	}
}

func TestRedactDSN(t *testing.T) {
	tests := []struct{ dsn, want string }{
		{"/tmp/fwk-blog.db", "/tmp/fwk-blog.db"},
		{":memory:", ":memory:"},
		{"postgres://blog:s3cret@db:5432/blog?sslmode=require", "postgres://blog:xxxxx@db:5432/blog?sslmode=require"},
		{"postgres://blog@db/blog", "postgres://blog@db/blog"},
		{"host=db user=blog password=s3cret", "(DSN with a password, not shown)"},
	}
	for _, tt := range tests {
		if got := redactDSN(tt.dsn); got != tt.want {
			t.Errorf("redactDSN(%q) = %q, want %q", tt.dsn, got, tt.want)
		}
	}
}

// TestDocsRouteTable keeps the route table shown in docs/routing.md equal to what
// `go run ./examples/blog urls` prints.
func TestDocsRouteTable(t *testing.T) {
	readme, err := os.ReadFile("../../docs/routing.md")
	if err != nil {
		t.Fatal(err)
	}
	const cmd = "$ go run ./examples/blog urls\n"
	_, block, ok := strings.Cut(string(readme), cmd)
	block, _, closed := strings.Cut(block, "```")
	if !ok || !closed {
		t.Fatalf("docs/routing.md has no code block starting with %q", cmd)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"blog", "-db", ":memory:", "urls"}, &out, func(string) string { return "" }); err != nil {
		t.Fatal(err)
	}
	// Under go test the views are named by import path, under go run by
	// "main", which changes the column widths: compare the cells.
	got := tableCells(strings.ReplaceAll(out.String(), "github.com/fwkgo/fwk/examples/blog.", "main."))
	if want := tableCells(block); !slices.Equal(got, want) {
		t.Errorf("the route table of docs/routing.md is not what the command prints:\n%s", out.String())
	}
}

// tableCells returns the lines of a route table, each with its cells
// separated by one space (and the rule under the header as "-" cells).
func tableCells(table string) []string {
	var lines []string
	for line := range strings.Lines(table) {
		cells := strings.Fields(line)
		for i, c := range cells {
			if strings.Trim(c, "-") == "" {
				cells[i] = "-"
			}
		}
		lines = append(lines, strings.Join(cells, " "))
	}
	return lines
}

package tmpl_test

import (
	"errors"
	"fmt"
	"html/template"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk/internal/tmpl"
)

// declared are the function names of the tests; user has no default.
var declared = template.FuncMap{
	"user":   nil,
	"urlFor": func(target string, args ...any) (string, error) { return "/default/" + target, nil },
}

func funcSet(t testing.TB, debug bool, pages map[string]string) *tmpl.Set {
	t.Helper()
	fsys := fstest.MapFS{"layouts/base.html": file(`[{{user}}|{{block "content" .}}{{end}}]`)}
	for name, text := range pages {
		fsys[name] = file(text)
	}
	s, err := tmpl.Load([]tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: declared, Debug: debug})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBoundFuncs(t *testing.T) {
	pages := map[string]string{"p.html": `{{template "layouts/base.html" .}}{{define "content"}}{{urlFor "home" "id" 1}}{{end}}`}
	for _, debug := range []bool{false, true} {
		s := funcSet(t, debug, pages)
		tests := []struct {
			bind template.FuncMap
			want string
		}{
			{template.FuncMap{"user": func() string { return "alice" }}, "[alice|/default/home]"},
			{template.FuncMap{
				"user":   func() string { return "bob" },
				"urlFor": func(target string, args ...any) (string, error) { return fmt.Sprint("/", target, args), nil },
			}, "[bob|/home[id 1]]"},
			// A binding never leaks into the next render of the same clone.
			{template.FuncMap{"user": func() string { return "carol" }}, "[carol|/default/home]"},
		}
		for _, tt := range tests {
			if got := render(t, s, "p.html", nil, tt.bind); got != tt.want {
				t.Errorf("debug=%v: Render = %q, want %q", debug, got, tt.want)
			}
		}
		var b strings.Builder
		err := s.Render(&b, "p.html", nil, nil)
		if err == nil || !strings.Contains(err.Error(), `function "user" is not bound`) || b.Len() != 0 {
			t.Errorf("debug=%v: Render without user = %q, %v, want nothing and a not-bound error", debug, b.String(), err)
		}
		err = s.Render(&b, "p.html", nil, template.FuncMap{"other": func() string { return "" }})
		if err == nil || !strings.Contains(err.Error(), `"other" is not declared`) {
			t.Errorf("debug=%v: Render with an undeclared function error = %v", debug, err)
		}
	}
}

// TestConcurrentRenders checks that concurrent renders of one page each see
// their own bound functions (run with -race).
func TestConcurrentRenders(t *testing.T) {
	s := funcSet(t, false, map[string]string{"p.html": `{{template "layouts/base.html" .}}{{define "content"}}{{.}}{{end}}`})
	const workers, rounds = 8, 200
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			name := fmt.Sprintf("user%d", w)
			bind := template.FuncMap{"user": func() string { return name }}
			for i := range rounds {
				var b strings.Builder
				if err := s.Render(&b, "p.html", i, bind); err != nil {
					errs <- err
					return
				}
				if want := fmt.Sprintf("[%s|%d]", name, i); b.String() != want {
					errs <- fmt.Errorf("worker %d got %q, want %q", w, b.String(), want)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestExecutionErrorWritesNothing(t *testing.T) {
	s := funcSet(t, false, map[string]string{"p.html": `lots of text before {{urlFor "x"}}`})
	bind := template.FuncMap{
		"user":   func() string { return "" },
		"urlFor": func(string, ...any) (string, error) { return "", errors.New("no such endpoint") },
	}
	var b strings.Builder
	err := s.Render(&b, "p.html", nil, bind)
	if err == nil || !strings.Contains(err.Error(), "no such endpoint") || !strings.Contains(err.Error(), `"p.html"`) || b.Len() != 0 {
		t.Errorf("Render = %q, %v, want nothing and the function's error naming the page", b.String(), err)
	}
}

func TestDebugReload(t *testing.T) {
	fsys := fstest.MapFS{
		"layouts/base.html": file(`[{{block "content" .}}{{end}}]`),
		"p.html":            file(`{{template "layouts/base.html"}}{{define "content"}}v1{{end}}`),
	}
	srcs := []tmpl.Source{{Bundle: "app", FS: fsys}}
	debug, err := tmpl.Load(srcs, tmpl.Options{Debug: true})
	if err != nil {
		t.Fatal(err)
	}
	cached, err := tmpl.Load(srcs, tmpl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fsys["p.html"] = file(`{{template "layouts/base.html"}}{{define "content"}}v2{{end}}`)
	fsys["layouts/base.html"] = file(`({{block "content" .}}{{end}})`)
	fsys["new.html"] = file(`new`)
	if got := render(t, debug, "p.html", nil, nil); got != "(v2)" {
		t.Errorf("debug Render after edit = %q, want %q", got, "(v2)")
	}
	if got := render(t, cached, "p.html", nil, nil); got != "[v1]" {
		t.Errorf("cached Render after edit = %q, want %q", got, "[v1]")
	}
	if !debug.Has("new.html") || render(t, debug, "new.html", nil, nil) != "new" {
		t.Errorf("debug set does not see an added file")
	}
	if cached.Has("new.html") {
		t.Errorf("cached set sees a file added after Load")
	}
	delete(fsys, "new.html")
	if err := debug.Render(&strings.Builder{}, "new.html", nil, nil); !errors.Is(err, tmpl.ErrNotFound) {
		t.Errorf("debug Render of a removed file error = %v, want ErrNotFound", err)
	}
	fsys["p.html"] = file(`{{if}}`)
	if err := debug.Render(&strings.Builder{}, "p.html", nil, nil); err == nil || !strings.Contains(err.Error(), "p.html:1") {
		t.Errorf("debug Render of a broken file error = %v, want a parse error naming p.html:1", err)
	}
}

func TestReflectiveCalls(t *testing.T) {
	funcs := template.FuncMap{"add": nil, "join": nil, "f": nil}
	fsys := fstest.MapFS{
		"add.html":   file(`{{add 2 3}}`),
		"join.html":  file(`{{join "-" "a" "b"}}`),
		"arity.html": file(`{{add 1}}`),
		"type.html":  file(`{{add 1 "x"}}`),
		"nil.html":   file(`{{f nil}}`),
	}
	s, err := tmpl.Load([]tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: funcs})
	if err != nil {
		t.Fatal(err)
	}
	bind := template.FuncMap{
		"add":  func(a int64, b float64) float64 { return float64(a) + b },
		"join": func(sep string, parts ...string) string { return strings.Join(parts, sep) },
		"f":    func(p *int) (bool, error) { return p == nil, nil },
	}
	tests := []struct {
		name    string
		want    string
		wantErr string
	}{
		{"add.html", "5", ""},
		{"join.html", "a-b", ""},
		{"nil.html", "true", ""},
		{"arity.html", "", "called with 1"},
		{"type.html", "", "argument 2"},
	}
	for _, tt := range tests {
		var b strings.Builder
		err := s.Render(&b, tt.name, nil, bind)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("Render(%q) error = %v, want one containing %q", tt.name, err, tt.wantErr)
		case tt.wantErr == "" && (err != nil || b.String() != tt.want):
			t.Errorf("Render(%q) = %q, %v, want %q", tt.name, b.String(), err, tt.want)
		}
	}
}

// TestFastPathSignatures checks each directly called signature.
func TestFastPathSignatures(t *testing.T) {
	fsys := fstest.MapFS{
		"a.html": file(`{{f "x" 1}}`),
		"b.html": file(`{{f}}`),
		"c.html": file(`{{f "x"}}`),
		"d.html": file(`{{f 1}}`),
	}
	s, err := tmpl.Load([]tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: template.FuncMap{"f": nil}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		page string
		f    any
		want string // "error" for an arity or type mismatch
	}{
		{"a.html", func(s string, args ...any) (string, error) { return s + fmt.Sprint(args...), nil }, "x1"},
		{"a.html", func(args ...any) (string, error) { return fmt.Sprint(len(args)), nil }, "2"},
		{"a.html", func(args ...any) (any, error) { return len(args), nil }, "2"},
		{"a.html", func(args ...any) string { return fmt.Sprint(args[1]) }, "1"},
		{"c.html", func(s string) string { return s + s }, "xx"},
		{"b.html", func() string { return "s" }, "s"},
		{"b.html", func() template.HTML { return "<i>" }, "<i>"},
		{"b.html", func() any { return 7 }, "7"},
		{"d.html", func(s string, args ...any) (string, error) { return s, nil }, "error"},
		{"a.html", func(s string) string { return s }, "error"},
		{"c.html", func() string { return "" }, "error"},
		{"c.html", func() template.HTML { return "" }, "error"},
		{"c.html", func() any { return 0 }, "error"},
	}
	for _, tt := range tests {
		var b strings.Builder
		err := s.Render(&b, tt.page, nil, template.FuncMap{"f": tt.f})
		if tt.want == "error" {
			if err == nil {
				t.Errorf("Render(%q) with %T = %q, want an error", tt.page, tt.f, b.String())
			}
			continue
		}
		if err != nil || b.String() != tt.want {
			t.Errorf("Render(%q) with %T = %q, %v, want %q", tt.page, tt.f, b.String(), err, tt.want)
		}
	}
}

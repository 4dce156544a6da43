package tmpl_test

import (
	"errors"
	"html/template"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk/internal/tmpl"
)

func file(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }

// twoBundles is an app bundle overriding a vendor bundle.
func twoBundles() []tmpl.Source {
	app := fstest.MapFS{
		"layouts/base.html": file(`<main>{{block "content" .}}app default{{end}}</main>`),
		"site/index.html":   file(`{{template "layouts/base.html" .}}{{define "content"}}app index {{.}}{{end}}`),
	}
	vendor := fstest.MapFS{
		"layouts/base.html": file(`<div>vendor layout</div>`),
		"partials/nav.html": file(`<nav>vendor nav</nav>`),
		"site/index.html":   file(`vendor index`),
		"site/about.html":   file(`{{template "layouts/base.html" .}}{{define "content"}}{{template "partials/nav.html"}}about {{.}}{{end}}`),
		"site/empty.html":   file(`{{template "layouts/base.html" .}}`),
	}
	return []tmpl.Source{{Bundle: "app", FS: app}, {Bundle: "vendor", FS: vendor}}
}

func render(t *testing.T, s *tmpl.Set, name string, data any, bind template.FuncMap) string {
	t.Helper()
	var b strings.Builder
	if err := s.Render(&b, name, data, bind); err != nil {
		t.Fatalf("Render(%q) error %v", name, err)
	}
	return b.String()
}

func TestOverridingAndLayouts(t *testing.T) {
	for _, debug := range []bool{false, true} {
		s, err := tmpl.Load(twoBundles(), tmpl.Options{Debug: debug})
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name string
			want string
		}{
			{"site/index.html", "<main>app index 1</main>"},
			{"/site/index.html", "<main>app index 1</main>"},
			{"site/about.html", "<main><nav>vendor nav</nav>about 1</main>"},
			{"site/empty.html", "<main>app default</main>"},
			{"layouts/base.html", "<main>app default</main>"},
			{"partials/nav.html", "<nav>vendor nav</nav>"},
		}
		for _, tt := range tests {
			if got := render(t, s, tt.name, 1, nil); got != tt.want {
				t.Errorf("debug=%v: Render(%q) = %q, want %q", debug, tt.name, got, tt.want)
			}
		}
	}
}

func TestHas(t *testing.T) {
	for _, debug := range []bool{false, true} {
		s, err := tmpl.Load(twoBundles(), tmpl.Options{Debug: debug})
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name string
			want bool
		}{
			{"site/index.html", true},
			{"site/about.html", true},
			{"/site/about.html", true},
			{"layouts/base.html", true},
			{"site/missing.html", false},
			{"site", false},
			{"site/../site/index.html", false},
			{"", false},
			{".", false},
		}
		for _, tt := range tests {
			if got := s.Has(tt.name); got != tt.want {
				t.Errorf("debug=%v: Has(%q) = %v, want %v", debug, tt.name, got, tt.want)
			}
		}
	}
}

func TestSelection(t *testing.T) {
	fsys := fstest.MapFS{
		"a/page.html.j2":   file("compound"),
		"a/notes.txt":      file("{{broken"),
		"a/.page.html.swp": file("{{broken"),
		".git/x.html":      file("{{broken"),
		"b/page.htm":       file("short ext"),
	}
	s, err := tmpl.Load([]tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want bool
	}{
		{"a/page.html.j2", true},
		{"a/notes.txt", false},
		{"a/.page.html.swp", false},
		{".git/x.html", false},
		{"b/page.htm", false},
	}
	for _, tt := range tests {
		if got := s.Has(tt.name); got != tt.want {
			t.Errorf("Has(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
	s, err = tmpl.Load([]tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Ext: ".htm"})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Has("b/page.htm") || !s.Has("a/page.html.j2") || s.Has("a/notes.txt") {
		t.Errorf(`Ext ".htm": Has(b/page.htm, a/page.html.j2, a/notes.txt) = %v, %v, %v, want true, true, false`,
			s.Has("b/page.htm"), s.Has("a/page.html.j2"), s.Has("a/notes.txt"))
	}
}

func TestNotFound(t *testing.T) {
	for _, debug := range []bool{false, true} {
		s, err := tmpl.Load(twoBundles(), tmpl.Options{Debug: debug})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"site/missing.html", "../site/index.html", ""} {
			var b strings.Builder
			err := s.Render(&b, name, nil, nil)
			if !errors.Is(err, tmpl.ErrNotFound) || !strings.Contains(err.Error(), `"app", "vendor"`) ||
				!strings.Contains(err.Error(), name) || b.Len() != 0 {
				t.Errorf("debug=%v: Render(%q) = %q, %v, want nothing and ErrNotFound naming it and the bundles", debug, name, b.String(), err)
			}
		}
	}
}

func TestParseError(t *testing.T) {
	srcs := twoBundles()
	srcs[1].FS.(fstest.MapFS)["site/bad.html"] = file("line 1\nline 2\n{{if}}\n")
	_, err := tmpl.Load(srcs, tmpl.Options{})
	if err == nil {
		t.Fatal("Load with a bad template succeeded")
	}
	for _, want := range []string{`bundle "vendor"`, "site/bad.html:3"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Load error %q does not contain %q", err, want)
		}
	}
	srcs = twoBundles()
	srcs[0].FS.(fstest.MapFS)["layouts/broken.html"] = file("{{define \"x\"}}\n{{end}}{{end}}")
	_, err = tmpl.Load(srcs, tmpl.Options{})
	if err == nil || !strings.Contains(err.Error(), `bundle "app"`) || !strings.Contains(err.Error(), "layouts/broken.html:2") {
		t.Errorf("Load with a bad layout error = %v, want it to name bundle app and layouts/broken.html:2", err)
	}
}

func TestUnknownFunctionIsParseError(t *testing.T) {
	srcs := []tmpl.Source{{Bundle: "app", FS: fstest.MapFS{"p.html": file(`{{nope}}`)}}}
	if _, err := tmpl.Load(srcs, tmpl.Options{}); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("Load with an undeclared function error = %v, want one naming it", err)
	}
	if _, err := tmpl.Load(srcs, tmpl.Options{Funcs: template.FuncMap{"nope": nil}}); err != nil {
		t.Errorf("Load with the function declared error = %v", err)
	}
}

func TestBadOptions(t *testing.T) {
	fsys := fstest.MapFS{"p.html": file("x")}
	tests := []struct {
		name string
		srcs []tmpl.Source
		opt  tmpl.Options
		want string
	}{
		{"nil FS", []tmpl.Source{{Bundle: "app"}}, tmpl.Options{}, `(bundle "app") has a nil FS`},
		{"bad name", []tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: template.FuncMap{"url-for": nil}}, `"url-for" is not a valid identifier`},
		{"digit first", []tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: template.FuncMap{"1x": nil}}, `"1x"`},
		{"not a func", []tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: template.FuncMap{"x": 3}}, "not a function"},
		{"three results", []tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: template.FuncMap{"x": func() (int, int, error) { return 0, 0, nil }}}, "must return"},
		{"second not error", []tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: template.FuncMap{"x": func() (int, int) { return 0, 0 }}}, "must return"},
		{"no result", []tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: template.FuncMap{"x": func() {}}}, "must return"},
	}
	for _, tt := range tests {
		s, err := tmpl.Load(tt.srcs, tt.opt)
		if s != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Load error = %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestEscaping(t *testing.T) {
	fsys := fstest.MapFS{"p.html": file(`<p>{{.}}</p>{{raw}}<a href="/x?q={{.}}">l</a>`)}
	s, err := tmpl.Load([]tmpl.Source{{Bundle: "app", FS: fsys}}, tmpl.Options{Funcs: template.FuncMap{"raw": nil}})
	if err != nil {
		t.Fatal(err)
	}
	bind := template.FuncMap{"raw": func() template.HTML { return "<b>ok</b>" }}
	got := render(t, s, "p.html", "<script>&", bind)
	want := `<p>&lt;script&gt;&amp;</p><b>ok</b><a href="/x?q=%3cscript%3e%26">l</a>`
	if got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
}

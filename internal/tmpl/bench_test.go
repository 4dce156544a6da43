package tmpl_test

import (
	"html/template"
	"io"
	"testing"
)

// BenchmarkRender renders a small page through a layout with one bound
// function and one default.
func BenchmarkRender(b *testing.B) {
	s := funcSet(b, false, map[string]string{
		"p.html": `{{template "layouts/base.html" .}}{{define "content"}}<h1>{{.Title}}</h1><a href="{{urlFor "home"}}">home</a>{{end}}`,
	})
	bind := template.FuncMap{"user": func() string { return "alice" }}
	data := struct{ Title string }{"Hello <world>"}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := s.Render(io.Discard, "p.html", data, bind); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkRenderDebug is the slow path: the page is parsed on every call.
func BenchmarkRenderDebug(b *testing.B) {
	s := funcSet(b, true, map[string]string{
		"p.html": `{{template "layouts/base.html" .}}{{define "content"}}<h1>{{.Title}}</h1><a href="{{urlFor "home"}}">home</a>{{end}}`,
	})
	bind := template.FuncMap{"user": func() string { return "alice" }}
	data := struct{ Title string }{"Hello <world>"}
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Render(io.Discard, "p.html", data, bind); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderBaseline executes the same page with plain html/template
// (functions fixed at parse time, no pool, no buffer) as a floor for
// BenchmarkRender.
func BenchmarkRenderBaseline(b *testing.B) {
	t := template.Must(template.New("layouts/base.html").Funcs(template.FuncMap{
		"user":   func() string { return "alice" },
		"urlFor": func(target string, args ...any) (string, error) { return "/default/" + target, nil },
	}).Parse(`[{{user}}|{{block "content" .}}{{end}}]`))
	t = template.Must(t.New("p.html").Parse(`{{template "layouts/base.html" .}}{{define "content"}}<h1>{{.Title}}</h1><a href="{{urlFor "home"}}">home</a>{{end}}`))
	data := struct{ Title string }{"Hello <world>"}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := t.Execute(io.Discard, data); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

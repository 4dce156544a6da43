package tmpl_test

import (
	"html/template"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk/internal/tmpl"
)

// threeBundles: the app extends the shop's site/index.html, which extends
// the base bundle's; the app's layout extends the base bundle's layout.
func threeBundles() []tmpl.Source {
	app := fstest.MapFS{
		"site/index.html":   file(`{{define "title"}}Notes{{end}}{{template "site/index.html" .}}`),
		"layouts/base.html": file(`<body class="app">{{template "layouts/base.html" .}}</body>`),
		"site/page.html":    file(`{{template "layouts/base.html" .}}{{define "content"}}page {{.}}{{end}}`),
	}
	shop := fstest.MapFS{
		"site/index.html": file(`{{define "footer"}}shop footer{{end}}{{template "site/index.html" .}}`),
	}
	base := fstest.MapFS{
		"site/index.html":   file(`<h1>{{block "title" .}}Base{{end}}</h1>{{block "footer" .}}base footer{{end}} {{.}}`),
		"layouts/base.html": file(`<main>{{block "content" .}}none{{end}}</main>`),
	}
	return []tmpl.Source{{Bundle: "app", FS: app}, {Bundle: "shop", FS: shop}, {Bundle: "base", FS: base}}
}

func TestExtendSameNamedTemplate(t *testing.T) {
	for _, debug := range []bool{false, true} {
		s, err := tmpl.Load(threeBundles(), tmpl.Options{Debug: debug})
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct{ name, want string }{
			{"site/index.html", "<h1>Notes</h1>shop footer 7"},
			{"site/page.html", `<body class="app"><main>page 7</main></body>`},
		}
		for _, tt := range tests {
			if got := render(t, s, tt.name, 7, nil); got != tt.want {
				t.Errorf("debug=%v: Render(%q) = %q, want %q", debug, tt.name, got, tt.want)
			}
		}
	}
}

func TestExtendWithoutOriginal(t *testing.T) {
	srcs := []tmpl.Source{{Bundle: "app", FS: fstest.MapFS{"site/x.html": file(`{{template "site/x.html" .}}`)}}}
	_, err := tmpl.Load(srcs, tmpl.Options{})
	if err == nil || !strings.Contains(err.Error(), `site/x.html in bundle "app": it includes "site/x.html", its own name`) {
		t.Errorf("Load error = %v", err)
	}
}

func TestLinks(t *testing.T) {
	srcs := []tmpl.Source{
		{Bundle: "app", FS: fstest.MapFS{
			"site/index.html":   file("<a href=\"{{urlFor \"site.index\"}}\">\n{{if .}}\n{{urlFor \"Indx\" \"id\" .}}{{end}}{{urlFor .Dynamic}}{{template \"site/index.html\" .}}"),
			"partials/nav.html": file(`{{range .}}{{with urlFor "nav.home"}}{{.}}{{end}}{{end}}`),
			"site/keys.html":    file(`{{urlFor "post" "id" 1 "page" .P}}{{urlFor "var" .K 1}}{{.ID | urlFor "piped" "id"}}`),
		}},
		{Bundle: "vendor", FS: fstest.MapFS{"site/index.html": file("\n\n{{ urlFor \"vendor.home\" | print }}")}},
	}
	s, err := tmpl.Load(srcs, tmpl.Options{LinkFunc: "urlFor", Funcs: template.FuncMap{"urlFor": func(string, ...any) string { return "" }}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[tmpl.Link]bool{}
	for _, l := range s.Links() {
		got[l] = true
	}
	want := []tmpl.Link{
		{Bundle: "app", File: "site/index.html", Line: 1, Target: "site.index"},
		{Bundle: "app", File: "site/index.html", Line: 3, Target: "Indx", Keys: "id"},
		{Bundle: "app", File: "site/keys.html", Line: 1, Target: "post", Keys: "id page"},
		{Bundle: "app", File: "site/keys.html", Line: 1, Target: "var", OpenKeys: true},
		{Bundle: "app", File: "site/keys.html", Line: 1, Target: "piped", Keys: "id", OpenKeys: true},
		{Bundle: "app", File: "partials/nav.html", Line: 1, Target: "nav.home"},
		{Bundle: "vendor", File: "site/index.html", Line: 3, Target: "vendor.home"},
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("Links() = %+v, missing %+v", s.Links(), w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("Links() = %+v, want %d links", s.Links(), len(want))
	}
}

func TestFirstUse(t *testing.T) {
	funcs := template.FuncMap{"csrfToken": func() string { return "" }, "flashes": func() []string { return nil }}
	srcs := []tmpl.Source{{Bundle: "app", FS: fstest.MapFS{
		"a.html": file("<p>\n{{if .}}<input value=\"{{csrfToken}}\">{{end}}"),
		"b.html": file("no calls"),
	}}}
	s, err := tmpl.Load(srcs, tmpl.Options{Funcs: funcs, TrackFuncs: []string{"csrfToken", "flashes"}})
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := s.FirstUse("csrfToken"); !ok || l != (tmpl.Link{Bundle: "app", File: "a.html", Line: 2, Target: "csrfToken"}) {
		t.Errorf("FirstUse(csrfToken) = %+v %v", l, ok)
	}
	if l, ok := s.FirstUse("flashes"); ok {
		t.Errorf("FirstUse(flashes) = %+v, want no call", l)
	}
	if _, ok := s.FirstUse("untracked"); ok {
		t.Error("FirstUse of an untracked name reports a call")
	}
}

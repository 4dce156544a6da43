package tmpl_test

import (
	"fmt"
	"html/template"
	"os"
	"testing/fstest"

	"github.com/fwkgo/fwk/internal/tmpl"
)

func ExampleSet_Render() {
	app := fstest.MapFS{
		"layouts/base.html": {Data: []byte(`<title>{{block "title" .}}Site{{end}}</title>{{block "content" .}}{{end}}` + "\n")},
		"site/index.html":   {Data: []byte(`{{template "layouts/base.html" .}}{{define "content"}}<p>Hi {{.}}, see <a href="{{urlFor "about"}}">about</a></p>{{end}}`)},
	}
	vendor := fstest.MapFS{
		"site/index.html": {Data: []byte(`overridden by the app bundle`)},
		"site/about.html": {Data: []byte(`{{template "layouts/base.html" .}}{{define "title"}}About{{end}}`)},
	}
	set, err := tmpl.Load(
		[]tmpl.Source{{Bundle: "app", FS: app}, {Bundle: "vendor", FS: vendor}},
		tmpl.Options{Funcs: template.FuncMap{"urlFor": nil}},
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The per-request implementation of urlFor.
	bind := template.FuncMap{"urlFor": func(target string, _ ...any) (string, error) { return "/site/" + target, nil }}
	for _, name := range []string{"site/index.html", "site/about.html"} {
		if err := set.Render(os.Stdout, name, "<Ann>", bind); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// <title>Site</title><p>Hi &lt;Ann&gt;, see <a href="/site/about">about</a></p>
	// <title>About</title>
}

package router_test

import (
	"fmt"

	"github.com/fwkgo/fwk/router"
)

// A host with a parameter: its value joins the path's, and building for
// another host tells which host the absolute URL needs.
func ExampleRule_hostParams() {
	r := router.New()
	r.ServerName = "example.com"
	if _, err := r.Add(router.Rule{Path: "/docs/<page>", Endpoint: "docs", Subdomain: "<lang>"}); err != nil {
		fmt.Println(err)
		return
	}
	var m router.Match
	r.Lookup("GET", "de.example.com", "/docs/intro", &m)
	fmt.Println(m.Route.Endpoint(), m.Params.Get("lang"), m.Params.Get("page"))

	path, rt, _ := r.AppendBuild(nil, "docs", &router.BuildOptions{Host: "de.example.com"}, "lang", "fr", "page", "faq")
	host, _ := rt.BuildHost("de.example.com", "lang", "fr", "page", "faq")
	fmt.Println(host, string(path))
	// Output:
	// docs de intro
	// fr.example.com /docs/faq
}

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

// Rules without a host serve the default subdomain, and so do hosts outside
// the server name; the bare server name needs its own Host rule.
func ExampleRouter_defaultSubdomain() {
	r := router.New()
	r.ServerName, r.DefaultSubdomain = "example.com", "www"
	for _, rule := range []router.Rule{
		{Path: "/", Endpoint: "home"},
		{Path: "/", Endpoint: "apex", Host: "example.com"},
	} {
		if _, err := r.Add(rule); err != nil {
			fmt.Println(err)
		}
	}
	var m router.Match
	for _, host := range []string{"www.example.com", "example.com", "192.0.2.7:8080", "api.example.com"} {
		r.Lookup("GET", host, "/", &m)
		if m.Route != nil {
			fmt.Println(host, m.Route.Endpoint(), m.Route.Host())
		} else {
			fmt.Println(host, m.Status)
		}
	}
	// Output:
	// www.example.com home www.example.com
	// example.com apex example.com
	// 192.0.2.7:8080 home www.example.com
	// api.example.com 404
}

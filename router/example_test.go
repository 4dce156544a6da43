package router_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk/router"
)

func ExampleRouter_Add() {
	r := router.New()
	for _, rule := range []router.Rule{
		{Path: "/users/new", Endpoint: "users.new"},
		{Path: "/users/<int:id>", Endpoint: "users.get"},
		{Path: "/users/<slug>", Endpoint: "users.by_slug"},
	} {
		if _, err := r.Add(rule); err != nil {
			fmt.Println(err)
		}
	}
	_, err := r.Add(router.Rule{Path: "/users/<int:other>", Endpoint: "dup"})
	fmt.Println(err)
	_, err = r.Add(router.Rule{Path: "/files/<path:p", Endpoint: "bad"})
	fmt.Println(err)

	var m router.Match
	for _, p := range []string{"/users/new", "/users/42", "/users/ada"} {
		r.Lookup("GET", "example.com", p, &m)
		fmt.Printf("%s -> %s %v\n", p, m.Route.Endpoint(), m.Route.ParamNames())
	}
	// Output:
	// fwk: rule "/users/<int:other>": conflicting rules: methods GET,HEAD overlap with rule "/users/<int:id>" (endpoint "users.get", methods GET,HEAD, host "")
	// fwk: rule "/files/<path:p" at offset 7: bad rule: unclosed '<'
	// /users/new -> users.new []
	// /users/42 -> users.get [id]
	// /users/ada -> users.by_slug [slug]
}

func ExampleRouter_Lookup() {
	r := router.New()
	r.Add(router.Rule{Path: "/docs/", Endpoint: "docs"})
	r.Add(router.Rule{Path: "/items/<int:id>", Endpoint: "item", Methods: []string{"GET", "POST"}})

	var m router.Match
	for _, req := range []struct{ method, path string }{
		{"GET", "/docs"},         // strict slashes: redirect
		{"GET", "/a/../items/7"}, // unclean path: redirect
		{"DELETE", "/items/7"},   // 405 with Allow
		{"OPTIONS", "/items/7"},  // automatic OPTIONS
		{"GET", "/items/a%2Fb"},  // no such item
		{"GET", "/items/%00"},    // NUL in a parameter
		{"HEAD", "/items/7"},     // HEAD is served by GET
	} {
		r.Lookup(req.method, "", req.path, &m)
		fmt.Printf("%s %s: %d %q %q\n", req.method, req.path, m.Status, m.Location, m.Allow)
	}
	// Output:
	// GET /docs: 308 "/docs/" ""
	// GET /a/../items/7: 308 "/items/7" ""
	// DELETE /items/7: 405 "" "GET, HEAD, POST"
	// OPTIONS /items/7: 200 "" "GET, HEAD, POST"
	// GET /items/a%2Fb: 404 "" ""
	// GET /items/%00: 400 "" ""
	// HEAD /items/7: 200 "" ""
}

func ExampleRouter_Build() {
	r := router.New()
	r.Add(router.Rule{Path: "/users/<int:id>/<slug>", Endpoint: "user"})
	r.Add(router.Rule{Path: "/static/<path:file>", Endpoint: "static", BuildOnly: true})
	r.Add(router.Rule{Path: "/all/", Endpoint: "all", Defaults: map[string]any{"page": 1}})
	r.Add(router.Rule{Path: "/all/page/<int:page>", Endpoint: "all"})

	fmt.Println(r.Build("user", "id", 42, "slug", "hello world/2", "tab", "posts", "tag", []string{"a", "b"}))
	fmt.Println(r.Build("static", "file", "css/site.css"))
	fmt.Println(r.Build("all", "page", 1))
	fmt.Println(r.Build("all", "page", 2))
	fmt.Println(r.Build("user", "id", "x", "slug", "s"))
	fmt.Println(r.Build("user", "id", 1))
	// Output:
	// /users/42/hello%20world%2F2?tab=posts&tag=a&tag=b <nil>
	// /static/css/site.css <nil>
	// /all/ <nil>
	// /all/page/2 <nil>
	//  fwk: build "user": rule "/users/<int:id>/<slug>": parameter "id": converter "int" rejects "x": invalid value: "x" is not an integer
	//  fwk: build "user" with values [id]: missing parameter: the closest rule is "/users/<int:id>/<slug>"; did you forget to specify values ["slug"]?
}

func ExampleRouter_AppendBuild() {
	r := router.New()
	r.Add(router.Rule{Path: "/posts", Endpoint: "posts"})
	r.Add(router.Rule{Path: "/posts/new", Endpoint: "posts", Methods: []string{"POST"}, Host: "api.example.com"})

	buf := []byte("https://example.com")
	buf, rt, err := r.AppendBuild(buf, "posts", &router.BuildOptions{Anchor: "latest"}, "page", 2)
	fmt.Println(string(buf), rt.Path(), err)

	buf, rt, err = r.AppendBuild(buf[:0], "posts", &router.BuildOptions{Method: "POST"})
	fmt.Println(string(buf), rt.Host(), err)
	// Output:
	// https://example.com/posts?page=2#latest /posts <nil>
	// /posts/new api.example.com <nil>
}

func ExampleRouter_ServeHTTP() {
	r := router.New()
	// A HandlerFunc gets the parameters without allocation...
	r.Add(router.Rule{Path: "/hello/<name>", Handler: router.HandlerFunc(func(w http.ResponseWriter, req *http.Request, ps *router.Params) {
		fmt.Fprintf(w, "hello %s", ps.Get("name"))
	})})
	// ...any other handler reads them with Request.PathValue.
	r.Add(router.Rule{Path: "/bye/<name>/", Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		fmt.Fprintf(w, "bye %s", req.PathValue("name"))
	})})

	for _, target := range []string{"/hello/world", "/bye/moon/", "/bye/moon?x=1", "/nowhere"} {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		fmt.Printf("%s: %d %q %q\n", target, w.Code, w.Body.String(), w.Header().Get("Location"))
	}
	// Output:
	// /hello/world: 200 "hello world" ""
	// /bye/moon/: 200 "bye moon" ""
	// /bye/moon?x=1: 308 "" "/bye/moon/?x=1"
	// /nowhere: 404 "Not Found\n" ""
}

// tagConverter matches tags like "go" or "web-dev" and renders them in lower
// case.
type tagConverter struct{}

func (tagConverter) Match(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || c == '-') {
			return false
		}
	}
	return s != ""
}
func (tagConverter) ToValue(s string) (any, error) { return s, nil }
func (c tagConverter) ToURL(v any) (string, error) {
	s := strings.ToLower(fmt.Sprint(v))
	if !c.Match(s) {
		return "", fmt.Errorf("bad tag %q", s)
	}
	return s, nil
}

func ExampleRouter_AddConverter() {
	r := router.New()
	r.AddConverter("tag", func(args router.Args) (router.Converter, error) {
		if _, err := args.Bind(); err != nil {
			return nil, err
		}
		return tagConverter{}, nil
	})
	r.Add(router.Rule{Path: "/tags/<tag:t>", Endpoint: "tag"})
	r.Add(router.Rule{Path: "/tags/<other>", Endpoint: "other"})

	var m router.Match
	r.Lookup("GET", "", "/tags/web-dev", &m)
	fmt.Println(m.Route.Endpoint(), m.Params.Get("t"))
	r.Lookup("GET", "", "/tags/Web", &m)
	fmt.Println(m.Route.Endpoint(), m.Params.Get("other"))
	fmt.Println(r.Build("tag", "t", "GoLang"))
	// Output:
	// tag web-dev
	// other Web
	// /tags/golang <nil>
}

// A built-in converter declares the type of its values, and ValueFunc
// converts texts into such values without boxing them: the int converter's
// values are int64.
func ExampleValueFunc() {
	rt, _ := router.New().Add(router.Rule{Path: "/users/<int:id>"})
	c := rt.Converter("id")
	fmt.Println(c.(router.ValueTyper).ValueType())
	toID := router.ValueFunc[int64](c)
	id, err := toID("42")
	fmt.Println(id+1, err)
	_, err = toID("x")
	fmt.Println(err)
	// Output:
	// int64
	// 43 <nil>
	// "x" does not match
}

// An alias rule redirects to the endpoint's canonical URL; MergeSlashes
// false keeps a rule's empty segment and refuses the merged redirect.
func ExampleRule_alias() {
	r := router.New()
	no := false
	r.Add(router.Rule{Path: "/", Endpoint: "index"})
	r.Add(router.Rule{Path: "/index.html", Endpoint: "index", Alias: true})
	r.Add(router.Rule{Path: "/a//b", Endpoint: "ab", MergeSlashes: &no})
	r.Add(router.Rule{Path: "/c//d", Endpoint: "cd"})
	var m router.Match
	for _, p := range []string{"/index.html", "/a//b", "/a/b", "/c/d", "/c//d"} {
		r.Lookup("GET", "", p, &m)
		fmt.Println(strings.TrimSpace(fmt.Sprint(p, " ", m.Status, " ", m.Location)))
	}
	u, _ := r.Build("index")
	fmt.Println(u)
	// Output:
	// /index.html 308 /
	// /a//b 200
	// /a/b 404
	// /c/d 200
	// /c//d 308 /c/d
	// /
}

func ExampleParseRule() {
	pr, err := router.ParseRule("/users/<int(min=1):id>/files/<path:name>")
	if err != nil {
		panic(err)
	}
	for _, p := range pr.Params {
		fmt.Printf("%s: converter %q, args %q, text %s\n", p.Name, p.Converter, p.Args, pr.Path[p.Start:p.End])
	}
	// Output:
	// id: converter "int", args "min=1", text <int(min=1):id>
	// name: converter "path", args "", text <path:name>
}

func ExampleBuildError() {
	r := router.New()
	for _, rule := range []router.Rule{
		{Path: "/users/<int:id>", Endpoint: "user", Methods: []string{"GET"}},
		{Path: "/users/<int:id>/edit", Endpoint: "user", Methods: []string{"POST"}},
	} {
		if _, err := r.Add(rule); err != nil {
			fmt.Println(err)
		}
	}
	_, _, err := r.AppendBuild(nil, "usr", &router.BuildOptions{Method: "POST"}, "id", 7)
	var be *router.BuildError
	if errors.As(err, &be) {
		fmt.Println(be.Suggested.Endpoint(), be.Suggested.Path(), errors.Is(err, router.ErrUnknownEndpoint))
	}
	url, err := r.Build("user", "id", []any{7}, "tag", []string{"a", "b"})
	fmt.Println(url, err)
	// Output:
	// user /users/<int:id>/edit true
	// /users/7?tag=a&tag=b <nil>
}

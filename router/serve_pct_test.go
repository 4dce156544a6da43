package router_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// TestServePercentInPath sends, through a real listener, requests whose
// decoded Path holds a '%' (sent as %25) and so is not what to route on:
// ServeHTTP routes such a Path as it is until the walk meets the '%', then
// the escaped path. Every answer must be the escaped path's: a value keeps
// "%41" (never decoded twice into "A"), %252F never becomes a separator,
// redirects keep %25, and a lone '%' in a value is not a bad escape.
func TestServePercentInPath(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/users/<id>", Handler: echo("user")},
		router.Rule{Path: "/f/<name>.<ext>", Handler: echo("file")},
		router.Rule{Path: "/p/<path:p>/edit", Handler: echo("edit")},
		router.Rule{Path: "/admin/<path:p>", Handler: echo("admin")},
		router.Rule{Path: "/<path:p>", Handler: echo("any")},
		router.Rule{Path: "/100%/<x>", Handler: echo("pct")},
		router.Rule{Path: "/lit/100%", Handler: echo("lit")},
		router.Rule{Path: "/dir/<x>/", Handler: echo("dir")},
	)
	srv := httptest.NewServer(r)
	defer srv.Close()
	client := srv.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	tests := []struct{ path, want string }{
		{"/users/%2541", "200 user id=%41"},
		{"/users/100%25", "200 user id=100%"},
		{"/users/a%25b", "200 user id=a%b"},
		{"/f/a%252e.b", "200 file name=a%2e ext=b"},
		{"/p/x%2541/y/edit", "200 edit p=x%41/y"},
		{"/admin%252Fsecret", "200 any p=admin%2Fsecret"},
		{"/admin/%2541", "200 admin p=%41"},
		{"/100%25/%2541", "200 pct x=%41"},
		{"/lit/100%25", "200 lit"},
		{"/dir/%2541", "308 /dir/%2541/"},
		{"/dir/%2541/", "200 dir x=%41"},
	}
	for _, tt := range tests {
		req, err := http.NewRequest("GET", srv.URL+tt.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got := resp.Status[:3] + " " + string(body)
		if resp.StatusCode == http.StatusPermanentRedirect {
			got = resp.Status[:3] + " " + resp.Header.Get("Location")
		}
		if got != tt.want {
			t.Errorf("GET %s = %q, want %q", tt.path, got, tt.want)
		}
		// LookupURL makes the same choice as ServeHTTP.
		u, _ := url.ParseRequestURI(tt.path)
		var m router.Match
		r.LookupURL("GET", "", u, &m)
		if want := outcome(r, "GET", "", tt.path); lookupOutcome(&m) != want {
			t.Errorf("LookupURL(%s) = %q, Lookup = %q", tt.path, lookupOutcome(&m), want)
		}
	}
}

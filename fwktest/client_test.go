package fwktest_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
)

// echoed is the JSON answer of /echo.
type echoed struct {
	Method, URI, Host, Body, Type, X, Cookies, Origin, Referer, TE string
	TLS                                                            bool
}

func TestRequests(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		c := fwktest.New(t, newApp(t), opts...)
		var got echoed
		c.Get("/echo?a=1&b=x%20y", fwktest.WithHeader("X-Test", "h")).ExpectStatus(200).JSON(&got)
		if want := (echoed{Method: "GET", URI: "/echo?a=1&b=x%20y", Host: "localhost", X: "h"}); got != want {
			t.Errorf("GET = %+v, want %+v", got, want)
		}
		got = echoed{}
		c.Post("/echo", "text/plain", strings.NewReader("raw")).JSON(&got)
		if got.Method != "POST" || got.Body != "raw" || got.Type != "text/plain" {
			t.Errorf("Post = %+v", got)
		}
		got = echoed{}
		c.PostForm("/echo", url.Values{"k": {"v w"}}).JSON(&got)
		if got.Body != "k=v+w" || got.Type != "application/x-www-form-urlencoded" {
			t.Errorf("PostForm = %+v", got)
		}
		got = echoed{}
		c.PostJSON("/echo", map[string]int{"n": 1}).JSON(&got)
		if got.Body != `{"n":1}` || got.Type != "application/json" {
			t.Errorf("PostJSON = %+v", got)
		}
		got = echoed{}
		req := httptest.NewRequest("PUT", "/echo", strings.NewReader("put"))
		req.Header.Set("X-Test", "do")
		c.Do(req).JSON(&got)
		if got.Method != "PUT" || got.Body != "put" || got.X != "do" || got.Host != "localhost" {
			t.Errorf("Do = %+v", got)
		}
		got = echoed{}
		c.Do(httptest.NewRequest("GET", "/echo", strings.NewReader(""))).JSON(&got)
		if got.TE != "" || got.Body != "" {
			t.Errorf("an empty body was sent as %+v", got)
		}
		// A path is sent as given, dot segments too: the app cleans it.
		c.Get("/x/../echo").ExpectRedirect("/echo")
	})
}

func TestBaseURL(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		c := fwktest.New(t, newApp(t), append(opts, fwktest.BaseURL("https://shop.example:8443"))...)
		var got echoed
		c.Get("/echo").JSON(&got)
		if got.Host != "shop.example:8443" || !got.TLS {
			t.Errorf("Host %q TLS %v, want shop.example:8443 over TLS", got.Host, got.TLS)
		}
		for target, want := range map[string]string{
			"/x?y=1": "https://shop.example:8443/x?y=1", "/a/../b": "https://shop.example:8443/a/../b",
			"rel": "https://shop.example:8443/rel", "http://other/": "http://other/",
		} {
			if u := c.URL(target); u != want {
				t.Errorf("URL(%q) = %q, want %q", target, u, want)
			}
		}
	})
	f := fake(t, func(tb testing.TB) { fwktest.New(tb, newApp(t), fwktest.BaseURL("ftp://x")) })
	mustFail(t, f, `BaseURL("ftp://x")`)
}

func TestCookieJar(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		app := newApp(t)
		c := fwktest.New(t, app, opts...)
		c.Get("/set?v=dark").ExpectStatus(200)
		var got echoed
		c.Get("/echo").JSON(&got)
		if got.Cookies != "pref=dark" {
			t.Errorf("cookies sent back: %q, want pref=dark", got.Cookies)
		}
		other := fwktest.New(t, app, opts...) // its own jar
		got = echoed{}
		other.Get("/echo").JSON(&got)
		if got.Cookies != "" {
			t.Errorf("another client sent %q", got.Cookies)
		}
	})
}

func TestRedirects(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		c := fwktest.New(t, newApp(t), opts...)
		r := c.Get("/hop/2").ExpectRedirect("/hop/1")
		if len(r.History) != 0 {
			t.Errorf("a redirect not followed has history %v", r.History)
		}
		r = r.Follow().ExpectStatus(200).ExpectContains("landed")
		var hops []string
		for _, h := range r.History {
			hops = append(hops, h.Request.URL.Path+" "+h.Status)
		}
		if got := strings.Join(hops, ", "); got != "/hop/2 302 Found, /hop/1 302 Found" {
			t.Errorf("History = %s", got)
		}

		all := fwktest.New(t, newApp(t), append(opts, fwktest.FollowRedirects())...)
		if r := all.Get("/hop/3"); r.Text() != "landed" || len(r.History) != 3 {
			t.Errorf("FollowRedirects: %s, %d hops", r, len(r.History))
		}

		var got echoed
		c.Post("/keep", "text/plain", strings.NewReader("again")).Follow().JSON(&got)
		if got.Method != "POST" || got.Body != "again" {
			t.Errorf("307 repeats the request: %+v", got)
		}
		r = c.Get("/away").Follow()
		r.ExpectStatus(302).ExpectHeader("Location", "https://elsewhere.example/x")
	})
}

func TestTooManyRedirects(t *testing.T) {
	f := fake(t, func(tb testing.TB) {
		fwktest.New(tb, newApp(t)).Get("/hop/20").Follow()
	})
	mustFail(t, f, "stopped after 10 redirects")
}

// TestParallelClients shares one app between parallel tests and clients
// (run with -race): each client keeps its cookies, and the ERROR one logs
// fails only its own test.
func TestParallelClients(t *testing.T) {
	app := newApp(t)
	for i := range 8 {
		t.Run("", func(t *testing.T) {
			t.Parallel()
			c := fwktest.New(t, app)
			v := strings.Repeat("v", i+1)
			for range 20 {
				c.Get("/set?v=" + v)
				var got echoed
				c.Get("/echo").JSON(&got)
				if got.Cookies != "pref="+v {
					t.Errorf("cookies %q, want pref=%s", got.Cookies, v)
				}
				c.Get("/logs-error", fwktest.ExpectError())
			}
		})
	}
}

// TestHead: a HEAD answer has no body, as from a server.
func TestHead(t *testing.T) {
	c := fwktest.New(t, newApp(t))
	r := c.Do(httptest.NewRequest(http.MethodHead, "/", nil)).ExpectStatus(200)
	if len(r.Bytes()) != 0 {
		t.Errorf("HEAD body %q", r.Bytes())
	}
}

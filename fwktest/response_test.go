package fwktest_test

import (
	"strings"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
)

func TestFind(t *testing.T) {
	c := fwktest.New(t, newApp(t))
	page := c.Get("/page")
	tests := []struct {
		sel  string
		want []string // the text (or the name attribute) of every match
	}{
		{"h1", []string{"Forms to fill"}},
		{"h1.title.main em", []string{"to fill"}},
		{"ul.posts li", []string{"one", "two"}},
		{"ul > li.x", []string{"two"}},
		{"body > li", nil},
		{"#search input[name=q]", []string{"q"}},
		{`[name="nick"]`, []string{"nick"}},
		{"form[name='prefs'] [disabled]", []string{"off"}},
		{"*[type=checkbox]", []string{"news", "ads"}},
		{"select[multiple] option", []string{"x", "y", "z"}},
		{"h2", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, e := range page.FindAll(tt.sel) {
			if e.Tag() == "input" {
				got = append(got, e.Attr("name"))
			} else {
				got = append(got, e.Text())
			}
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("FindAll(%q) = %q, want %q", tt.sel, got, tt.want)
		}
	}
	if e := page.Find("form#search"); e.Attr("action") != "/echo" || !e.HasAttr("action") || e.HasAttr("method") {
		t.Errorf("Find(form#search) = %s", e)
	}
	if got := page.Find("ul.posts").Find("li.x").HTML(); got != `<li class="x">two</li>` {
		t.Errorf("Element.Find = %s", got)
	}
	if got := page.Document().Find("title").Text(); got != "Forms" {
		t.Errorf("title %q", got)
	}
}

func TestFindFailures(t *testing.T) {
	mustFail(t, fake(t, func(tb testing.TB) { fwktest.New(tb, newApp(t)).Get("/page").Find("h2.missing") }),
		`no element matches "h2.missing"`, "GET http://localhost/page -> 200 OK", `class="tokenless"`)
	for _, sel := range []string{"", "a[", "a[x='y]", "div >", "a!b", "#"} {
		mustFail(t, fake(t, func(tb testing.TB) { fwktest.New(tb, newApp(t)).Get("/page").FindAll(sel) }),
			"fwktest: selector")
	}
}

func TestExpectations(t *testing.T) {
	mustPass(t, fake(t, func(tb testing.TB) {
		c := fwktest.New(tb, newApp(t))
		c.Get("/").ExpectStatus(200).ExpectHeader("Content-Type", "text/plain; charset=utf-8").ExpectContains("ho", "me")
		c.Get("/hop/1").ExpectRedirect("/hop/0")
	}))
	tests := []struct {
		check func(r *fwktest.Response)
		want  string
	}{
		{func(r *fwktest.Response) { r.ExpectStatus(404) }, "status 200, want 404 Not Found"},
		{func(r *fwktest.Response) { r.ExpectHeader("X-Nope", "1") }, `header X-Nope is "", want "1"`},
		{func(r *fwktest.Response) { r.ExpectContains("home", "away") }, `the body lacks "away"`},
		{func(r *fwktest.Response) { r.ExpectRedirect("/") }, `want a redirect to "/", got status 200 to ""`},
		{func(r *fwktest.Response) { var v []int; r.JSON(&v) }, "the body is not JSON for a *[]int"},
	}
	for _, tt := range tests {
		f := fake(t, func(tb testing.TB) { tt.check(fwktest.New(tb, newApp(t)).Get("/")) })
		mustFail(t, f, tt.want, "GET http://localhost/ -> 200 OK (text/plain; charset=utf-8), 4 bytes:\nhome")
	}
}

func TestResponseString(t *testing.T) {
	c := fwktest.New(t, newApp(t))
	got := c.Get("/hop/2").Follow().String()
	want := "GET http://localhost/hop/2 -> 302 Found\n  GET http://localhost/hop/1 -> 302 Found\n  " +
		"GET http://localhost/hop/0 -> 200 OK (text/plain; charset=utf-8), 6 bytes:\nlanded"
	if got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	if got := c.Get("/hop/1").String(); got != "GET http://localhost/hop/1 -> 302 Found (Location: /hop/0), empty body" {
		t.Errorf("String() = %s", got)
	}
}

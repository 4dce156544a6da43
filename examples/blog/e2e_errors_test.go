package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserErrorPages: a 422 page shows a pending flash once, and the
// error pages are the blog's own, in its layout.
func TestBrowserErrorPages(t *testing.T) {
	srv := startBlog(t)
	b := newBrowser(t, srv.URL)
	contact := urlFor(t, "SiteController.Contact")
	if st := b.open(contact); st != 200 {
		t.Fatalf("contact page: %d", st)
	}
	// The admin area, asked for without following its redirect to the
	// login page, flashes "Please log in" for the next page shown.
	kind, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](
		`fetch('`+urlFor(t, "AdminController.Index")+`', {redirect: 'manual'}).then(r => r.type)`,
		chromedp.EvalAwaitPromise))
	if err != nil || kind != "opaqueredirect" {
		t.Fatalf("asking for the admin area: %q, %v; want its redirect", kind, err)
	}
	b.do("fill in", chromedp.SendKeys(chromedp.CSS("#name"), "Ann"))
	if st := b.navigate("submit", chromedp.Click(chromedp.CSS("form.stacked button"))); st != 422 {
		t.Fatalf("invalid form: status %d, want 422", st)
	}
	b.shot("contact-422-flash")
	if got := b.text(".flash"); got != "Please log in to see this page." {
		t.Errorf("flash on the 422 page = %q", got)
	}
	if st := b.open("/"); st != 200 {
		t.Fatalf("GET /: %d", st)
	}
	if n := b.count(".flash"); n != 0 {
		t.Errorf("%d flashes on the next page, want 0 (the 422 page showed it)", n)
	}

	if st := b.open("/posts/424242"); st != 404 {
		t.Fatalf("a missing post: status %d, want 404", st)
	}
	b.shot("themed-404")
	if got := b.text("h1"); got != "Page not found" {
		t.Errorf("404 h1 = %q", got)
	}
	if got := b.text("footer"); !strings.Contains(got, "The fwk example blog") {
		t.Errorf("404 footer = %q, want the blog's layout", got)
	}
	if n := b.count(`link[href$="style.css"]`); n != 1 {
		t.Errorf("the 404 page has %d theme stylesheets, want 1", n)
	}
	if st := b.clickLink("Back to the latest posts"); st != 200 {
		t.Errorf("the 404 page's link home: %d", st)
	}
}

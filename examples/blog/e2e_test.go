package main

// End-to-end tests in a real browser: headless Chromium (Debian's
// "chromium" package) driven through the DevTools protocol by chromedp.
// They are skipped, saying why, when no browser is installed.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/fwkgo/fwk"
)

// browserNames are the programs tried, in order, when BLOG_E2E_BROWSER
// does not name one.
var browserNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// findBrowser returns the path of a Chromium-like browser, or skips t.
func findBrowser(t *testing.T) string {
	t.Helper()
	names := browserNames
	if b := os.Getenv("BLOG_E2E_BROWSER"); b != "" {
		names = []string{b}
	}
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	t.Skipf("no browser found (tried %s): install one with `apt-get install -y chromium` "+
		"or name it in BLOG_E2E_BROWSER to run the end-to-end tests", strings.Join(names, ", "))
	return ""
}

// browser is one headless browser tab on the running blog.
type browser struct {
	t     *testing.T
	ctx   context.Context
	base  string
	shots string // the directory of the screenshots
	n     int    // screenshots taken
}

// newBrowser starts a headless browser with a fresh profile for the test;
// extra holds more options of the browser.
func newBrowser(t *testing.T, base string, extra ...chromedp.ExecAllocatorOption) *browser {
	t.Helper()
	path := findBrowser(t)
	shots, err := os.MkdirTemp("", "fwk-blog-e2e-")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots of %s go to %s", t.Name(), shots)
	opts := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1024, 800),
		chromedp.UserDataDir(t.TempDir()),
	}, extra...)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	ctx, cancelTime := context.WithTimeout(ctx, testBound(t))
	t.Cleanup(cancelTime)
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", path, err)
	}
	return &browser{t: t, ctx: ctx, base: base, shots: shots}
}

// open navigates to path and returns the status of the page.
func (b *browser) open(path string) int64 {
	b.t.Helper()
	return b.navigate("open "+path, chromedp.Navigate(b.base+path))
}

// navigate runs actions that load a page and returns its status.
func (b *browser) navigate(what string, actions ...chromedp.Action[chromedp.Void]) int64 {
	b.t.Helper()
	resp, err := chromedp.RunResponse(b.ctx, actions...)
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return resp.Status
}

// clickLink follows the link whose text is text and returns the status.
func (b *browser) clickLink(text string) int64 {
	b.t.Helper()
	return b.navigate("click "+text, chromedp.Click(chromedp.Search(fmt.Sprintf(`//a[normalize-space()=%q]`, text))))
}

// do runs actions that do not navigate.
func (b *browser) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// text returns the visible text of the first element matching css.
func (b *browser) text(css string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(css)))
	if err != nil {
		b.t.Fatalf("text of %s: %v", css, err)
	}
	return s
}

// count returns how many elements match css, without waiting for one.
func (b *browser) count(css string) int {
	b.t.Helper()
	n, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](fmt.Sprintf("document.querySelectorAll(%q).length", css)))
	if err != nil {
		b.t.Fatalf("count %s: %v", css, err)
	}
	return n
}

// location returns the path and query of the page shown.
func (b *browser) location() string {
	b.t.Helper()
	loc, err := chromedp.Run(b.ctx, chromedp.Location())
	if err != nil {
		b.t.Fatal(err)
	}
	return strings.TrimPrefix(loc, b.base)
}

// wantAt fails the test unless the page shown is at path.
func (b *browser) wantAt(path string) {
	b.t.Helper()
	if got := b.location(); got != path {
		b.t.Fatalf("the browser is at %q, want %q", got, path)
	}
}

// shot saves a screenshot of the page as NN-name.png.
func (b *browser) shot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	b.n++
	file := filepath.Join(b.shots, fmt.Sprintf("%02d-%s.png", b.n, name))
	if err := os.WriteFile(file, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// urlFor builds the URL of target with the blog's routes, as the
// templates do, so the test checks links against fwk's URL building.
func urlFor(t *testing.T, target string, args ...any) string {
	t.Helper()
	app, err := NewApp(fwk.DefaultConfig(), Options{Store: &Store{}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := app.URLFor(target, args...)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestBrowser walks through the site as a user would, in a real browser:
// it follows the links the templates built with urlFor, submits the
// contact form with validation errors, is refused without the CSRF token,
// sends it correctly and sees the flash after the redirect to "next",
// then logs in to the protected area and out again.
func TestBrowser(t *testing.T) {
	srv := startBlog(t)
	b := newBrowser(t, srv.URL)

	if st := b.open("/"); st != 200 {
		t.Fatalf("GET /: %d", st)
	}
	if h := b.text("h1"); h != "Latest posts" {
		t.Errorf("home page h1 = %q", h)
	}
	b.shot("home")

	aboutUs := urlFor(t, "SiteController.AboutUs")
	if st := b.clickLink("About us"); st != 200 {
		t.Fatalf("about us: %d", st)
	}
	b.wantAt(aboutUs)
	b.shot("about-us")

	if st := b.clickLink("Write to us"); st != 200 {
		t.Fatalf("contact: %d", st)
	}
	b.wantAt(urlFor(t, "SiteController.Contact", "next", aboutUs))

	// Only a name and a bad address: the form comes back with the errors
	// next to their fields and the values kept.
	b.do("fill in", chromedp.SendKeys(chromedp.CSS("#name"), "Ann"), chromedp.SendKeys(chromedp.CSS("#email"), "not-an-address"))
	if st := b.navigate("submit", chromedp.Click(chromedp.CSS("form.stacked button"))); st != 422 {
		t.Fatalf("invalid form: status %d, want 422", st)
	}
	b.shot("contact-errors")
	// fwk.Form renders each field's errors as <ul class="errors"> right
	// after its input.
	if got := b.text(`#email + ul.errors`); got != "Invalid email address." {
		t.Errorf("email error = %q", got)
	}
	if got := b.text(`#message + ul.errors`); got != "This field is required." {
		t.Errorf("message error = %q", got)
	}
	if n := b.count(`#name + ul.errors`); n != 0 {
		t.Errorf("%d errors for the name, want none", n)
	}
	name, err := chromedp.Run(b.ctx, chromedp.Value(chromedp.CSS("#name")))
	if err != nil || name != "Ann" {
		t.Errorf("name field = %q, %v; want the value kept", name, err)
	}
	contactForm(t, b, aboutUs)
	loginLogout(t, b)
}

// contactForm sends the contact form without its CSRF token (refused),
// then correctly: the browser lands on "next" and sees the flash once.
func contactForm(t *testing.T, b *browser, next string) {
	t.Helper()
	b.do("fill in", chromedp.SetValue(chromedp.CSS("#email"), "ann@example.com"),
		chromedp.SendKeys(chromedp.CSS("#message"), "Hello from a real browser."))
	b.do("drop the token", chromedp.Evaluate[chromedp.Void](`document.querySelector('input[name="csrf_token"]').remove()`))
	if st := b.navigate("submit without token", chromedp.Click(chromedp.CSS("form.stacked button"))); st != 400 {
		t.Fatalf("form without the CSRF token: status %d, want 400", st)
	}
	b.shot("contact-no-csrf-token")
	if got := b.text("body"); !strings.Contains(got, "The CSRF token is missing.") {
		t.Errorf("refusal page says %q", got)
	}

	if st := b.open(urlFor(t, "SiteController.Contact", "next", next)); st != 200 { // a fresh form, with its token
		t.Fatalf("contact page: %d", st)
	}
	b.do("fill in", chromedp.SetValue(chromedp.CSS("#name"), "Ann"), chromedp.SetValue(chromedp.CSS("#email"), "ann@example.com"),
		chromedp.SetValue(chromedp.CSS("#message"), "Hello from a real browser."))
	if st := b.navigate("submit", chromedp.Click(chromedp.CSS("form.stacked button"))); st != 200 {
		t.Fatalf("valid form: status %d after the redirect, want 200", st)
	}
	b.wantAt(next)
	b.shot("contact-sent-flash")
	if got := b.text(".flash.success"); got != "Thanks, Ann: your message was sent." {
		t.Errorf("flash = %q", got)
	}
	b.do("reload", chromedp.Reload())
	if n := b.count(".flash"); n != 0 {
		t.Errorf("%d flashes after a reload, want 0 (a flash shows once)", n)
	}
}

// loginLogout reaches the admin area through the login page, and leaves.
func loginLogout(t *testing.T, b *browser) {
	t.Helper()
	admin := urlFor(t, "AdminController.Index")
	if st := b.clickLink("Admin"); st != 200 {
		t.Fatalf("admin link: %d", st)
	}
	b.wantAt(urlFor(t, "AuthController.Login", "next", admin))
	b.shot("login-required")
	if got := b.text(".flash"); got != "Please log in to see this page." {
		t.Errorf("flash on the login page = %q", got)
	}

	b.do("log in wrong", chromedp.SetValue(chromedp.CSS("#name"), testAdmin), chromedp.SetValue(chromedp.CSS("#password"), "wrong"))
	b.navigate("submit login", chromedp.Click(chromedp.CSS("form.stacked button")))
	if got := b.text("#login-error"); got != "Wrong user name or password." {
		t.Errorf("login error = %q", got)
	}
	b.do("log in", chromedp.SetValue(chromedp.CSS("#password"), testPassword))
	if st := b.navigate("submit login", chromedp.Click(chromedp.CSS("form.stacked button"))); st != 200 {
		t.Fatalf("login: status %d", st)
	}
	b.wantAt(admin)
	b.shot("admin")
	if got := b.text("#admin-user"); got != testAdmin {
		t.Errorf("admin page user = %q", got)
	}
	if got := b.text(".message"); !strings.Contains(got, "Hello from a real browser.") {
		t.Errorf("admin page message = %q", got)
	}

	if st := b.navigate("log out", chromedp.Click(chromedp.CSS("#logout"))); st != 200 {
		t.Fatalf("logout: status %d", st)
	}
	b.wantAt(urlFor(t, "SiteController.Index"))
	b.shot("logged-out")
	if got := b.text(".flash"); got != "You are logged out." {
		t.Errorf("logout flash = %q", got)
	}
	b.open(admin)
	b.wantAt(urlFor(t, "AuthController.Login", "next", admin))
}

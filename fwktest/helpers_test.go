package fwktest_test

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
	"github.com/fwkgo/fwk/routes"
)

// The app every test of the package talks to, a fake testing.TB that
// records the failures fwktest reports, and modes, which runs a test both
// in-process and over a loopback listener.

const testSecret = "fwktest-secret-key-of-32-bytes-or-more"

// testBundle is the app bundle of the test app.
type testBundle struct {
	mw []func(http.Handler) http.Handler
}

func (testBundle) Name() string { return "test" }

func (b testBundle) Middleware() []func(http.Handler) http.Handler { return b.mw }

func (testBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Get("/", func(ctx *fwk.Ctx) error { return ctx.Respond(200, "home") }, fwk.Endpoint("home")),
		routes.Rule("/echo", echo, fwk.Endpoint("echo"), fwk.Methods("GET", "POST", "PUT", "DELETE"), fwk.CSRFExempt()),
		routes.Get("/page", page, fwk.Endpoint("page")),
		routes.Post("/submit", submitted, fwk.Endpoint("submit")),
		routes.Get("/set", func(ctx *fwk.Ctx) error {
			http.SetCookie(ctx.Writer(), &http.Cookie{Name: "pref", Value: ctx.Request().URL.Query().Get("v"), Path: "/"})
			return ctx.Respond(200, "set")
		}, fwk.Endpoint("set")),
		routes.Get("/hop/<int:n>", func(ctx *fwk.Ctx, n int) error {
			if n == 0 {
				return ctx.Respond(200, "landed")
			}
			return ctx.Redirect("hop", "n", n-1)
		}, fwk.Endpoint("hop")),
		routes.Rule("/keep", func(ctx *fwk.Ctx) error { return ctx.Redirect("/echo", fwk.RedirectStatus(307)) },
			fwk.Endpoint("keep"), fwk.Methods("POST"), fwk.CSRFExempt()),
		routes.Get("/away", func(ctx *fwk.Ctx) error {
			http.Redirect(ctx.Writer(), ctx.Request(), "https://elsewhere.example/x", http.StatusFound)
			return nil
		}, fwk.Endpoint("away")),
		routes.Get("/whoami", func(ctx *fwk.Ctx) error {
			u, _ := fwk.SessionValue[string](ctx.Session(), "user")
			return ctx.Respond(200, "user="+u)
		}, fwk.Endpoint("whoami")),
		routes.Post("/flash", func(ctx *fwk.Ctx) error {
			if err := ctx.Flash("Saved.", "success"); err != nil {
				return err
			}
			return ctx.Redirect("flashes")
		}, fwk.Endpoint("flash"), fwk.CSRFExempt()),
		routes.Get("/flashes", func(ctx *fwk.Ctx) error {
			ms, err := ctx.Flashes()
			if err != nil {
				return err
			}
			return ctx.JSON(ms)
		}, fwk.Endpoint("flashes")),
		routes.Post("/api/items", func(ctx *fwk.Ctx, in fwk.Body[item]) error {
			return ctx.JSON(fwk.M{"item": in.Value}, http.StatusCreated)
		}, fwk.Endpoint("items")),
		routes.Get("/boom", func(*fwk.Ctx) error { panic("boom") }, fwk.Endpoint("boom")),
		routes.Get("/fail", func(*fwk.Ctx) error { return errors.New("disk on fire") }, fwk.Endpoint("fail")),
		routes.Get("/logs-error", func(ctx *fwk.Ctx) error {
			ctx.App().Logger().With("part", "billing").Error("charge failed", "order", 7)
			return ctx.Respond(200, "looks fine")
		}, fwk.Endpoint("logs_error")),
		routes.Get("/logs-elsewhere", func(ctx *fwk.Ctx) error {
			done := make(chan struct{})
			go func() { // a goroutine of the view's: not the one serving the request
				defer close(done)
				ctx.App().Logger().Error("background job failed")
			}()
			<-done
			return ctx.Respond(200, "done")
		}, fwk.Endpoint("logs_elsewhere")),
		routes.Get("/logs-info", func(ctx *fwk.Ctx) error {
			ctx.App().Logger().Info("all good")
			return ctx.Respond(200, "fine")
		}, fwk.Endpoint("logs_info")),
		routes.Get("/typo", func(ctx *fwk.Ctx) error { return ctx.Redirect("hmoe") }, fwk.Endpoint("typo")),
		routes.Get("/unavailable", func(*fwk.Ctx) error { return fwk.Abort(503) }, fwk.Endpoint("unavailable")),
	)
}

// item is the JSON body of POST /api/items.
type item struct {
	Name string `json:"name" validate:"required"`
}

// echo answers what it received, as JSON.
func echo(ctx *fwk.Ctx) error {
	r := ctx.Request()
	body, _ := io.ReadAll(r.Body)
	var cookies []string
	for _, c := range r.Cookies() {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	return ctx.JSON(fwk.M{"method": r.Method, "uri": r.RequestURI, "host": r.Host, "tls": r.TLS != nil,
		"body": string(body), "type": r.Header.Get("Content-Type"), "x": r.Header.Get("X-Test"),
		"cookies": strings.Join(cookies, "; "), "te": strings.Join(r.TransferEncoding, ","), "origin": r.Header.Get("Origin"), "referer": r.Referer()})
}

// pageHTML is the page of GET /page: forms to select and submit.
const pageHTML = `<!doctype html><title>Forms</title>
<h1 class="title main">Forms <em>to fill</em></h1>
<ul class="posts"><li>one</li><li class="x">two</li></ul>
<form id="search" action="/echo"><input name="q" value="go"><input type="submit" value="Search"></form>
<form name="prefs" method="post" action="/submit">
  <input type="hidden" name="csrf_token" value="{{csrfToken}}">
  <input name="nick" value="ann">
  <input name="off" value="x" disabled>
  <input type="checkbox" name="news" value="yes" checked>
  <input type="checkbox" name="ads">
  <input type="radio" name="size" value="s"><input type="radio" name="size" value="m" checked>
  <select name="lang"><option value="en">English</option><option selected>Français</option></select>
  <select name="first"><option value="a">A</option><option value="b">B</option></select>
  <select name="many" multiple><option selected>x</option><option>y</option><option selected>z</option></select>
  <textarea name="bio">Hello,
world</textarea>
  <input type="file" name="avatar">
  <button name="save" value="1">Save</button>
  <button name="delete" value="1">Delete</button>
  <button type="button" name="noop">Nothing</button>
</form>
<input form="prefs-2" name="outside" value="o">
<form id="prefs-2" method="post" action="/submit" enctype="multipart/form-data">
  <input type="hidden" name="csrf_token" value="{{csrfToken}}">
  <input type="file" name="doc"><input type="file" name="photo">
</form>
<form method="post" action="/submit" class="tokenless"><input name="a"></form>`

// page renders pageHTML with the CSRF token.
func page(ctx *fwk.Ctx) error {
	tok, err := fwk.GenerateCSRF(ctx)
	if err != nil {
		return err
	}
	html := strings.ReplaceAll(pageHTML, "{{csrfToken}}", tok)
	ctx.Writer().Header().Set("Content-Type", "text/html; charset=utf-8")
	return ctx.Respond(200, html)
}

// submitted answers the form it received, as JSON, past CSRF protection.
func submitted(ctx *fwk.Ctx) error {
	r := ctx.Request()
	if err := r.ParseMultipartForm(1 << 20); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		return err
	}
	delete(r.PostForm, "csrf_token")
	files := map[string]string{}
	if r.MultipartForm != nil {
		for name, fhs := range r.MultipartForm.File {
			for _, fh := range fhs {
				f, err := fh.Open()
				if err != nil {
					return err
				}
				b, _ := io.ReadAll(f)
				f.Close()
				files[name] += fmt.Sprintf("%q:%q", fh.Filename, b)
			}
		}
	}
	return ctx.JSON(fwk.M{"form": r.PostForm, "files": files, "type": strings.Split(r.Header.Get("Content-Type"), ";")[0]})
}

// newApp builds the test app with CSRF protection on.
func newApp(t testing.TB, mw ...func(http.Handler) http.Handler) *fwk.App {
	t.Helper()
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = testSecret
	cfg.CSRFEnabled = true
	cfg.Logger = slog.New(slog.DiscardHandler) // fwktest observes the app's logger all the same
	app, err := fwk.New(cfg, testBundle{mw: mw})
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// fakeTB records the failures reported to it instead of failing the test;
// Fatal and FailNow end the goroutine, as testing does.
type fakeTB struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (f *fakeTB) Helper() {}

func (f *fakeTB) Errorf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}

func (f *fakeTB) Error(args ...any) { f.Errorf("%s", fmt.Sprint(args...)) }

func (f *fakeTB) Fatalf(format string, args ...any) {
	f.Errorf(format, args...)
	runtime.Goexit()
}

func (f *fakeTB) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }

func (f *fakeTB) Fail() { f.Errorf("Fail") }

func (f *fakeTB) FailNow() { f.Fatalf("FailNow") }

func (f *fakeTB) Failed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.errors) > 0
}

// failures returns the failures reported so far, joined.
func (f *fakeTB) failures() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.Join(f.errors, "\n---\n")
}

// fake runs fn with a fakeTB in its own goroutine (so that Fatalf ends only
// it) and returns the fakeTB.
func fake(t *testing.T, fn func(tb testing.TB)) *fakeTB {
	f := &fakeTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(f)
	}()
	<-done
	return f
}

// mustFail checks that fn failed its TB with messages holding every want.
func mustFail(t *testing.T, f *fakeTB, want ...string) {
	t.Helper()
	got := f.failures()
	if got == "" {
		t.Fatalf("the test did not fail; want a failure holding %q", want)
	}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the failure lacks %q:\n%s", w, got)
		}
	}
}

// mustPass checks that f saw no failure.
func mustPass(t *testing.T, f *fakeTB) {
	t.Helper()
	if got := f.failures(); got != "" {
		t.Errorf("unexpected failure:\n%s", got)
	}
}

// modes runs fn in-process and over a loopback listener.
func modes(t *testing.T, fn func(t *testing.T, opts ...fwktest.Option)) {
	t.Run("in-process", func(t *testing.T) { t.Parallel(); fn(t) })
	t.Run("loopback", func(t *testing.T) { t.Parallel(); fn(t, fwktest.Loopback()) })
}

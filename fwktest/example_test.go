package fwktest_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
	"github.com/fwkgo/fwk/routes"
)

// The examples test a small notes app. In a test, the first argument of
// fwktest.New is the test's *testing.T; here exampleT stands for it and
// prints what would fail the test.

// notes is the example app's store.
type notes struct {
	mu   sync.Mutex
	list []string
}

// notesBundle is the example app: a page with a CSRF-protected form, a
// JSON API, a session and a few mistakes.
type notesBundle struct{ n *notes }

func (notesBundle) Name() string { return "notes" }

func (b notesBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Rule("/", b.index, fwk.Endpoint("index"), fwk.Methods("GET", "POST")),
		routes.Get("/api/notes", b.list, fwk.Endpoint("list")),
		routes.Post("/api/notes", b.create, fwk.Endpoint("create")),
		routes.Get("/whoami", func(ctx *fwk.Ctx) error {
			user, _ := fwk.SessionValue[string](ctx.Session(), "user")
			return ctx.Respond(http.StatusOK, "you are "+user)
		}, fwk.Endpoint("whoami")),
		routes.Get("/old", func(ctx *fwk.Ctx) error { return ctx.Redirect("index") }, fwk.Endpoint("old")),
		routes.Get("/typo", func(ctx *fwk.Ctx) error { return ctx.Redirect("indx") }, fwk.Endpoint("typo")),
		routes.Rule("/upload", upload, fwk.Endpoint("upload"), fwk.Methods("GET", "POST")),
	)
}

// upload shows a file form and answers what it received.
func upload(ctx *fwk.Ctx) error {
	r := ctx.Request()
	if r.Method == http.MethodGet {
		token, err := fwk.GenerateCSRF(ctx)
		if err != nil {
			return err
		}
		ctx.Writer().Header().Set("Content-Type", "text/html; charset=utf-8")
		return ctx.Respond(http.StatusOK, `<form method="post" enctype="multipart/form-data">`+
			`<input type="hidden" name="csrf_token" value="`+token+`"><input type="file" name="doc"></form>`)
	}
	_, fh, err := r.FormFile("doc")
	if err != nil {
		return fwk.Abort(http.StatusBadRequest, err.Error())
	}
	return ctx.Respond(http.StatusOK, fmt.Sprintf("%s, %d bytes", fh.Filename, fh.Size))
}

// index shows the notes and a form; its POST adds a note and flashes.
func (b notesBundle) index(ctx *fwk.Ctx) error {
	if ctx.Request().Method == http.MethodPost {
		b.n.mu.Lock()
		b.n.list = append(b.n.list, ctx.Request().PostFormValue("text"))
		b.n.mu.Unlock()
		if err := ctx.Flash("Note added.", "success"); err != nil {
			return err
		}
		return ctx.Redirect("index", fwk.RedirectStatus(http.StatusSeeOther))
	}
	token, err := fwk.GenerateCSRF(ctx)
	if err != nil {
		return err
	}
	flashes, err := ctx.Flashes()
	if err != nil {
		return err
	}
	page := "<!doctype html><title>Notes</title>\n"
	for _, f := range flashes {
		page += fmt.Sprintf("<p class=\"flash %s\">%s</p>\n", f.Category, f.Message)
	}
	page += "<ul>"
	for _, n := range b.notes() {
		page += "<li>" + n + "</li>"
	}
	page += "</ul>\n<form id=\"add\" method=\"post\">" +
		"<input type=\"hidden\" name=\"csrf_token\" value=\"" + token + "\">" +
		"<input name=\"text\"><button>Add</button></form>\n"
	ctx.Writer().Header().Set("Content-Type", "text/html; charset=utf-8")
	return ctx.Respond(http.StatusOK, page)
}

func (b notesBundle) notes() []string {
	b.n.mu.Lock()
	defer b.n.mu.Unlock()
	return slices.Clone(b.n.list)
}

func (b notesBundle) list(ctx *fwk.Ctx) error { return ctx.JSON(fwk.M{"notes": b.notes()}) }

// note is the JSON body of POST /api/notes.
type note struct {
	Text string `json:"text" validate:"required"`
}

func (b notesBundle) create(ctx *fwk.Ctx, in fwk.Body[note]) error {
	b.n.mu.Lock()
	b.n.list = append(b.n.list, in.Value.Text)
	b.n.mu.Unlock()
	return ctx.JSON(fwk.M{"note": in.Value.Text}, http.StatusCreated)
}

// notesApp builds the example app, with CSRF protection on.
func notesApp() *fwk.App {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = testSecret
	cfg.CSRFEnabled = true
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, notesBundle{n: &notes{}})
	if err != nil {
		panic(err)
	}
	return app
}

// exampleT stands for a test's *testing.T: it prints the failures.
type exampleT struct {
	testing.TB // only the methods below are called
	cleanups   []func()
}

func (t *exampleT) Helper() {}

func (t *exampleT) Errorf(format string, args ...any) { fmt.Printf("FAIL: "+format+"\n", args...) }

func (t *exampleT) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

func (t *exampleT) Cleanup(f func()) { t.cleanups = append(t.cleanups, f) }

// end runs the cleanups, as the end of a test does.
func (t *exampleT) end() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
}

// A test adds a note through the page's form (with its CSRF token), sees
// the flash, and reads the note back from the JSON API.
func Example() {
	t := &exampleT{} // in a test: the *testing.T
	c := fwktest.New(t, notesApp())

	page := c.Get("/").Form("add").Submit(url.Values{"text": {"buy milk"}}).Follow()
	page.ExpectStatus(200).ExpectContains("Note added.")

	var got struct{ Notes []string }
	c.Get("/api/notes").ExpectStatus(200).JSON(&got)
	fmt.Println(got.Notes, page.Find(".flash").Text())
	// Output:
	// [buy milk] Note added.
}

func ExampleClient_Get() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	r := c.Get("/whoami", fwktest.WithHeader("Accept", "text/plain"))
	fmt.Println(r.StatusCode, r.Header.Get("Content-Type"), r.Text())
	// Output:
	// 200 text/plain; charset=utf-8 you are
}

func ExampleClient_PostJSON() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	// The API shares the pages' session cookie: a POST needs a CSRF token.
	r := c.PostJSON("/api/notes", note{Text: "call Bob"}, fwktest.WithHeader("X-CSRFToken", c.CSRFToken()))
	fmt.Println(r.Status, strings.TrimSpace(r.Text()))
	r = c.PostJSON("/api/notes", note{Text: "no token"})
	fmt.Println(r.Status, strings.TrimSpace(r.Text()))
	// Output:
	// 201 Created {"note":"call Bob"}
	// 400 Bad Request {"error":"The CSRF token is missing.","status":400}
}

func ExampleLoopback() {
	t := &exampleT{}
	defer t.end() // a test ends: the listener closes
	c := fwktest.New(t, notesApp(), fwktest.Loopback())
	r := c.Get("/whoami")
	fmt.Println(r.Proto, r.Status)
	// Output:
	// HTTP/1.1 200 OK
}

func ExampleResponse_Follow() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	r := c.Get("/old").ExpectRedirect("/").Follow()
	for _, hop := range r.History {
		fmt.Println(hop.Request.URL.Path, hop.Status, "to", hop.Header.Get("Location"))
	}
	fmt.Println(r.Request.URL.Path, r.Status)
	// Output:
	// /old 302 Found to /
	// / 200 OK
}

func ExampleForm_Submit() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	form := c.Get("/").Form("add") // by id, name or action
	fmt.Println(form.Method, form.Action, len(form.Fields.Get("csrf_token")) > 0)
	r := form.Submit(url.Values{"text": {"water plants"}})
	fmt.Println(r.Status, r.Header.Get("Location"))
	form.Submit(url.Values{"txet": {"typo"}}) // fails the test: no such field
	// Output:
	// POST http://localhost/ true
	// 303 See Other /
	// FAIL: fwktest: <form id="add" method="post"> has no field "txet" (it has csrf_token, text)
}

func ExampleForm_Attach() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	r := c.Get("/upload").Form("").Attach("doc", "notes.txt", []byte("buy milk")).Submit(nil)
	fmt.Println(r.Text())
	// Output:
	// notes.txt, 8 bytes
}

func ExampleClient_Session() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	// Log in without the login form: set what the login view would.
	c.Session(func(s *fwk.Session) { s.Set("user", "ann") })
	fmt.Println(c.Get("/whoami").Text())
	// Output:
	// you are ann
}

func ExampleClient_Flashes() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	c.Get("/").Form("add").Submit(url.Values{"text": {"x"}})
	fmt.Println(c.Flashes()) // pending: the next page shows them
	fmt.Println(c.Get("/").Find("p.flash").Text())
	fmt.Println(c.Flashes())
	// Output:
	// [{success Note added.}]
	// Note added.
	// []
}

func ExampleResponse_FindAll() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	for _, text := range []string{"one", "two"} {
		c.PostJSON("/api/notes", note{Text: text}, fwktest.WithHeader("X-CSRFToken", c.CSRFToken()))
	}
	page := c.Get("/")
	for _, li := range page.FindAll("ul > li") {
		fmt.Println(li.Text())
	}
	fmt.Println(page.Find("form#add input[name=text]").HTML())
	// Output:
	// one
	// two
	// <input name="text"/>
}

func ExampleResponse_JSON() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	var body struct{ Notes []string }
	c.Get("/api/notes").JSON(&body)
	fmt.Println(len(body.Notes))
	// Output:
	// 0
}

// A mistake of the app fails the test: here a Redirect to an endpoint
// that does not exist, which fwk answers with a redirect to "/" and logs
// at ERROR.
func ExampleExpectError() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	c.Get("/typo")
	fmt.Println("--- expected:")
	r := c.Get("/typo", fwktest.ExpectError())
	fmt.Println(r.Status, r.Logs[0].Message)
	// Output:
	// FAIL: fwktest: GET http://localhost/typo: the app failed while serving it:
	//   the app logged: ERROR "fwk: redirect: a target given by the app cannot be resolved" path=/typo error="fwk: url_for \"indx\": build \"indx\" with values []: unknown endpoint; did you mean \"notes.index\"?"
	// response: GET http://localhost/typo -> 302 Found (Location: /), empty body
	// (send the request with fwktest.ExpectError() if the test expects this)
	// --- expected:
	// 302 Found fwk: redirect: a target given by the app cannot be resolved
}

func ExampleFollowRedirects() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp(), fwktest.FollowRedirects())
	r := c.Get("/old") // redirected to /, followed
	fmt.Println(r.Request.URL.Path, r.Status, len(r.History))
	// Output:
	// / 200 OK 1
}

func ExampleBaseURL() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp(), fwktest.BaseURL("https://notes.example"))
	r := c.Get("/whoami")
	fmt.Println(c.URL("/whoami"), r.Request.Host, r.Status)
	// Output:
	// https://notes.example/whoami notes.example 200 OK
}

func ExampleClient_Do() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	req := httptest.NewRequest(http.MethodDelete, "/api/notes", nil)
	req.Header.Set("X-CSRFToken", c.CSRFToken())
	r := c.Do(req)
	fmt.Println(r.Status, r.Header.Get("Allow"))
	// Output:
	// 405 Method Not Allowed GET, HEAD, POST
}

func ExampleClient_Cookies() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	fmt.Println(len(c.Cookies("/")))
	c.Session(func(s *fwk.Session) { s.Set("user", "ann") })
	for _, ck := range c.Cookies("/") {
		fmt.Println(ck.Name)
	}
	// Output:
	// 0
	// session
}

// String describes an exchange in a message of your own.
func ExampleResponse_String() {
	t := &exampleT{}
	c := fwktest.New(t, notesApp())
	r := c.Get("/notes", fwktest.WithHeader("Accept", "application/json"))
	if r.StatusCode != http.StatusOK {
		fmt.Printf("want the notes, got\n%s\n", r)
	}
	// Output:
	// want the notes, got
	// GET http://localhost/notes -> 404 Not Found (application/json), 35 bytes:
	// {"error":"Not Found","status":404}
}

package fwk_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

func panicky(ctx *fwk.Ctx) error { panic("boom secret") }

func panicAbort(ctx *fwk.Ctx) error { panic(fwk.Abort(http.StatusGone, "gone away")) }

func failing(ctx *fwk.Ctx) error { return errors.New("db password leaked") }

func TestPanicIs500(t *testing.T) {
	for _, debug := range []bool{false, true} {
		a, logs := appWithLogs(t, debug,
			routes.Func("/panic", panicky),
			routes.Func("/abort", panicAbort),
		)
		rec := get(a, "GET", "/panic")
		body := rec.Body.String()
		if rec.Code != http.StatusInternalServerError {
			t.Errorf("debug=%v: GET /panic = %d, want 500", debug, rec.Code)
		}
		if leaked := strings.Contains(body, "boom secret") || strings.Contains(body, "goroutine"); leaked != debug {
			t.Errorf("debug=%v: panic details in body = %v: %q", debug, leaked, body)
		}
		if l := logs.String(); !strings.Contains(l, "endpoint=rb.panicky") || !strings.Contains(l, "stack=") ||
			!strings.Contains(l, "boom secret") {
			t.Errorf("debug=%v: log lacks endpoint, panic or stack:\n%s", debug, l)
		}
		if rec := get(a, "GET", "/abort"); rec.Code != http.StatusGone || !strings.Contains(rec.Body.String(), "gone away") {
			t.Errorf("GET /abort = %d %q, want 410 gone away", rec.Code, rec.Body.String())
		}
	}
}

func TestErrAbortHandlerPropagates(t *testing.T) {
	a, _ := appWithLogs(t, false, routes.Func("/abort", func(*fwk.Ctx) error { panic(http.ErrAbortHandler) }))
	defer func() {
		if p := recover(); p != http.ErrAbortHandler {
			t.Errorf("recovered %v, want http.ErrAbortHandler", p)
		}
	}()
	get(a, "GET", "/abort")
	t.Error("ServeHTTP returned normally")
}

func TestErrorRendering(t *testing.T) {
	teapot := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusTeapot)
		io.WriteString(w, "short and stout")
	})
	a, logs := appWithLogs(t, false,
		routes.Func("/forbidden", func(*fwk.Ctx) error { return fwk.Abort(http.StatusForbidden, "no <way>") }),
		routes.Func("/plain", func(*fwk.Ctx) error { return fwk.Abort(http.StatusConflict) }),
		routes.Func("/failing", failing),
		routes.Func("/with", func(*fwk.Ctx) error { return fwk.AbortWith(teapot) }),
		routes.Func("/wrapped", func(*fwk.Ctx) error {
			return errors.Join(errors.New("ctx"), fwk.Abort(http.StatusUnauthorized, "log in"))
		}),
	)
	const (
		js   = "application/json"
		html = "text/html"
	)
	tests := []struct {
		path, accept string
		status       int
		kind         string // js or html
		message      string
	}{
		{"/forbidden", "application/json", 403, js, "no <way>"},
		{"/forbidden", "text/html,application/xhtml+xml,*/*;q=0.8", 403, html, "no &lt;way&gt;"},
		{"/forbidden", "", 403, html, "no &lt;way&gt;"},
		{"/forbidden", "*/*", 403, html, "no &lt;way&gt;"},
		{"/forbidden", "text/html;q=0.5, application/json", 403, js, "no <way>"},
		{"/forbidden", "application/json;q=0.4, text/html;q=0.9", 403, html, "no &lt;way&gt;"},
		{"/forbidden", "application/problem+json", 403, js, "no <way>"},
		{"/forbidden", "application/json;q=0", 403, html, "no &lt;way&gt;"},
		{"/plain", "application/json", 409, js, "Conflict"},
		{"/failing", "application/json", 500, js, "Internal Server Error"},
		{"/failing", "", 500, html, "Internal Server Error"},
		{"/wrapped", "application/json", 401, js, "log in"},
		{"/missing", "application/json", 404, js, "Not Found"},
		{"/missing", "", 404, html, "Not Found"},
	}
	for _, tt := range tests {
		rec := get(a, "GET", tt.path, "Accept", tt.accept)
		ct := rec.Header().Get("Content-Type")
		if rec.Code != tt.status || !strings.HasPrefix(ct, tt.kind) {
			t.Errorf("GET %s (Accept %q) = %d %s, want %d %s", tt.path, tt.accept, rec.Code, ct, tt.status, tt.kind)
			continue
		}
		if tt.kind == js {
			var body struct {
				Error  string `json:"error"`
				Status int    `json:"status"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error != tt.message || body.Status != tt.status {
				t.Errorf("GET %s JSON body = %q (%v), want error %q status %d", tt.path, rec.Body.String(), err, tt.message, tt.status)
			}
		} else if !strings.Contains(rec.Body.String(), tt.message) || strings.Contains(rec.Body.String(), "<way>") {
			t.Errorf("GET %s HTML body = %q, want escaped %q", tt.path, rec.Body.String(), tt.message)
		}
	}
	if strings.Contains(get(a, "GET", "/failing").Body.String(), "password") {
		t.Error("the error text of a 500 reached the client")
	}
	if !strings.Contains(logs.String(), "db password leaked") {
		t.Error("the error of a 500 was not logged")
	}
	logs.Reset()
	if rec := get(a, "GET", "/with"); rec.Code != http.StatusTeapot || rec.Body.String() != "short and stout" {
		t.Errorf("AbortWith = %d %q", rec.Code, rec.Body.String())
	}
	if strings.Contains(logs.String(), "view error") {
		t.Errorf("AbortWith was logged as a view error: %s", logs.String())
	}
}

func TestDebugShowsErrors(t *testing.T) {
	a, _ := appWithLogs(t, true, routes.Func("/failing", failing))
	if rec := get(a, "GET", "/failing"); !strings.Contains(rec.Body.String(), "db password leaked") {
		t.Errorf("debug body = %q, want the error text", rec.Body.String())
	}
}

// Middleware: Controller decorators wrap Use middleware; the first listed is
// outermost; path values and the Ctx reach the view.
type DecoratedController struct{ fwk.Controller }

func (c *DecoratedController) Meta() fwk.Meta {
	return fwk.Meta{
		URLPrefix:  "/deco",
		Decorators: []func(http.Handler) http.Handler{tag("d1"), tag("d2")},
		Views:      []fwk.ViewSpec{fwk.View(c.Show, "/<int:id>", fwk.Use(tag("u1"), tag("u2")))},
	}
}

func (c *DecoratedController) Show(ctx *fwk.Ctx, id int) error {
	return ctx.Respond(http.StatusOK, ctx.Writer().Header().Get("X-Order")+" id="+ctx.Param("id")+
		" pv="+ctx.Request().PathValue("id")+" ctx="+ctx.Request().Context().Value(ctxTestKey{}).(string))
}

type ctxTestKey struct{}

// tag returns middleware appending name to the X-Order header and adding a
// context value, so that the request the view sees is a new one.
func tag(name string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Add("X-Order", name)
			order := strings.Join(w.Header().Values("X-Order"), ",")
			w.Header().Set("X-Order", order)
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxTestKey{}, name+" saw "+r.PathValue("id"))))
		})
	}
}

func TestMiddleware(t *testing.T) {
	a, _ := appWithLogs(t, false,
		routes.Controller("", &DecoratedController{}),
		routes.Func("/h/<name>", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, w.Header().Get("X-Order")+" "+r.PathValue("name"))
		}), fwk.Use(tag("h"))),
		routes.Func("/err", failing, fwk.Use(tag("e"))),
	)
	checkServes(t, a, map[string]string{
		"/deco/42": "d1,d2,u1,u2 id=42 pv=42 ctx=u2 saw 42",
		"/h/x":     "h x",
	})
	if rec := get(a, "GET", "/err"); rec.Code != http.StatusInternalServerError {
		t.Errorf("GET /err (error behind middleware) = %d, want 500", rec.Code)
	}
}

func TestPathValuesForHandlers(t *testing.T) {
	a, _ := appWithLogs(t, false,
		routes.Func("/f/<a>/<int:b>", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, r.PathValue("a")+"+"+r.PathValue("b"))
		}),
		routes.Func("/c/<a>", func(ctx *fwk.Ctx, a string) error {
			return ctx.Respond(http.StatusOK, a+"="+ctx.Request().PathValue("a"))
		}),
	)
	checkServes(t, a, map[string]string{"/f/x%2Fy/2": "x/y+2", "/c/q": "q=q"})
}

var helloBytes = []byte("hello")

// AllocController is served through implicit discovery (method expressions).
type AllocController struct{ fwk.Controller }

func (c *AllocController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Item, "/ctrl/<int:id>")}}
}
func (c *AllocController) Static(ctx *fwk.Ctx) error { return ctx.NoContent() }
func (c *AllocController) Item(ctx *fwk.Ctx, id int) error {
	if id != 42 {
		return fwk.Abort(http.StatusNotFound)
	}
	return ctx.NoContent()
}

func TestZeroAllocs(t *testing.T) {
	a, _ := appWithLogs(t, false,
		routes.Func("/nc", func(ctx *fwk.Ctx) error { return ctx.NoContent() }),
		routes.Func("/bytes", func(ctx *fwk.Ctx) error { _, err := ctx.Writer().Write(helloBytes); return err }),
		routes.Func("/users/<int:id>", func(ctx *fwk.Ctx, id int) error {
			if id != 7 {
				return fwk.Abort(http.StatusNotFound)
			}
			return ctx.NoContent()
		}),
		routes.Func("/s/<a>/<b>", func(ctx *fwk.Ctx, a, b string) error { return ctx.NoContent() }),
		routes.Func("/p/<int:id>", func(ctx *fwk.Ctx) error {
			if ctx.Param("id") != "7" {
				return fwk.Abort(http.StatusNotFound)
			}
			return ctx.NoContent()
		}),
		routes.Controller("", &AllocController{}),
	)
	tests := []struct {
		path string
		code int
	}{
		{"/nc", 204},
		{"/bytes", 0},
		{"/users/7", 204},
		{"/s/x/y", 204},
		{"/p/7", 204},
		{"/static", 204},
		{"/ctrl/42", 204},
	}
	for _, tt := range tests {
		req := httptest.NewRequest("GET", tt.path, nil)
		w := &discardRW{h: http.Header{}}
		a.ServeHTTP(w, req)
		if w.code != tt.code {
			t.Errorf("GET %s = %d, want %d", tt.path, w.code, tt.code)
		}
		if n := testing.AllocsPerRun(200, func() { a.ServeHTTP(w, req) }); n != 0 {
			t.Errorf("GET %s: %v allocations per request, want 0", tt.path, n)
		}
	}
}

func TestRouterOutcomes(t *testing.T) {
	a, _ := appWithLogs(t, false,
		routes.Func("/dir/", okView),
		routes.Func("/items/<int:id>", func(ctx *fwk.Ctx, id int) error { return ctx.Respond(200, ctx.Param("id")) }),
		routes.Func("/old/<int:id>", okView, fwk.RedirectTo("/items/<int:id>"), fwk.Endpoint("old")),
		routes.Func("/only-build", okView, fwk.BuildOnly(), fwk.Endpoint("ob")),
		routes.Func("/loose/", okView, fwk.StrictSlashes(false), fwk.Endpoint("loose")),
		routes.Func("/loose/index.html", okView, fwk.Alias(), fwk.Endpoint("loose")),
		routes.Func("/no/merging", okView, fwk.MergeSlashes(false), fwk.Endpoint("nomerge")),
		routes.Func("/yes//merge", okView, fwk.Endpoint("merge")),
		routes.Func("/hosted", func(ctx *fwk.Ctx) error { return ctx.Respond(200, "api") }, fwk.Host("api.example.com")),
		routes.Func("/sub", func(ctx *fwk.Ctx) error { return ctx.Respond(200, "sub") }, fwk.Subdomain("shop")),
	)
	tests := []struct {
		method, target, host string
		status               int
		location, body       string
	}{
		{"GET", "/dir?x=1", "", 308, "/dir/?x=1", ""},
		{"GET", "/dir/", "", 204, "", ""},
		{"GET", "/a/../items/5", "", 308, "/items/5", ""},
		{"GET", "//items/5?q", "", 308, "/items/5?q", ""},
		{"GET", "/old/9", "", 308, "/items/9", ""},
		{"GET", "/items/%00", "", 400, "", ""},
		{"GET", "/items/7", "", 200, "", "7"},
		{"GET", "/only-build", "", 404, "", ""},
		{"GET", "/loose", "", 204, "", ""},
		{"GET", "/loose/index.html?a=1", "", 308, "/loose/?a=1", ""},
		{"GET", "/no/merging", "", 204, "", ""},
		{"GET", "/no//merging", "", 404, "", ""},
		{"GET", "/yes/merge", "", 204, "", ""},
		{"GET", "/yes//merge", "", 308, "/yes/merge", ""},
		{"GET", "/hosted", "api.example.com", 200, "", "api"},
		{"GET", "/hosted", "API.example.com:8080", 200, "", "api"},
		{"GET", "/hosted", "www.example.com", 404, "", ""},
		{"GET", "/sub", "shop.localhost", 200, "", "sub"},
		{"GET", "/sub", "localhost", 404, "", ""},
		{"HEAD", "/items/7", "", 200, "", ""},
		{"OPTIONS", "/items/7", "", 200, "", ""},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, "http://example.com"+tt.target, nil)
		if tt.host != "" {
			req.Host = tt.host
		}
		rec := serve(a, req)
		if rec.Code != tt.status || rec.Header().Get("Location") != tt.location ||
			(tt.body != "" && rec.Body.String() != tt.body) {
			t.Errorf("%s %s (host %q) = %d Location %q body %q, want %d %q %q", tt.method, tt.target, tt.host,
				rec.Code, rec.Header().Get("Location"), rec.Body.String(), tt.status, tt.location, tt.body)
		}
	}
}

// Many goroutines share one App: run with -race.
func TestConcurrentRequests(t *testing.T) {
	a := newShop(t)
	done := make(chan bool)
	for g := 0; g < 8; g++ {
		go func() {
			defer func() { done <- true }()
			for i := 0; i < 50; i++ {
				paths := []string{"/shop/items", "/notes/1/tags/2", "/shop/show/x", "/std/y", "/nope"}
				rec := get(a, "GET", paths[i%len(paths)])
				if rec.Code != 200 && rec.Code != 404 {
					t.Errorf("GET %s = %d", paths[i%len(paths)], rec.Code)
				}
			}
		}()
	}
	for g := 0; g < 8; g++ {
		<-done
	}
}

// A rule added to the app's router after New is served by its handler.
func TestRouterRuleAddedAfterNew(t *testing.T) {
	a, _ := appWithLogs(t, false, routes.Func("/x", okView))
	_, err := a.Router().Add(router.Rule{Path: "/raw/<n>", Endpoint: "raw",
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "raw "+r.PathValue("n")) })})
	if err != nil {
		t.Fatal(err)
	}
	checkServes(t, a, map[string]string{"/raw/1": "raw 1"})
}

// TestRuleOptionOfCopy: a rule option given to a copy of a route
// (PrefixRoutes) leaves the original's rule as it was.
func TestRuleOptionOfCopy(t *testing.T) {
	orig := fwk.NewRoute("/docs/", okView, fwk.Endpoint("docs"), fwk.StrictSlashes(true))
	cp := fwk.PrefixRoutes("/v2", []*fwk.Route{orig})[0]
	fwk.StrictSlashes(false)(cp)
	fwk.Endpoint("docs2")(cp)
	app := mustNew(t, quietCfg(), tplApp{}.with([]*fwk.Route{orig, cp}))
	for path, want := range map[string]int{"/docs": http.StatusPermanentRedirect, "/v2/docs": http.StatusNoContent} {
		if rec := hreq(app, "GET", path); rec.Code != want {
			t.Errorf("GET %s = %d, want %d", path, rec.Code, want)
		}
	}
}

package fwk_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// fromController has a view behind a decorator that reads the Ctx.
type fromController struct{ fwk.Controller }

func (c *fromController) Meta() fwk.Meta {
	return fwk.Meta{Decorators: []func(http.Handler) http.Handler{whoServes}}
}

// Page answers GET /page.
func (c *fromController) Page(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "page") }

// whoServes answers with the endpoint CtxFrom finds, or lets the view
// answer when the query says so.
func whoServes(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := fwk.CtxFrom(r)
		if c == nil {
			http.Error(w, "no ctx", http.StatusInternalServerError)
			return
		}
		if r.URL.Query().Get("pass") != "" {
			next.ServeHTTP(w, r)
			return
		}
		u, err := c.URLFor("Page")
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		io.WriteString(w, c.Route().Endpoint()+" "+u)
	})
}

type fromBundle struct{ seen *[]bool }

func (fromBundle) Name() string { return "from" }

func (b fromBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Controller("", &fromController{}))
}

// Middleware records whether CtxFrom finds a Ctx outside the routing.
func (b fromBundle) Middleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			*b.seen = append(*b.seen, fwk.CtxFrom(r) != nil)
			next.ServeHTTP(w, r)
		})
	}}
}

func TestCtxFrom(t *testing.T) {
	var seen []bool
	app, err := fwk.New(fwk.DefaultConfig(), fromBundle{seen: &seen})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	tests := []struct{ path, want string }{
		{"/page", "from_controller.page /page"},
		{"/page?pass=1", "page"},
	}
	for _, tt := range tests {
		resp, err := http.Get(srv.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(body) != tt.want {
			t.Errorf("GET %s = %d %q, want 200 %q", tt.path, resp.StatusCode, body, tt.want)
		}
	}
	if fwk.CtxFrom(httptest.NewRequest("GET", "/page", nil)) != nil {
		t.Error("CtxFrom of a request no App serves is not nil")
	}
	for i, s := range seen {
		if s {
			t.Errorf("request %d: CtxFrom found a Ctx in app-wide middleware, want nil", i)
		}
	}
}

// ExampleCtxFrom shows a controller decorator using the request helpers
// through the Ctx of the request it wraps.
func ExampleCtxFrom() {
	app, err := fwk.New(fwk.DefaultConfig(), fromBundle{seen: new([]bool)})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/page", nil))
	fmt.Println(rec.Body.String())
	fmt.Println(fwk.CtxFrom(httptest.NewRequest("GET", "/page", nil)) == nil)
	// Output:
	// from_controller.page /page
	// true
}

package fwk_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// NoteWriter takes its bodies as fwk.Body parameters of methods.
type NoteWriter struct{ fwk.Controller }

func (w *NoteWriter) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(w.Add, "/m/notes", fwk.Methods("POST")),
		fwk.View(w.Edit, "/m/notes/<int:id>", fwk.Methods("POST")),
	}}
}

func (w *NoteWriter) Add(ctx *fwk.Ctx, in fwk.Body[bookIn]) error { return ctx.NoContent() }

func (w *NoteWriter) Edit(ctx *fwk.Ctx, id int, in fwk.Body[bookIn]) error {
	if id != 7 || in.Value.Title != "Go" {
		return fwk.Abort(http.StatusTeapot)
	}
	return ctx.NoContent()
}

// bodyViewsApp serves the same POST written with ctx.Bind and with a
// fwk.Body parameter, as funcs and as methods, without and with a URL param.
func bodyViewsApp(t *testing.T) *fwk.App {
	bind := func(ctx *fwk.Ctx) error {
		var in bookIn
		if err := ctx.Bind(&in); err != nil {
			return err
		}
		return ctx.NoContent()
	}
	body := func(ctx *fwk.Ctx, in fwk.Body[bookIn]) error { return ctx.NoContent() }
	bodyID := func(ctx *fwk.Ctx, id int64, in fwk.Body[bookIn]) error {
		if id != 7 || in.Value.Title != "Go" {
			return fwk.Abort(http.StatusTeapot)
		}
		return ctx.NoContent()
	}
	bodyName := func(ctx *fwk.Ctx, name string, in fwk.Body[bookIn]) error {
		if name != "seven" || in.Value.Title != "Go" {
			return fwk.Abort(http.StatusTeapot)
		}
		return ctx.NoContent()
	}
	return mustNew(t, quietCfg(), routesBundle{rs: routes.Tree(
		routes.Post("/bind", bind),
		routes.Post("/body", body),
		routes.Post("/body/<int:id>", bodyID),
		routes.Post("/named/<name>", bodyName),
		routes.Controller("", &NoteWriter{}),
	)})
}

// The direct callers of Body views answer as the reflective one did: a URL
// param that does not convert is a 404 before the body is read, a body that
// does not bind is the view's error, and the values reach the view.
func TestBodyViewsAnswer(t *testing.T) {
	a := bodyViewsApp(t)
	for _, tc := range []struct {
		path, body string
		want       int
	}{
		{"/body", `{"title":"Go"}`, 204},
		{"/body", `{"pages":1}`, 422},
		{"/body", `{"title":`, 400},
		{"/body/7", `{"title":"Go"}`, 204},
		{"/body/8", `{"title":"Go"}`, 418},
		{"/body/7", `{"title":1}`, 422},
		{"/body/99999999999999999999", `{"title":"Go"}`, 404},
		{"/named/seven", `{"title":"Go"}`, 204},
		{"/named/seven", `{}`, 422},
		{"/m/notes", `{"title":"Go"}`, 204},
		{"/m/notes", `{}`, 422},
		{"/m/notes/7", `{"title":"Go"}`, 204},
		{"/m/notes/7", `{"title":"Rust"}`, 418},
		{"/m/notes/x", `{"title":"Go"}`, 404},
	} {
		req, _ := http.NewRequest("POST", tc.path, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		w := &discardRW{h: http.Header{}}
		a.ServeHTTP(w, req)
		if w.code != tc.want {
			t.Errorf("POST %s %s = %d, want %d", tc.path, tc.body, w.code, tc.want)
		}
	}
}

// A Body view costs no more allocations than the same view calling
// ctx.Bind, with or without a URL param, as a func or as a method.
func TestBodyViewsCostNoMoreThanBind(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	a := bodyViewsApp(t)
	const js = `{"title":"Go","pages":300}`
	allocs := func(path string) float64 {
		req, _ := http.NewRequest("POST", path, nil)
		req.Header.Set("Content-Type", "application/json")
		req.ContentLength = int64(len(js))
		rd := strings.NewReader(js)
		body := io.NopCloser(rd)
		w := &discardRW{h: http.Header{}}
		return testing.AllocsPerRun(200, func() {
			rd.Reset(js)
			req.Body = body
			w.code = 0
			a.ServeHTTP(w, req)
			if w.code != http.StatusNoContent {
				t.Fatalf("POST %s = %d, want 204", path, w.code)
			}
		})
	}
	bind := allocs("/bind")
	for _, path := range []string{"/body", "/body/7", "/named/seven", "/m/notes", "/m/notes/7"} {
		if n := allocs(path); n > bind {
			t.Errorf("POST %s: %v allocations, ctx.Bind: %v; want no more", path, n, bind)
		}
	}
}

// A body over MaxBodyBytes read by Bind is a 413, and the server is told
// to close the connection, as http.MaxBytesReader tells it.
func TestBodyLimitClosesConnection(t *testing.T) {
	cfg := quietCfg()
	cfg.MaxBodyBytes = 16
	a := mustNew(t, cfg, routesBundle{rs: routes.Tree(routes.Post("/body",
		func(ctx *fwk.Ctx, in fwk.Body[map[string]string]) error { return ctx.NoContent() }))})
	srv := newServer(t, a)
	big := `{"title":"` + strings.Repeat("x", 64) + `"}`
	// chunked: no Content-Length to refuse before reading
	req, _ := http.NewRequest("POST", srv.URL+"/body", io.MultiReader(bytes.NewReader([]byte(big))))
	req.Header.Set("Content-Type", "application/json")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !resp.Close {
		t.Errorf("chunked body over MaxBodyBytes = %d (close %v), want 413 and the connection closed",
			resp.StatusCode, resp.Close)
	}
}

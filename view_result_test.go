package fwk_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type widget struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type widgetInput struct {
	Name string `json:"name" validate:"required,max=20"`
}

// WidgetResource answers with typed results only.
type WidgetResource struct{ fwk.Resource }

func (WidgetResource) List(c *fwk.Ctx) ([]widget, error) {
	return []widget{{1, "a"}, {2, "b"}}, nil
}

func (WidgetResource) Create(c *fwk.Ctx, in fwk.Body[widgetInput]) (*widget, error) {
	return &widget{ID: 3, Name: in.Value.Name}, nil
}

func (WidgetResource) Get(c *fwk.Ctx, id int64) (*widget, error) {
	if id != 1 {
		return nil, fwk.Abort(http.StatusNotFound)
	}
	return &widget{ID: 1, Name: "a"}, nil
}

func (WidgetResource) Put(c *fwk.Ctx, id int64, in fwk.Body[widgetInput]) (widget, error) {
	return widget{ID: id, Name: in.Value.Name}, nil
}

func (WidgetResource) Delete(c *fwk.Ctx, id int64) (widget, error) {
	return widget{ID: id}, nil
}

// Patch writes its own answer: the result is not written again.
func (WidgetResource) Patch(c *fwk.Ctx, id int64) (*widget, error) {
	return &widget{ID: 99}, c.JSON(fwk.M{"own": true}, http.StatusAccepted)
}

type typedBundle struct{}

func (typedBundle) Name() string { return "typed" }
func (typedBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Resource("/widgets", &WidgetResource{}),
		routes.Func("/ping", func(c *fwk.Ctx) (map[string]string, error) {
			return map[string]string{"pong": c.Request().URL.Query().Get("x")}, nil
		}, fwk.Endpoint("ping")),
		routes.Func("/fail", func(c *fwk.Ctx) (*widget, error) {
			return &widget{}, errors.New("store down")
		}, fwk.Endpoint("fail")),
	)
}

func typedServer(t *testing.T) *httptest.Server {
	t.Helper()
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, typedBundle{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	return srv
}

// TestTypedResults: a view returning (T, error) is answered with T as JSON,
// in Flask-Unchained's resource payload shapes for a Resource's methods.
func TestTypedResults(t *testing.T) {
	srv := typedServer(t)
	cases := []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"GET", "/widgets", "", 200, `{"widgets":[{"id":1,"name":"a"},{"id":2,"name":"b"}]}`},
		{"POST", "/widgets", `{"name":"c"}`, 201, `{"widget":{"id":3,"name":"c"}}`},
		{"POST", "/widgets", `{"name":""}`, 422, ""},
		{"GET", "/widgets/1", "", 200, `{"widget":{"id":1,"name":"a"}}`},
		{"GET", "/widgets/2", "", 404, ""},
		{"PUT", "/widgets/7", `{"name":"d"}`, 200, `{"widget":{"id":7,"name":"d"}}`},
		{"PATCH", "/widgets/7", "", 202, `{"own":true}`},
		{"DELETE", "/widgets/7", "", 204, ""},
		{"GET", "/ping?x=1", "", 200, `{"pong":"1"}`},
		{"GET", "/fail", "", 500, ""},
	}
	for _, tc := range cases {
		req, _ := http.NewRequestWithContext(context.Background(), tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		if tc.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		req.Header.Set("Accept", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("%s %s: status %d, want %d (%s)", tc.method, tc.path, res.StatusCode, tc.status, b)
			continue
		}
		if tc.want != "" && strings.TrimSpace(string(b)) != tc.want {
			t.Errorf("%s %s: body %s, want %s", tc.method, tc.path, b, tc.want)
		}
		if tc.status == 204 && len(b) != 0 {
			t.Errorf("%s %s: 204 with body %q", tc.method, tc.path, b)
		}
		if tc.want != "" && res.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%s %s: Content-Type %q", tc.method, tc.path, res.Header.Get("Content-Type"))
		}
		if tc.status == 500 && strings.Contains(string(b), "store down") {
			t.Errorf("%s %s: the error's text reached the client: %s", tc.method, tc.path, b)
		}
		if tc.status == 422 {
			var e struct{ Errors map[string][]string }
			if json.Unmarshal(b, &e) != nil || len(e.Errors["name"]) == 0 {
				t.Errorf("%s %s: 422 without the field's error: %s", tc.method, tc.path, b)
			}
		}
	}
}

// TestTypedResultSignature: a view returning two values whose second is not
// an error fails fwk.New with ErrBadView.
func TestTypedResultSignature(t *testing.T) {
	_, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Tree(routes.Func("/x", func(c *fwk.Ctx) (int, int) { return 0, 0 }, fwk.Endpoint("x")))})
	if !errors.Is(err, fwk.ErrBadView) {
		t.Fatalf("err = %v, want ErrBadView", err)
	}
}

// TypedShapeResource covers the shapes of typed views called without
// reflection (the erased callers, eraseFunc) and the reflective fallback.
type TypedShapeResource struct{ fwk.Resource }

func (TypedShapeResource) List(c *fwk.Ctx) ([]widget, error) { return []widget{{ID: 1}}, nil }
func (TypedShapeResource) Get(c *fwk.Ctx, w *OneUser) (*OneUser, error) {
	if w.ID == 2 {
		return nil, nil // a nil pointer is the view's mistake: 500, never null
	}
	return w, nil
}

func typedShapesApp(t testing.TB) *fwk.App {
	users := map[string]*OneUser{"1": {ID: 1, Name: "ann"}, "2": {ID: 2, Name: "bob"}}
	loader := func(ctx context.Context, id string) (*OneUser, error) { return users[id], nil }
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler)
	app, err := fwk.New(cfg, routesBundle{services: []any{fwk.RegisterModel(loader)}, rs: routes.Tree(
		routes.Resource("/shapes", &TypedShapeResource{}),
		routes.Func("/s/<name>", func(c *fwk.Ctx, name string) (map[string]string, error) {
			return map[string]string{"name": name}, nil
		}, fwk.Endpoint("s")),
		routes.Func("/sum/<int:a>/<int:b>", func(c *fwk.Ctx, a, b int) ([]int, error) { return []int{a + b}, nil }, fwk.Endpoint("sum")),
		routes.Func("/i64/<int:n>", func(c *fwk.Ctx, n int64) (*widget, error) {
			if n == 0 {
				return nil, fwk.Abort(http.StatusConflict)
			}
			return &widget{ID: n}, nil
		}, fwk.Endpoint("i64")),
		routes.Func("/value/<int:n>", func(c *fwk.Ctx, n int) (widget, error) { return widget{ID: int64(n)}, nil }, fwk.Endpoint("value")),
		routes.Func("/str/<a>/<b>", func(c *fwk.Ctx, a, b string) ([]string, error) { return []string{b, a}, nil }, fwk.Endpoint("str")),
	)})
	if err != nil {
		t.Fatal(err)
	}
	return app
}

func TestTypedResultShapes(t *testing.T) {
	srv := httptest.NewServer(typedShapesApp(t))
	defer srv.Close()
	for path, want := range map[string]string{
		"/shapes":   `200 {"typed_shapes":[{"id":1,"name":""}]}`,
		"/shapes/1": `200 {"typed_shape":{"ID":1,"Name":"ann"}}`,
		"/shapes/2": `500`,
		"/shapes/3": `404`,
		"/s/ab":     `200 {"name":"ab"}`,
		"/sum/2/3":  `200 [5]`,
		"/i64/7":    `200 {"id":7,"name":""}`,
		"/i64/0":    `409`,
		"/value/4":  `200 {"id":4,"name":""}`,
		"/str/x/y":  `200 ["y","x"]`,
	} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		got := strconv.Itoa(res.StatusCode)
		if res.StatusCode == 200 {
			got += " " + strings.TrimSpace(string(b))
		}
		if got != want {
			t.Errorf("GET %s = %s, want %s", path, got, want)
		}
	}
}

// TestTypedResultAllocs: a typed result costs the allocations of the same
// answer written with ctx.JSON.
func TestTypedResultAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	app := typedShapesApp(t)
	w := &benchWriter{h: http.Header{}}
	hand, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Func("/i64/<int:n>", func(c *fwk.Ctx, n int64) error {
		return c.JSON(&widget{ID: n})
	}, fwk.Endpoint("i64"))})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/i64/7", nil)
	typed := testing.AllocsPerRun(200, func() { app.ServeHTTP(w, req) })
	byHand := testing.AllocsPerRun(200, func() { hand.ServeHTTP(w, req) })
	if typed > byHand {
		t.Errorf("typed result: %v allocs, by hand: %v", typed, byHand)
	}
}

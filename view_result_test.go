package fwk_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
// in the resource payload shapes of SPEC for a Resource's methods.
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

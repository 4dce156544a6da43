package fwk_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// OneUser and OneRole are the models of Flask-Unchained's param_converter tests.
type OneUser struct {
	ID   int
	Name string
}

type OneRole struct {
	ID   int
	Name string
}

// modelStore serves the loaders of the tests and records what they saw.
type modelStore struct {
	users  map[string]*OneUser
	roles  map[string]*OneRole
	fields []string // ModelField of each load, in order
	ctxVal []any    // the ctxKeyTest value of each load's context
}

type ctxKeyTest struct{}

var errDB = errors.New("database is down")

func newModelStore() *modelStore {
	return &modelStore{
		users: map[string]*OneUser{"1": {1, "ann"}, "2": {2, "bob"}, "ann": {1, "ann"}},
		roles: map[string]*OneRole{"1": {1, "admin"}, "7": {7, "editor"}},
	}
}

func (s *modelStore) user(ctx context.Context, id string) (*OneUser, error) {
	s.fields = append(s.fields, fwk.ModelField(ctx))
	s.ctxVal = append(s.ctxVal, ctx.Value(ctxKeyTest{}))
	switch id {
	case "13":
		return nil, fmt.Errorf("user %s: %w", id, fwk.ErrNotFound)
	case "500":
		return nil, errDB
	case "403":
		return nil, fwk.Abort(http.StatusForbidden, "not yours")
	}
	return s.users[id], nil // nil for unknown ids
}

func (s *modelStore) role(ctx context.Context, id string) (*OneRole, error) {
	s.fields = append(s.fields, fwk.ModelField(ctx))
	return s.roles[id], nil
}

func (s *modelStore) services() []any {
	return []any{fwk.RegisterModel(s.user), fwk.RegisterModel(s.role)}
}

// OneUserResource gets its user loaded: GET /one-users/<int:id>.
type OneUserResource struct{ fwk.Resource }

func (r *OneUserResource) Get(ctx *fwk.Ctx, u *OneUser) error {
	return ctx.Respond(http.StatusOK, "resource "+u.Name)
}

func TestModelParams(t *testing.T) {
	s := newModelStore()
	app := mustNew(t, quietCfg(), tplApp{services: s.services()}.with(
		routes.Func("/users/<int:id>", func(ctx *fwk.Ctx, u *OneUser) error {
			return ctx.Respond(http.StatusOK, u.Name)
		}),
		routes.Resource("", &OneUserResource{}),
		routes.Func("/users/<int:one_user_id>/roles/<int:id>", func(ctx *fwk.Ctx, u *OneUser, r *OneRole) error {
			return ctx.Respond(http.StatusOK, u.Name+"/"+r.Name)
		}),
		routes.Func("/by-slug/<one_user_slug>", func(ctx *fwk.Ctx, u *OneUser) error {
			return ctx.Respond(http.StatusOK, u.Name)
		}),
	))
	tests := []struct {
		path   string
		code   int
		body   string
		fields string // ModelField seen by the loaders
	}{
		{"/users/1", 200, "ann", "id"},
		{"/one-users/2", 200, "resource bob", "id"},
		{"/users/9", 404, "", "id"},  // nil model
		{"/users/13", 404, "", "id"}, // ErrNotFound
		{"/users/500", 500, "", "id"},
		{"/users/403", 403, "not yours", "id"},
		{"/users/1/roles/7", 200, "ann/editor", "id,id"}, // one_user_id: the prefix is stripped
		{"/users/1/roles/8", 404, "", "id,id"},
		{"/users/9/roles/7", 404, "", "id"}, // the role is not loaded after a 404
		{"/by-slug/ann", 200, "ann", "slug"},
		{"/users/x", 404, "", ""}, // the rule's converter rejects it: no load
	}
	for _, tt := range tests {
		s.fields = nil
		rec := hreq(app, "GET", tt.path)
		if rec.Code != tt.code || tt.body != "" && !strings.Contains(rec.Body.String(), tt.body) {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, rec.Code, rec.Body.String(), tt.code, tt.body)
		}
		if got := strings.Join(s.fields, ","); got != tt.fields {
			t.Errorf("GET %s: loader fields = %q, want %q", tt.path, got, tt.fields)
		}
	}
}

func TestModelLoaderGetsRequestContext(t *testing.T) {
	s := newModelStore()
	app := mustNew(t, quietCfg(), tplApp{services: s.services()}.with(
		routes.Func("/users/<int:id>", func(ctx *fwk.Ctx, u *OneUser) error { return ctx.NoContent() }),
	))
	req := httptest.NewRequest("GET", "/users/1", nil)
	req = req.WithContext(context.WithValue(req.Context(), ctxKeyTest{}, "marker"))
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	if rec.Code != http.StatusNoContent || len(s.ctxVal) != 1 || s.ctxVal[0] != "marker" {
		t.Errorf("got %d, loader context values %v, want 204 and [marker]", rec.Code, s.ctxVal)
	}
}

// tagsQuery is filled from the query string.
type tagsQuery struct {
	Page int      `query:"page" default:"1"`
	Tags []string `query:"tag"`
	Sort string   `default:"name"`
}

// deviceID is a UUID-like URL param type.
type deviceID [16]byte

func TestTypedAndQueryParams(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{}.with(
		routes.Func("/items", func(ctx *fwk.Ctx, q tagsQuery) error {
			return ctx.Respond(http.StatusOK, fmt.Sprintf("%d %q %s", q.Page, q.Tags, q.Sort))
		}),
		routes.Func("/items/<int:id>/tags", func(ctx *fwk.Ctx, id int, q tagsQuery) error {
			return ctx.Respond(http.StatusOK, fmt.Sprintf("%d:%d %q", id, q.Page, q.Tags))
		}),
		routes.Func("/f/<float:x>/<flag>", func(ctx *fwk.Ctx, x float64, flag bool) error {
			return ctx.Respond(http.StatusOK, fmt.Sprint(x*2, !flag))
		}),
		routes.Func("/dev/<uuid:id>", func(ctx *fwk.Ctx, id deviceID) error {
			return ctx.Respond(http.StatusOK, fmt.Sprintf("%x", id[:2]))
		}),
		routes.Func("/ip/<ip>", func(ctx *fwk.Ctx, ip netip.Addr) error {
			return ctx.Respond(http.StatusOK, fmt.Sprint(ip.Is4()))
		}),
		routes.Func("/small/<int:n>", func(ctx *fwk.Ctx, n int8) error {
			return ctx.Respond(http.StatusOK, fmt.Sprint(n))
		}),
	))
	tests := []struct {
		path string
		code int
		body string
	}{
		{"/items", 200, `1 [] name`},
		{"/items?page=3&tag=a&tag=b&sort=date", 200, `3 ["a" "b"] date`},
		{"/items?page=", 200, `1 [] name`}, // a blank value counts as absent
		{"/items?page=x", 400, `parameter \"page\": invalid value \"x\"`},
		{"/items/4/tags?tag=z", 200, `4:1 ["z"]`},
		{"/items/4/tags?page=-", 400, `page`},
		{"/f/1.5/true", 200, "3 false"},
		{"/f/1.5/maybe", 404, ""},
		{"/dev/0123abcd-0000-0000-0000-000000000000", 200, "0123"},
		{"/ip/10.0.0.1", 200, "true"},
		{"/ip/nope", 404, ""},
		{"/small/127", 200, "127"},
		{"/small/128", 404, ""}, // out of range for int8
	}
	for _, tt := range tests {
		rec := hreq(app, "GET", tt.path, "Accept", "application/json")
		if rec.Code != tt.code || !strings.Contains(rec.Body.String(), tt.body) {
			t.Errorf("GET %s = %d %q, want %d containing %q", tt.path, rec.Code, rec.Body.String(), tt.code, tt.body)
		}
	}
}

func TestParamConverter(t *testing.T) {
	s := newModelStore()
	double := func(v string) (int, error) { n, err := strconv.Atoi(v); return n * 2, err }
	show := func(ctx *fwk.Ctx, v any) error { return ctx.Respond(http.StatusOK, fmt.Sprintf("%v", v)) }
	app := mustNew(t, quietCfg(), tplApp{services: s.services()}.with(
		// Case 106: query params by type, lookup and function.
		routes.Func("/int", fwk.ParamConverter(func(ctx *fwk.Ctx, n int) error { return show(ctx, n) },
			fwk.P{"something": 0})),
		routes.Func("/lookup", fwk.ParamConverter(show, fwk.P{"something": map[string]any{"foo": "bar"}})),
		routes.Func("/func", fwk.ParamConverter(func(ctx *fwk.Ctx, n int) error { return show(ctx, n) },
			fwk.P{"something": double})),
		// Case 107: models from URL params, the "<model>_" prefix stripped, a renamed argument.
		routes.Func("/users/<int:id>/roles/<int:one_role_id>", fwk.ParamConverter(
			func(ctx *fwk.Ctx, u *OneUser, r *OneRole) error { return show(ctx, u.Name+"/"+r.Name) },
			fwk.P{"id": OneUser{}}, fwk.P{"one_role_id": OneRole{}})),
		routes.Func("/renamed/<int:id>", fwk.ParamConverter(
			func(ctx *fwk.Ctx, u *OneUser) error { return show(ctx, u.Name) },
			fwk.P{"id": fwk.P{"a_user": OneUser{}}})),
		// A model from a query argument; nil when absent.
		routes.Func("/owner", fwk.ParamConverter(
			func(ctx *fwk.Ctx, u *OneUser) error { return show(ctx, u != nil && u.Name == "ann") },
			fwk.P{"user": (*OneUser)(nil)})),
		// Defaults and repeated values.
		routes.Func("/page", fwk.ParamConverter(
			func(ctx *fwk.Ctx, page, size int) error { return show(ctx, [2]int{page, size}) },
			fwk.P{"page": 1}, fwk.P{"size": fwk.Conv{Convert: double, Default: 50}})),
		routes.Func("/tags", fwk.ParamConverter(
			func(ctx *fwk.Ctx, tags []string, ns []int) error { return show(ctx, fmt.Sprint(tags, ns)) },
			fwk.P{"tag": []string{}}, fwk.P{"n": double})),
		// A URL param converted by a function; other URL params stay readable with Param.
		routes.Func("/twice/<int:n>/<name>", fwk.ParamConverter(
			func(ctx *fwk.Ctx, n int) error { return show(ctx, fmt.Sprintf("%d %s", n, ctx.Param("name"))) },
			fwk.P{"n": double})),
	))
	tests := []struct {
		path string
		code int
		body string
	}{
		{"/int?something=42", 200, "42"},
		{"/int", 200, "0"},
		{"/int?something=x", 400, `parameter \"something\"`},
		{"/lookup?something=foo", 200, "bar"},
		{"/lookup?something=zzz", 400, `parameter \"something\": invalid value \"zzz\"`},
		{"/lookup", 200, "<nil>"},
		{"/func?something=2", 200, "4"},
		{"/func?something=two", 400, "something"},
		{"/users/1/roles/1", 200, "ann/admin"},
		{"/users/0/roles/1", 404, ""}, // case 107: id=0 is not found
		{"/users/1/roles/5", 404, ""},
		{"/renamed/2", 200, "bob"},
		{"/owner?user=1", 200, "true"},
		{"/owner", 200, "false"},
		{"/owner?user=9", 404, ""},
		{"/page", 200, "[1 50]"},
		{"/page?page=3&size=5", 200, "[3 10]"},
		{"/page?page=0", 200, "[0 50]"},
		{"/tags?tag=a&tag=b&n=1&n=2", 200, "[a b] [2 4]"},
		{"/tags?n=1&n=x", 400, "n"},
		{"/twice/21/x", 200, "42 x"},
	}
	for _, tt := range tests {
		rec := hreq(app, "GET", tt.path, "Accept", "application/json")
		if rec.Code != tt.code || !strings.Contains(rec.Body.String(), tt.body) {
			t.Errorf("GET %s = %d %q, want %d containing %q", tt.path, rec.Code, rec.Body.String(), tt.code, tt.body)
		}
	}
}

// RoleController declares a ParamConverter on a method; routes of the
// method declared elsewhere inherit it.
type RoleController struct{ fwk.Controller }

func (c *RoleController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(fwk.ParamConverter(c.Show, fwk.P{"one_role_id": OneRole{}}), "/<int:one_role_id>"),
	}}
}

func (c *RoleController) Show(ctx *fwk.Ctx, r *OneRole) error {
	return ctx.Respond(http.StatusOK, r.Name)
}

func TestParamConverterOnControllers(t *testing.T) {
	s := newModelStore()
	app := mustNew(t, quietCfg(), tplApp{services: s.services()}.with(
		routes.Controller("/roles", &RoleController{}),
		routes.Controller("/again", &RoleController{}, routes.Rules(
			routes.Get("/r/<int:one_role_id>", "Show"),
		)),
	))
	tests := []struct {
		path string
		code int
		body string
	}{
		{"/roles/7", 200, "editor"},
		{"/roles/8", 404, ""},
		{"/again/r/1", 200, "admin"},
	}
	for _, tt := range tests {
		rec := hreq(app, "GET", tt.path)
		if rec.Code != tt.code || !strings.Contains(rec.Body.String(), tt.body) {
			t.Errorf("GET %s = %d %q, want %d containing %q", tt.path, rec.Code, rec.Body.String(), tt.code, tt.body)
		}
	}
}

// unregistered is a model type no loader was registered for.
type unregistered struct{ ID int }

// badQuery has an invalid default.
type badQuery struct {
	N int `default:"many"`
}

func TestParamStartupErrors(t *testing.T) {
	s := newModelStore()
	view1 := func(ctx *fwk.Ctx, n int) error { return nil }
	tests := []struct {
		name     string
		services []any
		rs       []*fwk.Route
		is       error
		contains string
	}{
		{"unregistered model", s.services(),
			routes.Func("/<int:id>", func(ctx *fwk.Ctx, u *unregistered) error { return nil }),
			fwk.ErrBadView, "no model registered for fwk_test.unregistered"},
		{"struct before the URL params", nil,
			routes.Func("/<int:id>", func(ctx *fwk.Ctx, q tagsQuery) error { return nil }),
			fwk.ErrBadView, "comes after all URL params"},
		{"bad query default", nil,
			routes.Func("/", func(ctx *fwk.Ctx, q badQuery) error { return nil }),
			fwk.ErrBadView, "many"},
		{"too many params", nil,
			routes.Func("/<int:id>", func(ctx *fwk.Ctx, a, b int) error { return nil }),
			fwk.ErrBadView, "takes 2 URL params"},
		{"converter count", nil,
			routes.Func("/", fwk.ParamConverter(view1)),
			fwk.ErrBadView, "1 params after *fwk.Ctx but 0 converters"},
		{"two entries in one P", nil,
			routes.Func("/", fwk.ParamConverter(view1, fwk.P{"a": 0, "b": 0})),
			fwk.ErrBadView, "has 2 entries"},
		{"result does not fit", nil,
			routes.Func("/", fwk.ParamConverter(view1, fwk.P{"a": ""})),
			fwk.ErrBadView, "gives string"},
		{"lookup does not fit", nil,
			routes.Func("/", fwk.ParamConverter(view1, fwk.P{"a": map[string]any{"x": "y"}})),
			fwk.ErrBadView, "does not fit"},
		{"bad converter func", nil,
			routes.Func("/", fwk.ParamConverter(view1, fwk.P{"a": func(int) int { return 0 }})),
			fwk.ErrBadView, "func(string) (T, error)"},
		{"model into a non-pointer", s.services(),
			routes.Func("/<int:id>", fwk.ParamConverter(func(ctx *fwk.Ctx, u OneUser) error { return nil },
				fwk.P{"id": OneUser{}})),
			fwk.ErrBadView, "*fwk_test.OneUser"},
		{"unregistered model converter", nil,
			routes.Func("/<int:id>", fwk.ParamConverter(func(ctx *fwk.Ctx, u *OneUser) error { return nil },
				fwk.P{"id": OneUser{}})),
			fwk.ErrBadView, "neither a registered model"},
		{"default of a URL param", nil,
			routes.Func("/<int:id>", fwk.ParamConverter(view1, fwk.P{"id": fwk.Conv{Convert: 0, Default: 1}})),
			fwk.ErrBadView, "Default applies to query arguments"},
		{"default does not fit", nil,
			routes.Func("/", fwk.ParamConverter(view1, fwk.P{"a": fwk.Conv{Convert: 0, Default: "x"}})),
			fwk.ErrBadView, "Conv.Default"},
		{"slice from a URL param", nil,
			routes.Func("/<a>", fwk.ParamConverter(func(ctx *fwk.Ctx, a []string) error { return nil },
				fwk.P{"a": ""})),
			fwk.ErrBadView, "slice"},
		{"converter around a handler", nil,
			routes.Func("/", fwk.ParamConverter(func(w http.ResponseWriter, r *http.Request) {})),
			fwk.ErrBadView, "http.Handler"},
		{"model registered twice", append(s.services(), fwk.RegisterModel(s.user)), nil,
			nil, "registered twice"},
		{"nil loader", []any{fwk.RegisterModel[OneUser](nil)}, nil,
			nil, "nil loader"},
	}
	for _, tt := range tests {
		rs := tt.rs
		if rs == nil {
			rs = routes.Func("/", func(ctx *fwk.Ctx) error { return nil })
		}
		_, err := fwk.New(quietCfg(), tplApp{rs: rs, services: tt.services})
		switch {
		case err == nil:
			t.Errorf("%s: fwk.New succeeded, want an error", tt.name)
		case tt.is != nil && !errors.Is(err, tt.is):
			t.Errorf("%s: fwk.New = %v, want an error wrapping %v", tt.name, err, tt.is)
		case !strings.Contains(err.Error(), tt.contains):
			t.Errorf("%s: fwk.New = %v, want it to contain %q", tt.name, err, tt.contains)
		}
	}
}

// Book is the model of the RegisterModel example.
type Book struct{ Title string }

type bookBundle struct{ books map[string]*Book }

func (bookBundle) Name() string { return "books" }

func (b bookBundle) Services() []any {
	return []any{fwk.RegisterModel(func(ctx context.Context, id string) (*Book, error) {
		return b.books[id], nil // nil: 404
	})}
}

func (bookBundle) Routes() []*fwk.Route {
	return routes.Func("/books/<int:id>", func(ctx *fwk.Ctx, book *Book) error {
		return ctx.JSON(fwk.M{"title": book.Title})
	})
}

func ExampleRegisterModel() {
	app, err := fwk.New(fwk.DefaultConfig(), bookBundle{books: map[string]*Book{"1": {Title: "Dune"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/books/1", "/books/2"} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusOK {
			fmt.Println(path, rec.Code)
			continue
		}
		fmt.Println(path, rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	// Output:
	// /books/1 200 {"title":"Dune"}
	// /books/2 404
}

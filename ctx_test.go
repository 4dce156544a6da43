package fwk_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// respond serves one request to a view built for the test and returns the
// recorder and the view's error.
func respond(t *testing.T, view func(*fwk.Ctx) error) (code int, header http.Header, body string, err error) {
	t.Helper()
	var viewErr error
	a, _ := appWithLogs(t, false, routes.Func("/t", func(ctx *fwk.Ctx) error {
		viewErr = view(ctx)
		if viewErr != nil { // every error here comes before any write
			return ctx.NoContent()
		}
		return nil
	}))
	rec := get(a, "GET", "/t")
	return rec.Code, rec.Header(), rec.Body.String(), viewErr
}

func TestCtxJSON(t *testing.T) {
	tests := []struct {
		name   string
		data   any
		args   []any
		status int
		body   string
		header [2]string
		err    string
	}{
		{"default", fwk.M{"a": 1}, nil, 200, `{"a":1}` + "\n", [2]string{"Content-Type", "application/json"}, ""},
		{"status", []int{1, 2}, []any{201}, 201, "[1,2]\n", [2]string{}, ""},
		{"http.Header", "x", []any{http.Header{"X-A": {"1"}}}, 200, `"x"` + "\n", [2]string{"X-A", "1"}, ""},
		{"map headers", nil, []any{map[string]string{"x-b": "2"}, 202}, 202, "null\n", [2]string{"X-B", "2"}, ""},
		{"content type kept", 1, []any{map[string]string{"Content-Type": "application/vnd.x+json"}}, 200, "1\n",
			[2]string{"Content-Type", "application/vnd.x+json"}, ""},
		{"lower-case content type kept", 1, []any{map[string]string{"content-type": "application/vnd.y+json"}}, 200, "1\n",
			[2]string{"Content-Type", "application/vnd.y+json"}, ""},
		{"empty content type replaced", 1, []any{map[string]string{"Content-Type": ""}}, 200, "1\n",
			[2]string{"Content-Type", "application/json"}, ""},
		{"bad arg", 1, []any{"key"}, 204, "", [2]string{}, "unexpected string argument"},
		{"bad type", 1, []any{1.5}, 204, "", [2]string{}, "unsupported argument of type float64"},
		{"bad status", 1, []any{42}, 204, "", [2]string{}, "invalid status code 42"},
		{"unencodable", make(chan int), nil, 204, "", [2]string{}, "unsupported type"},
	}
	for _, tt := range tests {
		code, h, body, err := respond(t, func(ctx *fwk.Ctx) error { return ctx.JSON(tt.data, tt.args...) })
		if code != tt.status || body != tt.body {
			t.Errorf("%s: JSON(%v, %v) = %d %q, want %d %q", tt.name, tt.data, tt.args, code, body, tt.status, tt.body)
		}
		if tt.header[0] != "" && h.Get(tt.header[0]) != tt.header[1] {
			t.Errorf("%s: header %s = %q, want %q", tt.name, tt.header[0], h.Get(tt.header[0]), tt.header[1])
		}
		if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: JSON error = %v, want %q", tt.name, err, tt.err)
		}
	}
}

func TestCtxErrors(t *testing.T) {
	tests := []struct {
		name   string
		errs   []string
		args   []any
		status int
		body   string
	}{
		{"default", []string{"a", "b"}, nil, 400, `{"errors":["a","b"]}` + "\n"},
		{"key", []string{"a"}, []any{"fields"}, 400, `{"fields":["a"]}` + "\n"},
		{"status and key", []string{"a"}, []any{422, "problems"}, 422, `{"problems":["a"]}` + "\n"},
		{"nil list", nil, nil, 400, `{"errors":[]}` + "\n"},
	}
	for _, tt := range tests {
		code, _, body, err := respond(t, func(ctx *fwk.Ctx) error { return ctx.Errors(tt.errs, tt.args...) })
		if err != nil || code != tt.status || body != tt.body {
			t.Errorf("%s: Errors(%q, %v) = %d %q %v, want %d %q", tt.name, tt.errs, tt.args, code, body, err, tt.status, tt.body)
		}
	}
}

func TestCtxRespond(t *testing.T) {
	tests := []struct {
		name   string
		code   int
		body   any
		status int
		want   string
		err    bool
	}{
		{"string", 200, "hi", 200, "hi", false},
		{"bytes", 201, []byte("b"), 201, "b", false},
		{"reader", 202, strings.NewReader("r"), 202, "r", false},
		{"nil", 204, nil, 204, "", false},
		{"unsupported", 200, 42, 204, "", true},
	}
	for _, tt := range tests {
		code, _, body, err := respond(t, func(ctx *fwk.Ctx) error { return ctx.Respond(tt.code, tt.body) })
		if code != tt.status || body != tt.want || (err != nil) != tt.err {
			t.Errorf("%s: Respond(%d, %v) = %d %q %v, want %d %q (error %v)", tt.name, tt.code, tt.body, code, body, err,
				tt.status, tt.want, tt.err)
		}
	}
	if code, _, _, err := respond(t, func(ctx *fwk.Ctx) error { return ctx.NoContent() }); code != 204 || err != nil {
		t.Errorf("NoContent = %d %v", code, err)
	}
}

// InfoController reports what its Ctx knows.
type InfoController struct{ fwk.Controller }

func (c *InfoController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{fwk.View(c.Show, "/info/<kind>/<int:n>")}}
}

func (c *InfoController) Show(ctx *fwk.Ctx, kind string, n int) error {
	ok := ctx.Controller() == any(c) && ctx.App() != nil && ctx.Route().Endpoint() == "info_controller.show" &&
		ctx.Context() == ctx.Request().Context()
	return ctx.JSON(fwk.M{"kind": ctx.Param("kind"), "n": ctx.Param("n"), "missing": ctx.Param("nope"), "ok": ok})
}

func TestCtxAccessors(t *testing.T) {
	a, _ := appWithLogs(t, false, routes.Controller("", &InfoController{}))
	rec := get(a, "GET", "/info/a%20b/7")
	if want := `{"kind":"a b","missing":"","n":"7","ok":true}` + "\n"; rec.Body.String() != want {
		t.Errorf("GET /info/a%%20b/7 = %q, want %q", rec.Body.String(), want)
	}
}

func TestCtxFlush(t *testing.T) {
	_, _, body, err := respond(t, func(ctx *fwk.Ctx) error {
		if _, ok := ctx.Writer().(http.Flusher); !ok {
			return errors.New("writer is not a Flusher")
		}
		ctx.Writer().Write([]byte("x"))
		return http.NewResponseController(ctx.Writer()).Flush()
	})
	if err != nil || body != "x" {
		t.Errorf("Flush: body %q, error %v", body, err)
	}
}

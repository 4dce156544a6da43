package fwk_test

import (
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// reply writes the fmt.Sprint of its values, space separated.
func reply(ctx *fwk.Ctx, vs ...any) error {
	return ctx.Respond(http.StatusOK, fmt.Sprintln(vs...))
}

// bindLevel is a TextUnmarshaler view param.
type bindLevel int

func (l *bindLevel) UnmarshalText(b []byte) error {
	switch string(b) {
	case "low":
		*l = 1
	case "high":
		*l = 2
	default:
		return errors.New("unknown level")
	}
	return nil
}

// bindUUID is a [16]byte param type.
type bindUUID [16]byte

func (u bindUUID) String() string { return hex.EncodeToString(u[:]) }

// namedView is a named func type: it is bound through reflection.
type namedView func(*fwk.Ctx) error

// BindController has one view per supported signature kind, called through
// method expressions.
type BindController struct{ fwk.Controller }

func (c *BindController) Meta() fwk.Meta {
	return fwk.Meta{URLPrefix: "/m", Views: []fwk.ViewSpec{
		fwk.View(c.None, "/none"),
		fwk.View(c.Str, "/str/<s>"),
		fwk.View(c.Int, "/int/<int:n>"),
		fwk.View(c.Int64, "/int64/<int(signed=True):n>"),
		fwk.View(c.Strs, "/strs/<a>/<b>"),
		fwk.View(c.Ints, "/ints/<int:a>/<int:b>"),
		fwk.View(c.Small, "/small/<int:n>"),
		fwk.View(c.Handler, "/handler/<x>"),
	}}
}

func (c *BindController) None(ctx *fwk.Ctx) error              { return reply(ctx, "none") }
func (c *BindController) Str(ctx *fwk.Ctx, s string) error     { return reply(ctx, "str", s) }
func (c *BindController) Int(ctx *fwk.Ctx, n int) error        { return reply(ctx, "int", n) }
func (c *BindController) Int64(ctx *fwk.Ctx, n int64) error    { return reply(ctx, "int64", n) }
func (c *BindController) Strs(ctx *fwk.Ctx, a, b string) error { return reply(ctx, "strs", a, b) }
func (c *BindController) Ints(ctx *fwk.Ctx, a, b int) error    { return reply(ctx, "ints", a+b) }
func (c *BindController) Small(ctx *fwk.Ctx, n uint8) error    { return reply(ctx, "small", n) }
func (c *BindController) Handler(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintln(w, "handler", r.PathValue("x"))
}

func TestViewBinding(t *testing.T) {
	a, _ := appWithLogs(t, false,
		routes.Controller("", &BindController{}),
		routes.Func("/f/str/<s>", func(ctx *fwk.Ctx, s string) error { return reply(ctx, "str", s) }),
		routes.Func("/f/int/<int:n>", func(ctx *fwk.Ctx, n int) error { return reply(ctx, "int", n) }),
		routes.Func("/f/int64/<int(signed=True):n>", func(ctx *fwk.Ctx, n int64) error { return reply(ctx, "int64", n) }),
		routes.Func("/f/strs/<a>/<b>", func(ctx *fwk.Ctx, a, b string) error { return reply(ctx, "strs", a, b) }),
		routes.Func("/f/ints/<int:a>/<int:b>", func(ctx *fwk.Ctx, a, b int) error { return reply(ctx, "ints", a+b) }),
		routes.Func("/f/mixed/<int:n>/<s>", func(ctx *fwk.Ctx, n int, s string) error { return reply(ctx, "mixed", n, s) }),
		routes.Func("/f/u16/<n>", func(ctx *fwk.Ctx, n uint16) error { return reply(ctx, "u16", n) }),
		routes.Func("/f/float/<float:x>", func(ctx *fwk.Ctx, x float32) error { return reply(ctx, "float", x) }),
		routes.Func("/f/bool/<b>", func(ctx *fwk.Ctx, b bool) error { return reply(ctx, "bool", b) }),
		routes.Func("/f/uuid/<uuid:id>", func(ctx *fwk.Ctx, id bindUUID) error { return reply(ctx, "uuid", id) }),
		routes.Func("/f/ptr/<int:n>", func(ctx *fwk.Ctx, n *int) error { return reply(ctx, "ptr", *n) }),
		routes.Func("/f/level/<l>", func(ctx *fwk.Ctx, l bindLevel) error { return reply(ctx, "level", int(l)) }),
		routes.Func("/f/named", namedView(func(ctx *fwk.Ctx) error { return reply(ctx, "named") })),
		routes.Func("/f/page/", func(ctx *fwk.Ctx, page int) error { return reply(ctx, "page", page) },
			fwk.Endpoint("page"), fwk.Defaults(map[string]any{"page": 1})),
		routes.Func("/f/page/<int:page>", func(ctx *fwk.Ctx, page int) error { return reply(ctx, "page", page) },
			fwk.Endpoint("page2")),
	)
	tests := []struct {
		path   string
		status int
		body   string
	}{
		{"/m/none", 200, "none\n"},
		{"/m/str/a%20b", 200, "str a b\n"},
		{"/m/int/42", 200, "int 42\n"},
		{"/m/int64/-9000000000", 200, "int64 -9000000000\n"},
		{"/m/strs/x/y", 200, "strs x y\n"},
		{"/m/ints/2/3", 200, "ints 5\n"},
		{"/m/small/255", 200, "small 255\n"},
		{"/m/small/256", 404, ""},
		{"/m/handler/h", 200, "handler h\n"},
		{"/f/str/s", 200, "str s\n"},
		{"/f/int/7", 200, "int 7\n"},
		{"/f/int/99999999999999999999", 404, ""},
		{"/f/int64/-1", 200, "int64 -1\n"},
		{"/f/strs/1/2", 200, "strs 1 2\n"},
		{"/f/ints/1/2", 200, "ints 3\n"},
		{"/f/mixed/1/z", 200, "mixed 1 z\n"},
		{"/f/u16/65535", 200, "u16 65535\n"},
		{"/f/u16/65536", 404, ""},
		{"/f/u16/abc", 404, ""},
		{"/f/float/1.5", 200, "float 1.5\n"},
		{"/f/bool/true", 200, "bool true\n"},
		{"/f/bool/0", 200, "bool false\n"},
		{"/f/bool/perhaps", 404, ""},
		{"/f/uuid/6ba7b810-9dad-11d1-80b4-00c04fd430c8", 200, "uuid 6ba7b8109dad11d180b400c04fd430c8\n"},
		{"/f/ptr/3", 200, "ptr 3\n"},
		{"/f/level/high", 200, "level 2\n"},
		{"/f/level/medium", 404, ""},
		{"/f/named", 200, "named\n"},
		{"/f/page/", 200, "page 1\n"},
		{"/f/page/4", 200, "page 4\n"},
	}
	for _, tt := range tests {
		rec := get(a, "GET", tt.path)
		if rec.Code != tt.status || (tt.status == 200 && rec.Body.String() != tt.body) {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, rec.Code, rec.Body.String(), tt.status, tt.body)
		}
	}
}

package fwk_test

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

// RGB is a colour, the value of the rgb converters.
type RGB struct{ R, G, B uint8 }

// rgbConverter matches six hex digits and gives an RGB, the value type it
// declares (router.ValueTyper).
type rgbConverter struct{}

func (rgbConverter) ValueType() reflect.Type { return reflect.TypeFor[RGB]() }

func (rgbConverter) Match(s string) bool {
	_, err := hex.DecodeString(s)
	return len(s) == 6 && err == nil
}

func (c rgbConverter) ToValue(s string) (any, error) {
	v, err := c.Value(s)
	if err != nil {
		return nil, err
	}
	return v, nil
}

func (rgbConverter) Value(s string) (RGB, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 3 {
		return RGB{}, fmt.Errorf("colour %q: not six hex digits", s)
	}
	return RGB{b[0], b[1], b[2]}, nil
}

func (rgbConverter) ToURL(v any) (string, error) {
	c, ok := v.(RGB)
	if !ok {
		return "", fmt.Errorf("%T is not an RGB", v)
	}
	return fmt.Sprintf("%02x%02x%02x", c.R, c.G, c.B), nil
}

// legacyRGBConverter is rgbConverter without ValueType: its value type is
// not declared, and black (000000) matches but fails ToValue.
type legacyRGBConverter struct{ rgb rgbConverter }

func (c legacyRGBConverter) Match(s string) bool         { return c.rgb.Match(s) }
func (c legacyRGBConverter) ToURL(v any) (string, error) { return c.rgb.ToURL(v) }
func (c legacyRGBConverter) ToValue(s string) (any, error) {
	if s == "000000" {
		return nil, errors.New("black is reserved")
	}
	return c.rgb.ToValue(s)
}

// evenConverter matches digits and converts only even numbers to int64:
// odd ones match but fail ToValue.
type evenConverter struct{}

func (evenConverter) ValueType() reflect.Type { return reflect.TypeFor[int64]() }

func (evenConverter) Match(s string) bool {
	_, err := strconv.ParseUint(s, 10, 63)
	return err == nil
}

func (c evenConverter) ToValue(s string) (any, error) {
	v, err := c.Value(s)
	if err != nil {
		return nil, err
	}
	return v, nil
}

func (evenConverter) Value(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err == nil && n%2 != 0 {
		err = fmt.Errorf("%d is odd", n)
	}
	return n, err
}

func (evenConverter) ToURL(v any) (string, error) { return fmt.Sprint(v), nil }

// liarConverter declares int64 values, but ToValue gives text.
type liarConverter struct{ evenConverter }

func (liarConverter) ToValue(s string) (any, error) { return s, nil }

// convBundle registers the test converters before its rules are added.
type convBundle struct {
	rs       []*fwk.Route
	services []any
}

func (convBundle) Name() string           { return "conv" }
func (b convBundle) Routes() []*fwk.Route { return b.rs }
func (b convBundle) Services() []any      { return b.services }
func (convBundle) BeforeInitApp(a *fwk.App) error {
	for name, c := range map[string]router.Converter{"rgb": rgbConverter{}, "lrgb": legacyRGBConverter{}, "even": evenConverter{}, "liar": liarConverter{}} {
		if err := a.Router().AddConverter(name, func(router.Args) (router.Converter, error) { return c, nil }); err != nil {
			return err
		}
	}
	return nil
}

// Country is a model loaded by an upper-case code.
type Country struct{ Code string }

func respondf(ctx *fwk.Ctx, format string, args ...any) error {
	return ctx.Respond(http.StatusOK, fmt.Sprintf(format, args...))
}

// TestConverterValueReachesView: a view parameter receives the value of the
// rule's converter (custom types included), converted to its type; a
// converter error is a 404; loaders and ParamConverter converters get a
// string value. Served through a real listener.
func TestConverterValueReachesView(t *testing.T) {
	var loaded []string
	loader := func(_ context.Context, code string) (*Country, error) {
		loaded = append(loaded, code)
		return &Country{Code: code}, nil
	}
	a := mustNew(t, quietCfg(), convBundle{services: []any{fwk.RegisterModel(loader)}, rs: routes.Tree(
		routes.Func("/rgb/<rgb:c>", func(ctx *fwk.Ctx, c RGB) error { return respondf(ctx, "%d,%d,%d", c.R, c.G, c.B) }),
		routes.Func("/rgbp/<rgb:c>", func(ctx *fwk.Ctx, c *RGB) error { return respondf(ctx, "%d", c.G) }),
		routes.Func("/lrgb/<lrgb:c>", func(ctx *fwk.Ctx, c RGB) error { return respondf(ctx, "%d", c.B) }),
		routes.Func("/lrgb-any/<lrgb:c>", func(ctx *fwk.Ctx, c any) error { return respondf(ctx, "%T", c) }),
		routes.Func("/lrgb-int/<lrgb:c>", func(ctx *fwk.Ctx, c int) error { return respondf(ctx, "%d", c) }),
		routes.Func("/lrgb-txt/<lrgb:c>", func(ctx *fwk.Ctx, c string) error { return respondf(ctx, "%s", c) }),
		routes.Func("/even/<even:n>", func(ctx *fwk.Ctx, n int) error { return respondf(ctx, "%d", n) }),
		routes.Func("/even/<even:n>/<rgb:c>", func(ctx *fwk.Ctx, n uint16, c RGB) error { return respondf(ctx, "%d %d", n, c.R) }),
		routes.Func("/liar/<liar:n>/<s>", func(ctx *fwk.Ctx, n int64, s string) error { return respondf(ctx, "%d", n) }),
		routes.Func("/shard/<int:id>", func(ctx *fwk.Ctx, id int, n uint8) error { return respondf(ctx, "%d %d", id, n) },
			fwk.Host("s<int:n>.example.test")),
		routes.Func("/txt/<int:id>", func(ctx *fwk.Ctx, id string) error { return respondf(ctx, "%q", id) }),
		routes.Func("/ptxt/<int:id>", func(ctx *fwk.Ctx, id *string) error { return respondf(ctx, "%q", *id) }),
		routes.Func("/etxt/<even:n>", func(ctx *fwk.Ctx, n string) error { return respondf(ctx, "%q", n) }),
		routes.Func("/i8/<int(signed=True):n>", func(ctx *fwk.Ctx, n int8) error { return respondf(ctx, "%d", n) }),
		routes.Func("/u8/<int(signed=True):n>", func(ctx *fwk.Ctx, n uint8) error { return respondf(ctx, "%d", n) }),
		routes.Func("/f/<int:n>", func(ctx *fwk.Ctx, n float64) error { return respondf(ctx, "%g", n) }),
		routes.Func("/f32/<float:x>", func(ctx *fwk.Ctx, x float32) error { return respondf(ctx, "%g", x) }),
		routes.Func("/up/<string(upper=True):code>", func(ctx *fwk.Ctx, code string) error { return respondf(ctx, "%s", code) }),
		routes.Func("/country/<string(upper=True):code>", func(ctx *fwk.Ctx, c *Country) error { return respondf(ctx, "%s", c.Code) }),
		routes.Func("/pc2/<string(upper=True):code>", fwk.ParamConverter(
			func(ctx *fwk.Ctx, s string) error { return respondf(ctx, "%s", s) },
			fwk.P{"code": func(s string) string { return s + "!" }})),
	)})
	srv := httptest.NewServer(a)
	defer srv.Close()
	for _, tt := range []struct {
		path   string
		status int
		body   string
	}{
		{"/rgb/ff8000", 200, "255,128,0"},
		{"/rgbp/ff8000", 200, "128"},
		{"/lrgb/ff8010", 200, "16"},
		{"/lrgb/000000", 404, ""},
		{"/lrgb-any/ff8010", 200, "fwk_test.RGB"},
		{"/lrgb-int/ff8010", 500, ""},
		{"/lrgb-txt/ff8010", 200, "ff8010"}, // undeclared converter, string param: the matched text
		{"/lrgb-txt/000000", 404, ""},
		{"/even/4", 200, "4"},
		{"/even/3", 404, ""},
		{"/even/12345678", 200, "12345678"},
		{"/even/70000/0a0000", 404, ""}, // out of uint16's range
		{"/even/7/0a0000", 404, ""},
		{"/even/8/0a0000", 200, "8 10"},
		{"/liar/2/x", 500, ""},
		{"/txt/42", 200, `"42"`}, // a string parameter takes the text the converter accepted
		{"/txt/x", 404, ""},
		{"/ptxt/42", 200, `"42"`},
		{"/etxt/4", 200, `"4"`},
		{"/etxt/3", 404, ""},
		{"/i8/-128", 200, "-128"},
		{"/i8/128", 404, ""},
		{"/u8/255", 200, "255"},
		{"/u8/-1", 404, ""},
		{"/f/3", 200, "3"},
		{"/f32/1.5", 200, "1.5"},
		{"/f32/1" + strings.Repeat("0", 40) + ".0", 404, ""},
		{"/up/de", 200, "DE"},
		{"/country/de", 200, "DE"},
		{"/pc2/ab", 200, "AB!"},
	} {
		if status, body := getHost(t, srv, "", tt.path); status != tt.status || tt.status == 200 && body != tt.body {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, status, body, tt.status, tt.body)
		}
	}
	for _, tt := range []struct {
		host   string
		status int
		body   string
	}{{"s12.example.test", 200, "5 12"}, {"s0012.example.test", 200, "5 12"}, {"s300.example.test", 404, ""}} {
		if status, body := getHost(t, srv, tt.host, "/shard/5"); status != tt.status || tt.status == 200 && body != tt.body {
			t.Errorf("GET %s/shard/5 = %d %q, want %d %q", tt.host, status, body, tt.status, tt.body)
		}
	}
	if strings.Join(loaded, ",") != "DE" {
		t.Errorf("the loader got %q, want the converter's value DE", loaded)
	}
}

// TestConverterMismatchAtStartup: a view parameter no value of the rule's
// converter can fit fails fwk.New, naming the view, the param and where the
// view was declared.
func TestConverterMismatchAtStartup(t *testing.T) {
	for _, tt := range []struct {
		name string
		rs   []*fwk.Route
		msg  string
	}{
		{"custom type into int", routes.Func("/rgb/<rgb:c>", func(ctx *fwk.Ctx, c int) error { return nil }),
			"(<rgb:c>): the converter gives fwk_test.RGB, which does not fit the parameter's type int"},
		{"int into RGB", routes.Func("/users/<int:id>", func(ctx *fwk.Ctx, id RGB) error { return nil }),
			"(<int:id>): the converter gives int64, which does not fit the parameter's type fwk_test.RGB"},
		{"float into int", routes.Func("/x/<float:x>", func(ctx *fwk.Ctx, x int) error { return nil }),
			"(<float:x>): the converter gives float64"},
		{"uuid into int64", routes.Func("/d/<uuid:id>", func(ctx *fwk.Ctx, id int64) error { return nil }),
			"(<uuid:id>): the converter gives [16]uint8"},
		{"even into RGB, second param", routes.Func("/e/<a>/<even:n>", func(ctx *fwk.Ctx, a string, n RGB) error { return nil }),
			"(<even:n>): the converter gives int64"},
		{"host param", routes.Func("/h/<int:id>", func(ctx *fwk.Ctx, id int, n RGB) error { return nil }, fwk.Host("s<int:n>.example.test")),
			`URL param "n" (<int:n>): the converter gives int64, which does not fit the parameter's type fwk_test.RGB`},
		{"string into a struct", routes.Func("/s/<s>", func(ctx *fwk.Ctx, s RGB, n int) error { return nil }),
			"takes 2 URL params"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, err := fwk.New(quietCfg(), convBundle{rs: tt.rs})
			if err == nil {
				t.Fatalf("fwk.New = %v, nil error; want an error", a)
			}
			var se *fwk.StartupError
			if !errors.Is(err, fwk.ErrBadView) || !errors.As(err, &se) {
				t.Fatalf("fwk.New error = %v, want a *StartupError wrapping ErrBadView", err)
			}
			if se.Culprit == "" || !strings.HasPrefix(se.DeclaredAt, "params_url_test.go:") {
				t.Errorf("culprit %q declared at %q, want the view in params_url_test.go", se.Culprit, se.DeclaredAt)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("fwk.New error = %q, want it to contain %q", err, tt.msg)
			}
		})
	}
}

// TestConverterValueAllocs: the fast path signatures take the converter's
// value without allocating, for values that boxing would allocate.
func TestConverterValueAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	a := mustNew(t, quietCfg(), convBundle{rs: routes.Tree(
		routes.Func("/i/<int:id>", func(ctx *fwk.Ctx, id int) error { return ctx.NoContent() }),
		routes.Func("/i64/<int:id>", func(ctx *fwk.Ctx, id int64) error { return ctx.NoContent() }),
		routes.Func("/ii/<int:a>/<int(signed=True):b>", func(ctx *fwk.Ctx, a, b int) error { return ctx.NoContent() }),
		routes.Func("/s/<string(length=5):s>", func(ctx *fwk.Ctx, s string) error { return ctx.NoContent() }),
		routes.Func("/s2/<a>/<path:b>", func(ctx *fwk.Ctx, a, b string) error { return ctx.NoContent() }),
		routes.Func("/d/<id>", func(ctx *fwk.Ctx, id int) error { return ctx.NoContent() }),
	)})
	for _, path := range []string{"/i/123456789", "/i64/123456789", "/ii/123456/-654322", "/s/hello", "/s2/x/y/z", "/d/987654"} {
		req := httptest.NewRequest("GET", path, nil)
		w := &benchWriter{h: http.Header{}}
		a.ServeHTTP(w, req)
		if n := testing.AllocsPerRun(100, func() { a.ServeHTTP(w, req) }); n != 0 {
			t.Errorf("GET %s: %v allocations per request, want 0", path, n)
		}
	}
}

// A custom converter's value reaches the view parameter: the rgb converter,
// registered in the bundle's BeforeInitApp, gives an RGB and declares it
// with its ValueType method. A parameter the converter's values cannot fit
// fails New.
func Example_converterValue() {
	app, err := fwk.New(fwk.DefaultConfig(), convBundle{rs: routes.Func("/colours/<rgb:c>",
		func(ctx *fwk.Ctx, c RGB) error { return respondf(ctx, "%d %d %d", c.R, c.G, c.B) })})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/colours/ff8000", nil))
	fmt.Println(rec.Code, rec.Body.String())

	_, err = fwk.New(fwk.DefaultConfig(), convBundle{rs: routes.Func("/users/<uuid:id>",
		func(ctx *fwk.Ctx, id int) error { return nil })})
	fmt.Println(errors.Is(err, fwk.ErrBadView))
	// Output:
	// 200 255 128 0
	// true
}

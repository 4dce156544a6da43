package bench

// Request-body benchmarks: a 10-field JSON body bound and validated.
//
//	raw          encoding/json Unmarshal + validator.Struct on the bytes, no HTTP
//	fwk-handmade a fwk view reading the body, Unmarshal + validator (the code
//	             Bind replaces), through *fwk.App
//	fwk-bind     a fwk view calling ctx.Bind, through *fwk.App
//	fwk-body     a fwk view taking fwk.Body[T], through *fwk.App
//	gin          a gin handler calling ShouldBindJSON, through gin's engine
//	echo         an echo handler calling Bind then Validate (validator v10 as
//	             echo's Validator), through echo's engine
//
// Each request is answered 204 into a writer whose Header map is kept (as
// net/http's is), so that the figures hold what the frameworks allocate.
// fwk-body must cost no more than fwk-bind, and fwk-bind no more than gin
// (TestBindAllocations holds the allocation counts to it).

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/bench/e2e/workload"
	"github.com/fwkgo/fwk/routes"
	"github.com/gin-gonic/gin"
	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"
)

// signup is the 10-field body of the end-to-end benchmark; gin reads its
// `binding` tags, fwk and echo `validate`.
type signup = workload.Signup

var signupBody = []byte(`{"name":"Ann Smith","email":"ann@example.com","age":34,"country":"NO",` +
	`"city":"Oslo","zip":"0150","phone":"+47 22 00 00 00","tags":["a","b"],"score":9.5,"accepted":true}`)

func bindApp(tb testing.TB) http.Handler {
	v := validator.New(validator.WithRequiredStructEnabled())
	handmade := func(ctx *fwk.Ctx) error {
		body, err := io.ReadAll(ctx.Request().Body)
		if err != nil {
			return err
		}
		var in signup
		if err := json.Unmarshal(body, &in); err != nil {
			return fwk.Abort(http.StatusBadRequest, err.Error())
		}
		if err := v.Struct(&in); err != nil {
			return fwk.Abort(http.StatusUnprocessableEntity, err.Error())
		}
		return ctx.NoContent()
	}
	bind := func(ctx *fwk.Ctx) error {
		var in signup
		if err := ctx.Bind(&in); err != nil {
			return err
		}
		return ctx.NoContent()
	}
	body := func(ctx *fwk.Ctx, in fwk.Body[signup]) error { return ctx.NoContent() }
	a, err := newBenchApp(routes.Tree(
		routes.Func("/handmade", handmade, fwk.Methods("POST")),
		routes.Func("/bind", bind, fwk.Methods("POST")),
		routes.Func("/body", body, fwk.Methods("POST")),
	))
	if err != nil {
		tb.Fatal(err)
	}
	return a
}

func ginBindEngine() http.Handler {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.POST("/bind", func(c *gin.Context) {
		var in signup
		if err := c.ShouldBindJSON(&in); err != nil {
			c.AbortWithStatus(http.StatusBadRequest)
			return
		}
		c.Status(http.StatusNoContent)
	})
	return r
}

// echoValidator is echo's Validator made of validator v10.
type echoValidator struct{ v *validator.Validate }

func (ev echoValidator) Validate(i any) error { return ev.v.Struct(i) }

func echoBindEngine() http.Handler {
	e := echo.New()
	e.Validator = echoValidator{validator.New(validator.WithRequiredStructEnabled())}
	e.POST("/bind", func(c echo.Context) error {
		var in signup
		if err := c.Bind(&in); err != nil {
			return c.NoContent(http.StatusBadRequest)
		}
		if err := c.Validate(&in); err != nil {
			return c.NoContent(http.StatusUnprocessableEntity)
		}
		return c.NoContent(http.StatusNoContent)
	})
	return e
}

// bodyWriter discards the response and keeps its Header map, as net/http's
// writer does.
type bodyWriter struct {
	mockResponseWriter
	h http.Header
}

func (w *bodyWriter) Header() http.Header { return w.h }

// postSignup makes the request of serveBody and the function that rewinds
// it and its writer before each use.
func postSignup(tb testing.TB, path string) (*http.Request, *bodyWriter, func()) {
	req, err := http.NewRequest(http.MethodPost, path, nil)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	rd := bytes.NewReader(signupBody)
	body := io.NopCloser(rd)
	req.ContentLength = int64(len(signupBody))
	w := &bodyWriter{h: http.Header{}}
	return req, w, func() {
		rd.Reset(signupBody)
		req.Body = body
		w.status = 0
		clear(w.h)
	}
}

// serveBody posts signupBody to path on h b.N times; each request must
// answer 204.
func serveBody(b *testing.B, h http.Handler, path string) {
	req, w, rewind := postSignup(b, path)
	b.ReportAllocs()
	for b.Loop() {
		rewind()
		h.ServeHTTP(w, req)
		if w.statusCode() != http.StatusNoContent {
			b.Fatalf("POST %s: status %d", path, w.statusCode())
		}
	}
}

func BenchmarkBindJSON(b *testing.B) {
	b.Run("raw", func(b *testing.B) {
		v := validator.New(validator.WithRequiredStructEnabled())
		b.ReportAllocs()
		for b.Loop() {
			var in signup
			if err := json.Unmarshal(signupBody, &in); err != nil {
				b.Fatal(err)
			}
			if err := v.Struct(&in); err != nil {
				b.Fatal(err)
			}
		}
	})
	app := bindApp(b)
	b.Run("fwk-handmade", func(b *testing.B) { serveBody(b, app, "/handmade") })
	b.Run("fwk-bind", func(b *testing.B) { serveBody(b, app, "/bind") })
	b.Run("fwk-body", func(b *testing.B) { serveBody(b, app, "/body") })
	b.Run("gin", func(b *testing.B) { serveBody(b, ginBindEngine(), "/bind") })
	b.Run("echo", func(b *testing.B) { serveBody(b, echoBindEngine(), "/bind") })
}

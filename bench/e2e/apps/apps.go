// Package apps builds the end-to-end workload's handlers of fwk, gin and
// echo, as each framework's documentation writes them: the servers of
// e2e/servers run them over loopback, and the in-memory benchmarks of the
// bench module (AppHTTP*) and e2e/serveget run the very same handlers.
//
// With no routes a handler serves GET /users/<id> and POST /signup; with
// the GitHub set's routes it serves those (the set has /users/:user).
package apps

import (
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/bench/e2e/workload"
	"github.com/fwkgo/fwk/routes"
	"github.com/gin-gonic/gin"
	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"
)

type bundle []*fwk.Route

func (bundle) Name() string           { return "e2e" }
func (b bundle) Routes() []*fwk.Route { return b }

// Fwk returns the fwk App: typed views, fwk.Body[T] for the POST, logs
// discarded. The bundles of before (a metrics bundle, say) come before
// the app's own.
func Fwk(rts []workload.Route, before ...fwk.Bundle) (*fwk.App, error) {
	var rs []*fwk.Route
	if len(rts) == 0 {
		rs = routes.Tree(
			routes.Get("/users/<int:id>", func(ctx *fwk.Ctx, id int) error {
				return ctx.JSON(workload.UserFor(id))
			}, fwk.Endpoint("user")),
			routes.Post("/signup", func(ctx *fwk.Ctx, in fwk.Body[workload.Signup]) error {
				return ctx.JSON(workload.Created{ID: 1, Name: in.Value.Name}, http.StatusCreated)
			}, fwk.Endpoint("signup")),
		)
	}
	for i, rt := range rts {
		names := rt.Params
		view := func(ctx *fwk.Ctx) error {
			ctx.Writer().Header().Set("Content-Type", workload.TextPlain)
			return ctx.Respond(http.StatusOK, workload.AppendValues(make([]byte, 0, 64), names, ctx.Param))
		}
		rule := rt.Spell(func(name string) string { return "<" + name + ">" })
		rs = append(rs, routes.Func(rule, view, fwk.Methods(rt.Method), fwk.Endpoint("r"+strconv.Itoa(i)))...)
	}
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	return fwk.New(cfg, append(before, bundle(rs))...)
}

// Gin returns the gin engine (release mode, no middleware).
func Gin(rts []workload.Route) http.Handler {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	if len(rts) == 0 {
		r.GET("/users/:id", func(c *gin.Context) {
			id, err := strconv.Atoi(c.Param("id"))
			if err != nil {
				c.AbortWithStatus(http.StatusNotFound)
				return
			}
			c.JSON(http.StatusOK, workload.UserFor(id))
		})
		r.POST("/signup", func(c *gin.Context) {
			var in workload.Signup
			if err := c.ShouldBindJSON(&in); err != nil {
				c.AbortWithStatus(http.StatusBadRequest)
				return
			}
			c.JSON(http.StatusCreated, workload.Created{ID: 1, Name: in.Name})
		})
	}
	for _, rt := range rts {
		names := rt.Params
		r.Handle(rt.Method, rt.Spell(func(name string) string { return ":" + name }), func(c *gin.Context) {
			c.Data(http.StatusOK, workload.TextPlain, workload.AppendValues(make([]byte, 0, 64), names, c.Param))
		})
	}
	return r
}

type echoValidator struct{ v *validator.Validate }

func (ev echoValidator) Validate(i any) error { return ev.v.Struct(i) }

// Echo returns the echo server (no middleware), validating with validator
// v10.
func Echo(rts []workload.Route) http.Handler {
	e := echo.New()
	e.Validator = echoValidator{workload.NewValidator()}
	if len(rts) == 0 {
		e.GET("/users/:id", func(c echo.Context) error {
			id, err := strconv.Atoi(c.Param("id"))
			if err != nil {
				return echo.ErrNotFound
			}
			return c.JSON(http.StatusOK, workload.UserFor(id))
		})
		e.POST("/signup", func(c echo.Context) error {
			var in workload.Signup
			if err := c.Bind(&in); err != nil {
				return err
			}
			if err := c.Validate(&in); err != nil {
				return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
			}
			return c.JSON(http.StatusCreated, workload.Created{ID: 1, Name: in.Name})
		})
	}
	for _, rt := range rts {
		names := rt.Params
		e.Add(rt.Method, rt.Spell(func(name string) string { return ":" + name }), func(c echo.Context) error {
			return c.Blob(http.StatusOK, workload.TextPlain, workload.AppendValues(make([]byte, 0, 64), names, c.Param))
		})
	}
	return e
}

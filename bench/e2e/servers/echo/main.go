// Command echo serves the end-to-end workload with echo v4 (no
// middleware); -safe gives it the timeouts of workload.SafeServer.
package main

import (
	"net/http"
	"strconv"

	"github.com/fwkgo/fwk/bench/e2e/workload"
	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"
)

type echoValidator struct{ v *validator.Validate }

func (ev echoValidator) Validate(i any) error { return ev.v.Struct(i) }

func main() {
	o := workload.Parse()
	e := echo.New()
	e.Validator = echoValidator{workload.NewValidator()}
	if len(o.Routes) == 0 { // the GitHub set has /users/:user
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
	for _, rt := range o.Routes {
		names := rt.Params
		e.Add(rt.Method, rt.Spell(func(name string) string { return ":" + name }), func(c echo.Context) error {
			return c.Blob(http.StatusOK, workload.TextPlain, workload.AppendValues(make([]byte, 0, 64), names, c.Param))
		})
	}
	workload.Main(o, e)
}

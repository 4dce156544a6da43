// Command fiber serves the end-to-end workload with fiber v2, which runs
// on fasthttp, not net/http (its own HTTP/1.1 server, request and response
// types); validator v10 checks the POST body.
package main

import (
	"log"
	"net/http"

	"github.com/fwkgo/fwk/bench/e2e/workload"
	"github.com/gofiber/fiber/v2"
)

func main() {
	o := workload.Parse()
	v := workload.NewValidator()
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	if len(o.Routes) == 0 { // the GitHub set has /users/:user
		app.Get("/users/:id", func(c *fiber.Ctx) error {
			id, err := c.ParamsInt("id")
			if err != nil {
				return fiber.ErrNotFound
			}
			return c.JSON(workload.UserFor(id))
		})
		app.Post("/signup", func(c *fiber.Ctx) error {
			var in workload.Signup
			if err := c.BodyParser(&in); err != nil {
				return fiber.ErrBadRequest
			}
			if err := v.Struct(&in); err != nil {
				return fiber.ErrUnprocessableEntity
			}
			return c.Status(http.StatusCreated).JSON(workload.Created{ID: 1, Name: in.Name})
		})
	}
	for _, rt := range o.Routes {
		names := rt.Params
		app.Add(rt.Method, rt.Spell(func(name string) string { return ":" + name }), func(c *fiber.Ctx) error {
			c.Set("Content-Type", workload.TextPlain)
			return c.Send(workload.AppendValues(make([]byte, 0, 64), names, func(n string) string { return c.Params(n) }))
		})
	}
	ln := workload.Listen(o.Addr)
	go func() {
		<-workload.Stopped().Done()
		_ = app.Shutdown()
	}()
	if err := app.Listener(ln); err != nil {
		log.Fatal(err)
	}
}

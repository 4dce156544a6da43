// Command fwk serves the end-to-end workload with fwk: typed views through
// the App, Body[T] for the POST. With -safe it serves through App.Serve,
// the serve command's server and its default timeouts.
package main

import (
	"io"
	"log"
	"log/slog"
	"net/http"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/bench/e2e/workload"
	"github.com/fwkgo/fwk/routes"
)

type bundle []*fwk.Route

func (bundle) Name() string           { return "e2e" }
func (b bundle) Routes() []*fwk.Route { return b }

func main() {
	o := workload.Parse()
	var rs []*fwk.Route
	if len(o.Routes) == 0 { // the GitHub set has /users/<user>
		rs = routes.Tree(
			routes.Get("/users/<int:id>", func(ctx *fwk.Ctx, id int) error {
				return ctx.JSON(workload.UserFor(id))
			}, fwk.Endpoint("user")),
			routes.Post("/signup", func(ctx *fwk.Ctx, in fwk.Body[workload.Signup]) error {
				return ctx.JSON(workload.Created{ID: 1, Name: in.Value.Name}, http.StatusCreated)
			}, fwk.Endpoint("signup")),
		)
	}
	for i, rt := range o.Routes {
		names := rt.Params
		view := func(ctx *fwk.Ctx) error {
			ctx.Writer().Header().Set("Content-Type", workload.TextPlain)
			return ctx.Respond(http.StatusOK, workload.AppendValues(make([]byte, 0, 64), names, ctx.Param))
		}
		rule := rt.Spell(func(name string) string { return "<" + name + ">" })
		rs = append(rs, routes.Func(rule, view, fwk.Methods(rt.Method), fwk.Endpoint("r"+itoa(i)))...)
	}
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	app, err := fwk.New(cfg, bundle(rs))
	if err != nil {
		log.Fatal(err)
	}
	if o.Safe {
		if err := app.Serve(workload.Stopped(), workload.Listen(o.Addr)); err != nil {
			log.Fatal(err)
		}
		return
	}
	workload.Main(o, app)
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

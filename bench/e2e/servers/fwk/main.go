// Command fwk serves the end-to-end workload with fwk (apps.Fwk): typed
// views through the App, Body[T] for the POST. With -safe it serves through
// App.Serve, the serve command's server and its default timeouts.
package main

import (
	"log"

	"github.com/fwkgo/fwk/bench/e2e/apps"
	"github.com/fwkgo/fwk/bench/e2e/workload"
)

func main() {
	o := workload.Parse()
	app, err := apps.Fwk(o.Routes)
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

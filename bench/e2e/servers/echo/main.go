// Command echo serves the end-to-end workload with echo v4 (apps.Echo: no
// middleware); -safe gives it the timeouts of workload.SafeServer.
package main

import (
	"github.com/fwkgo/fwk/bench/e2e/apps"
	"github.com/fwkgo/fwk/bench/e2e/workload"
)

func main() {
	o := workload.Parse()
	workload.Main(o, apps.Echo(o.Routes))
}

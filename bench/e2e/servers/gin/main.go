// Command gin serves the end-to-end workload with gin (apps.Gin: release
// mode, no middleware); -safe gives its engine the timeouts of
// workload.SafeServer.
package main

import (
	"github.com/fwkgo/fwk/bench/e2e/apps"
	"github.com/fwkgo/fwk/bench/e2e/workload"
)

func main() {
	o := workload.Parse()
	workload.Main(o, apps.Gin(o.Routes))
}

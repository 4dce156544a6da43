package fwk_test

import (
	"fmt"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
)

// A replica behind a load balancer: the balancer probes READINESS_PATH and
// stops sending requests once it answers 503, which Serve makes it do as
// soon as its graceful shutdown begins (or SetReady(false) at any time).
func ExampleApp_ReadinessHandler() {
	cfg := fwk.DefaultConfig()
	cfg.LivenessPath, cfg.ReadinessPath = "/livez", "/readyz" // LIVENESS_PATH, READINESS_PATH
	app, err := fwk.New(cfg, behindProxy{})
	if err != nil {
		fmt.Println(err)
		return
	}
	get := func(path string) {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		fmt.Print(path, " ", rec.Code, " ", rec.Body.String())
	}
	get("/readyz")
	app.SetReady(false) // what Serve does when its shutdown begins
	get("/readyz")
	get("/livez")
	// Output:
	// /readyz 200 ready
	// /readyz 503 draining
	// /livez 200 ok
}

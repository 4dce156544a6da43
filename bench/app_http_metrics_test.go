package bench

import (
	"net/http"

	"github.com/fwkgo/fwk/bench/e2e/apps"
	"github.com/fwkgo/fwk/fwkprom"
	"github.com/prometheus/client_golang/prometheus"
)

// e2eFwkMetrics is e2eFwk measured by fwkprom (a registry of its own, no
// runtime collectors): what Prometheus metrics cost per request
// (AppHTTPUser/fwk-metrics next to AppHTTPUser/fwk).
func e2eFwkMetrics(rts []route) (http.Handler, error) {
	return apps.Fwk(e2eRoutes(rts), fwkprom.New(fwkprom.Options{Registry: prometheus.NewRegistry()}))
}

package fwk_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// behindProxy is the app bundle of ExampleRequestInfo.
type behindProxy struct{}

func (behindProxy) Name() string { return "app" }
func (behindProxy) Routes() []*fwk.Route {
	return routes.Func("/", func(c *fwk.Ctx) error {
		info := c.RequestInfo()
		self, err := c.URLFor("behind_proxy.index", fwk.External())
		if err != nil {
			return err
		}
		return c.Respond(http.StatusOK, fmt.Sprintf("%s %s %s %s", info.Scheme, info.Host, info.ClientAddr, self))
	}, fwk.Endpoint("behind_proxy.index"))
}

// An app behind one TLS-terminating proxy at 10.0.0.2 that sets
// X-Forwarded-For and X-Forwarded-Proto: the same headers from any other
// peer change nothing.
func ExampleRequestInfo() {
	cfg := fwk.DefaultConfig()
	cfg.ServerName = "blog.example"
	cfg.TrustedProxies = []string{"10.0.0.2"} // TRUSTED_PROXIES=10.0.0.2
	cfg.ProxyXFor, cfg.ProxyXProto = 1, 1     // PROXY_X_FOR=1 PROXY_X_PROTO=1
	app, err := fwk.New(cfg, behindProxy{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, peer := range []string{"10.0.0.2:4711", "198.51.100.7:4711"} {
		req := httptest.NewRequest("GET", "http://blog.example/", nil)
		req.RemoteAddr = peer
		req.Header.Set("X-Forwarded-For", "203.0.113.9")
		req.Header.Set("X-Forwarded-Proto", "https")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		fmt.Println(rec.Body.String())
	}
	// Output:
	// https blog.example 203.0.113.9 https://blog.example/
	// http blog.example 198.51.100.7 http://blog.example/
}

package fwk_test

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// secureShop sets a security header for the whole app; its view sets a
// cookie and caching headers, then fails.
type secureShop struct{}

func (secureShop) Name() string { return "shop" }
func (secureShop) Routes() []*fwk.Route {
	return routes.Tree(routes.Get("/report", func(c *fwk.Ctx) error {
		h := c.Writer().Header()
		h.Set("Set-Cookie", "seen=1")
		h.Set("Cache-Control", "public, max-age=86400")
		h.Set("Content-Disposition", `attachment; filename="report.pdf"`)
		return errors.New("report generator down")
	}))
}

func (secureShop) Middleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Security-Policy", "default-src 'self'")
			next.ServeHTTP(w, r)
		})
	}}
}

// An error response keeps what app-wide middleware set, and drops what the
// failed view set.
func Example_errorPageHeaders() {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.DiscardHandler) // the 500 is logged
	app, err := fwk.New(cfg, secureShop{})
	if err != nil {
		fmt.Println(err)
		return
	}
	w := httptest.NewRecorder()
	app.ServeHTTP(w, httptest.NewRequest("GET", "/report", nil))
	fmt.Println(w.Code)
	for _, k := range []string{"Content-Security-Policy", "Set-Cookie", "Cache-Control", "Content-Disposition"} {
		fmt.Printf("%s: %q\n", k, w.Header().Get(k))
	}
	// Output:
	// 500
	// Content-Security-Policy: "default-src 'self'"
	// Set-Cookie: ""
	// Cache-Control: ""
	// Content-Disposition: ""
}

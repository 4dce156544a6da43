package fwkprom_test

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwkprom"
	"github.com/fwkgo/fwk/routes"
)

// The metrics bundle goes before the app bundle; the app then serves
// /metrics, and counts each request under its route: a miss, whatever its
// path, under "(miss)".
func ExampleNew() {
	metrics := fwkprom.New(fwkprom.Options{})
	app, err := fwk.New(fwk.DefaultConfig(), metrics, appBundle{routes.Func("/posts/<int:id>",
		func(c *fwk.Ctx, id int) error { return c.Respond(http.StatusOK, "a post") }, fwk.Endpoint("post"))})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/posts/1", "/posts/2", "/wp-admin", "/.env"} {
		app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", metrics.Path(), nil))
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "fwk_http_requests_total{") {
			fmt.Println(sc.Text())
		}
	}
	// Output:
	// fwk_http_requests_total{endpoint="(miss)",method="GET",route="(miss)",status="4xx"} 2
	// fwk_http_requests_total{endpoint="app.post",method="GET",route="/posts/<int:id>",status="2xx"} 2
}

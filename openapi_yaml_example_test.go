package fwk_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
)

// App.OpenAPIYAML is the app's document as YAML, keys in the JSON's
// order; Config.OpenAPIYAMLPath (OPENAPI_YAML_PATH) serves it as
// application/yaml.
func ExampleApp_OpenAPIYAML() {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPIYAMLPath = "/openapi.yaml"
	app, err := fwk.New(cfg, cardsBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/openapi.yaml", nil))
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	lines := strings.Split(rec.Body.String(), "\n")
	fmt.Println(strings.Join(lines[:4], "\n"))
	// Output:
	// 200 application/yaml
	// openapi: "3.1.0"
	// info:
	//   title: API
	//   version: "0.0.0"
}

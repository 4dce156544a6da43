package fwk_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"

	"github.com/fwkgo/fwk"
)

// App.OpenAPI30 is the app's document as OpenAPI 3.0.3, for tools that
// read only 3.0; Config.OpenAPI30Path (OPENAPI_30_PATH) serves it beside
// the 3.1 one.
func ExampleApp_OpenAPI30() {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPIPath = "/openapi.json"
	cfg.OpenAPI30Path = "/openapi-3.0.json"
	app, err := fwk.New(cfg, cardsBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/openapi-3.0.json", nil))
	var doc struct {
		OpenAPI    string `json:"openapi"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rec.Code, doc.OpenAPI)
	fmt.Println(string(doc.Components.Schemas["ErrorDetail"]))
	// Output:
	// 200 3.0.3
	// {"additionalProperties":false,"properties":{"location":{"description":"Where the value is: body., query. or path. and the name the client used.","example":"body.items[1].name","pattern":"^(body|query|path)\\.","type":"string"},"message":{"description":"What is wrong with the value.","type":"string"},"value":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}],"description":"The value received (a string cut at 64 characters); absent for a secret field, a list or object, a zero value, or a value of the wrong type."}},"required":["message","location"],"type":"object"}
}

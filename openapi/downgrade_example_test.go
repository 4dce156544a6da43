package openapi_test

import (
	"fmt"

	"github.com/fwkgo/fwk/openapi"
)

// Downgrade writes a 3.1 document in 3.0.3 terms: a type list with null is
// nullable, a numeric exclusive bound a boolean beside its bound, examples
// one example.
func ExampleDowngrade() {
	doc31 := `{"openapi":"3.1.0","info":{"title":"Shop","version":"1"},"paths":{},
		"components":{"schemas":{"Price":{"type":["number","null"],"exclusiveMinimum":0,"examples":[9.5]}}}}`
	doc30, err := openapi.Downgrade([]byte(doc31))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(doc30))
	// Output:
	// {"components":{"schemas":{"Price":{"example":9.5,"exclusiveMinimum":true,"minimum":0,"nullable":true,"type":"number"}}},"info":{"title":"Shop","version":"1"},"openapi":"3.0.3","paths":{}}
}

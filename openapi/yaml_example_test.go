package openapi_test

import (
	"fmt"

	"github.com/fwkgo/fwk/openapi"
)

// YAML writes a JSON document as block YAML, keys in the same order,
// numbers as written, strings quoted unless plain identifiers.
func ExampleYAML() {
	doc := []byte(`{"openapi":"3.1.0","info":{"title":"Pets","version":"1.0"},` +
		`"paths":{"/pets/{id}":{"get":{"operationId":"getPet","tags":["pets"],` +
		`"responses":{"200":{"description":"OK: the pet"}}}}},"components":{}}`)
	out, err := openapi.YAML(doc)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// openapi: "3.1.0"
	// info:
	//   title: Pets
	//   version: "1.0"
	// paths:
	//   "/pets/{id}":
	//     get:
	//       operationId: getPet
	//       tags:
	//         - pets
	//       responses:
	//         "200":
	//           description: "OK: the pet"
	// components: {}
}

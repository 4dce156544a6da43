package safeurl_test

import (
	"fmt"

	"github.com/fwkgo/fwk/internal/safeurl"
)

func ExampleNext() {
	p := safeurl.Policy{AllowedHosts: []string{"good.example"}, HTTPSOnly: true}
	for _, next := range []string{
		"/dashboard?tab=1",
		"/a b/café",
		"HTTPS://Good.Example:443/x",
		"//evil.example",
		`/\evil.example`,
		"https://good.example@evil.example",
		"http://good.example/x",
	} {
		target, ok := safeurl.Next(next, p)
		fmt.Printf("%-36q %-5v %q\n", next, ok, target)
	}
	// Output:
	// "/dashboard?tab=1"                   true  "/dashboard?tab=1"
	// "/a b/café"                          true  "/a%20b/caf%C3%A9"
	// "HTTPS://Good.Example:443/x"         true  "https://good.example/x"
	// "//evil.example"                     false ""
	// "/\\evil.example"                    false ""
	// "https://good.example@evil.example"  false ""
	// "http://good.example/x"              false ""
}

// Command bookmarks is a small fwk application: a login, a page listing
// the user's bookmarks with a CSRF-protected form that adds one (and
// flashes a message), and a JSON API of the same bookmarks. Its tests
// drive it with fwktest.
//
// From its folder (examples/bookmarks in the fwk repository):
//
//	SECRET_KEY=$(openssl rand -hex 32) go run . serve
//
// then log in as ann, password "correct horse", on http://127.0.0.1:8080/.
// "urls" instead of "serve" prints the route table.
package main

import (
	"fmt"
	"os"

	"github.com/fwkgo/fwk"
)

func main() {
	cfg := fwk.ConfigFromEnv() // SECRET_KEY, DEBUG, ...
	store := NewStore(map[string]string{"ann": "correct horse"})
	app, err := NewApp(cfg, store)
	if err == nil {
		err = app.Run(os.Args)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

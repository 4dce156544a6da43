// Command nethttp serves GET /users/{id} and POST /signup with a bare
// net/http handler that tells the two apart itself (no router); it does not
// serve the GitHub set.
package main

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/fwkgo/fwk/bench/e2e/workload"
)

func main() {
	o := workload.Parse()
	v := workload.NewValidator()
	workload.Main(o, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s, ok := strings.CutPrefix(r.URL.Path, "/users/"); ok && r.Method == http.MethodGet {
			id, err := strconv.Atoi(s)
			if err != nil {
				http.NotFound(w, r)
				return
			}
			workload.WriteJSON(w, http.StatusOK, workload.UserFor(id))
			return
		}
		if r.URL.Path == "/signup" && r.Method == http.MethodPost {
			workload.Signup1(w, r, v)
			return
		}
		http.NotFound(w, r)
	}))
}

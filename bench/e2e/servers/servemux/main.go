// Command servemux serves the end-to-end workload with net/http's
// ServeMux, encoding/json and validator v10.
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
	mux := http.NewServeMux()
	if len(o.Routes) == 0 { // the GitHub set has /users/:user
		mux.HandleFunc("GET /users/{id}", func(w http.ResponseWriter, r *http.Request) {
			id, err := strconv.Atoi(r.PathValue("id"))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			workload.WriteJSON(w, http.StatusOK, workload.UserFor(id))
		})
		mux.HandleFunc("POST /signup", func(w http.ResponseWriter, r *http.Request) { workload.Signup1(w, r, v) })
	}
	for _, rt := range o.Routes {
		names := rt.Params
		pattern := rt.Spell(func(name string) string { return "{" + name + "}" })
		if strings.HasSuffix(pattern, "/") {
			pattern += "{$}"
		}
		mux.HandleFunc(rt.Method+" "+pattern, func(w http.ResponseWriter, r *http.Request) {
			workload.WriteText(w, workload.AppendValues(make([]byte, 0, 64), names, r.PathValue))
		})
	}
	workload.Main(o, mux)
}

// Command chi serves the end-to-end workload with chi v5 (no middleware),
// encoding/json and validator v10.
package main

import (
	"net/http"
	"strconv"

	"github.com/fwkgo/fwk/bench/e2e/workload"
	"github.com/go-chi/chi/v5"
)

func main() {
	o := workload.Parse()
	v := workload.NewValidator()
	r := chi.NewRouter()
	if len(o.Routes) == 0 { // the GitHub set has /users/:user
		r.Get("/users/{id}", func(w http.ResponseWriter, r *http.Request) {
			id, err := strconv.Atoi(chi.URLParam(r, "id"))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			workload.WriteJSON(w, http.StatusOK, workload.UserFor(id))
		})
		r.Post("/signup", func(w http.ResponseWriter, r *http.Request) {
			workload.Signup1(w, r, v)
		})
	}
	for _, rt := range o.Routes {
		names := rt.Params
		r.MethodFunc(rt.Method, rt.Spell(func(name string) string { return "{" + name + "}" }), func(w http.ResponseWriter, r *http.Request) {
			workload.WriteText(w, workload.AppendValues(make([]byte, 0, 64), names, func(n string) string { return chi.URLParam(r, n) }))
		})
	}
	workload.Main(o, r)
}

// Command bunrouter serves the end-to-end workload with uptrace/bunrouter,
// encoding/json and validator v10.
package main

import (
	"net/http"
	"strconv"

	"github.com/fwkgo/fwk/bench/e2e/workload"
	"github.com/uptrace/bunrouter"
)

func main() {
	o := workload.Parse()
	v := workload.NewValidator()
	r := bunrouter.New()
	if len(o.Routes) == 0 { // the GitHub set has /users/:user
		r.GET("/users/:id", func(w http.ResponseWriter, req bunrouter.Request) error {
			id, err := strconv.Atoi(req.Param("id"))
			if err != nil {
				http.NotFound(w, req.Request)
				return nil
			}
			workload.WriteJSON(w, http.StatusOK, workload.UserFor(id))
			return nil
		})
		r.POST("/signup", func(w http.ResponseWriter, req bunrouter.Request) error {
			workload.Signup1(w, req.Request, v)
			return nil
		})
	}
	for _, rt := range o.Routes {
		names := rt.Params
		r.Handle(rt.Method, rt.Spell(func(name string) string { return ":" + name }), func(w http.ResponseWriter, req bunrouter.Request) error {
			workload.WriteText(w, workload.AppendValues(make([]byte, 0, 64), names, req.Param))
			return nil
		})
	}
	workload.Main(o, r)
}

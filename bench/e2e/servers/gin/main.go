// Command gin serves the end-to-end workload with gin (release mode, no
// middleware); -safe gives its engine the timeouts of workload.SafeServer.
package main

import (
	"net/http"
	"strconv"

	"github.com/fwkgo/fwk/bench/e2e/workload"
	"github.com/gin-gonic/gin"
)

func main() {
	o := workload.Parse()
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	if len(o.Routes) == 0 { // the GitHub set has /users/:user
		r.GET("/users/:id", func(c *gin.Context) {
			id, err := strconv.Atoi(c.Param("id"))
			if err != nil {
				c.AbortWithStatus(http.StatusNotFound)
				return
			}
			c.JSON(http.StatusOK, workload.UserFor(id))
		})
		r.POST("/signup", func(c *gin.Context) {
			var in workload.Signup
			if err := c.ShouldBindJSON(&in); err != nil {
				c.AbortWithStatus(http.StatusBadRequest)
				return
			}
			c.JSON(http.StatusCreated, workload.Created{ID: 1, Name: in.Name})
		})
	}
	for _, rt := range o.Routes {
		names := rt.Params
		r.Handle(rt.Method, rt.Spell(func(name string) string { return ":" + name }), func(c *gin.Context) {
			c.Data(http.StatusOK, workload.TextPlain, workload.AppendValues(make([]byte, 0, 64), names, c.Param))
		})
	}
	workload.Main(o, r)
}

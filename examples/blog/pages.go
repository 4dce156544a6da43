package main

import "github.com/fwkgo/fwk"

// render renders a page of the controller serving ctx, adding "user", the
// name of the logged-in user ("" when nobody is), which the navigation
// shows.
func render(ctx *fwk.Ctx, name string, data fwk.M) error {
	if data == nil {
		data = fwk.M{}
	}
	data["user"], _ = fwk.SessionValue[string](ctx.Session(), sessionUserName)
	return ctx.Render(name, data)
}

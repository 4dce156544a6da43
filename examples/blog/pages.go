package main

import (
	"net/http"

	"github.com/fwkgo/fwk"
)

// render renders a page of the controller serving ctx, adding "user", the
// name of the logged-in user ("" when nobody is), which the navigation
// shows.
func render(ctx *fwk.Ctx, name string, data fwk.M) error {
	return renderStatus(ctx, http.StatusOK, name, data)
}

// renderStatus is render answering with status: a form with errors is a
// 422. The page is rendered before the status goes out, so the messages
// the layout shows are taken from the session with the response.
func renderStatus(ctx *fwk.Ctx, status int, name string, data fwk.M) error {
	if data == nil {
		data = fwk.M{}
	}
	data["user"] = userName(ctx)
	return ctx.RenderStatus(status, name, data)
}

// userName is the name of the logged-in user, "" when nobody is.
func userName(ctx *fwk.Ctx) string {
	name, _ := fwk.SessionValue[string](ctx.Session(), sessionUserName)
	return name
}

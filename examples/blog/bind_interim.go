package main

// INTERIM until ctx.Bind lands on main (issue 11): decode a JSON body.
// Removed when the views switch to ctx.Bind.

import (
	"encoding/json"
	"mime"
	"net/http"

	"github.com/fwkgo/fwk"
)

func bindJSON(ctx *fwk.Ctx, v any) error {
	r := ctx.Request()
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return fwk.Abort(http.StatusUnsupportedMediaType)
	}
	dec := json.NewDecoder(r.Body) // MAX_CONTENT_LENGTH bounds it
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fwk.Abort(http.StatusBadRequest, err.Error())
	}
	return nil
}

package router_test

import (
	"testing"

	"github.com/fwkgo/fwk/router"
)

// TestRedirectTargetKeepsEmptySegments: a RedirectTo target is rendered as
// written, empty segments included (Werkzeug formats any redirect_to
// string); a Location starts with exactly one '/' even when the target
// starts with "//", so it is never scheme-relative.
func TestRedirectTargetKeepsEmptySegments(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/old/<int:id>", RedirectTo: "/new//<int:id>"},
		router.Rule{Path: "/evil", RedirectTo: "//evil.example/x"},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/old/7", "308 /new//7"},
		{"GET", "/evil", "308 /evil.example/x"},
	})
}

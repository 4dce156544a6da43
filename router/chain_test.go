package router_test

import (
	"testing"

	"github.com/fwkgo/fwk/router"
)

// TestStaticChain routes through chains of static segments that freeze
// joins into one edge (/api/v1/..., /api/v2/...): escaped bytes anywhere
// in the chain, an escaped slash (never a separator), paths that end or
// slash inside a chain, empty segments and a dynamic sibling at the fork.
func TestStaticChain(t *testing.T) {
	no := false
	r := newRouter(t,
		router.Rule{Path: "/api/v1/res/items/<id>", Endpoint: "item"},
		router.Rule{Path: "/api/v1/res/items", Endpoint: "items"},
		router.Rule{Path: "/api/v2/x/y/", Endpoint: "v2"},
		router.Rule{Path: "/api/<v>/z", Endpoint: "z"},
		router.Rule{Path: "/deep/a/b/c/d", Endpoint: "deep"},
		router.Rule{Path: "/e//f/g", Endpoint: "empty", MergeSlashes: &no},
		router.Rule{Path: "/100%/a/b", Endpoint: "pct"},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/api/v1/res/items/7", "200 item id=7"},
		{"GET", "/api/v1/res/items", "200 items"},
		{"GET", "/api/v%31/re%73/items/7", "200 item id=7"},
		{"GET", "/%61pi/v1/res/item%73", "200 items"},
		{"GET", "/api/v1%2Fres/items", "404"},
		{"GET", "/api/v1/res", "404"},
		{"GET", "/api/v1/res/", "404"},
		{"GET", "/api/v1", "404"},
		{"GET", "/api/v1/", "404"},
		{"GET", "/api/v1/resx/items", "404"},
		{"GET", "/api/v1/re", "404"},
		{"GET", "/api/v2/x/y/", "200 v2"},
		{"GET", "/api/v2/x/y", "308 /api/v2/x/y/"},
		{"GET", "/api/v2/x/", "404"},
		{"GET", "/api/v1/z", "200 z v=v1"},
		{"GET", "/api/v2/z", "200 z v=v2"},
		{"GET", "/api//v1/res/items", "308 /api/v1/res/items"},
		{"GET", "/deep/a/b/c/d", "200 deep"},
		{"GET", "/deep/a/b/c/d/", "404"},
		{"GET", "/deep/a/b/c", "404"},
		{"GET", "/deep/a/b%2Fc/d", "404"},
		{"GET", "/e//f/g", "200 empty"},
		{"GET", "/e/f/g", "404"},
		{"GET", "/100%25/a/b", "200 pct"},
		{"GET", "/100%25/%61/b", "200 pct"},
	})
}

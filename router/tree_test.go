package router_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// TestWideNode routes through a node with more static children than are
// scanned linearly: its first-byte buckets (8 texts starting with 's'), or
// its map when a first byte is crowded (12 of them), escaped and empty
// segments, and misses that fall through to the dynamic child; the wide
// node is reached through static segments, or through a dynamic one ("/<d>",
// whose value d=v then comes first in the parameters).
func TestWideNode(t *testing.T) {
	for _, crowd := range []int{8, 12} {
		t.Run(fmt.Sprint(crowd), func(t *testing.T) { testWideNode(t, crowd, false) })
		t.Run(fmt.Sprint(crowd, "/dynamic"), func(t *testing.T) { testWideNode(t, crowd, true) })
	}
}

func testWideNode(t *testing.T, crowd int, below bool) {
	no := false
	base := "/w/"
	if below {
		base = "/<d>/w/"
	}
	rules := []router.Rule{
		{Path: base + "<x>", Endpoint: "dyn"},
		{Path: base + "/e", Endpoint: "empty", MergeSlashes: &no},
	}
	for _, key := range []string{"a", "ab", "b", "café", "a b", "~", "zz"} {
		rules = append(rules, router.Rule{Path: base + key, Endpoint: key})
	}
	for i := range crowd {
		key := fmt.Sprintf("s%d", i)
		rules = append(rules, router.Rule{Path: base + key, Endpoint: key})
	}
	r := newRouter(t, rules...)
	cases := []lookupCase{
		{"GET", "/w/a", "200 a"},
		{"GET", "/w/ab", "200 ab"},
		{"GET", "/w/b", "200 b"},
		{"GET", "/w/~", "200 ~"},
		{"GET", "/w/zz", "200 zz"},
		{"GET", "/w/café", "200 café"},
		{"GET", "/w/caf%C3%A9", "200 café"},
		{"GET", "/w/a%20b", "200 a b"},
		{"GET", "/w/%61", "200 a"},
		{"GET", "/w//e", "200 empty"},
		{"GET", "/w/s", "200 dyn x=s"},
		{"GET", "/w/s12", "200 dyn x=s12"},
		{"GET", "/w/s99", "200 dyn x=s99"},
		{"GET", "/w/c", "200 dyn x=c"},
		{"GET", "/w/abc", "200 dyn x=abc"},
		{"GET", "/w/\u00e0", "200 dyn x=\u00e0"},
		{"GET", "/w/z", "200 dyn x=z"},
	}
	for i := range crowd {
		key := fmt.Sprintf("s%d", i)
		cases = append(cases, lookupCase{"GET", "/w/" + key, "200 " + key})
	}
	if below {
		for i, c := range cases {
			cases[i].path, cases[i].want = "/v"+c.path, c.want+" d=v"
			if status, x, ok := strings.Cut(c.want, " dyn "); ok {
				cases[i].want = status + " dyn d=v " + x
			}
		}
	}
	checkLookups(t, r, "", cases)
	if _, err := r.Add(router.Rule{Path: base + "s3", Endpoint: "late"}); err == nil {
		t.Error("Add after serving succeeded")
	}
}

// TestWideNodeConflict finds a duplicate among the children of a wide node
// while rules are still being added.
func TestWideNodeConflict(t *testing.T) {
	r := router.New()
	for i := range 20 {
		if _, err := r.Add(router.Rule{Path: fmt.Sprintf("/w/k%d", i), Endpoint: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Add(router.Rule{Path: "/w/k7", Endpoint: "again"}); err == nil {
		t.Error("duplicate rule in a wide node was accepted")
	}
}

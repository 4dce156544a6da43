package router_test

// Cases found by the review of the session's router changes (issue 9).

import (
	"errors"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// A host holding non-ASCII bytes (here inside a converter's arguments) is
// refused when added: lower-casing such text changes its length, which put
// the parameters' offsets out of step with the host text built from
// (Build panicked with a slice out of range).
func TestHostNonASCIIRefused(t *testing.T) {
	for _, host := range []string{
		`example.<any("ẞẞẞẞ", "x"):x>`,
		`<any("ẞ", "x"):x>.example.com`,
		`Ünicode.example.com`,
	} {
		r := router.New()
		_, err := r.Add(router.Rule{Path: "/p", Endpoint: "e", Host: host})
		if !errors.Is(err, router.ErrBadRule) {
			t.Errorf("Add(Host %q) = %v, want ErrBadRule", host, err)
		}
	}
}

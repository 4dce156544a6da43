package fwk

import (
	"slices"
	"testing"
)

// A serving app does not keep its route table: it is built when asked for.
func TestRouteTableBuiltOnFirstUse(t *testing.T) {
	a, err := New(DefaultConfig(), aliasBundle{})
	if err != nil {
		t.Fatal(err)
	}
	if a.table.rows != nil {
		t.Fatalf("New kept a route table of %d rows", len(a.table.rows))
	}
	got := a.RouteTable()
	if len(got) != 2 || got[0].Rule != "/health" || got[1].Rule != "/x" || !slices.Equal(got[0].Methods, []string{"GET"}) {
		t.Fatalf("RouteTable = %+v, want GET /health and GET /x", got)
	}
	if a.table.rows == nil {
		t.Error("RouteTable did not keep the table it built")
	}
}

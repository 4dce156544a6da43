package fwk

import (
	"slices"
	"testing"
	"unsafe"
)

// A serving app keeps only what serving needs: the route table is built when
// asked for.
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

// A serving app drops the index of registered endpoints New used to refuse
// duplicates: the collector would scan it in every cycle.
func TestRegistrationIndexDropped(t *testing.T) {
	a, err := New(DefaultConfig(), aliasBundle{})
	if err != nil {
		t.Fatal(err)
	}
	if a.byEndpoint != nil {
		t.Errorf("New kept the endpoint index (%d endpoints)", len(a.byEndpoint))
	}
	// A route added later is still checked against the registered ones.
	r := NewRoute("/y", func(*Ctx) error { return nil }, Endpoint("a.b"))
	if err := a.addRoute(r, r.rule, r.endpoint); err == nil {
		t.Error("a second view under the registered endpoint a.b was accepted")
	}
}

// A route record fits the 416-byte size class: every serving app keeps one
// per route, and the collector scans it in every cycle (the next class is
// 448 bytes, 32 more a route). What few routes say (the rule options, the
// OpenAPI doc, the resource part) sits behind pointers (changeCopy).
func TestRouteRecordSize(t *testing.T) {
	if n := unsafe.Sizeof(Route{}); n > 416 {
		t.Errorf("a Route is %d bytes, more than the 416-byte size class", n)
	}
}

// The parts of a Route behind pointers are changed on a copy: a clone given
// another member param leaves its original's alone, and a part left empty
// is dropped.
func TestRouteResourceCopy(t *testing.T) {
	r := &Route{}
	r.setResource(func(s *resourceSpec) { s.memberParam = "<int:id>" })
	c := r.clone()
	c.setResource(func(s *resourceSpec) { s.memberParam = "<int:x>" })
	if got := r.resource().memberParam; got != "<int:id>" {
		t.Errorf("the original's member param = %q after its clone changed, want <int:id>", got)
	}
	c.setResource(func(s *resourceSpec) { s.memberParam = "" })
	if c.res != nil {
		t.Errorf("an emptied resource part is kept: %+v", *c.res)
	}
}

// A view without arguments (func(*Ctx) error) keeps no argument plan: an
// empty one was an array of two plans kept per view.
func TestViewWithoutArgumentsKeepsNoPlan(t *testing.T) {
	a, err := New(DefaultConfig(), aliasBundle{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range a.views {
		if v.plan != nil {
			t.Errorf("view %s keeps a plan of capacity %d", v.endpoint, cap(v.plan))
		}
	}
}

package router_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func TestConflicts(t *testing.T) {
	tests := []struct {
		a, b     router.Rule
		conflict bool
	}{
		{router.Rule{Path: "/a"}, router.Rule{Path: "/a"}, true},
		{router.Rule{Path: "/a/<x>"}, router.Rule{Path: "/a/<y>"}, true},
		{router.Rule{Path: "/a/<x>"}, router.Rule{Path: "/a/<string:y>"}, true},
		{router.Rule{Path: "/a/<x>"}, router.Rule{Path: "/a/<string(minlength=1):y>"}, true},
		{router.Rule{Path: "/a/<int(4):x>"}, router.Rule{Path: "/a/<int(fixed_digits=4):y>"}, true},
		{router.Rule{Path: "/a/<path:p>"}, router.Rule{Path: "/a/<path:q>"}, true},
		{router.Rule{Path: "/a/<n>.<e>"}, router.Rule{Path: "/a/<x>.<y>"}, true},
		{router.Rule{Path: "/a", Methods: []string{"GET", "POST"}}, router.Rule{Path: "/a", Methods: []string{"POST"}}, true},
		{router.Rule{Path: "/a", Methods: []string{"HEAD"}}, router.Rule{Path: "/a", Methods: []string{"HEAD"}}, true},
		{router.Rule{Path: "/a", Methods: []string{"OPTIONS"}}, router.Rule{Path: "/a", Methods: []string{"OPTIONS"}}, true},
		{router.Rule{Path: "/a", Methods: []string{"PURGE"}}, router.Rule{Path: "/a", Methods: []string{"purge"}}, true},
		{router.Rule{Path: "/a", Host: "x.com"}, router.Rule{Path: "/a", Host: "X.COM"}, true},
		{router.Rule{Path: "/a", Endpoint: "e1"}, router.Rule{Path: "/a", Endpoint: "e2", RedirectTo: "/b"}, true},
		{router.Rule{Path: "/a/<x>"}, router.Rule{Path: "/a/<string(length=2):y>"}, false},
		{router.Rule{Path: "/a/<int:x>"}, router.Rule{Path: "/a/<x>"}, false},
		{router.Rule{Path: "/a/<int:x>"}, router.Rule{Path: "/a/<int(4):x>"}, false},
		{router.Rule{Path: "/a"}, router.Rule{Path: "/a", Methods: []string{"POST"}}, false},
		{router.Rule{Path: "/a"}, router.Rule{Path: "/a", Methods: []string{"HEAD"}}, false},
		{router.Rule{Path: "/a", Methods: []string{"GET", "HEAD"}}, router.Rule{Path: "/a", Methods: []string{"HEAD"}}, false},
		{router.Rule{Path: "/a"}, router.Rule{Path: "/a", Methods: []string{"OPTIONS"}}, false},
		{router.Rule{Path: "/a"}, router.Rule{Path: "/a/"}, false},
		{router.Rule{Path: "/a", Host: "x.com"}, router.Rule{Path: "/a"}, false},
		{router.Rule{Path: "/a", Host: "x.com"}, router.Rule{Path: "/a", Host: "x.com:8080"}, false},
		{router.Rule{Path: "/a", BuildOnly: true}, router.Rule{Path: "/a"}, false},
		{router.Rule{Path: "/a", BuildOnly: true}, router.Rule{Path: "/a", BuildOnly: true}, false},
		// Werkzeug ignores HEAD and OPTIONS when rules have other methods.
		{router.Rule{Path: "/a", Methods: []string{"GET", "OPTIONS"}}, router.Rule{Path: "/a", Methods: []string{"POST", "OPTIONS"}}, false},
		{router.Rule{Path: "/a", Methods: []string{"POST", "HEAD"}}, router.Rule{Path: "/a", Methods: []string{"PUT", "HEAD"}}, false},
		{router.Rule{Path: "/a", Methods: []string{"GET", "OPTIONS"}}, router.Rule{Path: "/a", Methods: []string{"OPTIONS"}}, false},
		{router.Rule{Path: "/a", Methods: []string{"HEAD", "OPTIONS"}}, router.Rule{Path: "/a", Methods: []string{"OPTIONS"}}, false},
		{router.Rule{Path: "/a", Methods: []string{"HEAD", "OPTIONS"}}, router.Rule{Path: "/a", Methods: []string{"OPTIONS", "HEAD"}}, true},
		{router.Rule{Path: "/a", Methods: []string{"GET", "OPTIONS"}}, router.Rule{Path: "/a", Methods: []string{"GET", "POST"}}, true},
	}
	for _, tt := range tests {
		r := router.New()
		if _, err := r.Add(tt.a); err != nil {
			t.Fatalf("Add(%+v) = %v", tt.a, err)
		}
		_, err := r.Add(tt.b)
		if got := errors.Is(err, router.ErrConflict); got != tt.conflict {
			t.Errorf("Add(%q %q) after Add(%q %q) = %v, want conflict %v", tt.b.Path, tt.b.Methods, tt.a.Path, tt.a.Methods, err, tt.conflict)
			continue
		}
		if tt.conflict && (!strings.Contains(err.Error(), tt.a.Path) || !strings.Contains(err.Error(), tt.b.Path)) {
			t.Errorf("conflict error %q does not name both rules", err)
		}
		var ce *router.ConflictError
		if tt.conflict && (!errors.As(err, &ce) || ce.Existing != r.Routes()[0] || ce.Refused.Path() != tt.b.Path) {
			t.Errorf("conflict error %v does not carry both routes", err)
		}
		if tt.conflict && len(r.Routes()) != 1 {
			t.Errorf("a refused rule was registered: %v", r.Routes())
		}
	}
}

// TestConflictLeavesRouterUsable checks that a refused rule changes
// nothing.
func TestConflictLeavesRouterUsable(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/a/<int:id>", Endpoint: "first"})
	if _, err := r.Add(router.Rule{Path: "/a/<int:other>", Endpoint: "second"}); !errors.Is(err, router.ErrConflict) {
		t.Fatalf("Add = %v, want ErrConflict", err)
	}
	if got := outcome(r, "GET", "", "/a/1"); got != "200 first id=1" {
		t.Errorf("Lookup = %q", got)
	}
	if _, err := r.Build("second", "other", 1); !errors.Is(err, router.ErrUnknownEndpoint) {
		t.Errorf("Build(second) = %v, want ErrUnknownEndpoint", err)
	}
}

// TestMinorMethodOverlap: of two rules sharing OPTIONS beside other
// methods, the first registered answers OPTIONS; each keeps its own other
// methods.
func TestMinorMethodOverlap(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/a", Endpoint: "get", Methods: []string{"GET", "OPTIONS"}},
		router.Rule{Path: "/a", Endpoint: "post", Methods: []string{"POST", "OPTIONS"}},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/a", "200 get"},
		{"POST", "/a", "200 post"},
		{"OPTIONS", "/a", "200 get"},
		{"HEAD", "/a", "200 get"},
		{"PUT", "/a", "405 GET, HEAD, OPTIONS, POST"},
	})
}

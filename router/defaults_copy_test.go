package router

import (
	"net/http"
	"testing"
)

// TestDefaultsMapCopied checks that the map given as Rule.Defaults, and the
// one Route.Rule returns, are copies: changing either later changes neither
// matching, building, nor what Rule returns next.
func TestDefaultsMapCopied(t *testing.T) {
	r := New()
	given := map[string]any{"page": 1}
	rt, err := r.Add(Rule{Path: "/all/", Endpoint: "all", Defaults: given})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Add(Rule{Path: "/all/page/<int:page>", Endpoint: "all"}); err != nil {
		t.Fatal(err)
	}
	given["page"] = 2
	rt.Rule().Defaults["page"] = 3
	if got := rt.Rule().Defaults["page"]; got != 1 {
		t.Errorf("Rule().Defaults[page] = %v after the maps were changed, want 1", got)
	}
	if u, err := r.Build("all", "page", 1); err != nil || u != "/all/" {
		t.Errorf("Build(page=1) = %q, %v, want /all/", u, err)
	}
	var m Match
	r.Lookup(http.MethodGet, "", "/all/page/1", &m)
	if m.Status != http.StatusPermanentRedirect || m.Location != "/all/" {
		t.Errorf("GET /all/page/1 = %d %q, want 308 to /all/", m.Status, m.Location)
	}
}

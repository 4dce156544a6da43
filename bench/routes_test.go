package bench

// Route sets and their spellings for each router.
//
// The four sets in testdata/ are those of go-http-routing-benchmark, one
// "METHOD /path" per line with parameters in the colon syntax (":owner").
// Requests use concrete paths: every ":name" segment becomes "name1", so the
// routers see realistic values rather than the pattern text.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// route is one route of a set.
type route struct {
	method  string
	pattern string // colon syntax: /repos/:owner/:repo
	path    string // request path: /repos/owner1/repo1
	// The pattern in the other syntaxes and the route's name, spelled once
	// by spell when the table is made, so that registration benchmarks time
	// the routers, not the harness rewriting their input.
	angle string // fwk: /repos/<owner>/<repo>
	brace string // chi, gorilla/mux, ServeMux: /repos/{owner}/{repo}
	name  string // routeName of its index in the table
}

// spell fills the other spellings of each route of a table.
func spell(routes []route) []route {
	for i := range routes {
		rt := &routes[i]
		rt.angle, rt.brace, rt.name = anglePattern(rt.pattern), bracePattern(rt.pattern), routeName(i)
	}
	return routes
}

// loadRoutes reads testdata/<name>.txt.
func loadRoutes(tb testing.TB, name string) []route {
	tb.Helper()
	file := filepath.Join("testdata", name+".txt")
	data, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	routes, err := parseRoutes(data)
	if err != nil {
		tb.Fatalf("%s: %v", file, err)
	}
	return routes
}

// parseRoutes parses "METHOD /path" lines; blank lines and lines starting
// with '#' are skipped.
func parseRoutes(data []byte) ([]route, error) {
	var routes []route
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		method, pattern, ok := strings.Cut(line, " ")
		if !ok || !strings.HasPrefix(pattern, "/") || strings.Contains(pattern, "*") {
			return nil, fmt.Errorf("line %d: want \"METHOD /path\" without catch-alls, got %q", n, line)
		}
		routes = append(routes, route{method: method, pattern: pattern, path: concretePath(pattern)})
	}
	return spell(routes), sc.Err()
}

// concretePath replaces every ":name" segment of a colon pattern by "name1".
func concretePath(pattern string) string {
	return rewriteParams(pattern, func(name string) string { return name + "1" })
}

// bracePattern spells a colon pattern for chi, gorilla/mux and ServeMux:
// ":name" becomes "{name}".
func bracePattern(pattern string) string {
	return rewriteParams(pattern, func(name string) string { return "{" + name + "}" })
}

// anglePattern spells a colon pattern for fwk: ":name" becomes "<name>",
// the plain string converter.
func anglePattern(pattern string) string {
	return rewriteParams(pattern, func(name string) string { return "<" + name + ">" })
}

// rewriteParams replaces each ":name" segment of pattern by repl(name).
func rewriteParams(pattern string, repl func(name string) string) string {
	segs := strings.Split(pattern, "/")
	for i, s := range segs {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			segs[i] = repl(name)
		}
	}
	return strings.Join(segs, "/")
}

// paramNames returns the parameter names of a colon pattern, in order.
func paramNames(pattern string) []string {
	var names []string
	for s := range strings.SplitSeq(pattern, "/") {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			names = append(names, name)
		}
	}
	return names
}

// namedRoute is a single-route set of the upstream suite.
type namedRoute struct {
	name string
	r    route
}

// singleRoutes returns the single-route sets of the upstream suite.
func singleRoutes() []namedRoute {
	return []namedRoute{
		{"Param", spell([]route{{method: "GET", pattern: "/user/:name", path: "/user/gordon"}})[0]},
		{"Param5", spell([]route{{method: "GET", pattern: "/:a/:b/:c/:d/:e", path: "/test/test/test/test/test"}})[0]},
		{"Param20", spell([]route{{method: "GET", pattern: "/" + letterParams(20, ":"), path: "/" + letterParams(20, "")}})[0]},
	}
}

// letterParams returns "p" + "a/" + "p" + "b/" ... for the first n letters
// of the alphabet, without the last slash.
func letterParams(n int, p string) string {
	segs := make([]string, n)
	for i := range segs {
		segs[i] = p + string(rune('a'+i))
	}
	return strings.Join(segs, "/")
}

// manyRoutes returns the 10k registration set: for each of n/2 resources,
// "GET /api/v1/resN/items/:id" and "POST /api/v1/resN/items".
func manyRoutes(n int) []route {
	routes := make([]route, 0, n)
	for i := range n / 2 {
		base := "/api/v1/res" + strconv.Itoa(i) + "/items"
		routes = append(routes,
			route{method: "GET", pattern: base + "/:id", path: base + "/id1"},
			route{method: "POST", pattern: base, path: base})
	}
	return spell(routes)
}

func TestRewriteParams(t *testing.T) {
	tests := []struct{ in, concrete, brace, angle string }{
		{"/", "/", "/", "/"},
		{"/repos/:owner/:repo/events", "/repos/owner1/repo1/events", "/repos/{owner}/{repo}/events", "/repos/<owner>/<repo>/events"},
		{"/1/classes/:className", "/1/classes/className1", "/1/classes/{className}", "/1/classes/<className>"},
	}
	for _, tt := range tests {
		if got := concretePath(tt.in); got != tt.concrete {
			t.Errorf("concretePath(%q) = %q, want %q", tt.in, got, tt.concrete)
		}
		if got := bracePattern(tt.in); got != tt.brace {
			t.Errorf("bracePattern(%q) = %q, want %q", tt.in, got, tt.brace)
		}
		if got := anglePattern(tt.in); got != tt.angle {
			t.Errorf("anglePattern(%q) = %q, want %q", tt.in, got, tt.angle)
		}
	}
}

func TestRouteSets(t *testing.T) {
	want := map[string]int{"github": 203, "gplus": 13, "parse": 26, "static": 157}
	for name, n := range want {
		if got := len(loadRoutes(t, name)); got != n {
			t.Errorf("len(loadRoutes(%q)) = %d, want %d", name, got, n)
		}
	}
	if got := letterParams(3, ":"); got != ":a/:b/:c" {
		t.Errorf("letterParams(3, %q) = %q, want %q", ":", got, ":a/:b/:c")
	}
}

package bench

// Reverse routing: build the URL of each of the 203 GitHub routes by name,
// every parameter filled with the same 10-byte value.

import (
	"strings"
	"testing"

	"github.com/gorilla/mux"
)

// buildValue fills every parameter of the URLs built.
const buildValue = "abcdefghij"

// builder is a reverse router under test. prepare registers routes and
// returns url, which builds the URL of route i, and all, which builds every
// URL once (the benchmark op) and returns the total length built.
type builder struct {
	name    string
	prepare func(tb testing.TB, routes []route) (url func(i int) string, all func() int)
}

// builders returns the reverse routers, the template floor last.
func builders() []builder {
	return append(fwkBuilders(),
		builder{"gorillamux", prepareGorillaMuxBuild},
		builder{"echo", prepareEchoBuild},
		builder{"template", prepareTemplateBuild},
	)
}

// expectedURL is the URL of r with every parameter set to buildValue.
func expectedURL(r route) string {
	return rewriteParams(r.pattern, func(string) string { return buildValue })
}

func TestBuildersAgree(t *testing.T) {
	routes := loadRoutes(t, "github")
	for _, bl := range builders() {
		url, all := bl.prepare(t, routes)
		total := 0
		for i, r := range routes {
			want := expectedURL(r)
			total += len(want)
			if got := url(i); got != want {
				t.Errorf("%s: URL of route %d (%s) = %q, want %q", bl.name, i, r.pattern, got, want)
			}
		}
		if got := all(); got != total {
			t.Errorf("%s: all() built %d bytes, want %d", bl.name, got, total)
		}
	}
}

func BenchmarkBuildGithub(b *testing.B) {
	routes := loadRoutes(b, "github")
	for _, bl := range builders() {
		b.Run(bl.name, func(b *testing.B) {
			_, all := bl.prepare(b, routes)
			b.ReportAllocs()
			for b.Loop() {
				all()
			}
			reportPer(b, len(routes), "URL")
		})
	}
}

// buildPairs returns, for each route, its parameters as name, value pairs.
func buildPairs(routes []route) [][]string {
	pairs := make([][]string, len(routes))
	for i, r := range routes {
		for _, name := range paramNames(r.pattern) {
			pairs[i] = append(pairs[i], name, buildValue)
		}
	}
	return pairs
}

// anyPairs converts the pairs of buildPairs to []any; with positional true
// it keeps only the values.
func anyPairs(pairs [][]string, positional bool) [][]any {
	out := make([][]any, len(pairs))
	for i, p := range pairs {
		for j, s := range p {
			if !positional || j%2 == 1 {
				out[i] = append(out[i], s)
			}
		}
	}
	return out
}

func prepareGorillaMuxBuild(tb testing.TB, routes []route) (func(int) string, func() int) {
	r := newGorillaMux(routes, httpHandlers(nil))
	rs := make([]*mux.Route, len(routes))
	for i := range routes {
		if rs[i] = r.Get(routeName(i)); rs[i] == nil {
			tb.Fatalf("gorillamux: no route %q", routeName(i))
		}
	}
	pairs := buildPairs(routes)
	url := func(i int) string {
		u, err := rs[i].URLPath(pairs[i]...)
		if err != nil {
			tb.Fatalf("gorillamux: route %d: %v", i, err)
		}
		return u.Path
	}
	all := func() int {
		n := 0
		for i, rt := range rs {
			u, _ := rt.URLPath(pairs[i]...)
			n += len(u.Path)
		}
		return n
	}
	return url, all
}

func prepareEchoBuild(_ testing.TB, routes []route) (func(int) string, func() int) {
	e := newEcho(routes, echoHandlers(nil))
	names := make([]string, len(routes))
	for i := range names {
		names[i] = routeName(i)
	}
	args := anyPairs(buildPairs(routes), true)
	url := func(i int) string { return e.Reverse(names[i], args[i]...) }
	all := func() int {
		n := 0
		for i, name := range names {
			n += len(e.Reverse(name, args[i]...))
		}
		return n
	}
	return url, all
}

// template is a route compiled for building: literal text alternating with
// parameter slots, lits[0] p lits[1] p ... lits[n].
type template struct {
	lits []string
	size int // length of the URL with every value set to buildValue
}

func compileTemplate(pattern string) template {
	var t template
	lit := ""
	for i, seg := range strings.Split(pattern, "/") {
		if i > 0 {
			lit += "/"
		}
		if strings.HasPrefix(seg, ":") {
			t.lits = append(t.lits, lit)
			lit = ""
			t.size += len(buildValue)
			continue
		}
		lit += seg
	}
	t.lits = append(t.lits, lit)
	for _, l := range t.lits {
		t.size += len(l)
	}
	return t
}

// build writes the URL into a fresh string: one allocation.
func (t *template) build(value string) string {
	var sb strings.Builder
	sb.Grow(t.size)
	sb.WriteString(t.lits[0])
	for _, l := range t.lits[1:] {
		sb.WriteString(value)
		sb.WriteString(l)
	}
	return sb.String()
}

func prepareTemplateBuild(_ testing.TB, routes []route) (func(int) string, func() int) {
	ts := make([]template, len(routes))
	for i, r := range routes {
		ts[i] = compileTemplate(r.pattern)
	}
	url := func(i int) string { return ts[i].build(buildValue) }
	all := func() int {
		n := 0
		for i := range ts {
			n += len(ts[i].build(buildValue))
		}
		return n
	}
	return url, all
}

//go:build !race

package bench

import (
	"net/http"
	"testing"
)

// The allocation promises of BenchmarkBindJSON: a fwk.Body[T] view costs
// no more than ctx.Bind, and ctx.Bind no more than gin's ShouldBindJSON.
// (The race detector allocates: not run under -race.)
func TestBindAllocations(t *testing.T) {
	allocs := func(h http.Handler, path string) float64 {
		req, w, rewind := postSignup(t, path)
		return testing.AllocsPerRun(200, func() {
			rewind()
			h.ServeHTTP(w, req)
			if w.statusCode() != http.StatusNoContent {
				t.Fatalf("POST %s: status %d", path, w.statusCode())
			}
		})
	}
	app := bindApp(t)
	body, bind := allocs(app, "/body"), allocs(app, "/bind")
	gin, echo := allocs(ginBindEngine(), "/bind"), allocs(echoBindEngine(), "/bind")
	t.Logf("allocations: fwk Body[T] %v, fwk Bind %v, gin ShouldBindJSON %v, echo Bind+Validate %v", body, bind, gin, echo)
	if body > bind {
		t.Errorf("fwk.Body[T] view: %v allocations, ctx.Bind %v; want no more", body, bind)
	}
	if bind > gin {
		t.Errorf("ctx.Bind: %v allocations, gin's ShouldBindJSON %v; want no more", bind, gin)
	}
}

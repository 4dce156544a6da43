package bench

// Cost as the table grows: the 10k set's shape (GET /api/v1/resN/items/:id
// and POST /api/v1/resN/items) at 200, 2,000, 20,000 and 200,000 routes,
// requesting 200 routes spread evenly over the table per op, and the time
// to register each table.

import (
	"fmt"
	"testing"
)

// scaleSizes are the table sizes of BenchmarkScale.
var scaleSizes = []int{200, 2_000, 20_000, 200_000}

// scaleRouters returns the routers of the scale benchmarks and the largest
// table each is given: bunrouter's registration is quadratic (minutes for
// 100k routes), so it stops at 2,000; chi, gorilla/mux and ServeMux are
// left out (linear matching or slow registration at 200k).
func scaleRouters() []struct {
	contestant
	max int
} {
	return []struct {
		contestant
		max int
	}{
		{contestant{name: "fwk", load: loadFwk}, 200_000},
		{contestant{name: "gin", load: loadGin}, 200_000},
		{contestant{name: "bunrouter", load: loadBunrouter}, 2_000},
		{contestant{name: "httprouter", load: loadHTTPRouter}, 200_000},
		{contestant{name: "echo", load: loadEcho}, 200_000},
	}
}

// spread returns 200 routes of routes, evenly spaced.
func spread(routes []route) []route {
	const want = 200
	step := max(len(routes)/want, 1)
	out := make([]route, 0, want)
	for i := 0; i < len(routes) && len(out) < want; i += step {
		out = append(out, routes[i])
	}
	return out
}

// BenchmarkScale requests 200 routes spread over tables of growing size;
// ns/route is the figure to compare across sizes.
func BenchmarkScale(b *testing.B) {
	for _, n := range scaleSizes {
		routes := manyRoutes(n)
		reqs := spread(routes)
		for _, c := range scaleRouters() {
			if n > c.max {
				continue
			}
			b.Run(fmt.Sprintf("%d/%s", n, c.name), func(b *testing.B) {
				h, err := c.load(routes, nil)
				if err != nil {
					b.Skip(err)
				}
				benchRoutes(b, h, reqs)
			})
		}
	}
}

// BenchmarkScaleRegister registers the tables of BenchmarkScale; ns/route
// staying flat means registration is linear.
func BenchmarkScaleRegister(b *testing.B) {
	for _, n := range scaleSizes {
		routes := manyRoutes(n)
		for _, c := range scaleRouters() {
			if n > c.max {
				continue
			}
			b.Run(fmt.Sprintf("%d/%s", n, c.name), func(b *testing.B) {
				for b.Loop() {
					if _, err := c.load(routes, nil); err != nil {
						b.Fatal(err)
					}
				}
				reportPer(b, len(routes), "route")
			})
		}
	}
}

// TestScaleRoutersServeSpread checks that every router reaches the right
// handler for the requests of BenchmarkScale at its largest table up to
// 20,000 routes.
func TestScaleRoutersServeSpread(t *testing.T) {
	for _, c := range scaleRouters() {
		n := min(c.max, 20_000)
		routes := manyRoutes(n)
		checkRouters(t, []contestant{c.contestant}, fmt.Sprintf("scale%d", n), routes)
	}
}

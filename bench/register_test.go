package bench

// Registration: time to build a router and the heap it retains, per route,
// for the GitHub set and for 10,000 routes.

import "testing"

func benchRegister(b *testing.B, cs []contestant, routes []route) {
	for _, c := range cs {
		b.Run(c.name, func(b *testing.B) {
			if _, err := c.load(routes, nil); err != nil {
				b.Skip(err)
			}
			heap := heapPerRoute(func() any {
				h, _ := c.load(routes, nil)
				return h
			}, len(routes))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.load(routes, nil); err != nil {
					b.Fatal(err)
				}
			}
			reportPer(b, len(routes), "route")
			b.ReportMetric(heap, "B/route")
		})
	}
}

// BenchmarkRegisterGithub builds a router with the 203 GitHub routes.
func BenchmarkRegisterGithub(b *testing.B) {
	benchRegister(b, routers(), loadRoutes(b, "github"))
}

// BenchmarkRegister10k builds a router with 5,000 "GET
// /api/v1/resN/items/:id" and 5,000 "POST /api/v1/resN/items" routes.
func BenchmarkRegister10k(b *testing.B) {
	benchRegister(b, registerRouters(), manyRoutes(10_000))
}

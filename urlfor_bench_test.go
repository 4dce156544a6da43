package fwk_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
)

// inView runs f inside the Probe view of a request, where a *Ctx exists.
func inView(tb testing.TB, f func(*fwk.Ctx)) {
	tb.Helper()
	ran := false
	app := newNavApp(tb, nil, func(ctx *fwk.Ctx) error {
		ran = true
		f(ctx)
		return ctx.NoContent()
	})
	app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/probe", nil))
	if !ran {
		tb.Fatal("the probe view did not run")
	}
}

// BenchmarkCtxURLFor builds a URL of an endpoint with two params (an int
// and a string) from a view.
func BenchmarkCtxURLFor(b *testing.B) {
	inView(b, func(ctx *fwk.Ctx) {
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			u, err := ctx.URLFor("nav_controller.article", "year", 2024, "slug", "hello")
			if err != nil || len(u) != len("/articles/2024/hello") {
				b.Fatalf("URLFor = %q, %v", u, err)
			}
		}
	})
}

// BenchmarkCtxURLForMethod builds the same URL from a bare method name of
// the current controller.
func BenchmarkCtxURLForMethod(b *testing.B) {
	inView(b, func(ctx *fwk.Ctx) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ctx.URLFor("Article", "year", 2024, "slug", "hello"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCtxURLForExternal builds an absolute URL.
func BenchmarkCtxURLForExternal(b *testing.B) {
	inView(b, func(ctx *fwk.Ctx) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ctx.URLFor("nav_controller.article", "year", 2024, "slug", "hello", fwk.External()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestCtxURLForAllocs pins the allocation budget of the common call: the
// result string only (the variadic arguments stay on the caller's stack).
func TestCtxURLForAllocs(t *testing.T) {
	inView(t, func(ctx *fwk.Ctx) {
		allocs := testing.AllocsPerRun(100, func() {
			if _, err := ctx.URLFor("nav_controller.article", "year", 2024, "slug", "hello"); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 1 {
			t.Errorf("Ctx.URLFor allocates %v times per call, want <= 1", allocs)
		}
	})
}

package fwk_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// freshHeaderRW makes a new header map on every Header call, like the
// response writers of router benchmarks.
type freshHeaderRW struct{}

func (freshHeaderRW) Header() http.Header         { return http.Header{} }
func (freshHeaderRW) Write(b []byte) (int, error) { return len(b), nil }
func (freshHeaderRW) WriteHeader(int)             {}

// TestServeDoesNotTouchHeadersOfQuietViews: a view that writes nothing
// costs no allocation even on such a writer, because the headers that
// error pages keep are recorded only once someone touches them.
func TestServeDoesNotTouchHeadersOfQuietViews(t *testing.T) {
	a, _ := appWithLogs(t, false,
		routes.Func("/quiet", func(*fwk.Ctx) error { return nil }),
		routes.Func("/users/<int:id>", func(*fwk.Ctx, int) error { return nil }),
	)
	for _, path := range []string{"/quiet", "/users/7"} {
		req := httptest.NewRequest("GET", path, nil)
		if n := testing.AllocsPerRun(200, func() { a.ServeHTTP(freshHeaderRW{}, req) }); n != 0 {
			t.Errorf("GET %s: %v allocations per request, want 0", path, n)
		}
	}
}

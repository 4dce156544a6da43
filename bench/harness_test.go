package bench

// The harness of go-http-routing-benchmark: one reused *http.Request whose
// Method, RequestURI and URL.Path are overwritten for every route, a mock
// ResponseWriter and no-op handlers.

import (
	"net/http"
	"runtime"
	"testing"
)

// mockResponseWriter discards the response and remembers the first status.
// Like upstream's, Header returns a fresh map on every call.
type mockResponseWriter struct{ status int }

func (w *mockResponseWriter) Header() http.Header { return http.Header{} }

func (w *mockResponseWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return len(p), nil
}

func (w *mockResponseWriter) WriteString(s string) (int, error) {
	w.WriteHeader(http.StatusOK)
	return len(s), nil
}

func (w *mockResponseWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

// statusCode returns the status written, 200 when nothing was.
func (w *mockResponseWriter) statusCode() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

// newRequest returns the request the harness reuses.
func newRequest(tb testing.TB) *http.Request {
	tb.Helper()
	req, err := http.NewRequest(http.MethodGet, "/", nil)
	if err != nil {
		tb.Fatal(err)
	}
	return req
}

// setRoute points req at r, as upstream does.
func setRoute(req *http.Request, r route) {
	req.Method = r.method
	req.RequestURI = r.path
	req.URL.Path = r.path
	req.URL.RawQuery = ""
}

// benchRoutes requests every route of routes once per iteration.
func benchRoutes(b *testing.B, h http.Handler, routes []route) {
	w := new(mockResponseWriter)
	req := newRequest(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range routes {
			setRoute(req, r)
			h.ServeHTTP(w, req)
		}
	}
	reportPer(b, len(routes), "route")
}

// reportPer adds the metric ns/<unit>, the time per unit when an op holds
// perOp units.
func reportPer(b *testing.B, perOp int, unit string) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(perOp), "ns/"+unit)
}

// heapPerRoute builds a router with build and returns the heap it retains,
// in bytes per route: the heap-delta method of the upstream suite (four
// forced collections before and after building).
func heapPerRoute(build func() any, routes int) float64 {
	var before, after runtime.MemStats
	collect := func(ms *runtime.MemStats) {
		for range 4 {
			runtime.GC()
		}
		runtime.ReadMemStats(ms)
	}
	collect(&before)
	keep := build()
	collect(&after)
	runtime.KeepAlive(keep)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(routes)
}

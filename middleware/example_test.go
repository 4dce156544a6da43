package middleware_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/fwkgo/fwk/middleware"
)

// chain applies middleware to h, the first listed outermost, as fwk does
// with a bundle's Middleware.
func chain(h http.Handler, mws ...func(http.Handler) http.Handler) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// A logger without the time, so that the output is stable.
func exampleLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == "duration" {
				return slog.Attr{}
			}
			return a
		},
	}))
}

func ExampleAccessLog() {
	h := chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "hello")
	}), middleware.RequestID(), middleware.AccessLog(exampleLogger()))

	r := httptest.NewRequest("GET", "/hello", nil)
	r.Header.Set("X-Request-ID", "req-1")
	h.ServeHTTP(httptest.NewRecorder(), r)
	// Output:
	// level=INFO msg=request method=GET path=/hello client=192.0.2.1 status=200 bytes=5 request_id=req-1
}

func ExampleRequestID() {
	h := middleware.RequestID()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Println("id:", middleware.RequestIDFrom(r.Context()))
	}))
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("X-Request-ID", "from-the-proxy")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	fmt.Println("header:", w.Header().Get("X-Request-ID"))
	// Output:
	// id: from-the-proxy
	// header: from-the-proxy
}

func ExampleRealIP() {
	h := middleware.RealIP(netip.MustParsePrefix("10.0.0.0/8"))(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Println(r.RemoteAddr)
	}))
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "10.0.0.2:51000" // the load balancer
	r.Header.Set("X-Forwarded-For", "203.0.113.7")
	h.ServeHTTP(httptest.NewRecorder(), r)

	r.RemoteAddr = "192.0.2.1:51000" // anyone else: the header is ignored
	h.ServeHTTP(httptest.NewRecorder(), r)
	// Output:
	// 203.0.113.7:0
	// 192.0.2.1:51000
}

func ExampleCompress() {
	h := middleware.Compress()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(w, strings.Repeat("compressible ", 200))
	}))
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	fmt.Println(w.Header().Get("Content-Encoding"), w.Body.Len() < 2600)
	// Output: gzip true
}

func ExampleCORS() {
	h := middleware.CORS(middleware.CORSOptions{
		AllowedOrigins: []string{"https://app.example.com"},
		AllowedMethods: []string{"GET", "POST"},
	})(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	r := httptest.NewRequest("OPTIONS", "/api/notes", nil)
	r.Header.Set("Origin", "https://app.example.com")
	r.Header.Set("Access-Control-Request-Method", "POST")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	fmt.Println(w.Code, w.Header().Get("Access-Control-Allow-Origin"))
	// Output: 204 https://app.example.com
}

func ExampleTimeout() {
	h := middleware.Timeout(10 * time.Millisecond)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // a slow handler that stops when told
	}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	fmt.Println(w.Code)
	// Output: 503
}

func ExampleBodyLimit() {
	h := middleware.BodyLimit(8)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader("more than eight bytes")))
	fmt.Println(w.Code)
	// Output: 413
}

func ExampleRecorder() {
	h := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := middleware.NewRecorder(w)
			next.ServeHTTP(rec, r)
			fmt.Println(rec.Status(), rec.Bytes())
		})
	}(http.NotFoundHandler())
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	// Output: 404 19
}

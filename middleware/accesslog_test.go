package middleware_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/middleware"
	"github.com/fwkgo/fwk/routes"
)

// syncBuffer is a bytes.Buffer safe for the server goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) records(t *testing.T) []map[string]any {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	dec := json.NewDecoder(bytes.NewReader(s.b.Bytes()))
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestAccessLog(t *testing.T) {
	var buf syncBuffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "twelve bytes") })
	mux.HandleFunc("/empty", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/boom", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(2 * time.Millisecond)
		http.Error(w, "boom", http.StatusBadGateway)
	})
	chain := middleware.RequestID()(middleware.AccessLog(log)(mux))
	url := serve(t, chain)
	tests := []struct {
		path   string
		status float64
		bytes  float64
		level  string
	}{
		{"/ok", 200, 12, "INFO"},
		{"/empty", 200, 0, "INFO"},
		{"/boom", 502, 5, "ERROR"},
		{"/missing", 404, 19, "INFO"},
	}
	for _, tt := range tests {
		do(t, "GET", url+tt.path, nil, map[string]string{"X-Request-ID": "rid" + tt.path[1:]})
	}
	recs := buf.records(t)
	if len(recs) != len(tests) {
		t.Fatalf("%d records, want %d", len(recs), len(tests))
	}
	for i, tt := range tests {
		r := recs[i]
		if r["path"] != tt.path || r["method"] != "GET" || r["status"] != tt.status ||
			r["bytes"] != tt.bytes || r["level"] != tt.level || r["request_id"] != "rid"+tt.path[1:] {
			t.Errorf("record %d = %v, want path %s status %v bytes %v level %s", i, r, tt.path, tt.status, tt.bytes, tt.level)
		}
		if d, _ := r["duration"].(float64); d <= 0 {
			t.Errorf("record %d: duration %v", i, r["duration"])
		}
	}
}

// TestRecorderFlush checks that streaming works through the recorder: the
// client reads the first chunk before the handler writes the second.
func TestRecorderFlush(t *testing.T) {
	next := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "first\n")
		if err := http.NewResponseController(w).Flush(); err != nil {
			t.Error(err)
		}
		<-next
		_, _ = io.WriteString(w, "second\n")
	})
	url := serve(t, middleware.AccessLog(slog.New(slog.DiscardHandler))(h))
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 6)
	if _, err := io.ReadFull(resp.Body, buf); err != nil || string(buf) != "first\n" {
		t.Fatalf("first chunk %q, %v", buf, err)
	}
	close(next)
	rest, _ := io.ReadAll(resp.Body)
	if string(rest) != "second\n" {
		t.Errorf("rest = %q", rest)
	}
}

func TestRecorder(t *testing.T) {
	tests := []struct {
		name   string
		write  func(w http.ResponseWriter)
		status int
		bytes  int64
	}{
		{"nothing", func(http.ResponseWriter) {}, 0, 0},
		{"implicit 200", func(w http.ResponseWriter) { _, _ = w.Write([]byte("abc")) }, 200, 3},
		{"early hints then 201", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusEarlyHints)
			w.WriteHeader(http.StatusCreated)
		}, 201, 0},
		{"second status ignored", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusTeapot)
			w.WriteHeader(http.StatusOK)
		}, 418, 0},
		{"ReadFrom", func(w http.ResponseWriter) { _, _ = io.Copy(w, bytes.NewReader(make([]byte, 5000))) }, 200, 5000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := middleware.NewRecorder(httptestRecorder())
			tt.write(rec)
			if rec.Status() != tt.status || rec.Bytes() != tt.bytes {
				t.Errorf("Status, Bytes = %d, %d; want %d, %d", rec.Status(), rec.Bytes(), tt.status, tt.bytes)
			}
		})
	}
}

// TestAccessLogCountsWireBytes: outside Compress, AccessLog logs the bytes
// sent, compressed.
func TestAccessLogCountsWireBytes(t *testing.T) {
	var buf syncBuffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	url := serve(t, middleware.AccessLog(log)(middleware.Compress()(hello(4096))))
	_, body := do(t, "GET", url, nil, map[string]string{"Accept-Encoding": "gzip"})
	recs := buf.records(t)
	if len(recs) != 1 || recs[0]["bytes"] != float64(len(body)) || len(body) >= 4096 {
		t.Errorf("records %v for a %d-byte gzipped body", recs, len(body))
	}
}

// logBundle serves /hello with AccessLog as app-wide middleware.
type logBundle struct{ log *slog.Logger }

func (logBundle) Name() string { return "app" }
func (logBundle) Routes() []*fwk.Route {
	return routes.Tree(routes.Func("/hello", func(c *fwk.Ctx) error { return c.Respond(http.StatusOK, "hello") }))
}
func (b logBundle) Middleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{middleware.AccessLog(b.log)}
}

// TestAccessLogClient: the record names the client's address: behind a
// trusted proxy (TRUSTED_PROXIES, PROXY_X_FOR) the one the proxy appended,
// from any other peer the connection's, whatever X-Forwarded-For says.
func TestAccessLogClient(t *testing.T) {
	for _, tc := range []struct {
		trusted string
		want    string
	}{{"127.0.0.1", "203.0.113.7"}, {"192.0.2.1", "127.0.0.1"}} {
		var buf syncBuffer
		cfg := fwk.DefaultConfig()
		cfg.Logger = slog.New(slog.DiscardHandler)
		cfg.TrustedProxies, cfg.ProxyXFor = []string{tc.trusted}, 1
		app, err := fwk.New(cfg, logBundle{log: slog.New(slog.NewJSONHandler(&buf, nil))})
		if err != nil {
			t.Fatal(err)
		}
		do(t, "GET", serve(t, app)+"/hello", nil, map[string]string{"X-Forwarded-For": "198.51.100.1, 203.0.113.7"})
		recs := buf.records(t)
		if len(recs) != 1 || recs[0]["client"] != tc.want {
			t.Errorf("TRUSTED_PROXIES=%s: records %v, want client %s", tc.trusted, recs, tc.want)
		}
	}
}

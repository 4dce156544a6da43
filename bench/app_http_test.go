package bench

// Two workloads of the end-to-end benchmark (e2e/) served by net/http's own
// server without the network: one keep-alive connection held in memory
// delivers the requests wrk sends, one after the other, and swallows the
// responses. What is measured is what a server process does per request
// above the kernel (parsing the request, the framework, writing the
// response headers and body, and the garbage collection all this causes),
// without the scheduling and the system calls that make loopback figures
// depend on the machine's load; under callgrind (instructions.sh) the
// figures do not depend on it at all. The handlers are the e2e servers'
// own (package e2e/apps; TestAppHTTPAnswers checks their answers). Besides the time, each run reports the heap the
// handler keeps alive (kB-live): the collector scans it in every cycle, and with a live
// heap of about 1 MB, as in the e2e servers, every cycle starts after 4 MB
// of allocation (the collector's minimum heap), so a handler that keeps more
// pays more per request in collections.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fwkgo/fwk/bench/e2e/apps"
	"github.com/fwkgo/fwk/bench/e2e/workload"
)

// memConn is a keep-alive connection in memory. Read delivers the bytes of
// the requests in turn, n in all, then blocks until every response was
// written (then io.EOF), the read deadline passed or the conn was closed;
// Write counts the responses (by their status lines) and discards them,
// keeping them in out when asked to.
type memConn struct {
	reqs [][]byte // one request each
	next int      // the request Read delivers next
	off  int      // how much of it was delivered
	left int      // requests still to deliver
	want int      // responses still expected
	buf  []byte   // the tail of the last Write, for a status line split over two writes
	out  *bytes.Buffer

	mu       sync.Mutex
	done     chan struct{} // closed once every response was written
	deadline chan struct{} // closed by a read deadline in the past
	closed   chan struct{}
	once     sync.Once
}

func newMemConn(reqs [][]byte, n int) *memConn {
	return &memConn{reqs: reqs, left: n, want: n, done: make(chan struct{}), deadline: make(chan struct{}),
		closed: make(chan struct{})}
}

var errTimeout = timeoutError{}

type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

func (c *memConn) Read(p []byte) (int, error) {
	c.mu.Lock()
	if c.left == 0 {
		dl := c.deadline
		c.mu.Unlock()
		select {
		case <-c.done:
			return 0, io.EOF
		case <-dl:
			return 0, errTimeout
		case <-c.closed:
			return 0, net.ErrClosed
		}
	}
	defer c.mu.Unlock()
	n := 0
	for n < len(p) && c.left > 0 {
		r := c.reqs[c.next]
		k := copy(p[n:], r[c.off:])
		n += k
		c.off += k
		if c.off == len(r) {
			c.off = 0
			c.next = (c.next + 1) % len(c.reqs)
			c.left--
		}
	}
	return n, nil
}

var statusLine = []byte("HTTP/1.1 ")

func (c *memConn) Write(p []byte) (int, error) {
	if c.out != nil {
		c.out.Write(p)
	}
	c.buf = append(c.buf, p...)
	k := bytes.Count(c.buf, statusLine)
	if k > 0 {
		c.want -= k
		c.buf = c.buf[:0]
	} else if len(c.buf) > len(statusLine) {
		c.buf = append(c.buf[:0], c.buf[len(c.buf)-len(statusLine):]...)
	}
	if c.want <= 0 {
		c.once.Do(func() { close(c.done) })
	}
	return len(p), nil
}

func (c *memConn) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	select {
	case <-c.closed:
	default:
		close(c.closed)
	}
	return nil
}

func (c *memConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !t.IsZero() && !t.After(time.Now()) {
		select {
		case <-c.deadline:
		default:
			close(c.deadline)
		}
	} else {
		select {
		case <-c.deadline:
			c.deadline = make(chan struct{})
		default:
		}
	}
	return nil
}

func (c *memConn) LocalAddr() net.Addr                { return memAddr{} }
func (c *memConn) RemoteAddr() net.Addr               { return memAddr{} }
func (c *memConn) SetDeadline(t time.Time) error      { return c.SetReadDeadline(t) }
func (c *memConn) SetWriteDeadline(_ time.Time) error { return nil }

type memAddr struct{}

func (memAddr) Network() string { return "tcp" }
func (memAddr) String() string  { return "127.0.0.1:8080" }

// oneConnListener accepts c once, then blocks until closed.
type oneConnListener struct {
	c      net.Conn
	served chan struct{}
}

func (l *oneConnListener) Accept() (net.Conn, error) {
	if c := l.c; c != nil {
		l.c = nil
		return c, nil
	}
	<-l.served
	return nil, net.ErrClosed
}
func (l *oneConnListener) Close() error   { return nil }
func (l *oneConnListener) Addr() net.Addr { return memAddr{} }

// wrkRequests returns the requests of the GitHub set as wrk writes them.
func wrkRequests(rts []route) [][]byte {
	reqs := make([][]byte, len(rts))
	for i, rt := range rts {
		reqs[i] = []byte(rt.method + " " + rt.path + " HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n")
	}
	return reqs
}

// serveMem serves n requests of reqs, in turn, with h through an
// http.Server, writing the responses to out unless it is nil.
func serveMem(tb testing.TB, h http.Handler, reqs [][]byte, n int, out *bytes.Buffer) {
	tb.Helper()
	c := newMemConn(reqs, n)
	c.out = out
	l := &oneConnListener{c: c, served: make(chan struct{})}
	srv := &http.Server{Handler: h}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select { // no time limit: under callgrind on a busy machine a run takes minutes
	case <-c.done:
	case <-c.closed:
		// Once every answer is written the server reads io.EOF and closes:
		// a goroutine that wakes late finds both closed, and select picks
		// either.
		select {
		case <-c.done:
		default:
			tb.Fatal("the server closed the connection before answering every request")
		}
	}
	close(l.served)
	<-c.closed
	if err := <-errc; err != nil && !errors.Is(err, net.ErrClosed) {
		tb.Fatal(err)
	}
}

// e2eRoutes is rts as the e2e workload spells them.
func e2eRoutes(rts []route) []workload.Route {
	out := make([]workload.Route, len(rts))
	for i, rt := range rts {
		out[i] = workload.Route{Method: rt.method, Pattern: rt.pattern, Path: rt.path, Params: paramNames(rt.pattern)}
	}
	return out
}

// e2eFwk and e2eGin are the e2e servers' handlers (apps) for rts: the
// GitHub set, or with none the user and signup workloads.
func e2eFwk(rts []route) (http.Handler, error) { return apps.Fwk(e2eRoutes(rts)) }
func e2eGin(rts []route) (http.Handler, error) { return apps.Gin(e2eRoutes(rts)), nil }

// httpServer is one server of an AppHTTP benchmark.
type httpServer struct {
	name string
	load func([]route) (http.Handler, error)
}

// userReqs is GET /users/12345 as wrk sends it.
var userReqs = [][]byte{[]byte("GET /users/12345 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n")}

func TestAppHTTPAnswers(t *testing.T) {
	rts := loadRoutes(t, "github")
	var want bytes.Buffer
	for _, rt := range rts {
		body := []byte(strings.Join(appendNames(nil, paramNames(rt.pattern)), ","))
		fmt.Fprintf(&want, "200 %s|", body)
	}
	for _, s := range []httpServer{{"fwk", e2eFwk}, {"gin", e2eGin}} {
		checkHTTPAnswers(t, s, rts, wrkRequests(rts), want.String())
	}
	for _, s := range []httpServer{{"fwk", e2eFwk}, {"fwk-metrics", e2eFwkMetrics}, {"gin", e2eGin}} {
		checkHTTPAnswers(t, s, nil, userReqs, `200 {"id":12345,"name":"Ann Smith","email":"ann@example.com"}|`)
	}
}

// appendNames appends name+"1" for each of names: the values of the
// request paths.
func appendNames(dst []string, names []string) []string {
	for _, n := range names {
		dst = append(dst, n+"1")
	}
	return dst
}

// checkHTTPAnswers serves reqs with s and compares the statuses and bodies
// of the responses, "<status> <body>|" each (a final newline left out),
// with want.
func checkHTTPAnswers(t *testing.T, s httpServer, rts []route, reqs [][]byte, want string) {
	t.Helper()
	h, err := s.load(rts)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	serveMem(t, h, reqs, len(reqs), &out)
	var got strings.Builder
	br := bufio.NewReader(&out)
	for range reqs {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		body, _ := io.ReadAll(resp.Body)
		fmt.Fprintf(&got, "%d %s|", resp.StatusCode, bytes.TrimSuffix(body, []byte("\n")))
	}
	if got.String() != want {
		t.Errorf("%s answered\n%s\nwant\n%s", s.name, got.String(), want)
	}
}

func BenchmarkAppHTTPGithub(b *testing.B) {
	rts := loadRoutes(b, "github")
	benchHTTP(b, []httpServer{{"fwk", e2eFwk}, {"gin", e2eGin}}, rts, wrkRequests(rts))
}

// BenchmarkAppHTTPGithubGC is AppHTTPGithub with the automatic collector
// off and a collection after every 1,300 requests instead: what a server
// whose live heap is about 1 MB does (a cycle every 3 MB or so of
// allocation, at 2.2 kB a request), at fixed places, so that callgrind
// counts the collector's work the same in every run (the automatic
// collector's pacing follows the clock: GOGC=100 counts move by a few
// percent from run to run).
func BenchmarkAppHTTPGithubGC(b *testing.B) {
	rts := loadRoutes(b, "github")
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	every := func(load func([]route) (http.Handler, error)) func([]route) (http.Handler, error) {
		return func(rts []route) (http.Handler, error) {
			h, err := load(rts)
			return &gcEvery{h: h, n: 1300}, err
		}
	}
	benchHTTP(b, []httpServer{{"fwk", every(e2eFwk)}, {"gin", every(e2eGin)}}, rts, wrkRequests(rts))
}

// gcEvery serves with h and collects after every n requests.
type gcEvery struct {
	h    http.Handler
	n, i int
}

func (g *gcEvery) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.h.ServeHTTP(w, r)
	if g.i++; g.i == g.n {
		g.i = 0
		runtime.GC()
	}
}

func BenchmarkAppHTTPUser(b *testing.B) {
	benchHTTP(b, []httpServer{{"fwk", e2eFwk}, {"fwk-metrics", e2eFwkMetrics}, {"gin", e2eGin}}, nil, userReqs)
}

// benchHTTP serves b.N requests of reqs, in turn, with each server.
func benchHTTP(b *testing.B, servers []httpServer, rts []route, reqs [][]byte) {
	for _, s := range servers {
		b.Run(s.name, func(b *testing.B) {
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			h, err := s.load(rts)
			if err != nil {
				b.Fatal(err)
			}
			runtime.GC()
			runtime.ReadMemStats(&m1)
			live := float64(m1.HeapAlloc) - float64(m0.HeapAlloc)
			b.ReportAllocs()
			b.ResetTimer()
			serveMem(b, h, reqs, b.N, nil)
			b.StopTimer()
			runtime.ReadMemStats(&m0)
			b.ReportMetric(float64(m0.NumGC-m1.NumGC)*1e6/float64(b.N), "GCs/Mreq")
			b.ReportMetric(live/1e3, "kB-live")
			runtime.KeepAlive(h)
		})
	}
}

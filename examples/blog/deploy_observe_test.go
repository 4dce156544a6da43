//go:build postgres

package main

// What an operator of the deployment test sees (TestDeploy): the
// replicas' Prometheus metrics, scraped on each replica's own address as
// Prometheus would, must count the requests the users sent, route by
// route; and a request sent with a sampled traceparent must leave a span
// named by its route in a replica's log, with its trace id in the access
// log.

import (
	"bufio"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// spoofLoginTries bounds the logins of the spoofing client: spoofLogins
// makes deployReplicas*30 attempts, each after a login page at most.
const spoofLoginTries = deployReplicas * 30

// deployObserveEnv turns tracing on in the replicas: spans as JSON lines in
// their logs, for the requests whose traceparent asks for it only.
var deployObserveEnv = []string{"BLOG_TRACE=stdout", "BLOG_TRACE_RATIO=0"}

// opRoutes are the method and rule of each operation of the simulated
// users (simUser): the labels their requests are counted under.
var opRoutes = map[string]string{
	"login page":   "GET /login",
	"login":        "POST /login",
	"contact page": "GET /contact",
	"contact post": "POST /contact",
	"home page":    "GET /",
	"api post":     "POST /api/posts",
	"api comment":  "POST /api/posts/<int:post_id>/comments",
}

// lifetime is what the scrapes saw of one process of a replica.
type lifetime struct {
	replica int
	started string             // its process_start_time_seconds
	counts  map[string]float64 // "METHOD rule" -> requests counted
	last    time.Time          // when the last successful scrape was sent
	gone    time.Time          // the first scrape that found it gone (zero: alive)
}

// scraper scrapes every replica's /metrics, as often as Prometheus would
// if it were impatient, and keeps each process's last counts: a process
// that stops takes with it what it counted after its last scrape.
type scraper struct {
	addrs []string
	cl    *http.Client
	mu    sync.Mutex
	lives []*lifetime
	cur   []*lifetime // by replica
	stop  chan struct{}
	done  chan struct{}
}

func startScraper(addrs []string) *scraper {
	s := &scraper{addrs: addrs, cl: &http.Client{Timeout: 2 * time.Second}, cur: make([]*lifetime, len(addrs)),
		stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		tick := time.NewTicker(150 * time.Millisecond)
		defer tick.Stop()
		for {
			s.scrapeAll()
			select {
			case <-s.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return s
}

// finish stops the polling and scrapes every replica a last time.
func (s *scraper) finish() {
	close(s.stop)
	<-s.done
	s.scrapeAll()
}

func (s *scraper) scrapeAll() {
	for i := range s.addrs {
		s.scrape(i)
	}
}

var (
	requestsLine = regexp.MustCompile(`^fwk_http_requests_total\{(.*)\} (\S+)$`)
	labelPair    = regexp.MustCompile(`(\w+)="([^"]*)"`)
)

// scrape reads replica i's metrics.
func (s *scraper) scrape(i int) {
	sent := time.Now()
	started, counts, err := s.read("http://" + s.addrs[i] + "/metrics")
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.cur[i]
	if err != nil {
		if cur != nil && cur.gone.IsZero() {
			cur.gone = time.Now()
		}
		return
	}
	if cur == nil || cur.started != started {
		if cur != nil && cur.gone.IsZero() {
			cur.gone = time.Now() // it ended between two scrapes
		}
		cur = &lifetime{replica: i, started: started}
		s.cur[i] = cur
		s.lives = append(s.lives, cur)
	}
	cur.counts, cur.last = counts, sent
}

// read returns a process's start time and its request counts.
func (s *scraper) read(url string) (string, map[string]float64, error) {
	res, err := s.cl.Get(url)
	if err != nil {
		return "", nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return "", nil, fmt.Errorf("%s: %s", url, res.Status)
	}
	started, counts := "", map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "process_start_time_seconds "); ok {
			started = v
		}
		m := requestsLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		labels := map[string]string{}
		for _, p := range labelPair.FindAllStringSubmatch(m[1], -1) {
			labels[p[1]] = p[2]
		}
		n, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			return "", nil, fmt.Errorf("%s: %q: %w", url, line, err)
		}
		counts[labels["method"]+" "+labels["route"]] += n
	}
	if started == "" {
		return "", nil, fmt.Errorf("%s: no process_start_time_seconds", url)
	}
	return started, counts, sc.Err()
}

// checkMetrics compares the counts of the scrapes with the ledger, route by
// route: a replica counts each request it served once, so the sum of every
// process's last counts is at most what was sent, and what is missing must
// be explained: a request that got no answer from a replica (the killed
// one: no answer, or HAProxy's 502/503/504), or one in flight after the
// last scrape of a process that then stopped (killed, or restarted).
//
// The spoofing client's logins (spoofResult) are not in the
// ledger: GET and POST /login may count up to spoofTries more.
func checkMetrics(t *testing.T, s *scraper, l *ledger, spoofTries int) {
	t.Helper()
	s.finish()
	counted := map[string]float64{}
	var blind [][2]time.Time
	for _, lt := range s.lives {
		for k, n := range lt.counts {
			counted[k] += n
		}
		if !lt.gone.IsZero() {
			blind = append(blind, [2]time.Time{lt.last, lt.gone})
		}
	}
	sent, failed, inBlind := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range l.results {
		k, ok := opRoutes[r.op]
		if !ok {
			t.Errorf("operation %q has no route in opRoutes", r.op)
			continue
		}
		sent[k]++
		switch {
		case r.status == 0 || r.status == 502 || r.status == 503 || r.status == 504:
			failed[k]++
		case overlaps(r, blind):
			inBlind[k]++
		}
	}
	keys := make([]string, 0, len(sent))
	for k := range sent {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("  metrics: %d processes scraped (%d stopped during the run)\n", len(s.lives), len(blind))
	for _, k := range keys {
		n, c := sent[k], int(counted[k])
		missing, extra := n-c, 0
		if k == "GET /login" || k == "POST /login" {
			extra = spoofTries
		}
		fmt.Printf("    %-45s sent %5d, counted %5d, missing %3d (failed %d, in flight when a process stopped after its last scrape %d; the spoofing client's, up to %d)\n",
			k, n, c, missing, failed[k], inBlind[k], extra)
		if missing < -extra || missing > failed[k]+inBlind[k] {
			t.Errorf("%s: sent %d, the replicas counted %d: %d missing cannot be explained", k, n, c, missing)
		}
	}
	for k, n := range counted {
		if sent[k] == 0 && n > 0 {
			t.Errorf("the replicas counted %v requests of %s, which no user sent", n, k)
		}
	}
}

// overlaps reports whether the request r was in flight in one of the windows.
func overlaps(r result, windows [][2]time.Time) bool {
	for _, w := range windows {
		if !r.at.Add(r.dur).Before(w[0]) && !r.at.After(w[1]) {
			return true
		}
	}
	return false
}

// checkTrace sends one request with a sampled traceparent through the
// balancer and finds its span, named by the route, in a replica's log, and
// its trace id in that replica's access log.
func checkTrace(t *testing.T, base string, roots *x509.CertPool, dir string) {
	t.Helper()
	traceID, spanID := randomHex(16), randomHex(8)
	req, _ := http.NewRequest("GET", base+"/contact", nil)
	req.Header.Set("Traceparent", "00-"+traceID+"-"+spanID+"-01")
	cl := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}, Timeout: 20 * time.Second}
	res, err := cl.Do(req)
	if err != nil {
		t.Fatalf("traced request: %v", err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	var span *loggedSpan
	bound := time.Now().Add(startBound) // generous for a busy machine: no assertion on time
	for span = findSpan(dir, traceID); span == nil; span = findSpan(dir, traceID) {
		if time.Now().After(bound) {
			t.Fatalf("the span of the traced request is in no replica's log after %v", startBound)
		}
		time.Sleep(20 * time.Millisecond)
	}
	route := span.attr("http.route")
	fmt.Printf("  trace %s: span %q, http.route %q, parent %s\n", traceID, span.Name, route, span.Parent.SpanID)
	if span.Name != "GET /contact" || route != "/contact" {
		t.Errorf("the traced request's span is %q with http.route %q, want \"GET /contact\" and \"/contact\"", span.Name, route)
	}
	if span.Parent.SpanID != spanID {
		t.Errorf("the span's parent is %s, want the traceparent's %s", span.Parent.SpanID, spanID)
	}
	if !logHas(dir, "msg=request", "trace_id="+traceID) {
		t.Errorf("no access log line carries trace_id=%s", traceID)
	}
}

// checkMetricsNotPublic checks that the balancer refuses /metrics: the
// replicas' metrics are read on their own addresses, never from outside.
func checkMetricsNotPublic(t *testing.T, base string, roots *x509.CertPool) {
	t.Helper()
	cl := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}, Timeout: 20 * time.Second}
	res, err := cl.Get(base + "/metrics")
	if err != nil {
		t.Fatalf("GET /metrics through the balancer: %v", err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("GET /metrics through the balancer: status %d, want 403", res.StatusCode)
	}
}

// loggedSpan is the part of stdouttrace's JSON of a span the test reads.
type loggedSpan struct {
	Name        string
	SpanContext struct{ TraceID string }
	Parent      struct{ SpanID string }
	Attributes  []struct {
		Key   string
		Value struct{ Value any }
	}
}

func (s *loggedSpan) attr(key string) string {
	for _, a := range s.Attributes {
		if a.Key == key {
			return fmt.Sprint(a.Value.Value)
		}
	}
	return ""
}

// findSpan returns the span of traceID in the replicas' logs, or nil.
func findSpan(dir, traceID string) *loggedSpan {
	var found *loggedSpan
	eachLogLine(dir, func(line string) {
		if !strings.HasPrefix(line, "{") || !strings.Contains(line, traceID) {
			return
		}
		var s loggedSpan
		if json.Unmarshal([]byte(line), &s) == nil && s.SpanContext.TraceID == traceID {
			found = &s
		}
	})
	return found
}

// logHas reports whether a line of the replicas' logs holds every part.
func logHas(dir string, parts ...string) bool {
	found := false
	eachLogLine(dir, func(line string) {
		for _, p := range parts {
			if !strings.Contains(line, p) {
				return
			}
		}
		found = true
	})
	return found
}

func eachLogLine(dir string, fn func(string)) {
	paths, _ := filepath.Glob(filepath.Join(dir, "blog*.log"))
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			fn(sc.Text())
		}
		f.Close()
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

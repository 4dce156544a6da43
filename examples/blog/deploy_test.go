//go:build postgres

package main

// TestDeploy runs the blog as it is deployed: three processes behind
// HAProxy, which ends TLS and spreads requests round-robin without
// stickiness, on one PostgreSQL database and one Redis session store; the
// third replica is behind a second proxy that appends to the forwarding
// headers. Users, each from its own address with a cookie jar, log in,
// post the contact form and read its flash, and write posts and comments
// through the API, while one replica is killed (SIGKILL) and restarted,
// every replica is restarted twice to rotate SECRET_KEY, Redis is stopped
// and started again, and a client spoofing X-Forwarded-For tries
// passwords at the login limit (its default). It runs with
// BLOG_DEPLOY_TEST=1 (deploy/run.sh, run by .ci/run).
//
// The verdicts: checkMinimums and checkWrites (successes per kind, writes
// stored once), checkClientAddrs (client addresses, the login limit), and
// the users' own checks (simUser). A new check takes the
// *deployment and goes in a file of its own, called from TestDeploy.

import (
	"context"
	"crypto/rand"
	"crypto/x509"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Settings of the run: enough load to interleave users and faults, small
// enough for CI (about a minute with the build).
const (
	deployReplicas = 3
	deployUsers    = 6
	deployPassword = "correct horse battery staple"
)

// cluster is the blog's replicas and the settings they share.
type cluster struct {
	t     *testing.T
	dir   string
	bin   string
	env   []string // shared by every replica
	extra [][]string
	addrs []string
	procs []*proc
}

// start starts replica i with the keys given and waits for its readiness.
func (c *cluster) start(i int, key, fallbacks string) {
	c.t.Helper()
	env := append(c.env[:len(c.env):len(c.env)], "SECRET_KEY="+key, "SECRET_KEY_FALLBACKS="+fallbacks)
	env = append(env, c.extra[i]...)
	c.procs[i] = startProc(c.t, c.dir, fmt.Sprintf("blog%d", i+1), env, c.bin, "-addr", c.addrs[i])
	c.procs[i].waitUntil(c.t, "ready on "+c.addrs[i], func() bool { return ready(c.addrs[i]) })
}

// restart stops replica i gracefully (SIGTERM: not ready, drained, shut
// down) and starts it with the keys given.
func (c *cluster) restart(i int, key, fallbacks string) {
	c.t.Helper()
	c.procs[i].stop(syscall.SIGTERM)
	c.start(i, key, fallbacks)
	time.Sleep(600 * time.Millisecond) // the balancer's next checks see it up
}

// window is a time a fault may explain 5xx answers in.
type window struct {
	cause    string
	from, to time.Time
	codes    map[int]bool
}

// deployment is a running deployment test: what its checks reach.
type deployment struct {
	t        *testing.T
	dir, dsn string
	base     string // the balancer's URL
	apiToken string
	roots    *x509.CertPool
	c        *cluster
	l        *ledger
}

func TestDeploy(t *testing.T) {
	if os.Getenv("BLOG_DEPLOY_TEST") == "" {
		t.Skip("the deployment test runs with BLOG_DEPLOY_TEST=1 (examples/blog/deploy/run.sh, which .ci/run runs): " +
			"it starts PostgreSQL, redis-server, HAProxy and three blog processes")
	}
	pgBin, redisBin, haproxyBin, missing := deployTools()
	if len(missing) > 0 {
		t.Skipf("cannot run the deployment test: %s not installed (apt-get install -y haproxy postgresql redis-server)",
			strings.Join(missing, ", "))
	}
	checkSourceAddrs(t)
	dir := t.TempDir()
	bin := buildBlog(t, dir)
	d := &deployment{t: t, dir: dir, dsn: startPostgres(t, pgBin), apiToken: rand.Text()}
	users := seedUsers(t, d.dsn)
	redisAddr := freePort(t)
	redis := startRedis(t, redisBin, dir, redisAddr)
	// The login limits are the blog's defaults (10/m per client, 8/s in
	// all): each user comes from its own address (userAddr).
	c := &cluster{t: t, dir: dir, bin: bin, procs: make([]*proc, deployReplicas), extra: make([][]string, deployReplicas), env: []string{
		"BLOG_DB=" + d.dsn, "BLOG_API_TOKEN=" + d.apiToken, "BLOG_REDIS_ADDR=" + redisAddr,
		"BLOG_ADMIN_PASSWORD=" + rand.Text(),
		"TRUSTED_PROXIES=127.0.0.1", "PROXY_X_FOR=1", "PROXY_X_PROTO=1",
		"LIVENESS_PATH=/livez", "READINESS_PATH=/readyz", "SERVE_DRAIN_DELAY=1",
	}}
	c.env = append(c.env, deployObserveEnv...)
	d.c = c
	keyA, keyB := rand.Text()+rand.Text(), rand.Text()+rand.Text()
	startReplicas(d, haproxyBin, keyA)
	scrapes := startScraper(c.addrs)
	start := time.Now() // the users' first request
	d.l = &ledger{start: start}
	sims := make([]*simUser, len(users))
	for i, name := range users {
		sims[i] = newSimUser(name, deployPassword, d.base, d.apiToken, d.roots, d.l, userAddr(i))
		if !sims[i].login() {
			t.Fatalf("%s cannot log in through the balancer\n%s", name, tail(filepath.Join(dir, "blog1.log"), 20))
		}
	}
	windows, spoofer := runFaults(d, sims, redis, redisBin, redisAddr, keyA, keyB)
	elapsed := time.Since(start)
	report(t, d.l, windows, start, elapsed)
	fmt.Print(haproxyErrors(filepath.Join(dir, "haproxy.log")))
	checkMinimums(t, d.l)
	checkWrites(t, d.dsn, d.l)
	checkClientAddrs(d, spoofer)
	checkMetrics(t, scrapes, d.l, spoofLoginTries)
	checkTrace(t, d.base, d.roots, dir)       // after the last scrape: not in the counts
	checkMetricsNotPublic(t, d.base, d.roots) // after the last scrape: not in the counts
	checkConcurrentPatches(t, d.base, d.apiToken, d.dsn, d.roots)
}

// startReplicas starts the replicas with key, the appending proxy in
// front of one, and HAProxy in front of them all.
func startReplicas(d *deployment, haproxyBin, key string) {
	t, c := d.t, d.c
	var servers []haproxyServer
	for i := range deployReplicas {
		c.addrs = append(c.addrs, freePort(t))
		addr := c.addrs[i]
		if i == appendedReplica {
			// This replica is behind a second proxy that appends to
			// X-Forwarded-For and -Proto: it trusts two hops.
			c.extra[i] = []string{"PROXY_X_FOR=2", "PROXY_X_PROTO=2"}
			addr = startAppendingProxy(t, addr)
		}
		c.start(i, key, "")
		servers = append(servers, haproxyServer{Name: fmt.Sprintf("blog%d", i+1), Addr: addr})
	}
	cert, roots := writeCert(t, d.dir)
	bind := freePort(t)
	startHAProxy(t, haproxyBin, d.dir, bind, cert, servers)
	d.base, d.roots = "https://"+bind, roots
}

// seedUsers creates the simulated users' accounts (with a cheap password
// hash: logging in is not what is measured).
func seedUsers(t *testing.T, dsn string) []string {
	t.Helper()
	ctx := context.Background()
	store, err := OpenStore(ctx, "pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var names []string
	for i := range deployUsers {
		name := fmt.Sprintf("user%d", i+1)
		if _, err := store.CreateUser(ctx, name, deployPassword, 1000); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	return names
}

// runFaults runs the users while it injects the faults, and returns the
// windows that explain 5xx answers, and what the login spoofer saw. Each
// window is the fault itself: the instant of the kill, the time Redis is
// down; the rolling restarts have none (they must cost nothing).
func runFaults(d *deployment, sims []*simUser, redis *proc, redisBin, redisAddr, keyA, keyB string) ([]window, spoofResult) {
	t, c := d.t, d.c
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, u := range sims {
		wg.Go(func() { u.run(stop) })
	}
	// A request in flight to a killed replica gets a 502 from HAProxy, or
	// its connection closed.
	proxyErrs := map[int]bool{0: true, 502: true, 503: true, 504: true}
	var windows []window
	pause := func(d time.Duration) { time.Sleep(d) }

	pause(3 * time.Second)
	t.Log("kill -9 replica 1, restart it")
	killed := time.Now()
	sims[0].l.setKill(killed)
	c.procs[0].stop(syscall.SIGKILL)
	// Requests in flight at the kill, and those HAProxy sends before its
	// next check (250ms) finds the replica gone.
	windows = append(windows, window{cause: "replica killed (SIGKILL)", from: killed, to: killed.Add(250 * time.Millisecond), codes: proxyErrs})
	pause(time.Second)
	c.start(0, keyA, "")

	pause(2 * time.Second)
	t.Log("rolling restart 1/2: every replica learns the new key (SECRET_KEY_FALLBACKS)")
	for i := range c.procs {
		c.restart(i, keyA, keyB)
	}
	t.Log("rolling restart 2/2: the new key signs, the old one is a fallback")
	for i := range c.procs {
		c.restart(i, keyB, keyA)
	}

	pause(2 * time.Second)
	t.Log("redis-server stopped for 2s")
	w := window{cause: "Redis stopped", from: time.Now(), codes: map[int]bool{500: true}}
	redis.stop(syscall.SIGTERM)
	pause(2 * time.Second)
	startRedis(t, redisBin, d.dir, redisAddr)
	w.to = time.Now()
	windows = append(windows, w)

	t.Log("a client spoofing X-Forwarded-For tries wrong passwords at the login limit")
	spoofer := spoofLogins(d)
	close(stop)
	wg.Wait()
	return windows, spoofer
}

// report prints the run's figures and fails on any 5xx no fault explains
// and on every problem a user saw.
func report(t *testing.T, l *ledger, windows []window, start time.Time, elapsed time.Duration) {
	t.Helper()
	byCause := map[string]int{}
	var durs []time.Duration
	ops := map[string]int{}
	for _, r := range l.results {
		durs = append(durs, r.dur)
		ops[r.op]++
		if r.status < 500 && r.status != 0 {
			continue
		}
		cause := ""
		for _, w := range windows {
			if r.at.Before(w.to) && !r.at.Add(r.dur).Before(w.from) && w.codes[r.status] { // overlaps the fault
				cause = fmt.Sprintf("%s: %s", w.cause, answer(r.status))
			}
		}
		if cause == "" {
			cause = "unexplained " + answer(r.status)
			l.problem(cause, "%s %s at %.2fs %s", r.op, answer(r.status), r.at.Sub(start).Seconds(), r.err)
		}
		byCause[cause]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "deployment test: %d requests in %.1fs through HAProxy (TLS) to %d replicas, %d users\n",
		len(l.results), elapsed.Seconds(), deployReplicas, deployUsers)
	fmt.Fprintf(&b, "  acknowledged: %d posts, %d comments (201), %d contact messages (302)\n", len(l.posts), len(l.comments), len(l.messages))
	fmt.Fprintf(&b, "  latency: p50 %v, p99 %v\n", percentile(durs, 0.50).Round(time.Millisecond), percentile(durs, 0.99).Round(time.Millisecond))
	fmt.Fprintf(&b, "  requests by kind: %v\n", ops)
	fmt.Fprintf(&b, "  errors by cause: %v\n", byCause)
	if len(l.notes) > 0 {
		fmt.Fprintf(&b, "  explained by the faults: %v\n", l.notes)
	}
	for _, w := range windows {
		fmt.Fprintf(&b, "  fault %q from %.1fs to %.1fs\n", w.cause, w.from.Sub(start).Seconds(), w.to.Sub(start).Seconds())
	}
	for kind, ex := range l.problems {
		fmt.Fprintf(&b, "  PROBLEM %s: %d (first: %s)\n", kind, len(ex), strings.Join(ex[:min(3, len(ex))], "; "))
	}
	fmt.Print(b.String())
	if len(l.problems) > 0 {
		t.Errorf("the users saw %d kinds of problems (above)", len(l.problems))
	}
}

// answer names a status, 0 being no answer (the connection closed).
func answer(status int) string {
	if status == 0 {
		return "no answer"
	}
	return fmt.Sprint(status)
}

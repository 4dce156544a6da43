package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// startBound bounds the wait for a blog started by a test to serve. It is
// no assertion on time: the wait ends as soon as the blog serves or its run
// returns, and the bound is generous so that a machine busy with other work
// (the race detector slows the blog's start several times over) does not
// fail the test.
const startBound = 5 * time.Minute

// testBound returns how long the test may still wait on what it started (a
// browser, a server): until a minute before the test binary's deadline (go
// test -timeout, 10 minutes unless set), so that a failure is reported with
// its cause rather than by the binary's timeout; startBound without one.
func testBound(t *testing.T) time.Duration {
	if d, ok := t.Deadline(); ok {
		return max(time.Until(d)-time.Minute, time.Second)
	}
	return startBound
}

// defaultAdminIterations is the admin's work factor as the blog sets it,
// before TestMain lowers it.
var defaultAdminIterations = adminIterations

// TestMain lowers the admin password's work factor for the tests, which
// start the blog dozens of times: under the race detector one hash of
// passwordIterations rounds costs seconds. Hashes record their own count,
// so logging in checks them as it would any other.
func TestMain(m *testing.M) {
	adminIterations = testIterations
	os.Exit(m.Run())
}

// TestAdminWorkFactor checks that the blog hashes the admin's password with
// the full work factor when no test lowers it.
func TestAdminWorkFactor(t *testing.T) {
	if defaultAdminIterations != passwordIterations {
		t.Errorf("adminIterations = %d, want passwordIterations (%d)", defaultAdminIterations, passwordIterations)
	}
}

// blogServer is the example app running as `go run ./examples/blog` would,
// through run, on a loopback port.
type blogServer struct {
	URL string
	out *syncBuffer // what run printed
}

// startBlog runs the blog on 127.0.0.1:0 with a fresh SQLite file holding
// the admin user, with the blog's default settings (CSRF protection on)
// but no login rate limits (the tests log in often), until the test ends.
// env holds more variables as name, value pairs.
func startBlog(t *testing.T, env ...string) *blogServer {
	t.Helper()
	t.Setenv("SECRET_KEY", "test-secret-key-of-at-least-32-bytes-long")
	db := testDatabase(t)
	seedTestDB(t, db)
	vars := map[string]string{
		"BLOG_ADDR": "127.0.0.1:0", "BLOG_DB": db, "BLOG_API_TOKEN": testAPIToken,
		"BLOG_LOGIN_RATE": "off", "BLOG_LOGIN_RATE_GLOBAL": "off",
	}
	for i := 0; i+1 < len(env); i += 2 {
		vars[env[i]] = env[i+1]
	}
	return serveBlog(t, vars)
}

// serveBlog runs the blog with the environment vars until the test ends.
func serveBlog(t *testing.T, vars map[string]string) *blogServer {
	t.Helper()
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"blog"}, pw, func(k string) string { return vars[k] })
		pw.Close()
	}()
	s := &blogServer{out: &syncBuffer{}}
	urlc := make(chan string, 1)
	go s.readOutput(pr, urlc)
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v\n%s", err, s.out)
		}
	})
	select {
	case s.URL = <-urlc:
	case err := <-done:
		t.Fatalf("run ended before serving: %v\n%s", err, s.out)
	case <-time.After(startBound):
		t.Fatalf("the blog did not serve within %v (its run neither served nor returned)\n%s", startBound, s.out)
	}
	return s
}

// readOutput copies the output of run into s.out and sends the URL of its
// "serving on" line to urlc.
func (s *blogServer) readOutput(r io.Reader, urlc chan<- string) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		s.out.WriteString(line + "\n")
		if rest, ok := strings.CutPrefix(line, "serving on "); ok {
			urlc <- strings.Fields(rest)[0]
		}
	}
	io.Copy(io.Discard, r)
}

// seedTestDB creates the database with the admin user, hashed with
// testIterations so that logging in stays fast.
func seedTestDB(t *testing.T, dsn string) {
	t.Helper()
	store, err := OpenStore(context.Background(), driverFor(dsn), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.CreateUser(context.Background(), testAdmin, testPassword, testIterations); err != nil {
		t.Fatal(err)
	}
}

// syncBuffer is a strings.Builder safe for one writer and many readers.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) WriteString(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b.WriteString(s)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

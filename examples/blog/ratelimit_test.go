package main

import (
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/fwkgo/fwk/fwktest"
)

// loginAttempts submits the login form n times with a wrong password (a
// fresh page, hence CSRF token, each time) and returns the statuses and
// the last Retry-After.
func loginAttempts(c *fwktest.Client, n int) ([]int, string) {
	var statuses []int
	retry := ""
	for range n {
		r := c.Get("/login").Form("/login").Submit(url.Values{"name": {testAdmin}, "password": {"wrong"}})
		statuses = append(statuses, r.StatusCode)
		retry = r.Header.Get("Retry-After")
	}
	return statuses, retry
}

// TestLoginRateLimitOverListener: over the per-client or the global rate,
// a login attempt is a 429 with a Retry-After in whole seconds; showing
// the form stays possible. The rates are per hour so that no token comes
// back while the test runs.
func TestLoginRateLimitOverListener(t *testing.T) {
	for _, tt := range []struct {
		name, client, global string
		allowed              int
		maxRetry             int // seconds: one token's time
	}{
		{"per client", "3/h", "off", 3, 1200},
		{"global", "off", "2/h", 2, 1800},
	} {
		t.Run(tt.name, func(t *testing.T) {
			app := newBlogApp(t, "BLOG_LOGIN_RATE", tt.client, "BLOG_LOGIN_RATE_GLOBAL", tt.global)
			statuses, retry := loginAttempts(app.client(t), tt.allowed+1)
			for i, s := range statuses[:tt.allowed] {
				if s != 200 {
					t.Errorf("attempt %d: %d, want 200 (the form again, wrong password)", i+1, s)
				}
			}
			if last := statuses[tt.allowed]; last != 429 {
				t.Fatalf("attempt %d: %d, want 429", tt.allowed+1, last)
			}
			if n, err := strconv.Atoi(retry); err != nil || n < 1 || n > tt.maxRetry {
				t.Errorf("Retry-After %q, want whole seconds in 1..%d", retry, tt.maxRetry)
			}
		})
	}
}

// TestRateLimiterBuckets checks the buckets on a clock moved by hand:
// clients are apart (an IPv6 client is its /64), a bucket refills at its
// rate, and a refusal by the global bucket takes no client token.
func TestRateLimiterBuckets(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := NewRateLimiter(LoginLimits{PerClient: Rate{N: 2, Per: time.Minute}, Global: Rate{N: 3, Per: time.Minute}})
	take := func(client string, at time.Duration) time.Duration { return l.reserve(clientKey(client), t0.Add(at)) }
	steps := []struct {
		client string
		at     time.Duration
		wait   bool
	}{
		{"192.0.2.1", 0, false},
		{"192.0.2.1", 0, false},
		{"192.0.2.1", 0, true}, // client bucket empty
		{"2001:db8::1", 0, false},
		{"2001:db8::2", 0, true},                 // global bucket empty (3 taken); no client token taken
		{"2001:db8::2", 20 * time.Second, false}, // one global token back; the /64 still has one
		{"2001:db8::3", 30 * time.Second, true},  // the /64's bucket is empty, the global one too
		{"2001:db8:0:1::1", 60 * time.Second, false},
		{"192.0.2.1", 60 * time.Second, false}, // refilled
	}
	for i, s := range steps {
		if got := take(s.client, s.at); (got > 0) != s.wait {
			t.Errorf("step %d: %s at %v waits %v, want waiting %v", i, s.client, s.at, got, s.wait)
		}
	}
}

func TestParseRate(t *testing.T) {
	for in, want := range map[string]Rate{
		"10/m": {10, time.Minute}, "8/s": {8, time.Second}, "3/h": {3, time.Hour}, "off": {}, "0": {},
	} {
		if got, err := ParseRate(in); err != nil || got != want || (got.N > 0 && got.String() != in) {
			t.Errorf("ParseRate(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "10", "10/d", "0/m", "-1/s", "x/s"} {
		if _, err := ParseRate(bad); err == nil {
			t.Errorf("ParseRate(%q) accepted", bad)
		}
	}
}

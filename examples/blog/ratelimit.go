package main

// Rate limits of expensive endpoints. A login hashes the password it is
// given (bcrypt-like cost, tens of milliseconds of CPU): a few dozen
// attempts a second keep every core busy, and unlimited attempts let a
// password be guessed. The login's POST therefore passes two token
// buckets (golang.org/x/time/rate, the Go team's limiter, rather than a
// hand-made one): one per client address and one for all clients, so that
// many addresses together cannot take every core either. A request over
// either limit is a 429 whose Retry-After says when a token comes back;
// showing the form (GET) is not limited.

import (
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fwkgo/fwk"
	"golang.org/x/time/rate"
)

// Rate is a number of events per period: a bucket of N tokens refilled at
// N per Per. The zero Rate is no limit.
type Rate struct {
	N   int
	Per time.Duration
}

// ParseRate reads "N/s", "N/m" or "N/h" ("10/m": ten a minute); "0" or
// "off" is no limit.
func ParseRate(s string) (Rate, error) {
	if s == "0" || s == "off" {
		return Rate{}, nil
	}
	n, unit, ok := strings.Cut(s, "/")
	per := map[string]time.Duration{"s": time.Second, "m": time.Minute, "h": time.Hour}[unit]
	count, err := strconv.Atoi(n)
	if !ok || per == 0 || err != nil || count < 1 {
		return Rate{}, fmt.Errorf("blog: rate %q: want N/s, N/m, N/h (N at least 1) or off", s)
	}
	return Rate{N: count, Per: per}, nil
}

// String formats r as ParseRate reads it.
func (r Rate) String() string {
	switch {
	case r.N == 0:
		return "off"
	case r.Per == time.Hour:
		return fmt.Sprintf("%d/h", r.N)
	case r.Per == time.Minute:
		return fmt.Sprintf("%d/m", r.N)
	}
	return fmt.Sprintf("%d/s", r.N)
}

// limiter makes a token bucket of r, nil for no limit.
func (r Rate) limiter() *rate.Limiter {
	if r.N == 0 {
		return nil
	}
	return rate.NewLimiter(rate.Limit(float64(r.N)/r.Per.Seconds()), r.N)
}

// LoginLimits are the login's rates: PerClient for one client address
// (an IPv6 client is its /64), Global for all clients together.
type LoginLimits struct {
	PerClient Rate
	Global    Rate
}

// DefaultLoginLimits are ten attempts a minute per client and eight a
// second in all (a login costs about 60 ms of CPU: eight a second leave
// half of two cores to the rest of the site).
func DefaultLoginLimits() LoginLimits {
	return LoginLimits{PerClient: Rate{N: 10, Per: time.Minute}, Global: Rate{N: 8, Per: time.Second}}
}

// maxClients bounds the per-client buckets kept in memory; see bucket.
const maxClients = 10_000

// RateLimiter applies LoginLimits. It is injected into the controllers
// whose views call Allow.
type RateLimiter struct {
	limits LoginLimits
	global *rate.Limiter
	now    func() time.Time // time.Now; tests move it by hand

	mu      sync.Mutex
	clients map[string]*rate.Limiter
}

// NewRateLimiter returns a limiter of l.
func NewRateLimiter(l LoginLimits) *RateLimiter {
	return &RateLimiter{limits: l, global: l.Global.limiter(), now: time.Now, clients: map[string]*rate.Limiter{}}
}

// Allow takes a token for the request of ctx from its client's bucket and
// from the global one. When either is empty it takes none, sets
// Retry-After (whole seconds until a token is back) and returns a 429 for
// the view to return; the app renders it as any error, keeping Retry-After.
func (l *RateLimiter) Allow(ctx *fwk.Ctx) error {
	wait := l.reserve(clientKey(ctx.RequestInfo().ClientAddr), l.now())
	if wait == 0 {
		return nil
	}
	ctx.Writer().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	return fwk.Abort(http.StatusTooManyRequests, "Too many attempts: try again later.")
}

// reserve takes a token from client's bucket and the global one at now,
// or none and returns how long until both have one.
func (l *RateLimiter) reserve(client string, now time.Time) time.Duration {
	var taken []*rate.Reservation
	for _, b := range [...]*rate.Limiter{l.bucket(client, now), l.global} {
		if b == nil {
			continue
		}
		r := b.ReserveN(now, 1)
		if d := r.DelayFrom(now); d > 0 {
			r.CancelAt(now)
			for _, t := range taken {
				t.CancelAt(now)
			}
			return d
		}
		taken = append(taken, r)
	}
	return 0
}

// bucket returns the bucket of client, made on first use, or nil without
// a per-client limit. Past maxClients buckets, the full ones (clients
// that have not tried for a while) are dropped; if all are in use, all
// are, and the global bucket alone holds until they fill again.
func (l *RateLimiter) bucket(client string, now time.Time) *rate.Limiter {
	if l.limits.PerClient.N == 0 {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := l.clients[client]; ok {
		return b
	}
	if len(l.clients) >= maxClients {
		for k, b := range l.clients {
			if b.TokensAt(now) >= float64(b.Burst()) {
				delete(l.clients, k)
			}
		}
		if len(l.clients) >= maxClients {
			clear(l.clients)
		}
	}
	b := l.limits.PerClient.limiter()
	l.clients[client] = b
	return b
}

// clientKey is the bucket of a client address: the address itself, or
// its /64 for IPv6 (one host usually holds a whole /64).
func clientKey(addr string) string {
	a, err := netip.ParseAddr(addr)
	if err != nil || a.Is4() || a.Is4In6() {
		return addr
	}
	p, _ := a.Prefix(64)
	return p.String()
}

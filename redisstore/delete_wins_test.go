package redisstore_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/redisstore"
	"github.com/fwkgo/fwk/routes"
	"github.com/redis/go-redis/v9"
)

// gate holds a request of the stolen cookie between loading its session
// and saving it, so that a delete lands in that window on every trial.
type gate struct {
	loaded chan struct{} // the held request loaded the session
	open   chan struct{} // let it go on and save
}

// logoutBundle: /login stores user=ann; /whoami answers the user;
// /touch reads the session and writes to it, as a view of a stolen cookie
// that keeps writing does (held by the gate with ?hold=1; renewing the
// session with ?renew=1); /logout clears
// the session and leaves a message in it.
type logoutBundle struct {
	store *redisstore.Store
	gate  *gate
}

func (logoutBundle) Name() string      { return "app" }
func (b logoutBundle) Services() []any { return []any{b.store} }
func (b logoutBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Func("/login", func(ctx *fwk.Ctx) error { ctx.Session().Set("user", "ann"); return ctx.NoContent() }),
		routes.Func("/whoami", func(ctx *fwk.Ctx) error {
			u, _ := ctx.Session().Get("user")
			m, _ := ctx.Session().Get("message")
			return ctx.Respond(http.StatusOK, strings.TrimSpace(strings.Join([]string{str(u), str(m)}, " ")))
		}),
		routes.Func("/touch", func(ctx *fwk.Ctx) error {
			u, _ := ctx.Session().Get("user")
			if ctx.Request().URL.Query().Get("hold") == "1" {
				b.gate.loaded <- struct{}{}
				<-b.gate.open
			}
			if ctx.Request().URL.Query().Get("renew") == "1" {
				ctx.Session().Renew() // the values move to a new id
			}
			ctx.Session().Set("seen", str(u))
			return ctx.NoContent()
		}),
		routes.Func("/logout", func(ctx *fwk.Ctx) error {
			ctx.Session().Clear()
			ctx.Session().Set("message", "bye")
			return ctx.NoContent()
		}),
	)
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// TestDeleteWinsOverAStolenCookie: a stolen session cookie whose requests
// keep writing (one held between load and save while the session is
// deleted, one writing in a loop) never brings the session back, after
// the user's logout (Clear) or after an operator deletes the key, nor
// under a new id when the held request renews the session: 0 in 100
// trials each. The logout's own message lives under a new id, which the
// stolen cookie does not name.
func TestDeleteWinsOverAStolenCookie(t *testing.T) {
	client, _ := startRedis(t)
	g := &gate{loaded: make(chan struct{}), open: make(chan struct{})}
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = secret
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	app, err := fwk.New(cfg, logoutBundle{store: redisstore.New(client), gate: g})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	const trials = 100
	for _, how := range []string{"logout", "operator DEL", "operator DEL, held request renews"} {
		back := 0
		for range trials {
			if sessionComesBack(t, client, srv.URL, g, how) {
				back++
			}
		}
		if back > 0 {
			t.Errorf("after %s the stolen cookie's session came back in %d of %d trials", how, back, trials)
		}
	}
}

// sessionComesBack runs one trial: log in, let the stolen cookie's writers
// race the delete, and report whether the stolen cookie still reads the
// user (or the logout's message), or the user's session after logout holds
// more than that message.
func sessionComesBack(t *testing.T, client *redis.Client, base string, g *gate, how string) bool {
	t.Helper()
	ctx := context.Background()
	if err := client.FlushDB(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	victim := newClient(t)
	get(t, victim, base+"/login")
	u, _ := url.Parse(base)
	stolen := withCookies(victim.Jar.Cookies(u))
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(2)
	held := base + "/touch?hold=1"
	if strings.HasSuffix(how, "renews") {
		held += "&renew=1"
	}
	var renewed []*http.Cookie // the session cookie the held request got back
	go func() {
		defer wg.Done()
		res, err := stolen.Get(held)
		if err != nil {
			t.Error(err)
			return
		}
		res.Body.Close()
		renewed = res.Cookies()
	}()
	go func() {
		defer wg.Done()
		for !stop.Load() {
			get(t, stolen, base+"/touch")
		}
	}()
	<-g.loaded
	if how == "logout" {
		get(t, victim, base+"/logout")
	} else if err := client.Del(ctx, keys(t, client)...).Err(); err != nil {
		t.Fatal(err)
	}
	g.open <- struct{}{}
	stop.Store(true)
	wg.Wait()
	if how == "logout" && get(t, victim, base+"/whoami") != "bye" {
		return true // the user's own session after logout holds more than the logout's message
	}
	if len(renewed) > 0 && get(t, withCookies(renewed), base+"/whoami") != "" {
		return true // the held request's new cookie names the user's session
	}
	return get(t, stolen, base+"/whoami") != ""
}

// withCookies is a client sending always these cookies, whatever the
// responses set: the stolen copy of a cookie.
func withCookies(cs []*http.Cookie) *http.Client {
	return &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		for _, c := range cs {
			r.AddCookie(c)
		}
		return http.DefaultTransport.RoundTrip(r)
	})}
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

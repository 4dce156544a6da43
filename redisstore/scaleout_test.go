package redisstore_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/redisstore"
	"github.com/fwkgo/fwk/routes"
	"github.com/redis/go-redis/v9"
)

const secret = "r3D1s5Kq8Wz2Lx7Pm9Vb4Nc6Hy0Jd-redis-test-key"

type appBundle struct {
	store *redisstore.Store
}

func (appBundle) Name() string      { return "app" }
func (b appBundle) Services() []any { return []any{b.store} }
func (appBundle) Routes() []*fwk.Route {
	q := func(ctx *fwk.Ctx, k string) string { return ctx.Request().URL.Query().Get(k) }
	return routes.Tree(
		routes.Func("/set", func(ctx *fwk.Ctx) error { ctx.Session().Set(q(ctx, "k"), q(ctx, "v")); return ctx.NoContent() }),
		routes.Func("/get", func(ctx *fwk.Ctx) error {
			v, _ := ctx.Session().Get(q(ctx, "k"))
			return ctx.Respond(http.StatusOK, fmt.Sprint(v))
		}),
		routes.Func("/renew", func(ctx *fwk.Ctx) error { ctx.Session().Renew(); return ctx.NoContent() }),
		routes.Func("/clear", func(ctx *fwk.Ctx) error { ctx.Session().Clear(); return ctx.NoContent() }),
		routes.Func("/flash", func(ctx *fwk.Ctx) error { return ctx.Flash(q(ctx, "m")) }),
		routes.Func("/flashes", func(ctx *fwk.Ctx) error {
			ms, err := ctx.Flashes()
			if err != nil {
				return err
			}
			var out []string
			for _, m := range ms {
				out = append(out, m.Message)
			}
			return ctx.Respond(http.StatusOK, strings.Join(out, ","))
		}),
		routes.Func("/csrf", func(ctx *fwk.Ctx) error {
			tok, err := fwk.GenerateCSRF(ctx)
			if err != nil {
				return err
			}
			return ctx.Respond(http.StatusOK, tok)
		}),
		routes.Func("/submit", func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "accepted") }, fwk.Methods("POST")),
	)
}

// replica starts one app on its own client of the Redis server at addr,
// signing with keys[0] (default secret) and verifying with the others too.
func replica(t *testing.T, addr string, keys ...string) *httptest.Server {
	t.Helper()
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = secret
	if len(keys) > 0 {
		cfg.SecretKey, cfg.SecretKeyFallbacks = keys[0], keys[1:]
	}
	cfg.CSRFEnabled = true
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	client := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})
	t.Cleanup(func() { _ = client.Close() })
	app, err := fwk.New(cfg, appBundle{store: redisstore.New(client)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	return srv
}

func newClient(t *testing.T) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar}
}

func do(t *testing.T, cl *http.Client, method, target, form string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, target, strings.NewReader(form))
	if form != "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	res, err := cl.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func get(t *testing.T, cl *http.Client, target string) string {
	t.Helper()
	_, body := do(t, cl, "GET", target, "")
	return body
}

// keys lists the session keys in Redis.
func keys(t *testing.T, client *redis.Client) []string {
	t.Helper()
	ks, err := client.Keys(context.Background(), redisstore.DefaultPrefix+"*").Result()
	if err != nil {
		t.Fatal(err)
	}
	return ks
}

func TestScaleOut(t *testing.T) {
	client, _ := startRedis(t)
	addr := client.Options().Addr
	a, b := replica(t, addr).URL, replica(t, addr).URL
	cl := newClient(t)
	get(t, cl, a+"/set?k=user&v=ann")
	if got := get(t, cl, b+"/get?k=user"); got != "ann" {
		t.Fatalf("a session set on A reads %q on B", got)
	}
	get(t, cl, b+"/flash?m=hello")
	if got := get(t, cl, a+"/flashes"); got != "hello" {
		t.Errorf("a flash set on B shows %q on A", got)
	}
	if got := get(t, cl, b+"/flashes"); got != "" {
		t.Errorf("the flash shows again on B: %q", got)
	}
	tok := get(t, cl, a+"/csrf")
	if code, body := do(t, cl, "POST", b+"/submit", url.Values{"csrf_token": {tok}}.Encode()); code != http.StatusOK {
		t.Errorf("a CSRF token from A posted to B = %d %q", code, body)
	}
	before := keys(t, client)
	get(t, cl, b+"/renew")
	after := keys(t, client)
	if len(before) != 1 || len(after) != 1 || before[0] == after[0] {
		t.Errorf("Renew: keys %q -> %q, want the old key replaced", before, after)
	}
	if got := get(t, cl, a+"/get?k=user"); got != "ann" {
		t.Errorf("after Renew on B, A reads %q", got)
	}
	get(t, cl, a+"/clear")
	if ks := keys(t, client); len(ks) != 0 {
		t.Errorf("Clear left %q", ks)
	}
}

func TestKeyRotation(t *testing.T) {
	const oldKey = "O7l4Dk9Qw2Ez5Rx8Tc1Vb6Ny3Hm0Jp-old-redis-key"
	client, _ := startRedis(t)
	addr := client.Options().Addr
	before := replica(t, addr, oldKey).URL
	during := replica(t, addr, secret, oldKey).URL
	after := replica(t, addr, secret).URL
	cl, stale := newClient(t), newClient(t)
	get(t, cl, before+"/set?k=user&v=ann")
	get(t, stale, before+"/set?k=user&v=bob")
	if got := get(t, cl, during+"/get?k=user"); got != "ann" {
		t.Fatalf("during rotation the old-key cookie reads %q", got)
	}
	if got := get(t, cl, after+"/get?k=user"); got != "ann" {
		t.Errorf("after removing the old key, the re-signed cookie reads %q", got)
	}
	if got := get(t, stale, after+"/get?k=user"); got != "<nil>" {
		t.Errorf("after removing the old key, an old-key cookie reads %q, want no session", got)
	}
}

func TestRedisDownIs500(t *testing.T) {
	client, stop := startRedis(t)
	srv := replica(t, client.Options().Addr)
	cl := newClient(t)
	get(t, cl, srv.URL+"/set?k=user&v=ann")
	stop()
	code, body := do(t, cl, "GET", srv.URL+"/get?k=user", "")
	if code != http.StatusInternalServerError || strings.Contains(body, "ann") {
		t.Errorf("Redis down: %d %q, want a 500", code, body)
	}
}

func TestRace(t *testing.T) {
	client, _ := startRedis(t)
	srv := replica(t, client.Options().Addr)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cl := newClient(t)
			for i := range 10 {
				v := fmt.Sprintf("g%di%d", g, i)
				get(t, cl, srv.URL+"/set?k=v&v="+v)
				if got := get(t, cl, srv.URL+"/get?k=v"); got != v {
					t.Errorf("goroutine %d read %q, want %q", g, got, v)
				}
			}
		}()
	}
	wg.Wait()
}

package fwk_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
)

// replicas starts n separate apps built from cfg and services, behind n
// servers.
func replicas(t *testing.T, n int, cfg fwk.Config, services ...any) []*httptest.Server {
	t.Helper()
	out := make([]*httptest.Server, n)
	for i := range out {
		out[i], _ = sessServer(t, cfg, services...)
	}
	return out
}

// testScaleOut runs the scale-out scenario against two replicas sharing a
// key (and a store, when given): every step alternates between them.
func testScaleOut(t *testing.T, store fwk.SessionStore) {
	cfg := sessConfig(nil)
	cfg.CSRFEnabled = true
	var services []any
	if store != nil {
		services = append(services, store)
	}
	r := replicas(t, 2, cfg, services...)
	a, b := r[0].URL, r[1].URL
	cl := jarClient(t) // both servers are 127.0.0.1: one cookie for both
	sget(t, cl, a+"/set?k=user&v=ann")
	if _, body := sget(t, cl, b+"/get?k=user"); body != "string:ann" {
		t.Fatalf("a session set on A reads %q on B", body)
	}
	sget(t, cl, b+"/flash?m=hello&c=info")
	if _, body := sget(t, cl, a+"/flashes"); body != `[{"Category":"info","Message":"hello"}]`+"\n" {
		t.Errorf("a flash set on B shows %q on A", body)
	}
	if _, body := sget(t, cl, b+"/flashes"); body != "null\n" {
		t.Errorf("the flash shows again on B: %q", body)
	}
	_, tok := sget(t, cl, a+"/csrf")
	code, body, _ := call(t, cl, "POST", b+"/submit", strings.NewReader(formBody("csrf_token", tok)), "Content-Type", formCT)
	if code != http.StatusOK {
		t.Errorf("a CSRF token from A posted to B = %d %q", code, body)
	}
}

func TestScaleOutCookie(t *testing.T) { testScaleOut(t, nil) }

func TestScaleOutSharedStore(t *testing.T) { testScaleOut(t, newMemStore()) }

func TestScaleOutKeyRotation(t *testing.T) {
	old := sessConfig(nil)
	old.SecretKey = sessOldKey
	rotated := sessConfig(nil)
	rotated.SecretKeyFallbacks = []string{sessOldKey}
	removed := sessConfig(nil)
	before := replicas(t, 1, old)[0].URL
	during := replicas(t, 2, rotated)
	after := replicas(t, 1, removed)[0].URL

	cl := jarClient(t)
	sget(t, cl, before+"/set?k=user&v=ann")
	_, tok := sget(t, cl, before+"/csrf")
	stale := jarClient(t) // keeps the cookie signed with the old key
	sget(t, stale, before+"/set?k=user&v=bob")
	for i, srv := range during {
		if _, body := sget(t, cl, srv.URL+"/get?k=user"); body != "string:ann" {
			t.Errorf("during rotation, replica %d reads %q", i, body)
		}
	}
	// The CSRF token signed with the old key still validates while listed.
	for i, srv := range during {
		code, _, _ := call(t, cl, "POST", srv.URL+"/submit", strings.NewReader(formBody("csrf_token", tok)), "Content-Type", formCT)
		if code != http.StatusOK {
			t.Errorf("old-key CSRF token on replica %d = %d, want 200", i, code)
		}
	}
	// cl's cookie was re-signed with the new key; stale's was not.
	if _, body := sget(t, cl, after+"/get?k=user"); body != "string:ann" {
		t.Errorf("after removing the old key, a re-signed cookie reads %q", body)
	}
	if _, body := sget(t, stale, after+"/get?k=user"); body != "<none>" {
		t.Errorf("after removing the old key, an old-key cookie reads %q, want no session", body)
	}
}

func TestSessionRace(t *testing.T) {
	cfg := sessConfig(nil)
	cfg.CSRFEnabled = true
	srv, _ := sessServer(t, cfg)
	store := newMemStore()
	stored, _ := sessServer(t, cfg, store)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, base := range []string{srv.URL, stored.URL} {
				cl := jarClient(t)
				for i := range 10 {
					v := fmt.Sprintf("g%di%d", g, i)
					sget(t, cl, base+"/set?k=v&v="+v)
					sget(t, cl, base+"/flash?m="+v)
					if _, body := sget(t, cl, base+"/get?k=v"); body != "string:"+v {
						t.Errorf("goroutine %d: read %q, want %q", g, body, v)
					}
					_, tok := sget(t, cl, base+"/csrf")
					if code, _, _ := call(t, cl, "POST", base+"/submit", strings.NewReader(formBody("csrf_token", tok)),
						"Content-Type", formCT); code != http.StatusOK {
						t.Errorf("goroutine %d: POST with its token = %d", g, code)
					}
				}
			}
		}()
	}
	wg.Wait()
}

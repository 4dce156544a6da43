package fwk_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/middleware"
	"github.com/fwkgo/fwk/routes"
)

// timeoutTrials is how many timed-out requests the tests of this file
// send through a real listener.
const timeoutTrials = 200

// probeReport is what a decorator inside middleware.Timeout saw of its
// request once the 503 had gone out and another request was being served.
type probeReport struct {
	path, user string
	panicked   any
}

// lateProbe is the documented requireLogin shape placed inside
// middleware.Timeout: it reads the session before the view, ends the
// request's context (expireInside: the timeout answers 503), and, once the
// test says so (after the 503 reached the client and another user's
// request is being served), calls fwk.CtxFrom again, reads the path and
// the user and writes the session.
func lateProbe(proceed <-chan struct{}, reports chan<- probeReport) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if c := fwk.CtxFrom(r); c == nil {
				http.Error(w, "no ctx", http.StatusInternalServerError)
				return
			} else if _, ok := c.Session().Get("user"); !ok {
				http.Error(w, "not logged in", http.StatusUnauthorized)
				return
			}
			if expire, ok := r.Context().Value(expireKey{}).(context.CancelFunc); ok {
				expire() // the deadline passes now that the probe runs
			}
			next.ServeHTTP(w, r)
			<-proceed
			var rep probeReport
			func() {
				defer func() { rep.panicked = recover() }()
				c := fwk.CtxFrom(r)
				if c == nil {
					return // no Ctx: nothing of another request either
				}
				rep.path = c.Request().URL.Path
				u, _ := c.Session().Get("user")
				rep.user = fmt.Sprint(u)
				c.Session().Set("probe", rep.path)
			}()
			reports <- rep
		})
	}
}

// expireKey holds, in a request's context, the function that ends it.
type expireKey struct{}

// expireInside gives the handlers inside it a way to end the request's
// context (expireKey): a timeout inside sees its deadline pass, the same
// way, at the moment the test chooses rather than after a fixed time.
func expireInside(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, expireKey{}, cancel)))
	})
}

// loginAs returns the session cookie of a user logged in through /login.
func loginAs(t *testing.T, srvURL, user string) string {
	t.Helper()
	res, err := http.Get(srvURL + "/login?u=" + user)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, c := range res.Cookies() {
		return c.Name + "=" + c.Value
	}
	t.Fatalf("/login?u=%s set no cookie", user)
	return ""
}

// getWith sends GET url with the cookie and returns the response through
// done once its header arrived (a 503 of http.TimeoutHandler has no
// Content-Length: its body ends when the handler returns), then reads the
// body.
func getWith(url, cookie string, done chan<- *http.Response) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		done <- nil
		return
	}
	done <- res
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
}

// TestTimeoutInnerDecoratorKeepsItsCtx: with fwk.Use(middleware.Timeout(d),
// requireLogin), a decorator inside the Timeout that calls fwk.CtxFrom after
// the 503 went out, while another user's request is being served, still
// sees its own request and session (or no Ctx at all), never the other
// request's; its session write does not land in the other user's session;
// it does not panic. Under -race, nothing is reported.
func TestTimeoutInnerDecoratorKeepsItsCtx(t *testing.T) {
	t.Run("Timeout", func(t *testing.T) { innerDecoratorKeepsItsCtx(t, middleware.Timeout, true) })
	// A decorator of the application's own that answers first and leaves
	// the rest of the chain running: the standard http.TimeoutHandler.
	t.Run("TimeoutHandler", func(t *testing.T) {
		innerDecoratorKeepsItsCtx(t, func(d time.Duration) func(http.Handler) http.Handler {
			return func(next http.Handler) http.Handler { return http.TimeoutHandler(next, d, "") }
		}, false)
	})
}

// innerDecoratorKeepsItsCtx runs the trials with timeout; wantOwn: the
// decorator still gets its own Ctx from fwk.CtxFrom (else nil is right too:
// the request has ended).
func innerDecoratorKeepsItsCtx(t *testing.T, timeout func(time.Duration) func(http.Handler) http.Handler, wantOwn bool) {
	proceed, reports := make(chan struct{}), make(chan probeReport)
	held, hold := make(chan struct{}), make(chan struct{})
	app := mustNew(t, sessConfig(nil), tplApp{}.with(routes.Tree(
		routes.Func("/login", func(c *fwk.Ctx) error {
			c.Session().Set("user", c.Request().URL.Query().Get("u"))
			return c.NoContent()
		}),
		routes.Func("/slow/<id>", func(c *fwk.Ctx) error {
			<-c.Context().Done()
			return nil
		}, fwk.Use(expireInside, timeout(time.Hour), lateProbe(proceed, reports))),
		routes.Func("/other", func(c *fwk.Ctx) error {
			u, _ := c.Session().Get("user")
			held <- struct{}{}
			<-hold
			p, _ := c.Session().Get("probe")
			return c.Respond(http.StatusOK, fmt.Sprintf("%v %v", u, p))
		}),
	)))
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	alice, bob := loginAs(t, srv.URL, "alice"), loginAs(t, srv.URL, "bob")
	var foreign, panics, leaked, none int
	for i := range timeoutTrials {
		slow := make(chan *http.Response, 1)
		go getWith(fmt.Sprintf("%s/slow/%d", srv.URL, i), alice, slow)
		if res := waitResponse(t, slow); res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("GET /slow/%d = %d, want 503 at the deadline", i, res.StatusCode)
		}
		other := make(chan *http.Response, 1)
		body := make(chan string, 1)
		go func() {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+"/other", nil)
			req.Header.Set("Cookie", bob)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				body <- err.Error()
				other <- nil
				return
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			body <- string(b)
			other <- res
		}()
		waitSignal(t, held, "/other to start")
		proceed <- struct{}{}
		rep := <-reports
		hold <- struct{}{}
		waitResponse(t, other)
		switch {
		case rep.panicked != nil:
			panics++
		case rep.path == "":
			none++
		case rep.path != fmt.Sprintf("/slow/%d", i) || rep.user != "alice":
			foreign++
		}
		if b := <-body; b != "bob <nil>" {
			leaked++
		}
	}
	if foreign+panics+leaked > 0 {
		t.Errorf("of %d trials: %d foreign reads, %d panics, %d session writes landed in another user's session",
			timeoutTrials, foreign, panics, leaked)
	}
	if wantOwn && none > 0 {
		t.Errorf("of %d trials: %d got no Ctx while their request was still served", timeoutTrials, none)
	}
}

// TestTimeoutDropsSessionLoadedOutside: the session is loaded before the
// Timeout (by an outer decorator, or by the CSRF check of a POST) and
// changed inside it (by a decorator inside, or by the view) while the 503
// goes out. The 503 saves none of those changes (no Set-Cookie: the outer
// decorator changes nothing) and the save never races the changes.
func TestTimeoutDropsSessionLoadedOutside(t *testing.T) {
	loadOutside := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if c := fwk.CtxFrom(r); c != nil {
				c.Session().Get("user")
			}
			next.ServeHTTP(w, r)
		})
	}
	release := make(chan struct{})
	writeUntilReleased := func(c *fwk.Ctx, who string) { // past the deadline, until the 503 reached the client
		s := c.Session()
		for i := 0; ; i++ {
			select {
			case <-release:
				return
			default:
				s.Set(who, i)
			}
		}
	}
	writeInside := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if c := fwk.CtxFrom(r); c != nil {
				writeUntilReleased(c, "inner")
			}
			next.ServeHTTP(w, r)
		})
	}
	view := func(c *fwk.Ctx) error {
		if c.Request().URL.Path != "/inner" {
			writeUntilReleased(c, "view")
		}
		return c.Respond(http.StatusOK, "late")
	}
	cfg := sessConfig(nil)
	cfg.CSRFEnabled = true
	app := mustNew(t, cfg, tplApp{}.with(routes.Tree(
		routes.Func("/login", func(c *fwk.Ctx) error {
			c.Session().Set("user", "alice")
			tok, err := fwk.GenerateCSRF(c)
			if err != nil {
				return err
			}
			return c.Respond(http.StatusOK, tok)
		}),
		routes.Func("/inner", view, fwk.Use(loadOutside, middleware.Timeout(time.Millisecond), writeInside)),
		routes.Func("/view", view, fwk.Use(loadOutside, middleware.Timeout(time.Nanosecond))),
		routes.Func("/post", view, fwk.Methods("POST"), fwk.Use(middleware.Timeout(time.Nanosecond))),
	)))
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	res, err := http.Get(srv.URL + "/login")
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := io.ReadAll(res.Body)
	res.Body.Close()
	cookie := res.Cookies()[0].Name + "=" + res.Cookies()[0].Value
	for _, path := range []string{"/inner", "/view", "/post"} {
		t.Run(path[1:], func(t *testing.T) {
			saved := 0
			for i := range timeoutTrials {
				method, body := http.MethodGet, ""
				if path == "/post" {
					method, body = http.MethodPost, "csrf_token="+string(tok)
				}
				req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
				req.Header.Set("Cookie", cookie)
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatalf("trial %d, %s %s: %v", i, method, path, err)
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusServiceUnavailable {
					t.Fatalf("trial %d: %s %s = %d, want 503", i, method, path, res.StatusCode)
				}
				select {
				case release <- struct{}{}:
				case <-time.After(guard):
					t.Fatalf("trial %d: the view of %s did not run", i, path)
				}
				if res.Header.Get("Set-Cookie") != "" {
					saved++
				}
			}
			if saved > 0 {
				t.Errorf("%d of %d 503s saved the timed-out request's session", saved, timeoutTrials)
			}
		})
	}
}

// waitResponse waits for a response with a generous bound.
func waitResponse(t *testing.T, ch <-chan *http.Response) *http.Response {
	t.Helper()
	select {
	case res := <-ch:
		if res == nil {
			t.Fatal("request failed")
		}
		return res
	case <-time.After(guard):
		t.Fatal("no response")
	}
	return nil
}

// waitSignal waits for ch with a generous bound.
func waitSignal(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(guard):
		t.Fatalf("timed out waiting for %s", what)
	}
}

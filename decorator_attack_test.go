package fwk_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/middleware"
	"github.com/fwkgo/fwk/routes"
)

// TestTimeoutDecoratorViewKeepsItsCtx: a view behind a decorator that runs
// it in another goroutine and answers first (middleware.Timeout) keeps its
// own request: its Ctx is not cleared and
// handed to another request while it still runs, which would show it (and
// let it change) another user's request and session. The view here goes
// on only after the 503 reached the client and another request was
// served.
func TestTimeoutDecoratorViewKeepsItsCtx(t *testing.T) {
	release := make(chan struct{})
	seen := make(chan string, 1)
	slow := func(c *fwk.Ctx) error {
		<-release
		if r := c.Request(); r == nil {
			seen <- "no request"
		} else {
			seen <- r.URL.Path
		}
		c.Session().Set("late", "1")
		return c.Respond(http.StatusOK, "late")
	}
	other := func(c *fwk.Ctx) error {
		c.Session().Set("other", "1")
		return c.Respond(http.StatusOK, "other")
	}
	app := mustNew(t, sessConfig(nil), tplApp{}.with(routes.Tree(
		routes.Func("/slow", slow, fwk.Use(middleware.Timeout(time.Millisecond))),
		routes.Func("/other", other),
	)))
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	done := make(chan int, 1)
	go func() {
		res, err := http.Get(srv.URL + "/slow")
		if err != nil {
			done <- 0
			return
		}
		done <- res.StatusCode // the 503 comes while the view runs
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}()
	var code int
	select {
	case code = <-done:
	case <-time.After(decoratorGuard): // without the 503 sent first, it waits for the view
	}
	if code != 0 && code != http.StatusServiceUnavailable {
		t.Errorf("GET /slow = %d, want 503", code)
	}
	res, err := http.Get(srv.URL + "/other")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	close(release)
	if got := <-seen; got != "/slow" {
		t.Errorf("the timed-out view saw the request %q, want its own /slow", got)
	}
	if code == 0 {
		if code = <-done; code != http.StatusServiceUnavailable {
			t.Errorf("GET /slow = %d, want 503", code)
		}
	}
}

// TestTimeoutDecoratorSessionNotRaced: a view behind middleware.Timeout
// that keeps changing its session while the 503 goes out. The 503 must not
// read the session the view is writing (under -race that read is reported;
// without -race a map read during a write can end the process), and the
// view's changes are not saved with it: the 503 carries no session cookie.
func TestTimeoutDecoratorSessionNotRaced(t *testing.T) {
	stop := make(chan struct{})
	busy := func(c *fwk.Ctx) error {
		s, end := c.Session(), time.Now().Add(decoratorGuard)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return c.Respond(http.StatusOK, "late")
			default:
			}
			if time.Now().After(end) {
				return nil
			}
			s.Set("n", i)
			s.Set("k"+string(rune('a'+i%26)), i)
		}
	}
	app := mustNew(t, sessConfig(nil), tplApp{}.with(
		routes.Func("/busy", busy, fwk.Use(middleware.Timeout(5*time.Millisecond))),
	))
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	for range 5 {
		done := make(chan *http.Response, 1)
		go func() {
			res, err := http.Get(srv.URL + "/busy")
			if err != nil {
				done <- nil
				return
			}
			done <- res
		}()
		var res *http.Response
		select {
		case res = <-done:
		case <-time.After(decoratorGuard):
			close(stop)
			t.Fatal("no answer while the view runs: the 503 was not sent at the deadline")
		}
		if res == nil {
			t.Fatal("GET /busy failed")
		}
		if res.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("GET /busy = %d, want 503", res.StatusCode)
		}
		if c := res.Header.Get("Set-Cookie"); c != "" {
			t.Errorf("the 503 saved the running view's session: Set-Cookie %q", c)
		}
		select { // a view the deadline kept from starting does not run
		case stop <- struct{}{}:
		case <-time.After(decoratorGuard):
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

// TestLateViewDoesNotTakeAReusedCtx: a decorator that starts the view in
// another goroutine and answers at once, the goroutine starting only after
// the request ended. By then the request's Ctx may serve another request;
// the late view must not run on it (it would replace that request's
// request and writer with its own).
func TestLateViewDoesNotTakeAReusedCtx(t *testing.T) {
	start := make(chan struct{})
	lateDone := make(chan struct{})
	late := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			go func() {
				defer close(lateDone)
				<-start
				next.ServeHTTP(httptest.NewRecorder(), r)
			}()
			w.WriteHeader(http.StatusAccepted)
		})
	}
	ran := make(chan string, 1)
	hold, held := make(chan struct{}), make(chan struct{})
	app := mustNew(t, quietCfg(), tplApp{}.with(routes.Tree(
		routes.Func("/late", func(c *fwk.Ctx) error {
			ran <- c.Request().URL.Path
			return nil
		}, fwk.Use(late)),
		routes.Func("/other", func(c *fwk.Ctx) error {
			close(held)
			<-hold
			return c.Respond(http.StatusOK, c.Request().URL.Path)
		}, fwk.Use(func(next http.Handler) http.Handler { return next })),
	)))
	if rec := get(app, http.MethodGet, "/late"); rec.Code != http.StatusAccepted {
		t.Fatalf("GET /late = %d", rec.Code)
	}
	other := make(chan string, 1)
	go func() { other <- get(app, http.MethodGet, "/other").Body.String() }()
	<-held // /other runs, on the Ctx /late had when the pool gave it back
	close(start)
	<-lateDone
	close(hold)
	if got := <-other; got != "/other" {
		t.Errorf("/other answered %q: the late view took its Ctx", got)
	}
	select {
	case p := <-ran:
		t.Errorf("the late view ran after its request ended (saw %q)", p)
	default:
	}
}

// decoratorGuard bounds the waits of these tests: how long a 503 may take
// to come, and how long a busy view that nobody stops keeps spinning (so
// it is shorter than guard: a view the deadline kept from starting is
// waited for this long).
const decoratorGuard = 10 * time.Second

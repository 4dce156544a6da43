package fwktest_test

import (
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
)

// TestErrorLogFailsTest: a record logged at ERROR while a request is
// served fails the test with the record, even when the app answered 200.
func TestErrorLogFailsTest(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		f := fake(t, func(tb testing.TB) {
			fwktest.New(tb, newApp(t), opts...).Get("/logs-error").ExpectStatus(200)
		})
		mustFail(t, f, "GET http://localhost/logs-error: the app failed while serving it",
			`the app logged: ERROR "charge failed" part=billing order=7`, "-> 200 OK", "looks fine",
			"fwktest.ExpectError()")
	})
}

// TestErrorLogFromAnotherGoroutine: a record logged by a goroutine the view
// started, while the request is served, is the request's too.
func TestErrorLogFromAnotherGoroutine(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		f := fake(t, func(tb testing.TB) { fwktest.New(tb, newApp(t), opts...).Get("/logs-elsewhere") })
		mustFail(t, f, `the app logged: ERROR "background job failed"`)
	})
}

// TestServedBeforeReturn: a request method returns once the app has
// finished serving, also when the response was complete earlier: a record
// logged after the response was flushed is the request's.
func TestServedBeforeReturn(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		var app *fwk.App
		late := func(http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Length", "4")
				w.Write([]byte("done"))
				w.(http.Flusher).Flush()
				time.Sleep(20 * time.Millisecond) // the client has the whole response by now
				app.Logger().Error("logged after the response")
			})
		}
		app = newApp(t, late)
		f := fake(t, func(tb testing.TB) { fwktest.New(tb, app, opts...).Get("/") })
		mustFail(t, f, `the app logged: ERROR "logged after the response"`)
	})
}

// TestRedirectTypoFailsTest: a Redirect to an endpoint that does not exist
// answers a redirect to "/" (the client sees nothing wrong) and logs an
// ERROR: the test that follows it fails.
func TestRedirectTypoFailsTest(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		f := fake(t, func(tb testing.TB) {
			fwktest.New(tb, newApp(t), opts...).Get("/typo").Follow().ExpectStatus(200)
		})
		mustFail(t, f, "GET http://localhost/typo: the app failed", "cannot be resolved", `hmoe`)
	})
}

func TestServerErrorsFailTest(t *testing.T) {
	tests := []struct {
		path string
		want []string
	}{
		{"/fail", []string{"the app answered 500 Internal Server Error", `"fwk: view error"`, "disk on fire"}},
		{"/boom", []string{"the app answered 500", `"fwk: panic in view"`, "panic=boom", "stack:", "goroutine"}},
		{"/unavailable", []string{`"fwk: view error"`, "status=503"}}, // fwk logs a 5xx Abort at ERROR
	}
	for _, tt := range tests {
		modes(t, func(t *testing.T, opts ...fwktest.Option) {
			f := fake(t, func(tb testing.TB) { fwktest.New(tb, newApp(t), opts...).Get(tt.path) })
			mustFail(t, f, tt.want...)
		})
	}
}

// TestPanicPastTheApp: a panic in middleware outside fwk's recovery ends
// the exchange; the test fails with the panic.
func TestPanicPastTheApp(t *testing.T) {
	panicky := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/echo" {
				panic("middleware exploded")
			}
			next.ServeHTTP(w, r)
		})
	}
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		app := newApp(t, panicky)
		f := fake(t, func(tb testing.TB) { fwktest.New(tb, app, opts...).Get("/echo") })
		mustFail(t, f, "the exchange failed", "middleware exploded")
		f = fake(t, func(tb testing.TB) {
			c := fwktest.New(tb, app, opts...)
			if r := c.Get("/echo", fwktest.ExpectError()); r.Err == nil {
				tb.Errorf("Err = nil, want the failed exchange")
			}
			c.Get("/").ExpectStatus(200)
		})
		mustPass(t, f)
	})
}

// TestExpectError: a test that expects the failure passes, and reads what
// the app logged.
func TestExpectError(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		f := fake(t, func(tb testing.TB) {
			c := fwktest.New(tb, newApp(t), opts...)
			c.Get("/boom", fwktest.ExpectError()).ExpectStatus(500)
			r := c.Get("/logs-error", fwktest.ExpectError())
			if len(r.Logs) != 1 || r.Logs[0].Message != "charge failed" || r.Logs[0].Level != slog.LevelError {
				tb.Errorf("Logs = %v", r.Logs)
			}
		})
		mustPass(t, f)
	})
}

// TestQuietAnswers: records below ERROR and 4xx answers do not fail the
// test; the records are kept in Logs.
func TestQuietAnswers(t *testing.T) {
	f := fake(t, func(tb testing.TB) {
		c := fwktest.New(tb, newApp(t))
		r := c.Get("/logs-info").ExpectStatus(200)
		if len(r.Logs) != 1 || r.Logs[0].Message != "all good" {
			tb.Errorf("Logs = %v", r.Logs)
		}
		c.Get("/nowhere").ExpectStatus(404)
		c.PostForm("/submit", nil).ExpectStatus(400) // no CSRF token: logged at INFO
	})
	mustPass(t, f)
}

// TestErrorOfAnotherClient: a record logged while serving another
// client's request (of the same app, at the same time) is not this one's.
func TestErrorOfAnotherClient(t *testing.T) {
	app := newApp(t)
	f := fake(t, func(tb testing.TB) {
		quiet := fwktest.New(tb, app)
		loud := fwktest.New(t, app)
		for range 50 {
			done := make(chan struct{})
			go func() {
				defer close(done)
				loud.Get("/logs-error", fwktest.ExpectError())
			}()
			quiet.Get("/").ExpectStatus(200)
			<-done
		}
	})
	mustPass(t, f)
}

// TestFailureMessage: the message names the request, the status and the
// start of the body, cut at 1 KiB.
func TestFailureMessage(t *testing.T) {
	f := fake(t, func(tb testing.TB) {
		fwktest.New(tb, newApp(t)).Get("/page").ExpectStatus(201)
	})
	mustFail(t, f, "status 200, want 201 Created", "GET http://localhost/page -> 200 OK (text/html; charset=utf-8)",
		"bytes:\n<!doctype html><title>Forms</title>", "[...]")
	if strings.Contains(f.failures(), `class="tokenless"`) {
		t.Errorf("the message holds the whole body:\n%s", f.failures())
	}
}

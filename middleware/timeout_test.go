package middleware_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fwkgo/fwk/middleware"
)

func TestTimeout(t *testing.T) {
	cancelled := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/fast" {
			_, _ = io.WriteString(w, "fast")
			return
		}
		<-r.Context().Done()
		close(cancelled)
		_, _ = io.WriteString(w, "too late")
	})
	url := serve(t, middleware.Timeout(50*time.Millisecond)(h))
	resp, body := do(t, "GET", url+"/fast", nil, nil)
	if resp.StatusCode != 200 || body != "fast" {
		t.Errorf("fast: %d %q", resp.StatusCode, body)
	}
	resp, body = do(t, "GET", url+"/slow", nil, nil)
	if resp.StatusCode != http.StatusServiceUnavailable || body == "too late" {
		t.Errorf("slow: %d %q", resp.StatusCode, body)
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Minute): // a bound on waiting, generous for a busy machine
		t.Error("the handler's context was not cancelled")
	}
}

func TestTimeoutZeroIsNone(t *testing.T) {
	h := hello(5)
	if got := middleware.Timeout(0)(h); got == nil {
		t.Fatal("nil handler")
	}
	url := serve(t, middleware.Timeout(0)(h))
	if resp, body := do(t, "GET", url, nil, nil); resp.StatusCode != 200 || body != "hello" {
		t.Errorf("%d %q", resp.StatusCode, body)
	}
}

// TestTimeoutAnswersAtDeadlineAndWaits: the 503 reaches the client complete
// (body and all) while the handler still runs, and Timeout returns only
// once the handler has: nothing of the request runs after it.
func TestTimeoutAnswersAtDeadlineAndWaits(t *testing.T) {
	release, handlerDone := make(chan struct{}), make(chan struct{})
	var returned atomic.Bool
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(handlerDone)
		<-r.Context().Done()
		<-release // ignores the deadline a while longer
		if returned.Load() {
			t.Error("Timeout returned before its handler")
		}
		_, _ = io.WriteString(w, "too late")
	})
	timeout := middleware.Timeout(time.Millisecond)(inner)
	outerDone := make(chan struct{})
	url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		timeout.ServeHTTP(w, r)
		returned.Store(true)
		close(outerDone)
	}))
	resp, body := do(t, "GET", url, nil, nil) // reads the whole body: it must end now
	if resp.StatusCode != http.StatusServiceUnavailable || body != "Service Unavailable\n" {
		t.Errorf("got %d %q, want 503 Service Unavailable", resp.StatusCode, body)
	}
	if !resp.Close {
		t.Error("the 503 does not close the connection, which stays busy until the handler returns")
	}
	select {
	case <-outerDone:
		t.Fatal("Timeout returned while its handler ran")
	default:
	}
	close(release)
	<-handlerDone
	<-outerDone
}

// TestTimeoutCopiesTheResponse: a handler that finishes in time has its
// status, headers and body sent as written.
func TestTimeoutCopiesTheResponse(t *testing.T) {
	h := middleware.Timeout(time.Minute)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Kind", "made")
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, "made")
	}))
	resp, body := do(t, "POST", serve(t, h), nil, nil)
	if resp.StatusCode != http.StatusCreated || body != "made" || resp.Header.Get("X-Kind") != "made" {
		t.Errorf("got %d %q %v", resp.StatusCode, body, resp.Header)
	}
}

// TestTimeoutPassesPanicsOn: a handler's panic reaches the request's
// goroutine, in time or after the deadline, so that the server (or the
// app) handles it as the handler's own.
func TestTimeoutPassesPanicsOn(t *testing.T) {
	for _, late := range []bool{false, true} {
		h := middleware.Timeout(time.Millisecond)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if late {
				<-r.Context().Done()
			}
			panic("boom")
		}))
		got := func() (p any) {
			defer func() { p = recover() }()
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
			return nil
		}()
		if got != "boom" {
			t.Errorf("late=%v: recovered %v, want the handler's panic", late, got)
		}
	}
}

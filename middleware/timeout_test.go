package middleware_test

import (
	"io"
	"net/http"
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

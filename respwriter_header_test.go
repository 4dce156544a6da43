package fwk_test

import (
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// headerCounter is a ResponseWriter that counts the calls of Header, which
// make net/http's server copy the header map at WriteHeader.
type headerCounter struct {
	h      http.Header
	calls  int
	status int
}

func (w *headerCounter) Header() http.Header { w.calls++; return w.h }
func (w *headerCounter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return len(b), nil
}
func (w *headerCounter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

// TestResponseWithoutHeadersLeavesHeaderAlone: a view that sets no header
// (a 204, a body without a Content-Type) does not make fwk ask the server
// for its header map, which net/http's server would then copy for the
// response (an allocation and a map copy per request). An error page still
// starts from the headers middleware set.
func TestResponseWithoutHeadersLeavesHeaderAlone(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{}.with(
		routes.Func("/none", func(c *fwk.Ctx) error { return c.NoContent() }, fwk.Methods("POST")),
		routes.Func("/text", func(c *fwk.Ctx) error { return c.Respond(http.StatusOK, "ok") }),
		routes.Func("/held", func(c *fwk.Ctx) error {
			c.Writer().WriteHeader(http.StatusAccepted)
			return fwk.Abort(http.StatusConflict)
		}),
	))
	for _, tt := range []struct {
		method, path string
		status       int
		calls        bool
	}{
		{"POST", "/none", http.StatusNoContent, false},
		{"GET", "/text", http.StatusOK, false},
		{"GET", "/held", http.StatusConflict, true}, // the error page sets its Content-Type
	} {
		req, _ := http.NewRequest(tt.method, tt.path, nil)
		req.Header.Set("Accept", "application/json")
		w := &headerCounter{h: http.Header{"X-Request-Id": {"mw"}}}
		app.ServeHTTP(w, req)
		if w.status != tt.status {
			t.Errorf("%s %s = %d, want %d", tt.method, tt.path, w.status, tt.status)
		}
		if got := w.calls > 0; got != tt.calls {
			t.Errorf("%s %s: Header called %d times", tt.method, tt.path, w.calls)
		}
		if w.h.Get("X-Request-Id") != "mw" {
			t.Errorf("%s %s: the middleware's header is gone: %v", tt.method, tt.path, w.h)
		}
	}
}

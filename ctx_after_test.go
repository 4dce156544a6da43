package fwk_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"net/textproto"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// afterRecorder registers two callbacks that record their order in calls
// and set headers.
type afterRecorder struct{ calls []string }

func (r *afterRecorder) register(ctx *fwk.Ctx) {
	ctx.AfterThisRequest(func(w http.ResponseWriter) {
		r.calls = append(r.calls, "a")
		w.Header().Set("X-After", "a")
	})
	ctx.AfterThisRequest(func(w http.ResponseWriter) {
		r.calls = append(r.calls, "b")
		w.Header().Set("X-After", w.Header().Get("X-After")+"b")
		http.SetCookie(w, &http.Cookie{Name: "seen", Value: "1"})
	})
}

func TestAfterThisRequest(t *testing.T) {
	rec := &afterRecorder{}
	fsys := fstest.MapFS{"page.html": {Data: []byte("page")}}
	views := []struct {
		name   string
		view   func(*fwk.Ctx) error
		status int
	}{
		{"json", func(c *fwk.Ctx) error { return c.JSON(fwk.M{"ok": true}) }, 200},
		{"render", func(c *fwk.Ctx) error { return c.Render("page") }, 200},
		{"redirect", func(c *fwk.Ctx) error { return c.Redirect("/json") }, 302},
		{"nocontent", func(c *fwk.Ctx) error { return c.NoContent() }, 204},
		{"respond", func(c *fwk.Ctx) error { return c.Respond(201, "made") }, 201},
		{"silent", func(c *fwk.Ctx) error { return nil }, 200},
		{"abort", func(c *fwk.Ctx) error { return fwk.Abort(http.StatusNotFound) }, 404},
		{"error", func(c *fwk.Ctx) error { return errors.New("boom") }, 500},
		{"panic", func(c *fwk.Ctx) error { panic("boom") }, 500},
		{"flush", func(c *fwk.Ctx) error {
			if err := http.NewResponseController(c.Writer()).Flush(); err != nil {
				return err
			}
			_, err := c.Writer().Write([]byte("streamed"))
			return err
		}, 200},
	}
	var rs [][]*fwk.Route
	for _, v := range views {
		rs = append(rs, routes.Func("/"+v.name, func(c *fwk.Ctx) error {
			rec.register(c)
			return v.view(c)
		}))
	}
	app := mustNew(t, quietCfg(), tplApp{tpl: fsys}.with(rs...))
	for _, v := range views {
		rec.calls = nil
		res := hreq(app, "GET", "/"+v.name)
		if res.Code != v.status {
			t.Errorf("GET /%s = %d, want %d", v.name, res.Code, v.status)
		}
		if got := strings.Join(rec.calls, ""); got != "ab" {
			t.Errorf("GET /%s: callbacks ran %q, want \"ab\" (once each, in order)", v.name, got)
		}
		if got := res.Header().Get("X-After"); got != "ab" {
			t.Errorf("GET /%s: X-After = %q, want \"ab\"", v.name, got)
		}
		if got := res.Header().Get("Set-Cookie"); got != "seen=1" {
			t.Errorf("GET /%s: Set-Cookie = %q, want seen=1", v.name, got)
		}
	}
}

func TestAfterThisRequestWriter(t *testing.T) {
	var writeErr error
	var order []string
	tests := []struct {
		name       string
		view       func(*fwk.Ctx) error
		status     int
		body       string
		wantHeader string
	}{
		{"status replaced", func(c *fwk.Ctx) error {
			c.AfterThisRequest(func(w http.ResponseWriter) { w.WriteHeader(http.StatusAccepted) })
			return c.Respond(http.StatusOK, "body")
		}, http.StatusAccepted, "body", ""},
		{"status replaced, nothing written", func(c *fwk.Ctx) error {
			c.AfterThisRequest(func(w http.ResponseWriter) { w.WriteHeader(http.StatusTeapot) })
			return nil
		}, http.StatusTeapot, "", ""},
		{"callbacks cannot write", func(c *fwk.Ctx) error {
			c.AfterThisRequest(func(w http.ResponseWriter) { _, writeErr = w.Write([]byte("sneaky")) })
			return c.Respond(http.StatusOK, "body")
		}, http.StatusOK, "body", ""},
		{"registered by a callback", func(c *fwk.Ctx) error {
			c.AfterThisRequest(func(w http.ResponseWriter) {
				order = append(order, "first")
				c.AfterThisRequest(func(w http.ResponseWriter) {
					order = append(order, "nested")
					w.Header().Set("X-Nested", "yes")
				})
			})
			return c.NoContent()
		}, http.StatusNoContent, "", "yes"},
		{"too late", func(c *fwk.Ctx) error {
			if err := c.Respond(http.StatusOK, "body"); err != nil {
				return err
			}
			c.AfterThisRequest(func(w http.ResponseWriter) { order = append(order, "late") })
			return nil
		}, http.StatusOK, "body", ""},
	}
	for _, tt := range tests {
		writeErr, order = nil, nil
		app := mustNew(t, quietCfg(), tplApp{}.with(routes.Func("/", tt.view)))
		res := hreq(app, "GET", "/")
		if res.Code != tt.status || res.Body.String() != tt.body {
			t.Errorf("%s: got %d %q, want %d %q", tt.name, res.Code, res.Body.String(), tt.status, tt.body)
		}
		if got := res.Header().Get("X-Nested"); got != tt.wantHeader {
			t.Errorf("%s: X-Nested = %q, want %q", tt.name, got, tt.wantHeader)
		}
		switch tt.name {
		case "callbacks cannot write":
			if !errors.Is(writeErr, fwk.ErrAfterWrite) {
				t.Errorf("%s: Write in a callback = %v, want ErrAfterWrite", tt.name, writeErr)
			}
		case "registered by a callback":
			if got := strings.Join(order, ","); got != "first,nested" {
				t.Errorf("%s: order = %q, want first,nested", tt.name, got)
			}
		case "too late":
			if len(order) != 0 {
				t.Errorf("%s: a callback registered after the headers ran: %q", tt.name, order)
			}
		}
	}
}

func TestAfterThisRequestWithMiddleware(t *testing.T) {
	mw := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Mw", "in")
			next.ServeHTTP(w, r)
		})
	}
	app := mustNew(t, quietCfg(), tplApp{}.with(routes.Func("/", func(c *fwk.Ctx) error {
		c.AfterThisRequest(func(w http.ResponseWriter) {
			w.Header().Set("X-After", w.Header().Get("X-Mw")+"+after")
		})
		return c.JSON([]int{1})
	}, fwk.Use(mw))))
	res := hreq(app, "GET", "/")
	if got := res.Header().Get("X-After"); got != "in+after" {
		t.Errorf("X-After = %q, want in+after", got)
	}
}

func TestAfterThisRequestDoesNotLeak(t *testing.T) {
	// Pooled Ctx values must not carry callbacks into the next request.
	calls := 0
	app := mustNew(t, quietCfg(), tplApp{}.with(
		routes.Func("/with", func(c *fwk.Ctx) error {
			c.AfterThisRequest(func(w http.ResponseWriter) { calls++ })
			return c.NoContent()
		}),
		routes.Func("/without", func(c *fwk.Ctx) error { return c.NoContent() }),
	))
	for range 3 {
		hreq(app, "GET", "/with")
		hreq(app, "GET", "/without")
	}
	if calls != 3 {
		t.Errorf("callbacks ran %d times for 3 requests that registered one", calls)
	}
}

func TestAfterThisRequestEarlyHints(t *testing.T) {
	// A 103 passes through; the callbacks run before the final status.
	app := mustNew(t, quietCfg(), tplApp{}.with(routes.Func("/", func(c *fwk.Ctx) error {
		c.AfterThisRequest(func(w http.ResponseWriter) { w.Header().Set("X-Final", "yes") })
		c.Writer().Header().Set("Link", "</style.css>; rel=preload")
		c.Writer().WriteHeader(http.StatusEarlyHints)
		return c.Respond(http.StatusOK, "body")
	})))
	srv := httptest.NewServer(app)
	defer srv.Close()
	var early []int
	trace := &httptrace.ClientTrace{Got1xxResponse: func(code int, _ textproto.MIMEHeader) error {
		early = append(early, code)
		return nil
	}}
	req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", srv.URL, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || string(body) != "body" || res.Header.Get("X-Final") != "yes" {
		t.Errorf("got %d %q X-Final=%q, want 200 \"body\" yes", res.StatusCode, body, res.Header.Get("X-Final"))
	}
	if len(early) != 1 || early[0] != http.StatusEarlyHints {
		t.Errorf("informational responses = %v, want [103]", early)
	}
}

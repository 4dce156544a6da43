package bench

// Sessions: one request that reads and writes a small session (a user id
// and a counter) carried by the cookie of an earlier response, fwk's signed
// cookie (Ctx.Session) next to gorilla/sessions' CookieStore
// (securecookie: gob, HMAC-SHA256, base64). fwk is measured through
// App.ServeHTTP (routing included); gorilla through CookieStore.New and
// Save called directly (no router, no registry), which favours gorilla.

import (
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
	"github.com/gorilla/sessions"
)

const sessionSecret = "b3Nch7Kq2Wz9Lx4Pm1Vb6Nc8Hy5Jd0-bench-session-key"

// headerWriter is a mock ResponseWriter whose header map is reused.
type headerWriter struct {
	h      http.Header
	status int
}

func (w *headerWriter) Header() http.Header         { return w.h }
func (w *headerWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *headerWriter) WriteHeader(code int)        { w.status = code }

// reset forgets the last response, keeping the map.
func (w *headerWriter) reset() {
	clear(w.h)
	w.status = 0
}

type sessionBundle struct{}

func (sessionBundle) Name() string { return "app" }
func (sessionBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Func("/login", func(ctx *fwk.Ctx) error {
			ctx.Session().Set("user_id", 42)
			ctx.Session().Set("n", 1)
			return ctx.NoContent()
		}),
		routes.Func("/rw", func(ctx *fwk.Ctx) error {
			s := ctx.Session()
			n, _ := s.Get("n")
			i, _ := n.(int)
			s.Set("n", i+1)
			return ctx.NoContent()
		}),
		routes.Func("/read", func(ctx *fwk.Ctx) error {
			if _, ok := ctx.Session().Get("user_id"); !ok {
				return fwk.Abort(http.StatusUnauthorized)
			}
			return ctx.NoContent()
		}),
		routes.Func("/plain", func(ctx *fwk.Ctx) error { return ctx.NoContent() }),
	)
}

// fwkSessionApp returns the app and the Cookie header of a logged-in user.
func fwkSessionApp(tb testing.TB) (*fwk.App, string) {
	tb.Helper()
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = sessionSecret
	app, err := fwk.New(cfg, sessionBundle{})
	if err != nil {
		tb.Fatal(err)
	}
	w := &headerWriter{h: http.Header{}}
	req, _ := http.NewRequest("GET", "/login", nil)
	app.ServeHTTP(w, req)
	cookie, _, _ := strings.Cut(w.h.Get("Set-Cookie"), ";")
	if cookie == "" {
		tb.Fatalf("no session cookie: %v", w.h)
	}
	return app, cookie
}

// gorillaSession returns the store and the Cookie header of a logged-in
// user.
func gorillaSession(tb testing.TB) (*sessions.CookieStore, string) {
	tb.Helper()
	store := sessions.NewCookieStore([]byte(sessionSecret))
	req, _ := http.NewRequest("GET", "/login", nil)
	s, _ := store.New(req, "session")
	s.Values["user_id"] = 42
	s.Values["n"] = 1
	w := &headerWriter{h: http.Header{}}
	if err := store.Save(req, w, s); err != nil {
		tb.Fatal(err)
	}
	cookie, _, _ := strings.Cut(w.h.Get("Set-Cookie"), ";")
	return store, cookie
}

func BenchmarkSession(b *testing.B) {
	app, fwkCookie := fwkSessionApp(b)
	store, gCookie := gorillaSession(b)
	serve := func(path, cookie string) func(*testing.B) {
		return func(b *testing.B) {
			req, _ := http.NewRequest("GET", path, nil)
			req.Header.Set("Cookie", cookie)
			w := &headerWriter{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				w.reset()
				app.ServeHTTP(w, req)
			}
			if w.status != http.StatusNoContent {
				b.Fatalf("GET %s = %d", path, w.status)
			}
		}
	}
	gorilla := func(write bool) func(*testing.B) {
		return func(b *testing.B) {
			req, _ := http.NewRequest("GET", "/rw", nil)
			req.Header.Set("Cookie", gCookie)
			w := &headerWriter{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				w.reset()
				s, err := store.New(req, "session")
				if err != nil || s.IsNew {
					b.Fatalf("gorilla: %v", err)
				}
				if !write {
					continue
				}
				n, _ := s.Values["n"].(int)
				s.Values["n"] = n + 1
				if err := store.Save(req, w, s); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.Run("ReadWrite/fwk", serve("/rw", fwkCookie))
	b.Run("ReadWrite/gorilla", gorilla(true))
	b.Run("Read/fwk", serve("/read", fwkCookie))
	b.Run("Read/gorilla", gorilla(false))
	b.Run("Untouched/fwk", serve("/plain", fwkCookie))
}

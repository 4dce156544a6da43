package bench

// App-level benchmarks: the GitHub route set served by a whole *fwk.App
// (pooled Ctx, view dispatch, error handling) with controller-style views
// func(*fwk.Ctx) error, next to gin's and echo's engines serving the same
// routes with their own no-op handlers; and the cost of an int URL param
// bound to a typed view parameter.

import (
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

// appBundle is an app bundle made of a route list.
type appBundle []*fwk.Route

func (appBundle) Name() string           { return "bench" }
func (b appBundle) Routes() []*fwk.Route { return b }

// newBenchApp builds an App from rs with logging off.
func newBenchApp(rs []*fwk.Route) (*fwk.App, error) {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	return fwk.New(cfg, appBundle(rs))
}

// loadFwkApp serves routes with one func(*fwk.Ctx) error view per route.
func loadFwkApp(rts []route, hit func(int)) (http.Handler, error) {
	var rs []*fwk.Route
	for i, rt := range rts {
		view := func(*fwk.Ctx) error { return nil }
		if hit != nil {
			view = func(*fwk.Ctx) error { hit(i); return nil }
		}
		rs = append(rs, routes.Func(rt.angle, view,
			fwk.Endpoint(rt.name), fwk.Methods(rt.method))...)
	}
	return newBenchApp(rs)
}

// appContestants are the engines of BenchmarkAppGithubAll.
func appContestants() []contestant {
	return []contestant{{name: "fwk-app", load: loadFwkApp}, {name: "gin", load: loadGin}, {name: "echo", load: loadEcho}}
}

func TestAppServesEveryRoute(t *testing.T) {
	rts := loadRoutes(t, "github")
	checkRouters(t, appContestants(), "github", rts)
}

func BenchmarkAppGithubAll(b *testing.B) {
	rts := loadRoutes(b, "github")
	for _, c := range appContestants() {
		b.Run(c.name, func(b *testing.B) {
			h, err := c.load(rts, nil)
			if err != nil {
				b.Fatal(err)
			}
			benchRoutes(b, h, rts)
		})
	}
}

// BenchmarkAppParamInt compares a view taking the <int:id> param as an int
// with a view of the fast path signature on the same rule, and with the
// router alone serving the rule to a HandlerFunc that reads the param and
// converts it (what an App view's int costs above the router).
func BenchmarkAppParamInt(b *testing.B) {
	var sink int
	views := []struct {
		name string
		view any
	}{
		{"int-view", func(_ *fwk.Ctx, id int) error { sink += id; return nil }},
		{"fast-path", func(*fwk.Ctx) error { sink++; return nil }},
	}
	for _, v := range views {
		b.Run(v.name, func(b *testing.B) {
			app, err := newBenchApp(routes.Func("/users/<int:id>", v.view, fwk.Endpoint("user")))
			if err != nil {
				b.Fatal(err)
			}
			benchUser(b, app)
		})
	}
	b.Run("router", func(b *testing.B) {
		r := router.New()
		_, err := r.Add(router.Rule{Path: "/users/<int:id>", Endpoint: "user",
			Handler: router.HandlerFunc(func(_ http.ResponseWriter, _ *http.Request, ps *router.Params) {
				id, _ := strconv.Atoi(ps.Get("id"))
				sink += id
			})})
		if err != nil {
			b.Fatal(err)
		}
		benchUser(b, r)
	})
	_ = sink
}

// benchUser serves GET /users/12345 with h b.N times.
func benchUser(b *testing.B, h http.Handler) {
	w := new(mockResponseWriter)
	req := newRequest(b)
	setRoute(req, route{method: http.MethodGet, path: "/users/12345"})
	h.ServeHTTP(w, req)
	if w.statusCode() != http.StatusOK {
		b.Fatalf("GET /users/12345 = %d", w.statusCode())
	}
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(w, req)
	}
}

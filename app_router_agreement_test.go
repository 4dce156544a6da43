package fwk_test

import (
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/router"
	"github.com/fwkgo/fwk/routes"
)

// attackBundle is the shop (controller, resources) with rules of every
// kind the router's walk treats apart: joined static chains, a catch-all
// beside a guarded subtree, composite segments, MergeSlashes false,
// strict and lax slashes, RedirectTo, an alias, defaults, and host and
// subdomain rules with parameters.
type attackBundle struct{ shopBundle }

func (attackBundle) Name() string { return "atk" }
func (b attackBundle) Routes() []*fwk.Route {
	v := func(s string) func(*fwk.Ctx) error {
		return func(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, s) }
	}
	items, pg := v("items"), v("pg")
	return routes.Tree(
		b.shopBundle.Routes(),
		routes.Func("/api/v1/items", items, fwk.Endpoint("items")),
		routes.Func("/api/v1/items/<int:id>", v("item"), fwk.Endpoint("item"), fwk.Methods("GET", "PUT", "DELETE")),
		routes.Func("/api/v2/a/b/c/d/e", v("deep"), fwk.Endpoint("deep")),
		routes.Func("/api/<ver>/x", v("verx"), fwk.Endpoint("verx")),
		routes.Func("/api/<path:rest>", v("apirest"), fwk.Endpoint("apirest")),
		routes.Func("/admin/<path:p>", v("admin"), fwk.Endpoint("admin")),
		routes.Func("/<path:p>", v("catch"), fwk.Endpoint("catch")),
		routes.Func("/m//x", v("nomerge"), fwk.Endpoint("nomerge"), fwk.MergeSlashes(false)),
		routes.Func("/lax/a/b/", v("lax"), fwk.Endpoint("lax"), fwk.StrictSlashes(false)),
		routes.Func("/strict/a/b/", v("strict"), fwk.Endpoint("strict")),
		routes.Func("/f/<name>.<ext>", v("nameext"), fwk.Endpoint("nameext")),
		routes.Func("/old/a/<int:id>", v("old"), fwk.RedirectTo("/api/v1/items/<int:id>")),
		routes.Func("/al/i/x", items, fwk.Endpoint("items"), fwk.Alias()),
		routes.Func("/pg/a/", pg, fwk.Endpoint("pg"), fwk.Defaults(map[string]any{"n": 1})),
		routes.Func("/pg/a/<int:n>", pg, fwk.Endpoint("pg")),
		routes.Func("/h/a/b", v("hostab"), fwk.Endpoint("hostab"), fwk.Host("example.test")),
		routes.Func("/h/a/b", v("subab"), fwk.Endpoint("subab"), fwk.Subdomain("<user>")),
		routes.Func("/s/<int:n>/t", v("subn"), fwk.Endpoint("subn"), fwk.Subdomain("<lang>.<int:v>")),
		routes.Func("/k/ra/i", v("kra"), fwk.Endpoint("kra")),
		routes.Func("/k/rb/i", v("krb"), fwk.Endpoint("krb")),
	)
}

// attackViews are the endpoints of attackBundle's own views, which answer
// their name.
const attackViews = " items item deep verx apirest admin catch nomerge lax strict nameext pg hostab subab subn kra krb "

// attackAtoms are the segments of the paths TestAppAgreesWithRouter draws.
var attackAtoms = []string{"api", "v1", "v2", "items", "1", "42", "a", "b", "c", "e", "x", "admin", "m", "lax", "strict",
	"f", "n.e", "old", "al", "i", "pg", "h", "s", "t", "k", "ra", "notes", "tags", "7", "edit", "health", "std", "page",
	"", ".", "..", "%2F", "%2f", "%252F", "%00", "%C0%AF", "%e9", "a%2Fb", "api%2Fv1", "%2e", "%2E%2E", "%61pi", "%5C", "r%61", "caf%C3%A9"}

// TestAppAgreesWithRouter draws 4,000 hostile requests (escapes, %2F,
// dot segments, empty segments, foreign hosts, every method) and checks
// that fwk's App answers each as its router's LookupURL says, that
// Router.ServeHTTP answers every miss alike, and that no miss has a body
// where it must not or a Location leaving the app.
func TestAppAgreesWithRouter(t *testing.T) {
	cfg := quietConfig()
	cfg.ServerName, cfg.DefaultSubdomain = "example.test", "www"
	a, err := fwk.New(cfg, attackBundle{shopBundle{store: newNoteStore()}})
	if err != nil {
		t.Fatal(err)
	}
	hosts := []string{"", "example.test", "www.example.test", "bob.example.test", "en.2.example.test", "evil.com", "EXAMPLE.TEST:80", ":"}
	methods := []string{"GET", "HEAD", "POST", "OPTIONS", "PUT", "DELETE", "PATCH"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 4000 {
		p := randomPath(rng)
		host, method := hosts[rng.IntN(len(hosts))], methods[rng.IntN(len(methods))]
		if msg := checkAgreement(a, method, host, p); msg != "" {
			t.Fatalf("%s %q on %q: %s", method, p, host, msg)
		}
	}
}

// randomPath draws a path of attackAtoms, sometimes with a trailing slash
// or a query.
func randomPath(rng *rand.Rand) string {
	var b strings.Builder
	n := rng.IntN(6)
	for range n {
		b.WriteString("/" + attackAtoms[rng.IntN(len(attackAtoms))])
	}
	if n == 0 || rng.IntN(4) == 0 {
		b.WriteString("/")
	}
	if rng.IntN(8) == 0 {
		b.WriteString("?q=//evil.com")
	}
	return b.String()
}

// checkAgreement serves one request through a and its router, and says
// how they disagree ("" when they do not).
func checkAgreement(a *fwk.App, method, host, target string) string {
	w, body := serveHost(a, method, host, target)
	var m router.Match
	u, _ := url.ParseRequestURI(target)
	a.Router().LookupURL(method, host, u, &m)
	if m.Status == http.StatusOK && m.Route != nil {
		ep, _ := strings.CutPrefix(m.Route.Endpoint(), "atk.")
		switch {
		case w.Code >= 500:
			return "a " + w.Result().Status
		case strings.Contains(attackViews, " "+ep+" ") && method != "HEAD" && w.Code == http.StatusOK && body != ep:
			return "app served " + body + ", router matched " + m.Route.Endpoint()
		}
		return ""
	}
	want := m.Location
	if want != "" && u.RawQuery != "" {
		want += "?" + u.RawQuery
	}
	if m.Host != "" {
		want = "http://" + m.Host + want
	}
	loc, allow := w.Header().Get("Location"), w.Header().Get("Allow")
	switch lu, _ := url.Parse(loc); {
	case w.Code != m.Status || loc != want || allow != m.Allow:
		return "app " + w.Result().Status + " " + loc + " " + allow + "; lookup " + http.StatusText(m.Status) + " " + want + " " + m.Allow
	case (m.Status == http.StatusOK || m.Status == http.StatusPermanentRedirect) && body != "":
		return "body " + body
	case lu == nil || strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") || lu.Host != "" && !strings.HasSuffix(lu.Hostname(), "example.test"):
		return "Location " + loc
	}
	rw, _ := serveHost(a.Router(), method, host, target)
	if rw.Code != w.Code || rw.Header().Get("Location") != loc || rw.Header().Get("Allow") != allow {
		return "router " + rw.Result().Status + " " + rw.Header().Get("Location") + ", app " + w.Result().Status + " " + loc
	}
	return ""
}

// serveHost serves one request for host through h and returns the
// recorder and body.
func serveHost(h http.Handler, method, host, target string) (*httptest.ResponseRecorder, string) {
	req := httptest.NewRequest(method, target, nil)
	req.Host = host
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	body, _ := io.ReadAll(w.Body)
	return w, string(body)
}

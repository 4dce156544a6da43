package bench

// The cost of a model resource: its Get and List next to hand-written
// typed views over the same memory store (fwk.Resource views returning
// (*Article, error) and ([]Article, error), answered in the same payload
// shapes). The model resource does more per request: it reads the member id
// through its route plan, answers an ETag and checks If-None-Match on Get;
// on List it reads limit, cursor, sort and filters and answers "next".

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Article is the model of the benchmark.
type Article struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title" validate:"required,max=200"`
	Body      string    `json:"body"`
	Status    string    `json:"status"`
	Views     int       `json:"views" fwk:"readonly"`
	CreatedAt time.Time `json:"created_at"`
}

// ArticleResource is the model resource.
type ArticleResource struct{ fwk.ModelResource[Article] }

// Meta declares a filter and a sort field, as a real API would.
func (r *ArticleResource) Meta() fwk.Meta {
	return fwk.Meta{Model: &fwk.ModelMeta{Filters: []string{"status"}, Sort: []string{"title"}}}
}

// ArticleView is the same API written by hand.
type ArticleView struct {
	fwk.Resource
	Store *fwk.MemoryStore[Article]
}

// Get answers the article of the URL, or 404.
func (v *ArticleView) Get(ctx *fwk.Ctx, id int64) (*Article, error) {
	a, _, err := v.Store.Get(ctx.Context(), fwk.Key{ID: id})
	if errors.Is(err, fwk.ErrNotFound) {
		return nil, fwk.Abort(http.StatusNotFound)
	}
	return a, err
}

// articleQuery is the query string of the hand-written list.
type articleQuery struct {
	Limit  int    `query:"limit" default:"20"`
	Cursor string `query:"cursor"`
}

// List answers one page of articles.
func (v *ArticleView) List(ctx *fwk.Ctx, q articleQuery) ([]Article, error) {
	p, err := v.Store.List(ctx.Context(), fwk.Query{Limit: q.Limit, Cursor: q.Cursor, Sort: []fwk.Sort{{Field: "ID"}}})
	return p.Items, err
}

// articleStore holds n articles.
func articleStore(tb testing.TB, n int) *fwk.MemoryStore[Article] {
	s := fwk.NewMemoryStore[Article]()
	for i := range n {
		a := &Article{Title: fmt.Sprintf("Article %d", i), Body: "A body of a few words, as articles have.", Status: "published"}
		if _, err := s.Create(tb.Context(), a); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// articleApps are the two apps over one store of n articles.
func articleApps(tb testing.TB, n int) map[string]http.Handler {
	store := articleStore(tb, n)
	out := map[string]http.Handler{}
	for name, res := range map[string]any{
		"model": &ArticleResource{ModelResource: fwk.ModelResource[Article]{Store: store}},
		"typed": &ArticleView{Store: store},
	} {
		app, err := newBenchApp(routes.Resource("/articles", res))
		if err != nil {
			tb.Fatal(err)
		}
		out[name] = app
	}
	return out
}

// modelWriter is a ResponseWriter whose header map is cleared between
// requests, as net/http gives each request a new one.
type modelWriter struct {
	mockResponseWriter
	h    http.Header
	body int
}

func (w *modelWriter) Header() http.Header { return w.h }

func (w *modelWriter) Write(p []byte) (int, error) {
	w.body += len(p)
	return w.mockResponseWriter.Write(p)
}

// serveArticles serves GET target with h once per op.
func serveArticles(b *testing.B, h http.Handler, target string) {
	w := &modelWriter{h: http.Header{}}
	req, err := http.NewRequest(http.MethodGet, target, nil)
	if err != nil {
		b.Fatal(err)
	}
	h.ServeHTTP(w, req)
	if w.statusCode() != http.StatusOK {
		b.Fatalf("GET %s = %d", target, w.statusCode())
	}
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		w.status = 0
		h.ServeHTTP(w, req)
	}
}

func TestModelResourceAnswersAsTypedViews(t *testing.T) {
	apps := articleApps(t, 10)
	for _, target := range []string{"/articles/7", "/articles?limit=10"} {
		sizes := map[string]int{}
		for name, h := range apps {
			w := &modelWriter{h: http.Header{}}
			req, _ := http.NewRequest(http.MethodGet, target, nil)
			h.ServeHTTP(w, req)
			if w.statusCode() != http.StatusOK {
				t.Fatalf("%s GET %s = %d", name, target, w.statusCode())
			}
			sizes[name] = w.body
		}
		// The same models in the same shape; the list of the model resource
		// adds ,"next":null (12 bytes).
		if d := sizes["model"] - sizes["typed"]; d != 0 && d != len(`,"next":null`) {
			t.Errorf("GET %s: the model resource answers %d bytes, the typed view %d", target, sizes["model"], sizes["typed"])
		}
	}
}

// BenchmarkModelResource: GET one article and GET a page of 10 (the last
// page: no next link), by the model resource and by the typed views.
func BenchmarkModelResource(b *testing.B) {
	apps := articleApps(b, 10)
	for _, op := range []struct{ name, target string }{{"get", "/articles/7"}, {"list", "/articles?limit=10"}} {
		for _, who := range []string{"model", "typed"} {
			b.Run(op.name+"-"+who, func(b *testing.B) { serveArticles(b, apps[who], op.target) })
		}
	}
}

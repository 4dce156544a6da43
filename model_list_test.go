package fwk_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type ListedEntryResource struct{ fwk.ModelResource[Entry] }

func (r *ListedEntryResource) Meta() fwk.Meta {
	return fwk.Meta{Model: &fwk.ModelMeta{
		Filters: []string{"status", "views"},
		Sort:    []string{"title", "created_at"},
		Limit:   2, MaxLimit: 3,
	}}
}

// listPage is a decoded list answer.
type listPage struct {
	Entries []Entry `json:"entries"`
	Next    *string `json:"next"`
}

func listOf(t *testing.T, w interface{ Result() *http.Response }) listPage {
	t.Helper()
	var p listPage
	res := w.Result()
	if err := json.NewDecoder(res.Body).Decode(&p); err != nil {
		t.Fatalf("list answer: %v", err)
	}
	return p
}

func titles(es []Entry) string {
	var out []string
	for _, e := range es {
		out = append(out, e.Title)
	}
	return strings.Join(out, ",")
}

func seedEntries(t *testing.T, app http.Handler) {
	t.Helper()
	for i, title := range []string{"d", "b", "e", "a", "c"} {
		status := "draft"
		if i%2 == 0 {
			status = "published"
		}
		expect(t, mcall(app, "POST", "/entries", map[string]any{"title": title, "status": status}), 201)
	}
}

func TestModelListPagesWithLink(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &ListedEntryResource{}))
	seedEntries(t, app)
	var all []string
	target := "/entries?sort=title"
	for pages := 0; target != ""; pages++ {
		if pages > 5 {
			t.Fatal("the pages do not end")
		}
		w := mcall(app, "GET", target, nil)
		expect(t, w, http.StatusOK)
		p := listOf(t, w)
		all = append(all, titles(p.Entries))
		link := w.Header().Get("Link")
		target = ""
		if p.Next != nil {
			target = *p.Next
			if want := "<" + target + `>; rel="next"`; link != want {
				t.Errorf("Link = %q, want %q", link, want)
			}
			if u, _ := url.Parse(target); u.Path != "/entries" || u.Query().Get("sort") != "title" {
				t.Errorf("next %q lost the path or the sort", target)
			}
		} else if link != "" {
			t.Errorf("Link %q on the last page", link)
		}
	}
	if got := strings.Join(all, "|"); got != "a,b|c,d|e" {
		t.Errorf("pages = %s, want a,b|c,d|e (limit 2, sorted by title)", got)
	}
	if p := listOf(t, mcall(app, "GET", "/entries?limit=50", nil)); len(p.Entries) != 3 {
		t.Errorf("limit=50 gave %d entries, want MaxLimit 3", len(p.Entries))
	}
	if p := listOf(t, mcall(app, "GET", "/entries?limit=1&sort=-title", nil)); titles(p.Entries) != "e" {
		t.Errorf("sort=-title limit=1 gave %s", titles(p.Entries))
	}
	expect(t, mcall(app, "GET", "/entries?cursor=garbage", nil), http.StatusBadRequest)
}

func TestModelListFilters(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &ListedEntryResource{}))
	seedEntries(t, app)
	if p := listOf(t, mcall(app, "GET", "/entries?status=published&sort=title&limit=3", nil)); titles(p.Entries) != "c,d,e" {
		t.Errorf("status=published gave %s, want c,d,e", titles(p.Entries))
	}
	if p := listOf(t, mcall(app, "GET", "/entries?status=published&status=draft&limit=3&sort=-title", nil)); titles(p.Entries) != "e,d,c" {
		t.Errorf("two statuses gave %s", titles(p.Entries))
	}
	if p := listOf(t, mcall(app, "GET", "/entries?views=0&limit=3", nil)); len(p.Entries) != 3 {
		t.Errorf("views=0 gave %d entries", len(p.Entries))
	}
	for query, key := range map[string]string{
		"colour=red":     "colour",
		"views=many":     "views",
		"sort=slug":      "sort",
		"sort=-colour":   "sort",
		"limit=0":        "limit",
		"limit=x":        "limit",
		"status=a&tag=b": "tag",
	} {
		w := mcall(app, "GET", "/entries?"+query, nil)
		var body struct{ Errors map[string][]string }
		_ = json.Unmarshal(w.Body.Bytes(), &body)
		if w.Code != http.StatusUnprocessableEntity || len(body.Errors[key]) == 0 {
			t.Errorf("?%s = %d %s, want 422 naming %s", query, w.Code, w.Body, key)
		}
	}
	w := mcall(app, "GET", "/entries?sort=colour", nil)
	if !strings.Contains(w.Body.String(), "colour") || !strings.Contains(w.Body.String(), "title, created_at") {
		t.Errorf("unknown sort field: %s, want it named with the fields allowed", w.Body)
	}
}

func TestModelSubresourceScopesStore(t *testing.T) {
	replies := fwk.NewMemoryStore[Reply]()
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry](), replies}, routes.Resource("", &EntryResource{},
		routes.Subresources(routes.Resource("/replies", &ReplyResource{}))))
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "one"}), 201)
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "two"}), 201)
	w := mcall(app, "POST", "/entries/1/replies", map[string]any{"text": "hi", "entry_id": 2})
	expect(t, w, http.StatusCreated)
	if loc := w.Header().Get("Location"); loc != "/entries/1/replies/1" {
		t.Errorf("Location = %q", loc)
	}
	expect(t, mcall(app, "POST", "/entries/2/replies", map[string]any{"text": "yo"}), 201)
	var body struct{ Replies []Reply }
	_ = json.Unmarshal(mcall(app, "GET", "/entries/1/replies", nil).Body.Bytes(), &body)
	if len(body.Replies) != 1 || body.Replies[0].EntryID != 1 || body.Replies[0].Text != "hi" {
		t.Errorf("replies of entry 1 = %+v: want the one posted under it, its entry_id from the URL", body.Replies)
	}
	expect(t, mcall(app, "GET", "/entries/1/replies/1", nil), http.StatusOK)
	expect(t, mcall(app, "GET", "/entries/2/replies/1", nil), http.StatusNotFound) // reply 1 belongs to entry 1
	expect(t, mcall(app, "DELETE", "/entries/2/replies/1", nil), http.StatusNotFound)
	w = mcall(app, "PATCH", "/entries/1/replies/1", map[string]any{"entry_id": 2, "text": "moved?"})
	expect(t, w, http.StatusOK)
	var one struct{ Reply Reply }
	_ = json.Unmarshal(w.Body.Bytes(), &one)
	if one.Reply.EntryID != 1 {
		t.Errorf("a PATCH moved the reply to entry %d", one.Reply.EntryID)
	}
}

// Orphan has no field for the parent's id.
type Orphan struct {
	ID int64 `json:"id"`
}

type OrphanResource struct{ fwk.ModelResource[Orphan] }

func TestModelSubresourceWithoutParentFieldFailsNew(t *testing.T) {
	_, err := fwk.New(quietCfg(), tplApp{services: []any{fwk.NewMemoryStore[Entry](), fwk.NewMemoryStore[Orphan]()}}.with(
		routes.Resource("", &EntryResource{}, routes.Subresources(routes.Resource("/orphans", &OrphanResource{})))))
	if err == nil || !strings.Contains(err.Error(), `"entry_id"`) {
		t.Errorf("fwk.New = %v, want an error naming entry_id", err)
	}
}

func TestModelListScopeValuesConvert(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry](), fwk.NewMemoryStore[Reply]()}, routes.Resource("", &EntryResource{},
		routes.Subresources(routes.Resource("/replies", &ReplyResource{}))))
	for i := range 3 {
		expect(t, mcall(app, "POST", fmt.Sprintf("/entries/%d/replies", i+5), map[string]any{"text": "x"}), 201)
	}
	var body struct{ Replies []Reply }
	_ = json.Unmarshal(mcall(app, "GET", "/entries/6/replies", nil).Body.Bytes(), &body)
	if len(body.Replies) != 1 || body.Replies[0].EntryID != 6 {
		t.Errorf("replies of entry 6 = %+v", body.Replies)
	}
}

// TestMemoryStoreRefusesUnknownFilterFields: a scope or filter naming a
// field the model does not have is an error, as in a SQL store, not an
// empty page that hides the caller's typo.
func TestMemoryStoreRefusesUnknownFilterFields(t *testing.T) {
	s := fwk.NewMemoryStore[Entry]()
	if _, err := s.Create(t.Context(), &Entry{Title: "a"}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []fwk.Query{
		{Limit: 5, Filters: []fwk.Filter{{Field: "1=1 OR Title", Values: []any{"a"}}}},
		{Limit: 5, Scope: []fwk.Filter{{Field: "Nope", Values: []any{1}}}},
	} {
		if p, err := s.List(t.Context(), q); err == nil || !strings.Contains(err.Error(), "unknown field") {
			t.Errorf("List(%+v) = %d items, %v; want an unknown field error", q, len(p.Items), err)
		}
	}
	if p, err := s.List(t.Context(), fwk.Query{Limit: 5, Filters: []fwk.Filter{{Field: "Title", Values: []any{"a"}}}}); err != nil || len(p.Items) != 1 {
		t.Errorf("List by Title = %d items, %v; want 1", len(p.Items), err)
	}
}

package fwk_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

func TestModelPatchIsMergePatch(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &EntryResource{}))
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "T", "slug": "s", "status": "draft", "tags": []string{"a", "b"}}), 201)

	// application/merge-patch+json: null removes, absent members stay.
	w := mcall(app, "PATCH", "/entries/1", `{"status": null, "tags": ["c"], "views": 5, "id": 9}`, "Content-Type", fwk.MergePatchType)
	expect(t, w, http.StatusOK)
	got := entryOf(t, w)
	if got.Status != "" || got.Title != "T" || got.Slug != "s" || strings.Join(got.Tags, ",") != "c" || got.Views != 0 || got.ID != 1 {
		t.Errorf("PATCH gave %+v: want status removed, title and slug kept, tags [c], views and id untouched", got)
	}
	// Plain JSON is read the same way.
	w = mcall(app, "PATCH", "/entries/1", map[string]any{"title": "U"})
	expect(t, w, http.StatusOK)
	if got := entryOf(t, w); got.Title != "U" || got.Slug != "s" {
		t.Errorf("PATCH gave %+v", got)
	}
	for _, bad := range []string{`[1]`, `"x"`, `{"title": 5}`} {
		w = mcall(app, "PATCH", "/entries/1", bad, "Content-Type", fwk.MergePatchType)
		if w.Code != http.StatusBadRequest && w.Code != http.StatusUnprocessableEntity {
			t.Errorf("PATCH %s = %d, want 400 or 422", bad, w.Code)
		}
	}
	expect(t, mcall(app, "PATCH", "/entries/1", `title=x`, "Content-Type", "application/x-www-form-urlencoded"), http.StatusUnsupportedMediaType)
}

// Settings holds a nested object, merged member by member.
type Setting struct {
	ID    int64          `json:"id"`
	Prefs map[string]any `json:"prefs"`
}

type SettingResource struct{ fwk.ModelResource[Setting] }

func TestModelPatchMergesNestedObjects(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Setting]()}, routes.Resource("", &SettingResource{}))
	expect(t, mcall(app, "POST", "/settings", map[string]any{"prefs": map[string]any{"a": 1, "b": map[string]any{"c": 2, "d": 3}}}), 201)
	w := mcall(app, "PATCH", "/settings/1", `{"prefs": {"a": null, "b": {"c": 4}, "e": 5}}`, "Content-Type", fwk.MergePatchType)
	expect(t, w, http.StatusOK)
	var body struct{ Setting Setting }
	_ = json.Unmarshal(w.Body.Bytes(), &body)
	if got, _ := json.Marshal(body.Setting.Prefs); string(got) != `{"b":{"c":4,"d":3},"e":5}` {
		t.Errorf("merged prefs = %s, want RFC 7396's merge", got)
	}
}

func TestModelIfMatch(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &EntryResource{}))
	etag := mcall(app, "POST", "/entries", map[string]any{"title": "T"}).Header().Get("ETag")

	w := mcall(app, "PATCH", "/entries/1", map[string]any{"title": "A"}, "If-Match", etag)
	expect(t, w, http.StatusOK)
	newTag := w.Header().Get("ETag")
	// The first client's tag is stale now: its write would overwrite A.
	for _, method := range []string{"PATCH", "PUT"} {
		expect(t, mcall(app, method, "/entries/1", map[string]any{"title": "B"}, "If-Match", etag), http.StatusPreconditionFailed)
	}
	expect(t, mcall(app, "DELETE", "/entries/1", nil, "If-Match", etag), http.StatusPreconditionFailed)
	expect(t, mcall(app, "DELETE", "/entries/1", nil, "If-Match", "W/"+newTag), http.StatusPreconditionFailed) // strong comparison
	if got := entryOf(t, mcall(app, "GET", "/entries/1", nil)); got.Title != "A" {
		t.Errorf("a write with a stale If-Match changed the entry: %+v", got)
	}
	expect(t, mcall(app, "PUT", "/entries/1", map[string]any{"title": "C"}, "If-Match", `"x", `+newTag), http.StatusOK)
	expect(t, mcall(app, "DELETE", "/entries/1", nil, "If-Match", "*"), http.StatusNoContent)
}

type LockedEntryResource struct{ fwk.ModelResource[Entry] }

func (r *LockedEntryResource) Meta() fwk.Meta {
	return fwk.Meta{Model: &fwk.ModelMeta{RequireIfMatch: true}}
}

func TestModelRequireIfMatch(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &LockedEntryResource{}))
	etag := mcall(app, "POST", "/entries", map[string]any{"title": "T"}).Header().Get("ETag")
	for _, method := range []string{"PATCH", "PUT", "DELETE"} {
		expect(t, mcall(app, method, "/entries/1", map[string]any{"title": "B"}), http.StatusPreconditionRequired)
	}
	expect(t, mcall(app, "PATCH", "/entries/1", map[string]any{"title": "B"}, "If-Match", etag), http.StatusOK)
}

// EntryInput is what a client may write of an Entry.
type EntryInput struct {
	Title string `json:"title" validate:"required,min=2"`
	Slug  string `json:"slug"`
}

type InputEntryResource struct{ fwk.ModelResource[Entry] }

func (r *InputEntryResource) Meta() fwk.Meta {
	return fwk.Meta{Model: &fwk.ModelMeta{CreateInput: EntryInput{}, UpdateInput: EntryInput{}}}
}

func TestModelInputTypes(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &InputEntryResource{}))
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "T", "status": "published"}), http.StatusBadRequest)
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "T"}), http.StatusUnprocessableEntity) // min=2 of the input
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "Te", "slug": "te"}), http.StatusCreated)
	expect(t, mcall(app, "PATCH", "/entries/1", map[string]any{"status": "x"}), http.StatusUnprocessableEntity)
	expect(t, mcall(app, "PATCH", "/entries/1", map[string]any{"title": "x"}), http.StatusUnprocessableEntity)
	w := mcall(app, "PATCH", "/entries/1", map[string]any{"slug": "new"})
	expect(t, w, http.StatusOK)
	if got := entryOf(t, w); got.Slug != "new" || got.Title != "Te" {
		t.Errorf("PATCH with an input type gave %+v", got)
	}
}

func TestModelInputTypeWithReadOnlyFieldFailsNew(t *testing.T) {
	type BadInput struct {
		Views int `json:"views"`
	}
	_, err := fwk.New(quietCfg(), tplApp{services: []any{fwk.NewMemoryStore[Entry]()}}.with(
		routes.Resource("", &badInputResource{in: BadInput{}})))
	if !errors.Is(err, fwk.ErrInvalidMeta) || !strings.Contains(err.Error(), "read-only") || !strings.Contains(err.Error(), "Views") {
		t.Errorf("fwk.New = %v, want ErrInvalidMeta naming the read-only field", err)
	}
}

type badInputResource struct {
	fwk.ModelResource[Entry]
	in any
}

func (r *badInputResource) Meta() fwk.Meta {
	return fwk.Meta{Model: &fwk.ModelMeta{CreateInput: r.in}}
}

// TestModelConcurrentIfMatchPatches has clients patch one entry at once,
// each with the ETag it read: every acknowledged write is the one stored
// on top of what its client read, every lost race a 412, none lost.
func TestModelConcurrentIfMatchPatches(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &EntryResource{}))
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "0", "tags": []string{}}), 201)
	const clients, rounds = 8, 25
	var (
		wg             sync.WaitGroup
		mu             sync.Mutex
		acked, refused int
	)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rounds {
				w := mcall(app, "GET", "/entries/1", nil)
				cur := entryOf(t, w)
				tags := append(cur.Tags, fmt.Sprintf("%d-%d", c, i))
				p := mcall(app, "PATCH", "/entries/1", map[string]any{"tags": tags}, "If-Match", w.Header().Get("ETag"))
				mu.Lock()
				switch p.Code {
				case http.StatusOK:
					acked++
				case http.StatusPreconditionFailed:
					refused++
				default:
					t.Errorf("PATCH = %d %s", p.Code, p.Body)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	got := entryOf(t, mcall(app, "GET", "/entries/1", nil))
	if len(got.Tags) != acked || acked+refused != clients*rounds || acked == 0 {
		t.Errorf("%d tags stored, %d writes acknowledged, %d refused of %d: a write was lost", len(got.Tags), acked, refused, clients*rounds)
	}
}

// Counter counts per client.
type Counter struct {
	ID int64          `json:"id"`
	N  map[string]int `json:"n"`
}

type counterResource struct{ fwk.ModelResource[Counter] }

// TestModelConcurrentUnconditionalPatches: without If-Match, a PATCH is
// still made on the version it read and retried on a race, so patches of
// different fields never undo each other.
func TestModelConcurrentUnconditionalPatches(t *testing.T) {
	store := fwk.NewMemoryStore[Counter]()
	app := modelApp(t, []any{store}, routes.Resource("/counters", &counterResource{}))
	expect(t, mcall(app, "POST", "/counters", map[string]any{"n": map[string]int{}}), 201)
	var wg sync.WaitGroup
	for c := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := mcall(app, "PATCH", "/counters/1", fmt.Sprintf(`{"n": {"c%d": 1}}`, c), "Content-Type", fwk.MergePatchType)
			if p.Code != http.StatusOK { // a writer loses at most once per other writer, under the retry bound
				t.Errorf("PATCH = %d %s", p.Code, p.Body)
			}
		}()
	}
	wg.Wait()
	var body struct{ Counter struct{ N map[string]int } }
	_ = json.Unmarshal(mcall(app, "GET", "/counters/1", nil).Body.Bytes(), &body)
	if len(body.Counter.N) != 6 {
		t.Errorf("stored %v: a concurrent PATCH of another member was lost", body.Counter.N)
	}
}

package fwk_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type ReadOnlyEntryResource struct{ fwk.ModelResource[Entry] }

func (r *ReadOnlyEntryResource) Meta() fwk.Meta {
	return fwk.Meta{Model: &fwk.ModelMeta{IncludeMethods: []string{"list", "get"}}}
}

type NoDeleteEntryResource struct{ fwk.ModelResource[Entry] }

func (r *NoDeleteEntryResource) Meta() fwk.Meta {
	return fwk.Meta{Model: &fwk.ModelMeta{ExcludeMethods: []string{"Delete"}}}
}

func TestModelIncludeExcludeMethods(t *testing.T) {
	store := fwk.NewMemoryStore[Entry]()
	app := modelApp(t, []any{store}, routes.Resource("", &ReadOnlyEntryResource{}))
	expect(t, mcall(app, "GET", "/entries", nil), http.StatusOK)
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "x"}), http.StatusMethodNotAllowed)
	expect(t, mcall(app, "DELETE", "/entries/1", nil), http.StatusMethodNotAllowed)

	app = modelApp(t, []any{store}, routes.Resource("", &NoDeleteEntryResource{}))
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "x"}), http.StatusCreated)
	expect(t, mcall(app, "DELETE", "/entries/1", nil), http.StatusMethodNotAllowed)
	expect(t, mcall(app, "PATCH", "/entries/1", map[string]any{"title": "y"}), http.StatusOK)
}

type badMetaResource struct {
	fwk.ModelResource[Entry]
	meta fwk.ModelMeta
}

func (r *badMetaResource) Meta() fwk.Meta { return fwk.Meta{Model: &r.meta} }

func TestModelMetaMistakesFailNew(t *testing.T) {
	for want, meta := range map[string]fwk.ModelMeta{
		`IncludeMethods: unknown method "lists"`:                       {IncludeMethods: []string{"lists"}},
		`ExcludeMethods: unknown method "remove"`:                      {ExcludeMethods: []string{"remove"}},
		`MethodDecorators: unknown method "edit"`:                      {MethodDecorators: map[string][]func(http.Handler) http.Handler{"edit": nil}},
		`Filters: fwk_test.Entry has no field with JSON name "colour"`: {Filters: []string{"colour"}},
		`Sort: fwk_test.Entry has no field with JSON name "Title"`:     {Sort: []string{"Title"}},
		`DefaultSort: unknown sort field "nope"`:                       {DefaultSort: "-nope"},
	} {
		_, err := fwk.New(quietCfg(), tplApp{services: []any{fwk.NewMemoryStore[Entry]()}}.with(
			routes.Resource("/e", &badMetaResource{meta: meta})))
		if !errors.Is(err, fwk.ErrInvalidMeta) || !strings.Contains(err.Error(), want) {
			t.Errorf("fwk.New = %v, want ErrInvalidMeta with %q", err, want)
		}
	}
}

func TestModelWithoutStoreFailsNew(t *testing.T) {
	_, err := fwk.New(quietCfg(), tplApp{}.with(routes.Resource("", &EntryResource{})))
	if !errors.Is(err, fwk.ErrMissingService) || !strings.Contains(err.Error(), "Store") {
		t.Errorf("fwk.New = %v, want ErrMissingService naming the Store", err)
	}
	_, err = fwk.New(quietCfg(), tplApp{services: []any{fwk.NewMemoryStore[Entry](fwk.MemoryUnique("nope"))}}.with(
		routes.Resource("", &EntryResource{})))
	if err == nil || !strings.Contains(err.Error(), `MemoryUnique("nope")`) {
		t.Errorf("fwk.New = %v, want the bad MemoryUnique named", err)
	}
}

// order records the order middleware and views run in.
type order []string

func (o *order) mw(name string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			*o = append(*o, name)
			next.ServeHTTP(w, r)
		})
	}
}

type DecoratedEntryResource struct {
	fwk.ModelResource[Entry]
	seen *order
}

func (r *DecoratedEntryResource) Meta() fwk.Meta {
	deny := func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusForbidden) })
	}
	return fwk.Meta{
		Decorators: []func(http.Handler) http.Handler{r.seen.mw("all")},
		Model: &fwk.ModelMeta{MethodDecorators: map[string][]func(http.Handler) http.Handler{
			"create": {r.seen.mw("create")},
			"delete": {deny},
		}},
	}
}

func TestModelMethodDecorators(t *testing.T) {
	seen := &order{}
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &DecoratedEntryResource{seen: seen}))
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "x"}), http.StatusCreated)
	if got := strings.Join(*seen, ","); got != "all,create" {
		t.Errorf("POST ran %s, want all,create (Meta.Decorators outside)", got)
	}
	*seen = nil
	expect(t, mcall(app, "GET", "/entries/1", nil), http.StatusOK)
	if got := strings.Join(*seen, ","); got != "all" {
		t.Errorf("GET ran %s, want all", got)
	}
	expect(t, mcall(app, "DELETE", "/entries/1", nil), http.StatusForbidden)
	expect(t, mcall(app, "GET", "/entries/1", nil), http.StatusOK) // the decorator ran before the default Delete
}

// StampedEntryResource replaces Create and keeps the other methods.
type StampedEntryResource struct{ fwk.ModelResource[Entry] }

func (r *StampedEntryResource) Create(ctx *fwk.Ctx, in fwk.Body[EntryInput]) (*Entry, error) {
	e := &Entry{Title: in.Value.Title, Slug: "stamped-" + in.Value.Slug}
	if _, err := r.Store.Create(ctx.Context(), e); err != nil {
		return nil, err
	}
	return e, nil
}

func TestModelOverrideOneMethod(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &StampedEntryResource{}))
	w := mcall(app, "POST", "/entries", map[string]any{"title": "xy", "slug": "s"})
	expect(t, w, http.StatusCreated)
	if e := entryOf(t, w); e.Slug != "stamped-s" {
		t.Errorf("Create = %+v, want the resource's own Create", e)
	}
	if e := entryOf(t, mcall(app, "GET", "/entries/1", nil)); e.Slug != "stamped-s" {
		t.Errorf("Get = %+v, want the default Get", e)
	}
	expect(t, mcall(app, "PATCH", "/entries/1", map[string]any{"title": "z"}), http.StatusOK)
}

// Gadget has a UUID id and a name that is not its resource's.
type Gadget struct {
	ID   [16]byte `json:"id"`
	Name string   `json:"name"`
}

type ToolResource struct{ fwk.ModelResource[Gadget] }

func TestModelNamesComeFromModel(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Gadget]()}, routes.Resource("", &ToolResource{}))
	var found bool
	for _, r := range app.RouteTable() {
		if strings.Contains(r.Rule, "/gadgets/<uuid:id>") {
			found = true
		}
	}
	if !found {
		t.Errorf("no /gadgets/<uuid:id> rule: %v", app.RouteTable())
	}
	w := mcall(app, "POST", "/gadgets", map[string]any{"name": "g"})
	expect(t, w, http.StatusCreated)
	if !strings.HasPrefix(w.Body.String(), `{"gadget":`) {
		t.Errorf("body %s, want the model's key", w.Body)
	}
	loc := w.Header().Get("Location")
	expect(t, mcall(app, "GET", loc, nil), http.StatusOK)
	expect(t, mcall(app, "GET", "/gadgets/00000000-0000-4000-8000-000000000000", nil), http.StatusNotFound)
}

// Audit holds fields embedded by pointer: a nil one must not panic.
type Audit struct {
	Note string `json:"note"`
}

// Stamp embeds a struct by value (its fields are the model's) and one by
// pointer (left out).
type Stamp struct {
	Base
	*Audit
	Name string `json:"name"`
}

// Base is embedded by value.
type Base struct {
	ID int64 `json:"id"`
}

type StampResource struct{ fwk.ModelResource[Stamp] }

func TestModelEmbeddedFields(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Stamp]()}, routes.Resource("", &StampResource{}))
	w := mcall(app, "POST", "/stamps", map[string]any{"name": "n"})
	expect(t, w, http.StatusCreated)
	if !strings.Contains(w.Body.String(), `"id":1`) {
		t.Errorf("the embedded ID was not set: %s", w.Body)
	}
	expect(t, mcall(app, "PATCH", "/stamps/1", map[string]any{"name": "m"}), http.StatusOK)
	expect(t, mcall(app, "PUT", "/stamps/1", map[string]any{"name": "o"}), http.StatusOK)
}

type modelMetaController struct{ fwk.Controller }

func (c *modelMetaController) Meta() fwk.Meta { return fwk.Meta{Model: &fwk.ModelMeta{Limit: 5}} }

func (c *modelMetaController) Index(*fwk.Ctx) error { return nil }

type modelMetaResource struct{ fwk.Resource }

func (r *modelMetaResource) Meta() fwk.Meta { return fwk.Meta{Model: &fwk.ModelMeta{Limit: 5}} }

func (r *modelMetaResource) List(*fwk.Ctx) error { return nil }

func TestModelMetaOutsideModelResourceFailsNew(t *testing.T) {
	for _, rs := range [][]*fwk.Route{routes.Controller("/c", &modelMetaController{}), routes.Resource("/r", &modelMetaResource{})} {
		_, err := fwk.New(quietCfg(), tplApp{}.with(rs))
		if !errors.Is(err, fwk.ErrInvalidMeta) || !strings.Contains(err.Error(), "Meta.Model is for types embedding fwk.ModelResource") {
			t.Errorf("fwk.New = %v, want ErrInvalidMeta: Meta.Model without a model resource has no effect", err)
		}
	}
}

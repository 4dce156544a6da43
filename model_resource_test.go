package fwk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Entry is the model of the model resource tests.
type Entry struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title" validate:"required,max=40"`
	Slug      string    `json:"slug"`
	Status    string    `json:"status"`
	Views     int       `json:"views" fwk:"readonly"`
	Tags      []string  `json:"tags"`
	CreatedAt time.Time `json:"created_at"`
}

type EntryResource struct{ fwk.ModelResource[Entry] }

// Reply is a model of a subresource: its EntryID is the parent's id.
type Reply struct {
	ID      int64  `json:"id"`
	EntryID int64  `json:"entry_id"`
	Text    string `json:"text" validate:"required"`
}

type ReplyResource struct{ fwk.ModelResource[Reply] }

// modelApp builds an app over rs with the services.
func modelApp(t *testing.T, services []any, rs ...[]*fwk.Route) *fwk.App {
	t.Helper()
	app, err := fwk.New(quietCfg(), tplApp{services: services}.with(rs...))
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// mcall serves one request; body is JSON-encoded unless a string. Headers
// are key, value pairs.
func mcall(app http.Handler, method, target string, body any, headers ...string) *httptest.ResponseRecorder {
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		r = strings.NewReader(string(j))
	}
	req := httptest.NewRequest(method, target, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	app.ServeHTTP(w, req)
	return w
}

// decode decodes the JSON answer of w.
func decode(t *testing.T, w *httptest.ResponseRecorder) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("answer %d %q is not a JSON object: %v", w.Code, w.Body, err)
	}
	return m
}

// entryOf decodes the entry of a member answer.
func entryOf(t *testing.T, w *httptest.ResponseRecorder) Entry {
	t.Helper()
	var e Entry
	if err := json.Unmarshal(decode(t, w)["entry"], &e); err != nil {
		t.Fatalf("answer %q has no entry: %v", w.Body, err)
	}
	return e
}

func expect(t *testing.T, w *httptest.ResponseRecorder, code int) {
	t.Helper()
	if w.Code != code {
		t.Fatalf("status %d, want %d; body %s", w.Code, code, w.Body)
	}
}

func TestModelResourceCRUD(t *testing.T) {
	store := fwk.NewMemoryStore[Entry]()
	app := modelApp(t, []any{store}, routes.Resource("", &EntryResource{}))

	w := mcall(app, "POST", "/entries", map[string]any{"title": "First", "views": 99, "id": 7, "tags": []string{"a"}})
	expect(t, w, http.StatusCreated)
	e := entryOf(t, w)
	if e.ID != 1 || e.Title != "First" || e.Views != 0 || e.CreatedAt.IsZero() || len(e.Tags) != 1 {
		t.Errorf("created %+v: want ID 1 (not the body's 7), views 0 (read-only), a CreatedAt", e)
	}
	if loc := w.Header().Get("Location"); loc != "/entries/1" {
		t.Errorf("Location = %q, want /entries/1", loc)
	}
	etag := w.Header().Get("ETag")
	if etag == "" || etag[0] != '"' {
		t.Errorf("ETag = %q, want a strong entity tag", etag)
	}

	w = mcall(app, "GET", "/entries/1", nil)
	expect(t, w, http.StatusOK)
	if got := entryOf(t, w); got.Title != "First" || w.Header().Get("ETag") != etag {
		t.Errorf("GET = %+v ETag %q, want First with ETag %q", got, w.Header().Get("ETag"), etag)
	}
	expect(t, mcall(app, "GET", "/entries/1", nil, "If-None-Match", etag), http.StatusNotModified)
	expect(t, mcall(app, "GET", "/entries/1", nil, "If-None-Match", `W/`+etag), http.StatusNotModified)
	expect(t, mcall(app, "GET", "/entries/1", nil, "If-None-Match", `"other"`), http.StatusOK)

	w = mcall(app, "PUT", "/entries/1", map[string]any{"title": "Replaced", "created_at": "2001-01-01T00:00:00Z"})
	expect(t, w, http.StatusOK)
	if got := entryOf(t, w); got.Title != "Replaced" || len(got.Tags) != 0 || got.CreatedAt.Year() == 2001 {
		t.Errorf("PUT = %+v: want the title replaced, tags emptied, CreatedAt kept", got)
	}
	if w.Header().Get("ETag") == etag {
		t.Errorf("the ETag did not change with the entity")
	}

	expect(t, mcall(app, "DELETE", "/entries/1", nil), http.StatusNoContent)
	expect(t, mcall(app, "GET", "/entries/1", nil), http.StatusNotFound)
	expect(t, mcall(app, "DELETE", "/entries/1", nil), http.StatusNotFound)
	expect(t, mcall(app, "PATCH", "/entries/1", map[string]any{"title": "x"}), http.StatusNotFound)
}

func TestModelResourceValidation(t *testing.T) {
	app := modelApp(t, []any{fwk.NewMemoryStore[Entry]()}, routes.Resource("", &EntryResource{}))
	w := mcall(app, "POST", "/entries", map[string]any{"slug": "no-title"})
	expect(t, w, http.StatusUnprocessableEntity)
	if !strings.Contains(w.Body.String(), `"title"`) {
		t.Errorf("422 body %s does not name the title", w.Body)
	}
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "ok"}), http.StatusCreated)
	w = mcall(app, "PATCH", "/entries/1", map[string]any{"title": strings.Repeat("x", 41)})
	expect(t, w, http.StatusUnprocessableEntity)
	if !strings.Contains(w.Body.String(), `"title"`) {
		t.Errorf("422 body %s does not name the title", w.Body)
	}
	if got := entryOf(t, mcall(app, "GET", "/entries/1", nil)); got.Title != "ok" {
		t.Errorf("an invalid PATCH was stored: %+v", got)
	}
	w = mcall(app, "PATCH", "/entries/1", map[string]any{"colour": "red"})
	expect(t, w, http.StatusUnprocessableEntity)
	if !strings.Contains(w.Body.String(), `"colour"`) {
		t.Errorf("422 body %s does not name the unknown key", w.Body)
	}
}

func TestModelResourceConflictNamesField(t *testing.T) {
	store := fwk.NewMemoryStore[Entry](fwk.MemoryUnique("slug"))
	app := modelApp(t, []any{store}, routes.Resource("", &EntryResource{}))
	expect(t, mcall(app, "POST", "/entries", map[string]any{"title": "a", "slug": "same"}), http.StatusCreated)
	w := mcall(app, "POST", "/entries", map[string]any{"title": "b", "slug": "same"})
	expect(t, w, http.StatusConflict)
	var body struct {
		Error  string              `json:"error"`
		Errors map[string][]string `json:"errors"`
	}
	_ = json.Unmarshal(w.Body.Bytes(), &body)
	if len(body.Errors["slug"]) == 0 || !strings.Contains(body.Error, "slug") {
		t.Errorf("409 body %s does not name the slug", w.Body)
	}
	if strings.Contains(w.Body.String(), "MemoryStore") {
		t.Errorf("409 body %s shows the store's error", w.Body)
	}
}

// downStore is a store whose database is down.
type downStore struct{ fwk.Store[Entry] }

var errDown = errors.New("dial tcp 10.0.0.7:5432: connection refused (secret-host)")

func (downStore) Get(context.Context, fwk.Key) (*Entry, string, error) {
	return nil, "", fmt.Errorf("%w: %w", fwk.ErrUnavailable, errDown)
}

func (downStore) List(context.Context, fwk.Query) (fwk.Page[Entry], error) {
	return fwk.Page[Entry]{}, fmt.Errorf("%w: %w", fwk.ErrUnavailable, errDown)
}

func TestModelResourceStoreDownIs503(t *testing.T) {
	app := modelApp(t, nil, routes.Resource("", &EntryResource{ModelResource: fwk.ModelResource[Entry]{Store: downStore{}}}))
	for _, target := range []string{"/entries", "/entries/1"} {
		w := mcall(app, "GET", target, nil)
		expect(t, w, http.StatusServiceUnavailable)
		if strings.Contains(w.Body.String(), "secret-host") || strings.Contains(w.Body.String(), "5432") {
			t.Errorf("503 body %s shows the store's error", w.Body)
		}
	}
}

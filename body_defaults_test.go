package fwk_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// draftOptions is held by value: its defaults are filled too.
type draftOptions struct {
	Notify bool `json:"notify" default:"true"`
}

// draftInput has a default of each kind fwk fills.
type draftInput struct {
	Title  string       `json:"title" form:"title" validate:"required"`
	Status string       `json:"status" form:"status" default:"draft" validate:"oneof=draft published"`
	Limit  int          `json:"limit" form:"limit" default:"20"`
	Tags   []string     `json:"tags" form:"tags" default:"[\"go\",\"web\"]"`
	Pinned *bool        `json:"pinned" form:"pinned" default:"true"`
	At     time.Time    `json:"at" form:"at" default:"2026-01-02T03:04:05Z"`
	Opts   draftOptions `json:"opts" form:"-"`
}

// draftApp answers the body it got, then changes what it got, so that a
// default shared between requests would show on the next one.
func draftApp(t *testing.T) http.Handler {
	return mustNew(t, quietCfg(), routesBundle{rs: routes.Post("/drafts", func(c *fwk.Ctx, in fwk.Body[draftInput]) (draftInput, error) {
		out := in.Value
		out.Tags = slices.Clone(in.Value.Tags)
		if in.Value.Pinned != nil {
			p := *in.Value.Pinned
			out.Pinned = &p
			*in.Value.Pinned = !p
		}
		if len(in.Value.Tags) > 0 {
			in.Value.Tags[0] = "changed"
		}
		return out, nil
	}, fwk.CSRFExempt(), fwk.AcceptForms())})
}

func postDraft(t *testing.T, h http.Handler, contentType, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/drafts", strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("POST %s: %d %q: %v", body, rec.Code, rec.Body, err)
	}
	return rec.Code, got
}

// TestBodyDefaultsFilled: a key the client leaves out gets the field's
// `default`; a key it sends keeps the client's value, zero included; a
// default is not shared between requests.
func TestBodyDefaultsFilled(t *testing.T) {
	h := draftApp(t)
	want := map[string]any{"title": "t", "status": "draft", "limit": 20.0, "tags": []any{"go", "web"},
		"pinned": true, "at": "2026-01-02T03:04:05Z", "opts": map[string]any{"notify": true}}
	for range 2 { // the second request sees the defaults the first one changed
		code, got := postDraft(t, h, "application/json", `{"title":"t"}`)
		if code != http.StatusOK || !reflect.DeepEqual(got, want) {
			t.Fatalf("absent keys: %d %v, want %v", code, got, want)
		}
	}
	code, got := postDraft(t, h, "application/json",
		`{"title":"t","status":"published","limit":0,"tags":[],"pinned":null,"at":"2020-01-01T00:00:00Z","opts":{"notify":false}}`)
	want = map[string]any{"title": "t", "status": "published", "limit": 0.0, "tags": []any{},
		"pinned": nil, "at": "2020-01-01T00:00:00Z", "opts": map[string]any{"notify": false}}
	if code != http.StatusOK || !reflect.DeepEqual(got, want) {
		t.Errorf("zero values sent: %d %v, want %v", code, got, want)
	}
	code, got = postDraft(t, h, "application/json", `{"title":"t","limit":null,"opts":{}}`)
	if code != http.StatusOK || got["limit"] != 20.0 || got["opts"].(map[string]any)["notify"] != true {
		t.Errorf("null for a non-pointer, an empty object: %d %v, want the defaults", code, got)
	}
}

// TestBodyDefaultsForms: a form body gets the same defaults for the keys it
// leaves out, and keeps the values it sends.
func TestBodyDefaultsForms(t *testing.T) {
	h := draftApp(t)
	code, got := postDraft(t, h, "application/x-www-form-urlencoded", "title=t")
	if code != http.StatusOK || got["status"] != "draft" || got["limit"] != 20.0 || got["pinned"] != true {
		t.Errorf("absent form keys: %d %v, want the defaults", code, got)
	}
	code, got = postDraft(t, h, "application/x-www-form-urlencoded", "title=t&status=published&limit=0&pinned=false")
	if code != http.StatusOK || got["status"] != "published" || got["limit"] != 0.0 || got["pinned"] != false {
		t.Errorf("form keys sent: %d %v, want the client's values", code, got)
	}
}

// TestBindDefaultsKeepViewValues: Ctx.Bind fills the defaults of the fields
// still zero, so a value the view set beforehand is the starting point.
func TestBindDefaultsKeepViewValues(t *testing.T) {
	app := mustNew(t, quietCfg(), routesBundle{rs: routes.Post("/bind", func(c *fwk.Ctx) error {
		in := draftInput{Limit: 5}
		if err := c.Bind(&in); err != nil {
			return err
		}
		return c.JSON(in)
	}, fwk.CSRFExempt())})
	req := httptest.NewRequest(http.MethodPost, "/bind", strings.NewReader(`{"title":"t"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	var got draftInput
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Limit != 5 || got.Status != "draft" {
		t.Errorf("Bind: %d %s, want limit 5 (the view's) and status draft (the default)", rec.Code, rec.Body)
	}
}

type badDefaultInt struct {
	N int `json:"n" default:"many"`
}

type defaultItem struct {
	Qty int `json:"qty" default:"1"`
}

type badDefaultInSlice struct {
	Items []defaultItem `json:"items"`
}

type badDefaultMap struct {
	M map[string]int `json:"m" default:"{\"a\":1}"`
}

// TestBodyDefaultBadTag: a default that does not decode into its field, or
// that fwk cannot fill, fails fwk.New naming the type, the field and the
// tag; Ctx.Bind, whose types are known only when it runs, answers 500.
func TestBodyDefaultBadTag(t *testing.T) {
	cases := []struct {
		view any
		want []string
	}{
		{func(*fwk.Ctx, fwk.Body[badDefaultInt]) error { return nil }, []string{"badDefaultInt", "field N", `default "many"`}},
		{func(*fwk.Ctx, fwk.Body[badDefaultInSlice]) error { return nil }, []string{"badDefaultInSlice", "field Items.Qty", `default "1"`, "slice"}},
		{func(*fwk.Ctx, fwk.Body[badDefaultMap]) error { return nil }, []string{"badDefaultMap", "field M", "map"}},
	}
	for _, tc := range cases {
		_, err := fwk.New(quietCfg(), routesBundle{rs: routes.Post("/x", tc.view, fwk.CSRFExempt())})
		var de *fwk.BodyDefaultError
		if !errors.As(err, &de) {
			t.Errorf("fwk.New = %v, want a *fwk.BodyDefaultError", err)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("fwk.New = %v, want it to say %q", err, w)
			}
		}
	}
	app := mustNew(t, quietCfg(), routesBundle{rs: routes.Post("/bind", func(c *fwk.Ctx) error {
		var in badDefaultInt
		return c.Bind(&in)
	}, fwk.CSRFExempt())})
	req := httptest.NewRequest(http.MethodPost, "/bind", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("Bind with a bad default: %d, want 500", rec.Code)
	}
}

// TestBodyDefaultsDocumented: the document's request body says each
// default, and a defaulted field is not required even when its zero value
// fails validation.
func TestBodyDefaultsDocumented(t *testing.T) {
	app := draftApp(t).(*fwk.App)
	b, err := json.Marshal(app.OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Required   []string
				Properties map[string]struct{ Default any }
			}
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var found bool
	for name, s := range doc.Components.Schemas {
		if !strings.HasPrefix(name, "draftInput") || s.Properties["limit"].Default == nil {
			continue
		}
		found = true
		for key, want := range map[string]any{"status": "draft", "limit": 20.0, "pinned": true, "at": "2026-01-02T03:04:05Z"} {
			if got := s.Properties[key].Default; !reflect.DeepEqual(got, want) {
				t.Errorf("%s.%s default = %v, want %v", name, key, got, want)
			}
		}
		if !reflect.DeepEqual(s.Required, []string{"title"}) {
			t.Errorf("%s required = %v, want [title] (status has a default)", name, s.Required)
		}
	}
	if !found {
		t.Errorf("no input schema of draftInput with defaults in %s", b)
	}
}

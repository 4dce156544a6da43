package fwk_test

import (
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// jsonForm takes every kind of value a JSON body can fill.
type jsonForm struct {
	fwk.Form
	Name  string
	Age   int
	Score float64
	On    bool
	Tags  []string
	Note  string
}

func TestFormJSONBody(t *testing.T) {
	obj := map[string]any{"name": "Obj", "on": true, "note": "kept"}
	for _, tc := range []struct {
		name, body string
		status     int
		want       jsonForm
		errText    string
	}{
		{"scalars and a list", `{"name":"Ann","age":7,"score":2.5,"on":true,"tags":["a",1,true]}`, 204,
			jsonForm{Name: "Ann", Age: 7, Score: 2.5, On: true, Tags: []string{"a", "1", "true"}, Note: "kept"}, ""},
		{"false unchecks, null is empty", `{"on":false,"name":null}`, 204, jsonForm{Note: "kept"}, ""},
		{"absent keys keep obj, an absent box is false", `{}`, 204, jsonForm{Name: "Obj", Note: "kept"}, ""},
		{"an empty list is an absent key", `{"tags":[],"name":"x"}`, 204, jsonForm{Name: "x", Note: "kept"}, ""},
		{"a nested object", `{"name":{"a":1}}`, 400, jsonForm{}, `form field \"name\": a JSON object is not a form value`},
		{"a list in a list", `{"tags":[["a"]]}`, 400, jsonForm{}, "list inside a list"},
		{"not an object", `["a"]`, 400, jsonForm{}, "must be an object"},
		{"malformed", `{"name":`, 400, jsonForm{}, "invalid JSON"},
		{"trailing data", `{} {}`, 400, jsonForm{}, "data after the value"},
		{"empty", ``, 400, jsonForm{}, "request body is empty"},
	} {
		var got jsonForm
		base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
			if err := fwk.BindForm(ctx, &got, fwk.FormObj(obj)); err != nil {
				return err
			}
			var again map[string]any // the body stays readable
			if err := ctx.Bind(&again); err != nil {
				t.Errorf("%s: Bind after BindForm: %v", tc.name, err)
			}
			return ctx.NoContent()
		})
		status, body := portStatus(t, base, c, "POST", "application/json", tc.body)
		if status != tc.status || !strings.Contains(body, tc.errText) {
			t.Errorf("%s: %d %s, want %d with %s", tc.name, status, body, tc.status, tc.errText)
			continue
		}
		if tc.status == 204 {
			g := jsonForm{Name: got.Name, Age: got.Age, Score: got.Score, On: got.On, Tags: got.Tags, Note: got.Note}
			if !reflect.DeepEqual(g, tc.want) {
				t.Errorf("%s:\n got %+v\nwant %+v", tc.name, g, tc.want)
			}
		}
		if tc.status == 204 && ran.Load() != 1 {
			t.Errorf("%s: view ran %d times", tc.name, ran.Load())
		}
	}
}

func TestFormDeleteBody(t *testing.T) {
	var got jsonForm
	base, c, _ := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		if err := fwk.BindForm(ctx, &got, fwk.FormObj(map[string]any{"on": true})); err != nil {
			return err
		}
		if !got.IsSubmitted() {
			t.Error("DELETE not submitted")
		}
		return ctx.NoContent()
	})
	status, body := portStatus(t, base, c, "DELETE", "application/x-www-form-urlencoded", "name=Gone&tags=a&tags=b")
	if status != 204 || got.Name != "Gone" || !reflect.DeepEqual(got.Tags, []string{"a", "b"}) || got.On {
		t.Errorf("DELETE form: %d %s, form %+v", status, body, got)
	}
	cfg := fwk.DefaultConfig()
	cfg.MaxFormMemory = 16
	base, c, _ = portServer(t, cfg, func(ctx *fwk.Ctx) error { return fwk.BindForm(ctx, &jsonForm{}) })
	if status, body := portStatus(t, base, c, "DELETE", "application/x-www-form-urlencoded", "name="+strings.Repeat("x", 64)); status != 413 {
		t.Errorf("DELETE form over MaxFormMemory: %d %s, want 413", status, body)
	}
}

// requiredForm has `required` on a string with more tags, a pointer (for
// InputRequired) and a file.
type requiredForm struct {
	fwk.Form
	Name  string                `validate:"required,min=8,alpha"`
	Count *int                  `validate:"required"`
	Photo *multipart.FileHeader `validate:"required"`
}

func TestFormRequiredIsDataRequired(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		for _, tc := range []struct {
			vals url.Values
			want map[string][]string
		}{
			{url.Values{"name": {" \t\n "}, "count": {"0"}}, map[string][]string{
				"name": {"This field is required."}, "photo": {"This field is required."}}},
			{url.Values{"name": {"abc"}, "count": {""}}, map[string][]string{
				"name":  {"Field must be at least 8 characters long."},
				"count": {"This field is required."}, "photo": {"This field is required."}}},
			{url.Values{"name": {"abcdefgh"}, "count": {"x"}}, map[string][]string{
				"count": {"Not a valid integer value."}, "photo": {"This field is required."}}},
		} {
			f := &requiredForm{}
			bind(t, ctx, f, fwk.FormFormData(tc.vals))
			f.Validate()
			if !reflect.DeepEqual(f.Errors(), tc.want) {
				t.Errorf("%v:\n got %v\nwant %v", tc.vals, f.Errors(), tc.want)
			}
		}
	})
}

// ownedRecord receives PopulateObj.
type ownedRecord struct {
	Title     string
	Published *bool
	Age       int64
	Other     string
}

type populateForm struct {
	fwk.Form
	Title     string
	Published bool
	Age       int
}

type badRecord struct{ Title int }

func TestFormPopulateObj(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &populateForm{}
		bind(t, ctx, f, fwk.FormFormData(url.Values{"title": {"T"}, "published": {"y"}, "age": {"3"}}))
		rec := ownedRecord{Other: "untouched"}
		if err := f.PopulateObj(&rec); err != nil {
			t.Fatal(err)
		}
		if rec.Title != "T" || rec.Published == nil || !*rec.Published || rec.Age != 3 || rec.Other != "untouched" {
			t.Errorf("populated %+v", rec)
		}
		bad := badRecord{Title: 9}
		if err := f.PopulateObj(&bad); err == nil || !strings.Contains(err.Error(), `"title"`) || bad.Title != 9 {
			t.Errorf("wrong type: %v, %+v", err, bad)
		}
		if err := f.PopulateObj(rec); err == nil {
			t.Error("a struct value (not a pointer) accepted")
		}
		var unbound populateForm
		if unbound.PopulateObj(&rec) == nil || unbound.Data() != nil {
			t.Error("an unbound form populates or has data")
		}
		unbound.AddError("x", "y")
		if unbound.Errors() != nil {
			t.Error("AddError on an unbound form")
		}
	})
}

// portStatus sends one request to "/" and returns the status and body.
func portStatus(t *testing.T, base string, c *http.Client, method, ct, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, base+"/", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// FuzzBindForm: whatever the method, Content-Type and body, BindForm,
// Validate and rendering answer the client (2xx or 4xx), never a 500 or a
// panic.
func FuzzBindForm(f *testing.F) {
	f.Add(uint8(0), uint8(0), `{"name":"a","tags":[1,"b",null],"on":true}`)
	f.Add(uint8(1), uint8(1), "name=a&tags=b&on=y&age=x")
	f.Add(uint8(3), uint8(1), "name=%zz")
	f.Add(uint8(0), uint8(2), "--x\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nv\r\n--x--\r\n")
	f.Add(uint8(2), uint8(0), `{"name":{"a":[]}}`)
	methods := []string{"POST", "PUT", "PATCH", "DELETE", "GET"}
	types := []string{"application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", ""}
	app := mustNew(f, fwk.DefaultConfig(), routesBundle{rs: routes.Tree(routes.Func("/", func(ctx *fwk.Ctx) error {
		form := &jsonForm{}
		if err := fwk.BindForm(ctx, form, fwk.FormObj(map[string]any{"name": "obj"})); err != nil {
			return err
		}
		form.ValidateOnSubmit()
		_ = form.HTML()
		return ctx.NoContent()
	}, fwk.Methods(methods...)))})
	f.Fuzz(func(t *testing.T, m, ct uint8, body string) {
		req := httptest.NewRequest(methods[int(m)%len(methods)], "/", strings.NewReader(body))
		if c := types[int(ct)%len(types)]; c != "" {
			req.Header.Set("Content-Type", c)
		}
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %q %q: %d %s", req.Method, req.Header.Get("Content-Type"), body, rec.Code, rec.Body)
		}
	})
}

// timeForm has WTForms' DateField and DateTimeLocalField counterparts.
type timeForm struct {
	fwk.Form
	Day  time.Time  `input:"date"`
	When *time.Time `input:"datetime-local"`
}

func TestFormTimeMessages(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &timeForm{}
		bind(t, ctx, f, fwk.FormFormData(url.Values{"day": {"soon"}, "when": {"later"}}))
		f.Validate()
		want := map[string][]string{"day": {"Not a valid date value."}, "when": {"Not a valid datetime value."}}
		if !reflect.DeepEqual(f.Errors(), want) {
			t.Errorf("errors %v, want %v", f.Errors(), want)
		}
		g := &timeForm{}
		bind(t, ctx, g, fwk.FormFormData(url.Values{"day": {"2026-11-27"}, "when": {"2026-11-27T10:30"}}))
		if !g.Validate() || g.Day.Day() != 27 || g.When == nil || g.When.Hour() != 10 {
			t.Errorf("parsed %+v %v, errors %v", g.Day, g.When, g.Errors())
		}
	})
}

// The app-wide CSRF check finds the token in a url-encoded DELETE body,
// which net/http leaves unread.
func TestCSRFTokenInDeleteBody(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = "0123456789abcdefghijklmnopqrstuvwxyzABCDEF"
	cfg.CSRFEnabled = true
	base, c, _ := portServer(t, cfg, func(ctx *fwk.Ctx) error {
		if ctx.Request().Method == "GET" {
			tok, err := fwk.GenerateCSRF(ctx)
			if err != nil {
				return err
			}
			return ctx.Respond(200, tok)
		}
		return ctx.NoContent()
	})
	status, tok := portStatus(t, base, c, "GET", "", "")
	if status != 200 || tok == "" {
		t.Fatalf("token: %d %q", status, tok)
	}
	req, _ := http.NewRequest("DELETE", base+"/", strings.NewReader(url.Values{"csrf_token": {tok}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 204 {
		t.Errorf("DELETE with the token in its body: %d, want 204", resp.StatusCode)
	}
	req, _ = http.NewRequest("DELETE", base+"/", strings.NewReader("csrf_token=wrong"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	if resp, err = c.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("DELETE with a wrong token: %d, want 400", resp.StatusCode)
	}
}

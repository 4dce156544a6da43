package fwk_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// signupDetails has a field of each kind whose value a detail repeats or
// keeps back.
type signupDetails struct {
	Name     string   `json:"name" validate:"required,max=3"`
	Age      int      `json:"age" validate:"min=18"`
	Tags     []string `json:"tags" validate:"dive,max=2"`
	Password string   `json:"password" validate:"min=8"`
	PIN      string   `json:"pin" fwk:"secret" validate:"len=4"`
	Code     string   `json:"code" input:"password" validate:"len=6"`
	Bio      string   `json:"bio" validate:"max=3"`
}

// pagingQuery is a query struct with a bound.
type pagingQuery struct {
	Page  int `query:"page"`
	Limit int `query:"limit" validate:"max=50"`
}

func detailsApp(t *testing.T, format string) http.Handler {
	cfg := quietCfg()
	cfg.ErrorFormat = format
	return mustNew(t, cfg, routesBundle{rs: routes.Tree(
		routes.Post("/signup", func(c *fwk.Ctx, in fwk.Body[signupDetails]) error { return c.NoContent() },
			fwk.CSRFExempt(), fwk.AcceptForms()),
		routes.Get("/pages", func(c *fwk.Ctx, q pagingQuery) (pagingQuery, error) { return q, nil }),
		routes.Get("/items/<id>", func(c *fwk.Ctx, id int) (map[string]int, error) { return map[string]int{"id": id}, nil }),
	)})
}

// details sends req and returns the status and the "details" member.
func details(t *testing.T, h http.Handler, req *http.Request) (int, []fwk.ErrorDetail) {
	t.Helper()
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var body struct{ Details []fwk.ErrorDetail }
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("%s %s: %d %q: %v", req.Method, req.URL, rec.Code, rec.Body, err)
	}
	for i, d := range body.Details { // JSON numbers decode as float64
		if f, ok := d.Value.(float64); ok {
			body.Details[i].Value = int64(f)
		}
	}
	return rec.Code, body.Details
}

func postBody(ctype, body string) *http.Request {
	req := httptest.NewRequest(http.MethodPost, "/signup", strings.NewReader(body))
	req.Header.Set("Content-Type", ctype)
	return req
}

// TestErrorDetailsBody: a 422 of a body lists each failing field with its
// location and the value received, bounded, and never a secret's value, a
// zero value or a value of the wrong type; in both error formats.
func TestErrorDetailsBody(t *testing.T) {
	long := strings.Repeat("é", 70)
	for _, format := range []string{"", "problem+json"} {
		h := detailsApp(t, format)
		code, got := details(t, h, postBody("application/json",
			`{"name":"Annabel","tags":["go","rust"],"password":"hunter2","pin":"12345","code":"1","bio":"`+long+`"}`))
		want := []fwk.ErrorDetail{
			{Message: "Field cannot be longer than 3 characters.", Location: "body.name", Value: "Annabel"},
			{Message: "Number must be at least 18.", Location: "body.age"},
			{Message: "Field cannot be longer than 2 characters.", Location: "body.tags[1]", Value: "rust"},
			{Message: "Field must be at least 8 characters long.", Location: "body.password"},
			{Message: "Field must be exactly 4 characters long.", Location: "body.pin"},
			{Message: "Field must be exactly 6 characters long.", Location: "body.code"},
			{Message: "Field cannot be longer than 3 characters.", Location: "body.bio", Value: strings.Repeat("é", 64) + "..."},
		}
		if code != http.StatusUnprocessableEntity || !reflect.DeepEqual(got, want) {
			t.Errorf("format %q: %d\n got %+v\nwant %+v", format, code, got, want)
		}
		code, got = details(t, h, postBody("application/json", `{"name":"A","age":"old"}`))
		want = []fwk.ErrorDetail{{Message: "Must be a whole number in range.", Location: "body.age"}}
		if code != http.StatusUnprocessableEntity || !reflect.DeepEqual(got, want) {
			t.Errorf("format %q, wrong type: %d %+v, want %+v", format, code, got, want)
		}
		code, got = details(t, h, postBody("application/x-www-form-urlencoded", "name=A&age=old"))
		want = []fwk.ErrorDetail{{Message: "Invalid value.", Location: "body.age", Value: "old"}}
		if code != http.StatusBadRequest || !reflect.DeepEqual(got, want) {
			t.Errorf("format %q, form: %d %+v, want %+v", format, code, got, want)
		}
	}
}

// TestErrorDetailsQueryAndPath: a query value that does not convert (400)
// or fails validation (422), and a URL param that does not convert (404),
// name their location and value.
func TestErrorDetailsQueryAndPath(t *testing.T) {
	h := detailsApp(t, "")
	for _, tc := range []struct {
		target string
		code   int
		want   []fwk.ErrorDetail
	}{
		{"/pages?page=two", 400, []fwk.ErrorDetail{{Message: "Must be an integer.", Location: "query.page", Value: "two"}}},
		{"/pages?limit=99", 422, []fwk.ErrorDetail{{Message: "Number must be at most 50.", Location: "query.limit", Value: int64(99)}}},
		{"/items/x7", 404, []fwk.ErrorDetail{{Message: "Must be an integer.", Location: "path.id", Value: "x7"}}},
		{"/pages?page=2", 200, nil},
	} {
		code, got := details(t, h, httptest.NewRequest(http.MethodGet, tc.target, nil))
		if code != tc.code || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("GET %s: %d %+v, want %d %+v", tc.target, code, got, tc.code, tc.want)
		}
	}
}

// TestErrorDetailsDocumented: the document's error schemas list "details"
// as ErrorDetail items, which the answers above are.
func TestErrorDetailsDocumented(t *testing.T) {
	for _, format := range []string{"", "problem+json"} {
		doc := detailsApp(t, format).(*fwk.App).OpenAPI()
		s := doc.Components.Schemas
		detail := s["ErrorDetail"]
		if detail == nil || !reflect.DeepEqual(detail.Required, []string{"message", "location"}) || detail.Properties["value"] == nil {
			t.Fatalf("format %q: ErrorDetail = %+v", format, detail)
		}
		for _, name := range []string{"Error", "ValidationError", "Problem", "ValidationProblem"} {
			if (format == "") != !strings.Contains(name, "Problem") {
				continue
			}
			p := s[name].Properties["details"]
			if p == nil || p.Items == nil || p.Items.Ref != "#/components/schemas/ErrorDetail" {
				t.Errorf("format %q: %s.details = %+v", format, name, p)
			}
		}
	}
}

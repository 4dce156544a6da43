package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
)

// exchange is one request to the shapes API and the status it must get.
type exchange struct {
	method, path, body string
	header             []string // name, value pairs ("" value: removed)
	status             int
}

// shapesExchanges succeed and fail in every way the API can: each error
// fwk answers (400, 401, 404, 405, 413, 415, 422) and the view's own (409).
func shapesExchanges() []exchange {
	auth := []string{"Authorization", "Bearer " + shapesToken}
	browser := []string{"Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
	book := `{"title":"Dune","visibility":"public","pages":412,"tags":["sf"]}`
	return []exchange{
		{"GET", "/api/books", "", nil, 200},
		{"POST", "/api/books", book, auth, 201},
		{"POST", "/api/books", `{"title":"Emma","visibility":"private","pages":300,"subtitle":"A novel"}`, auth, 201},
		{"POST", "/api/books", book, nil, 401},
		{"POST", "/api/books", `{"title":"X","visibility":"public","pages":1,"colour":"red"}`, auth, 400},
		{"POST", "/api/books", `{"title":"X","visibility":"public"}`, auth, 422},
		{"POST", "/api/books", `{"title":"X","pages":3}`, auth, 422},
		{"POST", "/api/books", `{"title":"X","visibility":"secret","pages":3}`, auth, 422},
		{"POST", "/api/books", `{"title":`, auth, 400},
		{"POST", "/api/books", book, append([]string{"Content-Type", "text/plain"}, auth...), 415},
		{"POST", "/api/books", `{"title":"` + strings.Repeat("x", 3000) + `"}`, auth, 413},
		{"GET", "/api/books?limit=1", "", nil, 200},
		{"GET", "/api/books?limit=0", "", nil, 422},
		{"GET", "/api/books?limit=many", "", nil, 400},
		{"GET", "/api/books/1", "", nil, 200},
		{"GET", "/api/books/1", "", browser, 200},
		{"GET", "/api/books/99", "", nil, 404},
		{"GET", "/api/books/99", "", browser, 404},
		{"GET", "/api/books/x", "", nil, 404},
		{"PUT", "/api/books/2", `{"title":"Emma","visibility":"public","pages":310}`, auth, 200},
		{"PUT", "/api/books/2", `{"title":"Emma"}`, auth, 422},
		{"PATCH", "/api/books/1", `{"visibility":null,"title":"Dune Messiah"}`, auth, 200},
		{"PATCH", "/api/books/1", `{"visibility":"private"}`, auth, 200},
		{"PATCH", "/api/books/1", `{"visibility":"hidden"}`, auth, 422},
		{"PATCH", "/api/books/1", `{"title":""}`, auth, 422},
		{"POST", "/api/books/1/archive", "", auth, 200},
		{"POST", "/api/books/1/archive", "", auth, 409},
		{"POST", "/api/books/1/chapters", `{"title":"Prologue"}`, auth, 201},
		{"POST", "/api/books/1/chapters", `{}`, auth, 422},
		{"GET", "/api/books/1/chapters", "", nil, 200},
		{"GET", "/api/books/1/chapters/00000000-0000-4000-8000-000000000003", "", nil, 200},
		{"GET", "/api/books/1/chapters/00000000-0000-4000-8000-000000000009", "", nil, 404},
		{"GET", "/api/books/1/chapters/not-a-uuid", "", nil, 404},
		{"DELETE", "/api/books/1/chapters/00000000-0000-4000-8000-000000000003", "", auth, 204},
		{"GET", "/api/search?q=emma", "", nil, 200},
		{"GET", "/api/search?q=dune&sort=pages&limit=5", "", nil, 200},
		{"GET", "/api/search?q=dune&sort=colour", "", nil, 422},
		{"GET", "/api/search", "", nil, 422},
		{"GET", "/api/search?q=dune&limit=51", "", nil, 422},
		{"DELETE", "/api/books/2", "", auth, 204},
		{"DELETE", "/api/books/2", "", auth, 404},
		{"DELETE", "/api/books", "", auth, 405},
	}
}

// TestOpenAPIShapesConform: every answer of the shapes API, success or
// error, in fwk's error shape and as problem details, is one its own
// OpenAPI document lists (status, headers, body), validated by
// pb33f/libopenapi-validator; and each request body the API accepts, the
// document's schemas accept, each it refuses as malformed or invalid (400,
// 422), they refuse.
func TestOpenAPIShapesConform(t *testing.T) {
	inShapesApps(t, func(t *testing.T, c *fwktest.Client, v validator.Validator, format string) {
		for _, x := range shapesExchanges() {
			checkExchange(t, c, v, x, format)
		}
	})
}

// inShapesApps runs f in a subtest for each error format, with a client of
// a new shapes API and the validator of its document.
func inShapesApps(t *testing.T, f func(t *testing.T, c *fwktest.Client, v validator.Validator, format string)) {
	for _, format := range []string{"", "problem+json"} {
		t.Run("errors "+format, func(t *testing.T) {
			app, err := newShapesApp(format)
			if err != nil {
				t.Fatal(err)
			}
			c := fwktest.New(t, app)
			f(t, c, shapesValidator(t, c), format)
		})
	}
}

// shapesValidator returns the validator of the document c's app serves,
// failing the test when it is not valid OpenAPI 3.1.
func shapesValidator(t *testing.T, c *fwktest.Client) validator.Validator {
	t.Helper()
	doc, err := libopenapi.NewDocument(c.Get("/api/openapi.json").ExpectStatus(http.StatusOK).Bytes())
	if err != nil {
		t.Fatal(err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		for _, e := range verrs {
			t.Errorf("document: %s: %s", e.Message, e.Reason)
		}
		t.FailNow()
	}
	return v
}

// checkExchange sends x and checks the answer against the document, and
// the validator's verdict on the request against the server's.
func checkExchange(t *testing.T, c *fwktest.Client, v validator.Validator, x exchange, format string) {
	t.Helper()
	req := x.request(t)
	res := c.Do(req, fwktest.ExpectError())
	raw := res.Bytes()
	name := x.method + " " + x.path + " " + strings.Join(x.header, " ")
	if res.StatusCode != x.status {
		t.Errorf("%s: %d, want %d: %s", name, res.StatusCode, x.status, raw)
		return
	}
	if x.status >= 400 {
		checkErrorShape(t, name, res.Header.Get("Content-Type"), raw, format)
	}
	sent := x.request(t)
	got := *res.Response
	got.Body = io.NopCloser(bytes.NewReader(raw))
	if x.status == http.StatusMethodNotAllowed {
		return // no operation to check against: checkErrorShape checked the body
	}
	if ok, errs := v.ValidateHttpResponse(sent, &got); !ok {
		for _, e := range errs {
			t.Errorf("%s (%d): the answer does not conform: %s: %s %v\n%s", name, res.StatusCode, e.Message, e.Reason, e.SchemaValidationErrors, raw)
		}
	}
	reqOK, reqErrs := v.ValidateHttpRequest(x.request(t))
	switch {
	case x.status < 300 && !reqOK:
		for _, e := range reqErrs {
			t.Errorf("%s: the server accepted a request the document refuses: %s: %s", name, e.Message, e.Reason)
		}
	case (x.status == 400 || x.status == 401 || x.status == 415 || x.status == 422) && reqOK:
		t.Errorf("%s: the server refused (%d) a request the document accepts", name, x.status)
	}
}

// request builds the request of x, as a JSON API client sends it.
func (x exchange) request(t *testing.T) *http.Request {
	req, err := http.NewRequest(x.method, "http://localhost"+x.path, strings.NewReader(x.body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "application/json")
	if x.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(x.header); i += 2 {
		req.Header.Set(x.header[i], x.header[i+1])
	}
	return req
}

// checkErrorShape checks an error answer's media type and members, for
// every client (a browser's Accept included) and the 405 the document
// cannot list.
func checkErrorShape(t *testing.T, name, ct string, raw []byte, format string) {
	t.Helper()
	var body map[string]any
	wantCT, members := "application/json", []string{"error", "status"}
	if format != "" {
		wantCT, members = "application/problem+json", []string{"type", "title", "status", "detail"}
	}
	if ct != wantCT || json.Unmarshal(raw, &body) != nil {
		t.Errorf("%s: error answered %q, want %s: %s", name, ct, wantCT, raw)
		return
	}
	for _, m := range members {
		if _, ok := body[m]; !ok {
			t.Errorf("%s: the error lacks %q: %s", name, m, raw)
		}
	}
}

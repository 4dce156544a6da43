package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	verrors "github.com/pb33f/libopenapi-validator/errors"
)

// The blog's OpenAPI document is checked twice: against the OpenAPI 3.1
// specification (TestOpenAPIDocumentValid), and against what the API
// answers: every exchange of the API tests (apiClient.do) is validated
// against the document the running blog serves (apiClient.conform), with
// pb33f/libopenapi-validator: the request and the answer when the API
// accepted the request, the answer alone when it refused it (the tests of
// errors send bodies the document refuses on purpose), nothing for a miss
// (a 404 or 405 whose path or method the document does not list).

// documents caches the validator of each app's document.
var documents sync.Map // *fwk.App -> validator.Validator

// apiValidator returns the validator of the document the app of c serves,
// failing the test when the document is not valid OpenAPI 3.1.
func apiValidator(t *testing.T, c *fwktest.Client) validator.Validator {
	t.Helper()
	if v, ok := documents.Load(c.App()); ok {
		return v.(validator.Validator)
	}
	spec := c.Get("/api/openapi.json").ExpectStatus(http.StatusOK).Bytes()
	doc, err := libopenapi.NewDocument(spec)
	if err != nil {
		t.Fatalf("the OpenAPI document does not parse: %v", err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("the OpenAPI document cannot be used: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		for _, e := range verrs {
			t.Errorf("document: %s: %s (%v)", e.Message, e.Reason, e.SchemaValidationErrors)
		}
		t.FailNow()
	}
	documents.Store(c.App(), v)
	return v
}

// conform checks one exchange of the API against the blog's document: the
// request as sent (its body reqBody) and the response.
func (a *apiClient) conform(req *http.Request, reqBody string, res *fwktest.Response) {
	a.t.Helper()
	if !strings.HasPrefix(req.URL.Path, "/api/") || req.URL.Path == "/api/openapi.json" || res.Response == nil {
		return
	}
	v := apiValidator(a.t, a.c)
	raw := res.Bytes()
	sent := req.Clone(req.Context())
	sent.Body = io.NopCloser(strings.NewReader(reqBody))
	got := *res.Response
	got.Body = io.NopCloser(bytes.NewReader(raw))
	validate := v.ValidateHttpRequestResponse
	if res.StatusCode >= 400 {
		// The tests of errors send what the document refuses on purpose:
		// the answer must still be one the document lists.
		validate = v.ValidateHttpResponse
	}
	ok, errs := validate(sent, &got)
	if !ok && unrouted(res.StatusCode, errs) {
		return // a miss: no operation of the document to check it against
	}
	if !ok {
		for _, e := range errs {
			a.t.Errorf("%s %s (%d): does not conform to the OpenAPI document: %s: %s %v\n%s",
				req.Method, req.URL.Path, res.StatusCode, e.Message, e.Reason, e.SchemaValidationErrors, raw)
		}
	}
}

// unrouted reports a 404 or 405 whose path or method the document does
// not list: a request that matched no view.
func unrouted(status int, errs []*verrors.ValidationError) bool {
	if status != http.StatusNotFound && status != http.StatusMethodNotAllowed {
		return false
	}
	for _, e := range errs {
		if !strings.Contains(e.Message, "not found") {
			return false
		}
	}
	return true
}

// TestOpenAPIDocumentValid: the blog serves an OpenAPI 3.1 document of its
// JSON API, valid against the specification, made from what the views
// declare.
func TestOpenAPIDocumentValid(t *testing.T) {
	c := newBlogApp(t).client(t)
	apiValidator(t, c) // fails the test when invalid
	body := c.Get("/api/openapi.json").Text()
	for _, want := range []string{
		`"openapi":"3.1.0"`, `"title":"Blog API"`,
		`"/api/posts/{id}/publish"`, `"/api/posts/{post_id}/comments/{id}"`,
		`"operationId":"post_resource.create"`, `"PostInput"`, `"CommentInput"`, `"summary":"Publish a post"`,
		// the model resources' conditional writes and pages
		`"application/merge-patch+json"`, `"If-Match"`, `"If-None-Match"`, `"ETag"`, `"412"`, `"304"`, `"Link"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the document lacks %s", want)
		}
	}
	if strings.Contains(body, `"/contact"`) {
		t.Error("an HTML page is in the API document")
	}
}

// TestOpenAPICommandPrintsServedDocument: the openapi command prints the
// document the blog serves (its title, license and security), not one of
// a bare configuration.
func TestOpenAPICommandPrintsServedDocument(t *testing.T) {
	t.Setenv("SECRET_KEY", testSecretKey)
	dsn := testDatabase(t)
	var out bytes.Buffer
	if err := runCommand(t.Context(), settings{driver: driverFor(dsn), dsn: dsn}, []string{"blog", "openapi"}, &out); err != nil {
		t.Fatal(err)
	}
	served := newBlogApp(t).client(t).Get("/api/openapi.json").Text()
	var printed, want any
	if err := json.Unmarshal(out.Bytes(), &printed); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(served), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(printed, want) {
		t.Errorf("the openapi command prints\n%s\nthe blog serves\n%s", out.String(), served)
	}

	out.Reset()
	if err := runCommand(t.Context(), settings{driver: driverFor(dsn), dsn: dsn}, []string{"blog", "openapi", "-3.0"}, &out); err != nil {
		t.Fatal(err)
	}
	served30 := newBlogApp(t).client(t).Get("/api/openapi-3.0.json").ExpectStatus(http.StatusOK).Text()
	if err := json.Unmarshal(out.Bytes(), &printed); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(served30), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(printed, want) || !strings.Contains(served30, `"openapi":"3.0.3"`) {
		t.Errorf("openapi -3.0 prints\n%.300s\nthe blog serves at /api/openapi-3.0.json\n%.300s", out.String(), served30)
	}
}

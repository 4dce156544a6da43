package main

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// loadOpenAPI30 returns app's document as OpenAPI 3.0.3 (fwk.App.OpenAPI30),
// loaded and validated by kin-openapi, the reference validator of 3.0; it
// fails the test when the document is not valid 3.0.
func loadOpenAPI30(t *testing.T, app *fwk.App) *openapi3.T {
	t.Helper()
	b, err := app.OpenAPI30()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		t.Fatalf("loading the 3.0 document: %v", err)
	}
	if doc.OpenAPI != "3.0.3" {
		t.Errorf("openapi %q, want 3.0.3", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("the 3.0 document is not valid: %v", err)
	}
	return doc
}

// TestOpenAPI30DocumentValid: the blog's API document and the shapes API's,
// in both error formats, converted to OpenAPI 3.0.3, are valid 3.0 for
// kin-openapi and list the same operations as the 3.1 documents.
func TestOpenAPI30DocumentValid(t *testing.T) {
	blog := newBlogApp(t).App
	apps := map[string]*fwk.App{"blog": blog}
	for _, format := range []string{"", "problem+json"} {
		app, err := newShapesApp(format)
		if err != nil {
			t.Fatal(err)
		}
		apps["shapes "+format] = app
	}
	for name, app := range apps {
		doc := loadOpenAPI30(t, app)
		ops := 0
		for path, item := range app.OpenAPI().Paths {
			for _, m := range []string{"GET", "PUT", "POST", "DELETE", "PATCH"} {
				if item.Operation(m) == nil {
					continue
				}
				ops++
				if p := doc.Paths.Find(path); p == nil || p.GetOperation(m) == nil {
					t.Errorf("%s: the 3.0 document lacks %s %s", name, m, path)
				}
			}
		}
		if ops == 0 || doc.Paths.Len() != len(app.OpenAPI().Paths) {
			t.Errorf("%s: %d operations, %d paths in 3.0, %d in 3.1", name, ops, doc.Paths.Len(), len(app.OpenAPI().Paths))
		}
	}
}

// TestOpenAPI30ShapesConform: every answer of the shapes API (success and
// every error, in both error formats) conforms to its 3.0 document for
// kin-openapi's openapi3filter, and the document accepts the requests the
// app accepts and refuses those it refuses as malformed, unauthorized or
// invalid.
func TestOpenAPI30ShapesConform(t *testing.T) {
	for _, format := range []string{"", "problem+json"} {
		t.Run("errors "+format, func(t *testing.T) {
			app, err := newShapesApp(format)
			if err != nil {
				t.Fatal(err)
			}
			doc := loadOpenAPI30(t, app)
			doc.Servers = nil // "/", the server the document is read from: any host
			router, err := legacy.NewRouter(doc)
			if err != nil {
				t.Fatal(err)
			}
			c := fwktest.New(t, app)
			for _, x := range shapesExchanges() {
				checkExchange30(t, c, doc, router, x, shapesToken)
			}
		})
	}
}

// errNoToken is the refusal of bearerToken.
var errNoToken = errors.New("no bearer token")

// bearerToken checks the document's bearer schemes as the APIs do: the
// request must carry token.
func bearerToken(token string) openapi3filter.AuthenticationFunc {
	return func(_ context.Context, in *openapi3filter.AuthenticationInput) error {
		s := in.SecurityScheme
		if s.Type == "http" && strings.EqualFold(s.Scheme, "bearer") &&
			in.RequestValidationInput.Request.Header.Get("Authorization") == "Bearer "+token {
			return nil
		}
		return errNoToken
	}
}

// checkExchange30 sends x and checks the answer, and the verdict on the
// request (the bearer token is token), against the 3.0 document doc, which
// router routes. It returns the answer's header.
func checkExchange30(t *testing.T, c *fwktest.Client, doc *openapi3.T, router routers.Router, x exchange, token string) http.Header {
	t.Helper()
	name := x.method + " " + x.path + " " + strings.Join(x.header, " ")
	res := c.Do(x.request(t), fwktest.ExpectError())
	raw := res.Bytes()
	if res.StatusCode != x.status {
		t.Errorf("%s: %d, want %d: %s", name, res.StatusCode, x.status, raw)
		return res.Header
	}
	sent := x.request(t)
	if x.status == http.StatusMethodNotAllowed { // the router would read "/api/books" as {id} ""
		if item := doc.Paths.Value(sent.URL.Path); item != nil && item.GetOperation(x.method) != nil {
			t.Errorf("%s: the document has an operation the app refuses with 405", name)
		}
		return res.Header
	}
	route, params, err := router.FindRoute(sent)
	if err != nil {
		t.Errorf("%s: no operation: %v", name, err)
		return res.Header
	}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true, AuthenticationFunc: bearerToken(token)}
	in := &openapi3filter.RequestValidationInput{Request: sent, PathParams: params, Route: route, Options: opts}
	reqErr := openapi3filter.ValidateRequest(context.Background(), in)
	switch {
	case x.status < 300 && reqErr != nil:
		t.Errorf("%s: the server accepted a request the 3.0 document refuses: %v", name, reqErr)
	case (x.status == 400 || x.status == 401 || x.status == 415 || x.status == 422) && reqErr == nil:
		t.Errorf("%s: the server refused (%d) a request the 3.0 document accepts", name, x.status)
	}
	in.Request = x.request(t) // the body read again
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode,
		Header: res.Header, Options: opts}
	out.SetBodyBytes(raw)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("%s (%d): the answer does not conform to the 3.0 document: %v\n%s", name, res.StatusCode, err, raw)
	}
	return res.Header
}

// TestOpenAPI30BlogConform: the blog's own API, a post's life (created,
// listed, read with its ETag, patched, replaced, published, commented on,
// deleted) and its errors (400, 401, 404, 412, 422), answers as its 3.0
// document says, for kin-openapi.
func TestOpenAPI30BlogConform(t *testing.T) {
	app := newBlogApp(t).App
	doc := loadOpenAPI30(t, app)
	doc.Servers = nil // "/": any host
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	c := fwktest.New(t, app)
	auth := []string{"Authorization", "Bearer " + testAPIToken}
	send := func(method, path, body string, status int, header ...string) http.Header {
		return checkExchange30(t, c, doc, router, exchange{method, path, body, append(header, auth...), status}, testAPIToken)
	}
	loc := send("POST", "/api/posts", `{"title":"Hello","body":"First post"}`, 201).Get("Location")
	if loc == "" {
		t.Fatal("no Location")
	}
	send("GET", "/api/posts", "", 200)
	etag := send("GET", loc, "", 200).Get("ETag")
	send("GET", loc, "", 304, "If-None-Match", etag)
	send("PATCH", loc, `{"title":"Hello, world"}`, 200, "If-Match", etag, "Content-Type", "application/merge-patch+json")
	send("PATCH", loc, `{"title":"lost"}`, 412, "If-Match", etag, "Content-Type", "application/merge-patch+json")
	send("PUT", loc, `{"title":"Replaced","body":"New body"}`, 200)
	send("POST", loc+"/publish", "", 200)
	checkExchange30(t, c, doc, router, exchange{"POST", loc + "/comments", `{"author":"ann","body":"Nice"}`, nil, 201}, "")
	send("GET", loc+"/comments", "", 200)
	send("GET", "/api/posts/999999", "", 404)
	send("POST", "/api/posts", `{}`, 422)
	send("POST", "/api/posts", `{"title":`, 400)
	checkExchange30(t, c, doc, router, exchange{"POST", "/api/posts", `{"title":"T","body":"B"}`, nil, 401}, testAPIToken)
	send("DELETE", loc, "", 204)
}

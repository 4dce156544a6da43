package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
	"github.com/fwkgo/fwk/openapi"
)

// TestOpenAPIDocumentLintClean checks the blog's document, and the shapes
// API's, for what Redocly's recommended ruleset asks that an app can give
// (npx @redocly/cli lint finds no error or warning in them): servers, a
// license with a URL, tags that are declared and described, and on every
// operation an operationId, a summary, a 4XX answer, and a security that
// is declared (the document's default or its own, naming schemes of the
// components).
func TestOpenAPIDocumentLintClean(t *testing.T) {
	shapes, err := newShapesApp("")
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]*fwktest.Client{"blog": newBlogApp(t).client(t), "shapes": fwktest.New(t, shapes)} {
		var doc openapi.Document
		if err := json.Unmarshal(c.Get("/api/openapi.json").ExpectStatus(http.StatusOK).Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		lintDocument(t, name, &doc)
	}
}

func lintDocument(t *testing.T, name string, doc *openapi.Document) {
	t.Helper()
	if len(doc.Servers) == 0 || doc.Info.License == nil || doc.Info.License.URL == "" {
		t.Errorf("%s: servers %v, license %+v", name, doc.Servers, doc.Info.License)
	}
	if doc.Security == nil {
		t.Errorf("%s: no document-level security", name)
	}
	tags := map[string]bool{}
	for _, tag := range doc.Tags {
		tags[tag.Name] = true
		if tag.Description == "" {
			t.Errorf("%s: tag %s has no description", name, tag.Name)
		}
	}
	for path, item := range doc.Paths {
		for _, m := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
			if op := item.Operation(m); op != nil {
				lintOperation(t, name+": "+m+" "+path, op, tags, doc)
			}
		}
	}
}

func lintOperation(t *testing.T, at string, op *openapi.Operation, tags map[string]bool, doc *openapi.Document) {
	t.Helper()
	if op.OperationID == "" || op.Summary == "" || len(op.Tags) == 0 {
		t.Errorf("%s: operationId %q, summary %q, tags %v", at, op.OperationID, op.Summary, op.Tags)
	}
	for _, tag := range op.Tags {
		if !tags[tag] {
			t.Errorf("%s: tag %s is not declared", at, tag)
		}
	}
	has4XX := false
	for code := range op.Responses {
		has4XX = has4XX || strings.HasPrefix(code, "4")
	}
	if !has4XX {
		t.Errorf("%s: no 4XX answer among %v", at, op.Responses)
	}
	for _, req := range op.Security {
		for scheme := range req {
			if doc.Components == nil || doc.Components.SecuritySchemes[scheme] == nil {
				t.Errorf("%s: security scheme %s is not declared", at, scheme)
			}
		}
	}
}

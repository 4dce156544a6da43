package fwk_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// noteDocsBundle declares its operations' summaries with view options.
type noteDocsBundle struct{}

func (noteDocsBundle) Name() string { return "notes" }
func (noteDocsBundle) Routes() []*fwk.Route {
	list := func(c *fwk.Ctx) ([]Card, error) { return nil, nil }
	old := func(c *fwk.Ctx) ([]Card, error) { return nil, nil }
	return routes.Tree(
		routes.Func("/notes", list, fwk.Endpoint("notes"), fwk.Summary("List the notes"),
			fwk.Description("Newest first; at most **100**.")),
		routes.Func("/v0/notes", old, fwk.Endpoint("old_notes"), fwk.Deprecated()),
	)
}

// Summary, Description and Deprecated say in the OpenAPI document what Go
// keeps no trace of at run time.
func ExampleSummary() {
	app, err := fwk.New(fwk.DefaultConfig(), noteDocsBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	doc := app.OpenAPI()
	op := doc.Paths["/notes"].Get
	fmt.Printf("%s: %q %q\n", op.OperationID, op.Summary, op.Description)
	fmt.Println(doc.Paths["/v0/notes"].Get.Deprecated, op.Deprecated)
	// Output:
	// notes.notes: "List the notes" "Newest first; at most **100**."
	// true false
}

// docController's options on its views and on the controller's route.
type docController struct{ fwk.Controller }

func (c *docController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Ping, "/ping", fwk.Summary("Ping")),
		fwk.View(c.Pong, "/pong", fwk.Methods(http.MethodGet, http.MethodPost), fwk.Summary("Pong"), fwk.Deprecated()),
	}}
}

func (c *docController) Ping(*fwk.Ctx) ([]Card, error) { return nil, nil }
func (c *docController) Pong(*fwk.Ctx) ([]Card, error) { return nil, nil }

// TestOperationDocOptions: a controller view's Summary and Deprecated
// reach every operation of its rule, one per method, and no other view's.
func TestOperationDocOptions(t *testing.T) {
	app := mustNew(t, quietCfg(), tplApp{}.with(routes.Controller("/c", &docController{})))
	doc := app.OpenAPI()
	want := map[string]string{"/c/ping GET": "Ping", "/c/pong GET": "Pong", "/c/pong POST": "Pong"}
	for key, summary := range want {
		var path, method string
		fmt.Sscan(key, &path, &method)
		item := doc.Paths[path]
		if item == nil {
			t.Errorf("%s: no path item", key)
			continue
		}
		op := item.Get
		if method == http.MethodPost {
			op = item.Post
		}
		if op == nil || op.Summary != summary || op.Deprecated != (path == "/c/pong") {
			t.Errorf("%s: %+v, want summary %q, deprecated only on /c/pong", key, op, summary)
		}
	}
}

// TestOperationDocOfCopy: a doc option given to a copy of a route
// (PrefixRoutes) leaves the original's operation as it was.
func TestOperationDocOfCopy(t *testing.T) {
	list := func(c *fwk.Ctx) ([]Card, error) { return nil, nil }
	orig := fwk.NewRoute("/cards", list, fwk.Endpoint("cards"), fwk.Summary("Cards"))
	cp := fwk.PrefixRoutes("/v2", []*fwk.Route{orig})[0]
	fwk.Summary("Cards, second version")(cp)
	fwk.Endpoint("cards2")(cp)
	app := mustNew(t, quietCfg(), tplApp{}.with([]*fwk.Route{orig, cp}))
	doc := app.OpenAPI()
	for path, want := range map[string]string{"/cards": "Cards", "/v2/cards": "Cards, second version"} {
		if item := doc.Paths[path]; item == nil || item.Get == nil || item.Get.Summary != want {
			t.Errorf("%s: %+v, want summary %q", path, item, want)
		}
	}
}

package fwk_test

import (
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// noteStore is the service behind NoteResource.
type noteStore struct {
	mu    sync.Mutex
	notes map[int]string
	next  int
}

func newNoteStore() *noteStore { return &noteStore{notes: map[int]string{}, next: 1} }

// NoteResource is a CRUD resource over noteStore, with a member view Archive.
type NoteResource struct {
	fwk.Resource
	Store *noteStore `fwk:"inject"`
}

func (r *NoteResource) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(r.Archive, "", fwk.IsMember(), fwk.Methods("POST")),
	}}
}

func (r *NoteResource) List(ctx *fwk.Ctx) error {
	r.Store.mu.Lock()
	defer r.Store.mu.Unlock()
	ids := []int{}
	for id := range r.Store.notes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ctx.JSON(fwk.M{"notes": ids})
}

func (r *NoteResource) Create(ctx *fwk.Ctx) error {
	body, err := io.ReadAll(ctx.Request().Body)
	if err != nil {
		return err
	}
	if len(body) == 0 {
		return ctx.Errors([]string{"text is required"})
	}
	r.Store.mu.Lock()
	id := r.Store.next
	r.Store.next++
	r.Store.notes[id] = string(body)
	r.Store.mu.Unlock()
	return ctx.JSON(fwk.M{"note": fwk.M{"id": id, "text": string(body)}}, http.StatusCreated)
}

func (r *NoteResource) lookup(id int) (string, error) {
	r.Store.mu.Lock()
	defer r.Store.mu.Unlock()
	text, ok := r.Store.notes[id]
	if !ok {
		return "", fwk.Abort(http.StatusNotFound, "no note "+strconv.Itoa(id))
	}
	return text, nil
}

func (r *NoteResource) Get(ctx *fwk.Ctx, id int) error {
	text, err := r.lookup(id)
	if err != nil {
		return err
	}
	return ctx.JSON(fwk.M{"note": fwk.M{"id": id, "text": text}})
}

func (r *NoteResource) update(ctx *fwk.Ctx, id int, how string) error {
	if _, err := r.lookup(id); err != nil {
		return err
	}
	body, _ := io.ReadAll(ctx.Request().Body)
	r.Store.mu.Lock()
	r.Store.notes[id] = string(body)
	r.Store.mu.Unlock()
	return ctx.JSON(fwk.M{"note": fwk.M{"id": id, "text": string(body), "by": how}})
}

func (r *NoteResource) Patch(ctx *fwk.Ctx, id int) error { return r.update(ctx, id, "patch") }
func (r *NoteResource) Put(ctx *fwk.Ctx, id int) error   { return r.update(ctx, id, "put") }

func (r *NoteResource) Delete(ctx *fwk.Ctx, id int) error {
	if _, err := r.lookup(id); err != nil {
		return err
	}
	r.Store.mu.Lock()
	delete(r.Store.notes, id)
	r.Store.mu.Unlock()
	return ctx.NoContent()
}

func (r *NoteResource) Archive(ctx *fwk.Ctx, id int) error {
	if _, err := r.lookup(id); err != nil {
		return err
	}
	return ctx.JSON(fwk.M{"archived": id})
}

// TagResource is a subresource of NoteResource.
type TagResource struct{ fwk.Resource }

func (r *TagResource) List(ctx *fwk.Ctx, noteID int) error {
	return ctx.JSON(fwk.M{"note": noteID, "tags": []string{"a", "b"}})
}

func (r *TagResource) Get(ctx *fwk.Ctx, noteID int, id int) error {
	return ctx.JSON(fwk.M{"note": noteID, "tag": id})
}

// ShopController has stacked views, an implicit view and a typed param.
type ShopController struct{ fwk.Controller }

func (c *ShopController) Meta() fwk.Meta {
	return fwk.Meta{URLPrefix: "/shop", Views: []fwk.ViewSpec{
		fwk.View(c.Items, "/items"),
		fwk.View(c.Items, "/products"),
		fwk.View(c.Show, "/show/<slug>"),
		fwk.View(c.Page, "/page/<int:n>/<float:zoom>/<flag>"),
	}}
}

func (c *ShopController) Items(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "items") }
func (c *ShopController) AboutUs(ctx *fwk.Ctx) error {
	return ctx.Respond(http.StatusOK, "about "+ctx.Route().Endpoint())
}
func (c *ShopController) Show(ctx *fwk.Ctx, slug string) error {
	return ctx.Respond(http.StatusOK, "show "+slug)
}
func (c *ShopController) Page(ctx *fwk.Ctx, n uint8, zoom float64, flag bool) error {
	return ctx.Respond(http.StatusOK, "page "+strconv.Itoa(int(n))+" "+strconv.FormatFloat(zoom, 'g', -1, 64)+" "+strconv.FormatBool(flag))
}

// shopBundle declares its routes with the routes package.
type shopBundle struct{ store *noteStore }

func (shopBundle) Name() string      { return "shop" }
func (b shopBundle) Services() []any { return []any{b.store} }
func (shopBundle) Routes() []*fwk.Route {
	return routes.Tree(
		routes.Controller("", &ShopController{}),
		routes.Resource("/notes", &NoteResource{}, routes.Subresources(
			routes.Resource("/tags", &TagResource{}),
		)),
		routes.Func("/health", shopHealth),
		routes.Func("/std/<name>", http.HandlerFunc(greetHandler)),
	)
}
func (shopBundle) Static() fs.FS {
	return fstest.MapFS{
		"css/app.css":  {Data: []byte("body{}")},
		"img/logo.svg": {Data: []byte("<svg/>")},
	}
}

func shopHealth(ctx *fwk.Ctx) error { return ctx.Respond(http.StatusOK, "ok") }

func greetHandler(w http.ResponseWriter, r *http.Request) {
	io.WriteString(w, "hello "+r.PathValue("name"))
}

func newShop(t *testing.T) *fwk.App {
	t.Helper()
	return newApp(t, shopBundle{store: newNoteStore()})
}

func httptestRequest(method, target, body string) *http.Request {
	return httptest.NewRequest(method, target, strings.NewReader(body))
}

func serve(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

type step struct {
	method, path, body string
	status             int
	want               string // substring of the response body
}

func runSteps(t *testing.T, h http.Handler, steps []step) {
	t.Helper()
	for _, s := range steps {
		req := httptestRequest(s.method, s.path, s.body)
		rec := serve(h, req)
		if rec.Code != s.status || !strings.Contains(rec.Body.String(), s.want) {
			t.Errorf("%s %s = %d %q, want %d containing %q", s.method, s.path, rec.Code, rec.Body.String(), s.status, s.want)
		}
	}
}

func TestResourceCRUD(t *testing.T) {
	a := newShop(t)
	runSteps(t, a, []step{
		{"GET", "/notes", "", 200, `{"notes":[]}`},
		{"POST", "/notes", "", 400, `{"errors":["text is required"]}`},
		{"POST", "/notes", "first", 201, `"text":"first"`},
		{"POST", "/notes", "second", 201, `"id":2`},
		{"GET", "/notes", "", 200, `{"notes":[1,2]}`},
		{"GET", "/notes/1", "", 200, `"text":"first"`},
		{"PATCH", "/notes/1", "patched", 200, `"by":"patch"`},
		{"PUT", "/notes/1", "put", 200, `"text":"put"`},
		{"GET", "/notes/1", "", 200, `"text":"put"`},
		{"POST", "/notes/2/archive", "", 200, `{"archived":2}`},
		{"DELETE", "/notes/2", "", 204, ""},
		{"GET", "/notes/2", "", 404, "no note 2"},
		{"DELETE", "/notes/2", "", 404, ""},
		{"GET", "/notes/99999999999999999999999", "", 404, ""},
		{"GET", "/notes/x", "", 404, ""},
		{"GET", "/notes/1/tags", "", 200, `{"note":1,"tags":["a","b"]}`},
		{"GET", "/notes/1/tags/3", "", 200, `{"note":1,"tag":3}`},
	})
}

func TestMethodNotAllowed(t *testing.T) {
	a := newShop(t)
	tests := []struct {
		method, path string
		allow        string
	}{
		{"DELETE", "/notes", "GET, HEAD, POST"},
		{"POST", "/notes/1", "DELETE, GET, HEAD, PATCH, PUT"},
		{"GET", "/notes/1/archive", "POST"},
	}
	for _, tt := range tests {
		rec := get(a, tt.method, tt.path)
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != tt.allow {
			t.Errorf("%s %s = %d Allow %q, want 405 Allow %q", tt.method, tt.path, rec.Code, rec.Header().Get("Allow"), tt.allow)
		}
	}
	rec := get(a, http.MethodOptions, "/notes")
	if rec.Code != http.StatusOK || rec.Header().Get("Allow") != "GET, HEAD, POST" {
		t.Errorf("OPTIONS /notes = %d Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
	if rec := get(a, http.MethodHead, "/shop/items"); rec.Code != http.StatusOK {
		t.Errorf("HEAD /shop/items = %d, want 200", rec.Code)
	}
}

func TestControllerViews(t *testing.T) {
	a := newShop(t)
	checkServes(t, a, map[string]string{
		"/shop/items":               "items",
		"/shop/products":            "items",
		"/shop/about-us":            "about shop_controller.about_us",
		"/shop/show/a%20b":          "show a b",
		"/shop/page/7/1.5/true":     "page 7 1.5 true",
		"/health":                   "ok",
		"/std/gopher":               "hello gopher",
		"/shop/static/css/app.css":  "body{}",
		"/shop/static/img/logo.svg": "<svg/>",
	})
	runSteps(t, a, []step{
		{"GET", "/shop/page/300/1/true", "", 404, ""}, // 300 overflows uint8
		{"GET", "/shop/page/7/1/maybe", "", 404, ""},  // not a bool
		{"GET", "/shop/missing", "", 404, ""},
	})
	// Stacked views: one endpoint, two rules, both registered.
	eps := a.ControllerBundle().Endpoints["shop_controller.items"]
	var rules []string
	for _, r := range eps {
		rules = append(rules, r.FullRule())
	}
	if !slices.Equal(rules, []string{"/shop/items", "/shop/products"}) {
		t.Errorf("rules of shop_controller.items = %q", rules)
	}
	if got := len(a.ControllerBundle().ControllerEndpoints["ShopController.Items"]); got != 2 {
		t.Errorf(`ControllerEndpoints["ShopController.Items"] has %d routes, want 2`, got)
	}
}

func TestStaticFiles(t *testing.T) {
	a := newShop(t)
	tests := []struct {
		path   string
		status int
	}{
		{"/shop/static/css/app.css", 200},
		{"/shop/static/css", 404},  // directory: never listed
		{"/shop/static/css/", 404}, // directory: never listed
		{"/shop/static/nope.css", 404},
		{"/shop/static/..%2f..%2fapp_test.go", 404}, // traversal
		{"/shop/static/css%2f..%2f..%2fgo.mod", 404},
		{"/shop/static/%5c..%5cgo.mod", 404},
	}
	for _, tt := range tests {
		rec := get(a, http.MethodGet, tt.path)
		if rec.Code != tt.status && !(tt.status == 404 && rec.Code >= 300 && rec.Code < 500 && rec.Code != 200) {
			t.Errorf("GET %s = %d, want %d", tt.path, rec.Code, tt.status)
		}
		if tt.status != 200 && strings.Contains(rec.Body.String(), "module") {
			t.Errorf("GET %s leaked a file: %q", tt.path, rec.Body.String())
		}
	}
	rec := get(a, http.MethodGet, "/shop/static/css/app.css")
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/css") {
		t.Errorf("Content-Type of app.css = %q", ct)
	}
}

// Routes from Controllers() (implicit discovery).
type implicitBundle struct{}

func (implicitBundle) Name() string { return "implicit" }
func (implicitBundle) Controllers() []any {
	return []any{&ShopController{}, &NoteResource{Store: newNoteStore()}}
}

func TestImplicitControllers(t *testing.T) {
	a := newApp(t, implicitBundle{})
	runSteps(t, a, []step{
		{"GET", "/shop/items", "", 200, "items"},
		{"POST", "/note-resources", "x", 404, ""},
		{"POST", "/notes", "x", 201, `"id":1`},
		{"POST", "/notes/1/archive", "", 200, `{"archived":1}`},
	})
}

func TestRouteTable(t *testing.T) {
	a := newShop(t)
	table := a.RouteTable()
	type row struct{ methods, rule, endpoint string }
	var got []row
	for _, info := range table {
		got = append(got, row{strings.Join(info.Methods, ","), info.Rule, info.Endpoint})
	}
	want := []row{
		{"GET", "/health", "shop.shop_health"},
		{"GET", "/notes", "note_resource.list"},
		{"POST", "/notes", "note_resource.create"},
		{"DELETE", "/notes/<int:id>", "note_resource.delete"},
		{"GET", "/notes/<int:id>", "note_resource.get"},
		{"PATCH", "/notes/<int:id>", "note_resource.patch"},
		{"PUT", "/notes/<int:id>", "note_resource.put"},
		{"POST", "/notes/<int:id>/archive", "note_resource.archive"},
		{"GET", "/notes/<int:note_id>/tags", "tag_resource.list"},
		{"GET", "/notes/<int:note_id>/tags/<int:id>", "tag_resource.get"},
		{"GET", "/shop/about-us", "shop_controller.about_us"},
		{"GET", "/shop/items", "shop_controller.items"},
		{"GET", "/shop/page/<int:n>/<float:zoom>/<flag>", "shop_controller.page"},
		{"GET", "/shop/products", "shop_controller.items"},
		{"GET", "/shop/show/<slug>", "shop_controller.show"},
		{"GET", "/shop/static/<path:filename>", "shop.static"},
		{"GET", "/std/<name>", "shop.greet_handler"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("RouteTable =\n%v\nwant\n%v", got, want)
	}
	for _, info := range table {
		if info.Route == nil || info.View == "" {
			t.Errorf("RouteTable row %s: Route %v, View %q", info.Rule, info.Route, info.View)
		}
	}
	// RouteTable returns a copy.
	table[0].Rule = "changed"
	if a.RouteTable()[0].Rule == "changed" {
		t.Error("RouteTable shares its slice")
	}
}

func TestJSONBodiesDecode(t *testing.T) {
	a := newShop(t)
	serve(a, httptestRequest("POST", "/notes", "hello"))
	rec := get(a, "GET", "/notes/1")
	var got struct {
		Note struct {
			ID   int    `json:"id"`
			Text string `json:"text"`
		} `json:"note"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Note.ID != 1 || got.Note.Text != "hello" {
		t.Errorf("GET /notes/1 = %q (%v)", rec.Body.String(), err)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
}

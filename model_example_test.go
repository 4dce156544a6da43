package fwk_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Task is a model: its ID gives the member param (<int:id>), its name the
// URL prefix (/tasks) and the payload keys (note, notes).
type Task struct {
	ID     int64  `json:"id"`
	Title  string `json:"title" validate:"required,max=80"`
	Status string `json:"status" validate:"omitempty,oneof=draft published"`
}

// TaskResource is the whole API of tasks: one line.
type TaskResource struct{ fwk.ModelResource[Task] }

// Meta declares what lists may be filtered and sorted on.
func (r *TaskResource) Meta() fwk.Meta {
	return fwk.Meta{Model: &fwk.ModelMeta{Filters: []string{"status"}, Sort: []string{"title"}, Limit: 10}}
}

type tasksApp struct{}

func (tasksApp) Name() string { return "tasks" }

// Services gives the resource its store (injected into ModelResource.Store).
func (tasksApp) Services() []any { return []any{fwk.NewMemoryStore[Task]()} }

func (tasksApp) Routes() []*fwk.Route { return routes.Tree(routes.Resource("", &TaskResource{})) }

// An app declares a model and one resource, and gets a paged, filtered,
// sortable, conditional CRUD API.
func ExampleModelResource() {
	app, err := fwk.New(fwk.DefaultConfig(), tasksApp{})
	if err != nil {
		panic(err)
	}
	do := func(method, target, body string, header ...string) {
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if len(header) == 2 {
			req.Header.Set(header[0], header[1])
		}
		w := httptest.NewRecorder()
		app.ServeHTTP(w, req)
		fmt.Println(strings.TrimSpace(fmt.Sprintln(method, target, w.Code, w.Header().Get("ETag"), strings.TrimSpace(w.Body.String()))))
	}
	do("POST", "/tasks", `{"title": "Buy milk", "status": "draft"}`)
	do("POST", "/tasks", `{"title": "Call Bob"}`)
	do("PATCH", "/tasks/1", `{"status": "published"}`, "If-Match", `"1"`)
	do("GET", "/tasks?status=published&sort=-title", "")
	do("GET", "/tasks/1", "", "If-None-Match", `"3"`)
	do("PUT", "/tasks/1", `{"title": "Stale"}`, "If-Match", `"1"`)
	// Output:
	// POST /tasks 201 "1" {"task":{"id":1,"title":"Buy milk","status":"draft"}}
	// POST /tasks 201 "2" {"task":{"id":2,"title":"Call Bob","status":""}}
	// PATCH /tasks/1 200 "3" {"task":{"id":1,"title":"Buy milk","status":"published"}}
	// GET /tasks?status=published&sort=-title 200  {"tasks":[{"id":1,"title":"Buy milk","status":"published"}],"next":null}
	// GET /tasks/1 304 "3"
	// PUT /tasks/1 412  {"error":"The resource has changed since you read it: get it again, then retry with its new ETag.","status":412}
}

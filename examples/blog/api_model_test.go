package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestAPIConditionalWrites: the API's posts are model resources on the SQL
// store: GET answers an ETag, If-None-Match gives 304, and a write with a
// stale If-Match is a 412 that changes nothing.
func TestAPIConditionalWrites(t *testing.T) {
	api := &apiClient{t: t, c: newBlogApp(t).client(t)}
	created := api.do("POST", "/api/posts", `{"title": "T", "body": "B"}`).want(t, "create", 201)
	loc, etag := created.Header.Get("Location"), created.Header.Get("ETag")
	if etag == "" {
		t.Fatal("create answered no ETag")
	}
	got := api.do("GET", loc, "").want(t, "get", 200)
	if got.Header.Get("ETag") != etag {
		t.Fatalf("get ETag %q, create's %q", got.Header.Get("ETag"), etag)
	}
	api.do("GET", loc, "", "If-None-Match", etag).want(t, "get with If-None-Match", 304)
	patched := api.do("PATCH", loc, `{"title": "T2"}`, "If-Match", etag, "Content-Type", "application/merge-patch+json").want(t, "patch", 200)
	fresh := patched.Header.Get("ETag")
	if fresh == "" || fresh == etag {
		t.Fatalf("patch ETag %q (before: %q): want a new one", fresh, etag)
	}
	api.do("PATCH", loc, `{"title": "lost"}`, "If-Match", etag).wantError(t, "patch with a stale ETag", 412, "changed")
	api.do("PUT", loc, `{"title": "lost", "body": "lost"}`, "If-Match", etag).wantError(t, "put with a stale ETag", 412, "changed")
	api.do("DELETE", loc, "", "If-Match", etag).wantError(t, "delete with a stale ETag", 412, "changed")
	if p := api.do("GET", loc, "").want(t, "get", 200).post(t); p["title"] != "T2" {
		t.Errorf("a refused write changed the post: %v", p)
	}
	api.do("DELETE", loc, "", "If-Match", fresh).want(t, "delete with the current ETag", 204)
}

// TestAPIListPages: lists page with a cursor, the next page's URL in the
// body and in a Link header; without the token, drafts are not listed.
func TestAPIListPages(t *testing.T) {
	api := &apiClient{t: t, c: newBlogApp(t).client(t)}
	for i := range 5 {
		api.do("POST", "/api/posts", fmt.Sprintf(`{"title": "p%d", "body": "b", "published": %v}`, i, i != 2)).want(t, "create", 201)
	}
	read := func(header ...string) []string {
		var titles []string
		for url := "/api/posts?limit=2&sort=title"; url != ""; {
			r := api.do("GET", url, "", header...).want(t, "list", 200)
			for _, p := range r.Body["posts"].([]any) {
				titles = append(titles, p.(map[string]any)["title"].(string))
			}
			next, _ := r.Body["next"].(string)
			if link := r.Header.Get("Link"); next != "" && !strings.Contains(link, `rel="next"`) {
				t.Errorf("next %q but Link %q", next, link)
			}
			url = next
		}
		return titles
	}
	if got := strings.Join(read(), ","); got != "p0,p1,p2,p3,p4" {
		t.Errorf("with the token: %s", got)
	}
	if got := strings.Join(read("Authorization", ""), ","); got != "p0,p1,p3,p4" {
		t.Errorf("without the token: %s, want no draft", got)
	}
}

// TestAPIConcurrentIfMatchPatches: clients PATCH one post at once, each with
// the ETag it read: every acknowledged write is stored (each appends its
// mark to the body), every refused one is a 412, none is lost.
func TestAPIConcurrentIfMatchPatches(t *testing.T) {
	const clients, each = 4, 5
	app := newBlogApp(t)
	api := &apiClient{t: t, c: app.client(t)}
	loc := api.do("POST", "/api/posts", `{"title": "shared", "body": "start"}`).want(t, "create", 201).Header.Get("Location")
	var acked, refused atomic.Int64
	var wg sync.WaitGroup
	for c := range clients {
		client := &apiClient{t: t, c: app.client(t)}
		wg.Go(func() {
			for n := 0; n < each; {
				cur := client.do("GET", loc, "")
				if cur.Status != http.StatusOK {
					t.Errorf("get: %d %s", cur.Status, cur.Raw)
					return
				}
				body := cur.post(t)["body"].(string) + fmt.Sprintf(" c%d.%d", c, n)
				patch, _ := json.Marshal(map[string]string{"body": body})
				r := client.do("PATCH", loc, string(patch), "If-Match", cur.Header.Get("ETag"))
				switch r.Status {
				case http.StatusOK:
					acked.Add(1)
					n++
				case http.StatusPreconditionFailed:
					refused.Add(1)
				default:
					t.Errorf("patch: %d %s (want 200 or 412)", r.Status, r.Raw)
					return
				}
			}
		})
	}
	wg.Wait()
	body := api.do("GET", loc, "").want(t, "get", 200).post(t)["body"].(string)
	for c := range clients {
		for n := range each {
			if mark := fmt.Sprintf(" c%d.%d", c, n); strings.Count(body, mark+" ")+strings.Count(body+"|", mark+"|") != 1 {
				t.Errorf("acknowledged write %q is not in the body once: %s", mark, body)
			}
		}
	}
	t.Logf("%d acknowledged, %d refused (412)", acked.Load(), refused.Load())
}

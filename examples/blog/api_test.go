package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk/fwktest"
)

// apiClient sends JSON requests to the blog, with the API token.
type apiClient struct {
	t *testing.T
	c *fwktest.Client
}

// apiResponse is a decoded answer of the API.
type apiResponse struct {
	Status int
	Header http.Header
	Body   map[string]any // the JSON object answered (nil for an empty body)
	Raw    string
}

// do sends method path with body (a JSON string, "" for none) and the
// headers given as name, value pairs; "Content-Type" defaults to JSON when
// there is a body, and the token is sent unless an "Authorization" pair
// is given.
func (a *apiClient) do(method, path, body string, header ...string) apiResponse {
	a.t.Helper()
	req, err := http.NewRequest(method, path, strings.NewReader(body))
	if err != nil {
		a.t.Fatal(err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+testAPIToken)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i+1] == "" {
			req.Header.Del(header[i])
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	resp := a.c.Do(req)
	a.conform(req, body, resp)
	r := apiResponse{Status: resp.StatusCode, Header: resp.Header, Raw: resp.Text()}
	if r.Raw != "" && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		resp.JSON(&r.Body)
	}
	return r
}

// want fails the test unless r has status.
func (r apiResponse) want(t *testing.T, what string, status int) apiResponse {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d\n%s", what, r.Status, status, r.Raw)
	}
	return r
}

// post returns the "post" object of r.
func (r apiResponse) post(t *testing.T) map[string]any {
	t.Helper()
	p, ok := r.Body["post"].(map[string]any)
	if !ok {
		t.Fatalf("no post object in %s", r.Raw)
	}
	return p
}

// wantError checks the error shape of fwk: {"error": message, "status": code}.
func (r apiResponse) wantError(t *testing.T, what string, status int, msg string) {
	t.Helper()
	r.want(t, what, status)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s: Content-Type %q, want JSON\n%s", what, ct, r.Raw)
	}
	if got := r.Body["status"]; got != float64(status) {
		t.Errorf("%s: \"status\" = %v, want %d (%s)", what, got, status, r.Raw)
	}
	if got, _ := r.Body["error"].(string); !strings.Contains(got, msg) {
		t.Errorf("%s: \"error\" = %q, want it to contain %q", what, got, msg)
	}
}

// TestAPIWalkthrough drives the JSON API of the running example with a
// plain net/http client, as the README's walk-through does with curl.
func TestAPIWalkthrough(t *testing.T) {
	api := &apiClient{t: t, c: newBlogApp(t).client(t)}

	// Create, then read it back through the Location header.
	created := api.do("POST", "/api/posts", `{"title": "Hello", "body": "First post"}`).want(t, "create", 201)
	p := created.post(t)
	id := int(p["id"].(float64))
	loc := created.Header.Get("Location")
	if want := fmt.Sprintf("/api/posts/%d", id); loc != want {
		t.Fatalf("Location = %q, want %q", loc, want)
	}
	if p["title"] != "Hello" || p["published"] != false {
		t.Errorf("created post = %v", p)
	}
	got := api.do("GET", loc, "").want(t, "get", 200).post(t)
	if got["body"] != "First post" {
		t.Errorf("get: %v", got)
	}

	// The same API takes a url-encoded form, as `curl -d` sends it.
	form := api.do("POST", "/api/posts", "title=From+a+form&body=curl+-d", "Content-Type", "application/x-www-form-urlencoded").want(t, "create from a form", 201)
	if p := form.post(t); p["title"] != "From a form" || p["body"] != "curl -d" {
		t.Errorf("created from a form: %v", p)
	}
	api.do("DELETE", form.Header.Get("Location"), "").want(t, "delete the form's post", 204)

	// List, then the query-string limit.
	list := api.do("GET", "/api/posts", "").want(t, "list", 200)
	if posts, _ := list.Body["posts"].([]any); len(posts) != 1 {
		t.Errorf("list: %s", list.Raw)
	}
	for _, q := range []string{"limit=abc", "limit=0", "sort=body", "author=ann"} {
		r := api.do("GET", "/api/posts?"+q, "")
		r.wantError(t, "list ?"+q, 422, "Unprocessable Entity")
		if errs, _ := r.Body["errors"].(map[string]any); errs[strings.Split(q, "=")[0]] == nil {
			t.Errorf("list ?%s: the 422 does not name the key: %s", q, r.Raw)
		}
	}

	// Patch changes only what it is given; put replaces; publish is a
	// member action.
	patched := api.do("PATCH", loc, `{"title": "Hello, world"}`).want(t, "patch", 200).post(t)
	if patched["title"] != "Hello, world" || patched["body"] != "First post" {
		t.Errorf("patch: %v", patched)
	}
	put := api.do("PUT", loc, `{"title": "Replaced", "body": "New body"}`).want(t, "put", 200).post(t)
	if put["title"] != "Replaced" || put["body"] != "New body" || put["published"] != false {
		t.Errorf("put: %v", put)
	}
	pub := api.do("POST", loc+"/publish", "").want(t, "publish", 200).post(t)
	if pub["published"] != true {
		t.Errorf("publish: %v", pub)
	}

	// Comments: the subresource nests under the post's member rule.
	comments := loc + "/comments"
	c := api.do("POST", comments, `{"author": "ann", "body": "Nice"}`, "Authorization", "").want(t, "comment", 201)
	cid := int(c.Body["comment"].(map[string]any)["id"].(float64))
	cl := api.do("GET", comments, "").want(t, "comments", 200)
	if list, _ := cl.Body["comments"].([]any); len(list) != 1 {
		t.Errorf("comments: %s", cl.Raw)
	}
	api.do("GET", fmt.Sprintf("%s/%d", comments, cid), "").want(t, "get comment", 200)
	api.do("GET", fmt.Sprintf("%s/%d", comments, cid+1), "").wantError(t, "missing comment", 404, "Not Found")
	api.do("GET", "/api/posts/999999/comments", "").wantError(t, "comments of a missing post", 404, "Not Found")

	// Delete; then the post is gone, and so are its comments.
	del := api.do("DELETE", loc, "").want(t, "delete", 204)
	if del.Raw != "" {
		t.Errorf("delete answered a body: %q", del.Raw)
	}
	api.do("GET", loc, "").wantError(t, "get after delete", 404, "Not Found")
	api.do("DELETE", loc, "").wantError(t, "delete twice", 404, "Not Found")
}

// TestAPIErrors checks the statuses and the error shape of the API for
// each kind of bad request.
func TestAPIErrors(t *testing.T) {
	app := newBlogApp(t)
	api := &apiClient{t: t, c: app.client(t)}
	loc := api.do("POST", "/api/posts", `{"title": "T", "body": "B"}`).want(t, "create", 201).Header.Get("Location")

	tests := []struct {
		name, method, path, body string
		header                   []string
		status                   int
		msg                      string
	}{
		{"missing model", "GET", "/api/posts/424242", "", nil, 404, "Not Found"},
		{"missing model, Accept */*", "GET", "/api/posts/424242", "", []string{"Accept", "*/*"}, 404, "Not Found"},
		{"missing model, no Accept", "GET", "/api/posts/424242", "", []string{"Accept", ""}, 404, "Not Found"},
		{"no rule for a non-numeric id", "GET", "/api/posts/abc", "", nil, 404, "Not Found"},
		{"bad id: invalid UTF-8", "GET", "/api/posts/%ff", "", nil, 400, "Bad Request"},
		{"bad id: NUL", "GET", "/api/posts/%00", "", nil, 400, "Bad Request"},
		{"method not allowed", "POST", loc, "", nil, 405, "Method Not Allowed"},
		{"no token", "POST", "/api/posts", `{"title": "T", "body": "B"}`, []string{"Authorization", ""}, 401, "API token"},
		{"wrong token", "DELETE", loc, "", []string{"Authorization", "Bearer nope"}, 401, "API token"},
		{"not JSON nor a form", "POST", "/api/posts", `title: T`, []string{"Content-Type", "text/plain"}, 415, "Content-Type must be application/json"},
		{"comment, not JSON nor a form", "POST", loc + "/comments", `<c/>`, []string{"Content-Type", "application/xml"}, 415, "Content-Type must be application/json"},
		// A page on another site can post a form with no preflight: the
		// CSRF-exempt API takes JSON only.
		{"comment from a cross-site form", "POST", loc + "/comments", "author=mallory&body=hi",
			[]string{"Content-Type", "application/x-www-form-urlencoded", "Authorization", "", "Origin", "https://evil.example"}, 415, "Content-Type must be application/json"},
		{"comment from a cross-site multipart form", "POST", loc + "/comments", "--b\r\nContent-Disposition: form-data; name=\"author\"\r\n\r\nmallory\r\n--b--\r\n",
			[]string{"Content-Type", "multipart/form-data; boundary=b", "Authorization", ""}, 415, "Content-Type must be application/json"},
		{"malformed JSON", "POST", "/api/posts", `{"title": `, nil, 400, "invalid JSON"},
		{"unknown field", "POST", "/api/posts", `{"title": "T", "body": "B", "author": "x"}`, nil, 400, "author"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api.t = t
			api.do(tt.method, tt.path, tt.body, tt.header...).wantError(t, tt.name, tt.status, tt.msg)
		})
	}
	api.t = t

	// Validation failures: 422 with the messages per field, named as the
	// client spells them.
	invalid := []struct {
		name, method, path, body string
		fields                   []string
	}{
		{"empty object", "POST", "/api/posts", `{}`, []string{"title", "body"}},
		{"empty title", "POST", "/api/posts", `{"title": "", "body": "B"}`, []string{"title"}},
		{"title too long", "PUT", loc, `{"title": "` + strings.Repeat("t", 201) + `", "body": "B"}`, []string{"title"}},
		{"patch to an empty title", "PATCH", loc, `{"title": ""}`, []string{"title"}},
		{"comment without author (Body[T])", "POST", loc + "/comments", `{"body": "hi"}`, []string{"author"}},
	}
	for _, tt := range invalid {
		r := api.do(tt.method, tt.path, tt.body)
		r.wantError(t, tt.name, 422, "Unprocessable Entity")
		errs, _ := r.Body["errors"].(map[string]any)
		if len(errs) != len(tt.fields) {
			t.Errorf("%s: errors %v, want one entry for each of %v", tt.name, errs, tt.fields)
		}
		for _, f := range tt.fields {
			if msgs, _ := errs[f].([]any); len(msgs) == 0 {
				t.Errorf("%s: no message for %q in %s", tt.name, f, r.Raw)
			}
		}
	}

	r := api.do("POST", loc, "")
	if allow := r.Header.Get("Allow"); allow != "DELETE, GET, HEAD, PATCH, PUT" {
		t.Errorf("405 Allow = %q", allow)
	}
	r = api.do("POST", "/api/posts", `{}`, "Authorization", "")
	if got := r.Header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer") {
		t.Errorf("401 WWW-Authenticate = %q", got)
	}

	// A body over MAX_CONTENT_LENGTH is refused before it is sent: a
	// client that waits for "100 Continue" gets the 413 instead.
	srv := httptest.NewServer(app)
	defer srv.Close()
	big := `{"title": "T", "body": "` + strings.Repeat("x", maxBodyBytes) + `"}`
	req, err := http.NewRequest("POST", srv.URL+"/api/posts", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Expect", "100-continue")
	req.Header.Set("Authorization", "Bearer "+testAPIToken)
	cl := &http.Client{Transport: &http.Transport{ExpectContinueTimeout: 5 * time.Second}}
	res, err := cl.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 413 {
		t.Errorf("body too large: status %d, want 413", res.StatusCode)
	}
}

// TestRequestIDAndAccessLog checks the app-wide middleware: every response,
// a miss included, has a request id, and the access log names it.
func TestRequestIDAndAccessLog(t *testing.T) {
	app := newBlogApp(t)
	api := &apiClient{t: t, c: app.client(t)}
	for _, path := range []string{"/api/posts", "/no/such/page"} {
		r := api.do("GET", path, "")
		id := r.Header.Get("X-Request-ID")
		if id == "" {
			t.Fatalf("GET %s: no X-Request-ID", path)
		}
		// The request is served, the access log written, when do returns.
		line := lineWith(app.log.String(), "request_id="+id)
		for _, want := range []string{"path=" + path + " ", fmt.Sprintf(" status=%d ", r.Status)} {
			if !strings.Contains(line, want) {
				t.Errorf("GET %s: access log line %q, want %q in it", path, line, want)
			}
		}
	}
}

// lineWith returns the first line of s containing sub.
func lineWith(s, sub string) string {
	for line := range strings.Lines(s) {
		if strings.Contains(line, sub) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}

package main

// The API's docs page (openapiui, at /api/docs) in a real browser: it must
// render every operation of the document from the files the app serves,
// with no request leaving the app.

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// pageTraffic records what a page asked for and what went wrong in it.
type pageTraffic struct {
	mu       sync.Mutex
	requests []string // URLs of every request the page made
	problems []string // CSP violations, errors logged and uncaught exceptions
}

func (p *pageTraffic) listen(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		p.requests = append(p.requests, ev.Request.URL)
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError || strings.Contains(ev.Entry.Text, "Content Security Policy") {
			p.problems = append(p.problems, string(ev.Entry.Source)+": "+ev.Entry.Text+" "+ev.Entry.URL)
		}
	}
}

// offsite returns the requests that went anywhere but base.
func (p *pageTraffic) offsite(base string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, u := range p.requests {
		if !strings.HasPrefix(u, base+"/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
			out = append(out, u)
		}
	}
	return out
}

// documentOperations returns "METHOD /path" for every operation of the
// blog's OpenAPI document.
func documentOperations(t *testing.T, base string) []string {
	t.Helper()
	resp, err := http.Get(base + "/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc struct {
		Paths map[string]map[string]json.RawMessage
	}
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	var ops []string
	for path, item := range doc.Paths {
		for method := range item {
			switch method {
			case "get", "put", "post", "delete", "options", "head", "patch", "trace":
				ops = append(ops, strings.ToUpper(method)+" "+path)
			}
		}
	}
	slices.Sort(ops)
	return ops
}

// renderedOperations lists the operations Swagger UI shows, as "METHOD
// /path" (it puts zero-width spaces in paths, to break long ones).
const renderedOperations = `Array.from(document.querySelectorAll('.opblock')).map(function (op) {
	var m = op.querySelector('.opblock-summary-method'), p = op.querySelector('.opblock-summary-path');
	return (m ? m.textContent : '?') + ' ' + (p ? p.textContent.replace(/\u200b/g, '') : '?');
}).sort()`

// TestAPIDocsPage opens /api/docs in a browser that can reach nothing but
// the blog (every other host name resolves to nothing, and every request
// is recorded): the page must show each operation of the document, with
// no request leaving the app, no error and no violation of its
// Content-Security-Policy; then it sends one request ("Try it out").
func TestAPIDocsPage(t *testing.T) {
	srv := startBlog(t)
	b := newBrowser(t, srv.URL, chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"))
	traffic := &pageTraffic{}
	if err := chromedp.Listen(b.ctx, traffic.listen); err != nil {
		t.Fatal(err)
	}
	if st := b.open("/api/docs"); st != http.StatusOK {
		t.Fatalf("GET /api/docs: %d", st)
	}
	b.do("wait for the operations", chromedp.WaitVisible(chromedp.CSS(".opblock-summary-path")))
	b.shot("api-docs")
	want := documentOperations(t, srv.URL)
	got, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](renderedOperations))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("the page shows the operations\n%s\nwant those of the document\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if title := b.text(".info .title"); !strings.Contains(title, "Blog API") {
		t.Errorf("the page's title is %q, want the document's, Blog API", title)
	}
	tryListPosts(t, b)
	if off := traffic.offsite(srv.URL); len(off) > 0 {
		t.Errorf("the page made requests outside the app:\n%s", strings.Join(off, "\n"))
	}
	traffic.mu.Lock()
	defer traffic.mu.Unlock()
	if len(traffic.problems) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(traffic.problems, "\n"))
	}
	if !slices.ContainsFunc(traffic.requests, func(u string) bool { return strings.HasSuffix(u, "/swagger-ui-bundle.js") }) {
		t.Errorf("the page did not load Swagger UI from the app: requests %v", traffic.requests)
	}
}

// tryListPosts opens GET /api/posts, clicks "Try it out" and "Execute",
// and waits for the app's answer on the page.
func tryListPosts(t *testing.T, b *browser) {
	t.Helper()
	op := `.opblock-get:has(.opblock-summary-path[data-path="/api/posts"])`
	b.do("open GET /api/posts", chromedp.Click(chromedp.CSS(op+" .opblock-summary")),
		chromedp.Click(chromedp.CSS(op+" .try-out__btn")),
		chromedp.Click(chromedp.CSS(op+" .execute")),
		chromedp.WaitVisible(chromedp.CSS(op+" .live-responses-table tbody .response-col_status")))
	b.shot("api-docs-try-it-out")
	if st := b.text(op + " .live-responses-table tbody .response-col_status"); strings.TrimSpace(st) != "200" {
		t.Errorf("Try it out on GET /api/posts: status %q, want 200", st)
	}
	if body := b.text(op + " .live-responses-table tbody .response-col_description pre"); !strings.Contains(body, `"posts"`) {
		t.Errorf("Try it out on GET /api/posts: the page shows the body %q, want the app's answer", body)
	}
}

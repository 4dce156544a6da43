//go:build postgres

package main

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// Concurrent edits of one post through the balancer: several clients, each
// with its own connections (so HAProxy spreads their requests over the
// replicas), read the post and PATCH it with If-Match, each appending its
// mark to the body. Every acknowledged PATCH must be in PostgreSQL, every
// refused one must be a 412, and none may be lost: the body ends with
// every acknowledged mark exactly once.
const (
	patchClients = 6
	patchEach    = 5
)

// patchClient is one editor of the post.
type patchClient struct {
	cl             *http.Client
	base, apiToken string
}

// send sends method path with body and If-Match (when not ""), and returns
// the status, the ETag and the body.
func (c *patchClient) send(method, path, ifMatch string, body []byte) (int, string, []byte, error) {
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, "", nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiToken)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/merge-patch+json")
	}
	if ifMatch != "" {
		req.Header.Set("If-Match", ifMatch)
	}
	res, err := c.cl.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("ETag"), b, err
}

// postBody reads the body of the post of a {"post": {...}} answer.
func postBody(b []byte) (string, error) {
	var out struct {
		Post struct{ Body string } `json:"post"`
	}
	err := json.Unmarshal(b, &out)
	return out.Post.Body, err
}

// edit makes n acknowledged PATCHes of path as client name, each read
// first; it returns the marks acknowledged and the number of 412s. A
// transport error or another status fails the test.
func (c *patchClient) edit(t *testing.T, name, path string, n int) (acked []string, refused int) {
	for try := 0; len(acked) < n; try++ {
		if try > 50*n {
			t.Errorf("%s: %d tries for %d acknowledged PATCHes", name, try, n)
			return acked, refused
		}
		status, etag, b, err := c.send("GET", path, "", nil)
		if err != nil || status != http.StatusOK || etag == "" {
			t.Errorf("%s: GET %s: %d %v %.200s (ETag %q)", name, path, status, err, b, etag)
			return acked, refused
		}
		body, err := postBody(b)
		if err != nil {
			t.Errorf("%s: GET %s: %v", name, path, err)
			return acked, refused
		}
		mark := fmt.Sprintf("%s.%d", name, len(acked))
		patch, _ := json.Marshal(map[string]string{"body": body + " " + mark})
		status, _, b, err = c.send("PATCH", path, etag, patch)
		switch {
		case err != nil:
			t.Errorf("%s: PATCH %s: %v (an edit whose answer is lost cannot be judged)", name, path, err)
			return acked, refused
		case status == http.StatusOK:
			acked = append(acked, mark)
		case status == http.StatusPreconditionFailed:
			refused++
		default:
			t.Errorf("%s: PATCH %s: %d %.200s, want 200 or 412", name, path, status, b)
			return acked, refused
		}
	}
	return acked, refused
}

// checkConcurrentPatches runs the editors against the balancer at base and
// checks the post in PostgreSQL (dsn).
func checkConcurrentPatches(t *testing.T, base, apiToken, dsn string, roots *x509.CertPool) {
	t.Helper()
	newClient := func() *patchClient {
		tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}, IdleConnTimeout: 5 * time.Second}
		return &patchClient{cl: &http.Client{Transport: tr, Timeout: 20 * time.Second}, base: base, apiToken: apiToken}
	}
	admin := newClient()
	in, _ := json.Marshal(map[string]any{"title": "edited-by-many", "body": "start", "published": true})
	req, _ := http.NewRequest("POST", base+"/api/posts", bytes.NewReader(in))
	req.Header.Set("Authorization", "Bearer "+apiToken)
	req.Header.Set("Content-Type", "application/json")
	res, err := admin.cl.Do(req)
	if err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create the shared post: %v %v", err, res)
	}
	res.Body.Close()
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil || loc.Path == "" {
		t.Fatalf("create the shared post: Location %q", res.Header.Get("Location"))
	}
	path := loc.Path
	var mu sync.Mutex
	var acked []string
	refused := 0
	var wg sync.WaitGroup
	for i := range patchClients {
		c := newClient()
		wg.Go(func() {
			a, r := c.edit(t, fmt.Sprintf("c%d", i), path, patchEach)
			mu.Lock()
			acked, refused = append(acked, a...), refused+r
			mu.Unlock()
		})
	}
	wg.Wait()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var body string
	if err := db.QueryRow(`SELECT body FROM posts WHERE title = 'edited-by-many'`).Scan(&body); err != nil {
		t.Fatal(err)
	}
	words := strings.Fields(body)
	lost := 0
	for _, m := range acked {
		if n := countWord(words, m); n != 1 {
			lost++
			t.Errorf("acknowledged PATCH %s is in PostgreSQL %d times, want once", m, n)
		}
	}
	if len(words)-1 != len(acked) {
		t.Errorf("the post holds %d marks, %d PATCHes were acknowledged", len(words)-1, len(acked))
	}
	fmt.Printf("  concurrent PATCHes of one post with If-Match (%d clients across the replicas): %d acknowledged, %d refused with 412, %d lost\n",
		patchClients, len(acked), refused, lost)
}

// countWord counts w in words.
func countWord(words []string, w string) int {
	n := 0
	for _, x := range words {
		if x == w {
			n++
		}
	}
	return n
}

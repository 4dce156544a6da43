//go:build postgres

package main

// The simulated users of the deployment test (TestDeploy): each has a
// cookie jar and goes through the balancer as a browser and an API client
// would, checking every answer.

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// result is one request through the balancer.
type result struct {
	at     time.Time
	dur    time.Duration
	op     string
	status int // 0: no answer
	err    string
}

// ledger collects what the users did and saw.
type ledger struct {
	mu       sync.Mutex
	results  []result
	problems map[string][]string // kind -> examples; every kind fails the test
	notes    map[string]int      // what faults explain, counted
	start    time.Time           // when the load began
	posts    []string            // titles acknowledged with 201
	comments []string            // comment bodies acknowledged with 201
	messages []string            // contact names acknowledged with a redirect
	unacked  []string            // writes sent without an acknowledgement (any kind): stored at most once
	kill     time.Time           // the instant of the kill -9 (zero: not yet)
}

// setKill records the instant of the kill -9 fault.
func (l *ledger) setKill(at time.Time) {
	l.mu.Lock()
	l.kill = at
	l.mu.Unlock()
}

// nearKill reports whether t falls within a second of the kill -9: a page
// rendered then may have been the killed replica's, lost with it.
func (l *ledger) nearKill(t time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return !l.kill.IsZero() && t.After(l.kill.Add(-time.Second)) && t.Before(l.kill.Add(time.Second))
}

func (l *ledger) add(r result) { l.mu.Lock(); l.results = append(l.results, r); l.mu.Unlock() }

// problem records something a well-behaved user must never see.
func (l *ledger) problem(kind, format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.problems == nil {
		l.problems = map[string][]string{}
	}
	l.problems[kind] = append(l.problems[kind], fmt.Sprintf("at %.1fs: ", time.Since(l.start).Seconds())+fmt.Sprintf(format, args...))
}

// note counts something a fault explains.
func (l *ledger) note(kind string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.notes == nil {
		l.notes = map[string]int{}
	}
	l.notes[kind]++
}

func (l *ledger) acked(list *[]string, v string) {
	l.mu.Lock()
	*list = append(*list, v)
	l.mu.Unlock()
}

// simUser is one simulated user.
type simUser struct {
	name, password string
	base, apiToken string // the balancer's URL, the API token
	cl             *http.Client
	l              *ledger
	n              int
	pending        map[string]bool // flashes owed: contact name -> acknowledged
}

// newSimUser makes a user whose connections come from the loopback
// address local.
func newSimUser(name, password, base, apiToken string, roots *x509.CertPool, l *ledger, local string) *simUser {
	jar, _ := cookiejar.New(nil)
	// Idle connections are dropped before HAProxy's keep-alive timeout ends
	// them, so that a request never races the proxy's close.
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}, MaxIdleConnsPerHost: 4, IdleConnTimeout: 5 * time.Second,
		DialContext: dialFrom(local)}
	cl := &http.Client{Jar: jar, Transport: tr, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &simUser{name: name, password: password, base: base, apiToken: apiToken, cl: cl, l: l, pending: map[string]bool{}}
}

// do sends one request and records it; body is read whole. A 400 or 403
// is a CSRF (or form) refusal a well-behaved client must never get, and
// every session cookie must be Secure.
func (u *simUser) do(op, method, path string, body io.Reader, header ...string) (int, string, *http.Response) {
	req, _ := http.NewRequest(method, u.base+path, body)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	start := time.Now()
	res, err := u.cl.Do(req)
	if err != nil {
		u.l.add(result{at: start, dur: time.Since(start), op: op, err: fmt.Sprintf("%s %s: %v", method, path, err)})
		return 0, "", nil
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	u.l.add(result{at: start, dur: time.Since(start), op: op, status: res.StatusCode})
	for _, c := range res.Cookies() {
		if c.Name == "session" && !c.Secure {
			u.l.problem("session cookie without Secure", "%s %s: %s", method, path, res.Header.Get("Set-Cookie"))
		}
	}
	if res.StatusCode == 400 || res.StatusCode == 403 {
		u.l.problem("CSRF or form refusal", "%s %s: %d %.200s", method, path, res.StatusCode, b)
	}
	return res.StatusCode, string(b), res
}

// form posts fields with the page's CSRF token, as a browser on the
// balancer's origin does.
func (u *simUser) form(op, path string, fields url.Values) (int, string, *http.Response) {
	return u.do(op, "POST", path, strings.NewReader(fields.Encode()),
		"Content-Type", "application/x-www-form-urlencoded", "Origin", u.base)
}

var deployCSRFField = regexp.MustCompile(`name="csrf_token"[^>]*value="([^"]+)"`)

// token gets a page and returns its CSRF token ("" after a 5xx).
func (u *simUser) token(op, path string) string {
	code, body, _ := u.do(op, "GET", path, nil)
	if code != http.StatusOK {
		return ""
	}
	u.checkPage(path, body)
	if m := deployCSRFField.FindStringSubmatch(body); m != nil {
		return m[1]
	}
	u.l.problem("page without a CSRF token", "%s: %.200s", path, body)
	return ""
}

var (
	loggedInAs = regexp.MustCompile(`Log out ([A-Za-z0-9_-]+)`)
	flashMsg   = regexp.MustCompile(`Thanks, ([A-Za-z0-9_-]+): your message was sent\.`)
)

// checkPage checks that a page is the user's own, logged in, and takes
// the flashes it shows: each owed one once.
func (u *simUser) checkPage(path, body string) {
	switch m := loggedInAs.FindStringSubmatch(body); {
	case m == nil:
		u.l.problem("user logged out", "%s: GET %s shows no logged-in user", u.name, path)
	case m[1] != u.name:
		u.l.problem("session of another user", "%s: GET %s shows %s", u.name, path, m[1])
	}
	for _, m := range flashMsg.FindAllStringSubmatch(body, -1) {
		if _, owed := u.pending[m[1]]; !owed {
			u.l.problem("flash shown twice or to another user", "%s: GET %s shows the flash of %s", u.name, path, m[1])
		}
		delete(u.pending, m[1])
	}
}

// login logs the user in, trying again after a 5xx.
func (u *simUser) login() bool {
	for try := 0; try < 20; try++ {
		tok := u.tokenNoCheck()
		if tok == "" {
			continue
		}
		code, _, res := u.form("login", "/login", url.Values{"name": {u.name}, "password": {u.password}, "csrf_token": {tok}})
		if code == http.StatusFound && strings.HasPrefix(res.Header.Get("Location"), "/admin") {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}

// tokenNoCheck is token for the login page, seen before the user is in.
func (u *simUser) tokenNoCheck() string {
	code, body, _ := u.do("login page", "GET", "/login", nil)
	if m := deployCSRFField.FindStringSubmatch(body); code == http.StatusOK && m != nil {
		return m[1]
	}
	return ""
}

// contact posts the contact form and checks the flash on the next pages:
// shown once if the post was acknowledged (at most once if it failed).
func (u *simUser) contact() {
	tok := u.token("contact page", "/contact")
	if tok == "" {
		return
	}
	u.n++
	name, postAt := fmt.Sprintf("%s-m%d", u.name, u.n), time.Now()
	code, _, _ := u.form("contact post", "/contact", url.Values{"name": {name}, "email": {u.name + "@example.com"},
		"message": {"Hello from " + name}, "csrf_token": {tok}})
	acked := code == http.StatusFound || code == http.StatusSeeOther
	u.pending[name] = acked
	if acked {
		u.l.acked(&u.l.messages, name)
	} else {
		u.l.acked(&u.l.unacked, name)
	}
	ok, clean := u.home() // the page after the redirect shows the flash
	if !ok {
		return
	}
	for n, owed := range u.pending {
		switch {
		case !owed:
		case clean && u.l.nearKill(postAt):
			// The killed replica may have rendered the page that took the
			// flash and died before its answer left: a flash is shown at
			// most once, and that page was it.
			u.l.note("flash taken by a page of the killed replica")
		case clean:
			u.l.problem("flash lost", "%s: the flash of %s was not on the next page", u.name, n)
		default: // a page that failed (a killed replica) may have shown it
			u.l.note("flash taken by a page that failed")
		}
		if owed {
			delete(u.pending, n)
		}
	}
	u.home() // and the one after does not
}

// home gets the home page until it answers 200 (a fault may answer 5xx
// for a while) and checks it; ok is false if it never did, clean is true
// if the first try answered.
func (u *simUser) home() (ok, clean bool) {
	for try := 0; try < 50; try++ {
		if code, body, _ := u.do("home page", "GET", "/", nil); code == http.StatusOK {
			u.checkPage("/", body)
			return true, try == 0
		}
		time.Sleep(100 * time.Millisecond)
	}
	u.l.problem("home page unreachable", "%s: GET / failed 50 times in a row", u.name)
	return false, false
}

// api creates a post and a comment on it with the API token.
func (u *simUser) api() {
	u.n++
	title := fmt.Sprintf("%s-p%d", u.name, u.n)
	auth := []string{"Content-Type", "application/json", "Authorization", "Bearer " + u.apiToken}
	in, _ := json.Marshal(map[string]any{"title": title, "body": "Body of " + title, "published": true})
	code, body, _ := u.do("api post", "POST", "/api/posts", bytes.NewReader(in), auth...)
	if code != http.StatusCreated {
		u.l.acked(&u.l.unacked, title)
		u.unexpected("POST /api/posts", code, body)
		return
	}
	u.l.acked(&u.l.posts, title)
	var out struct {
		Post struct{ ID int64 } `json:"post"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil || out.Post.ID == 0 {
		u.l.problem("bad API answer", "POST /api/posts: %.200s", body)
		return
	}
	text := title + "-c"
	in, _ = json.Marshal(map[string]string{"author": u.name, "body": text})
	code, body, _ = u.do("api comment", "POST", fmt.Sprintf("/api/posts/%d/comments", out.Post.ID), bytes.NewReader(in), auth[:2]...)
	if code != http.StatusCreated {
		u.l.acked(&u.l.unacked, text)
		u.unexpected("POST comment", code, body)
		return
	}
	u.l.acked(&u.l.comments, text)
}

// unexpected records an answer below 500 other than the one expected (5xx
// and dropped connections are judged against the faults).
func (u *simUser) unexpected(what string, code int, body string) {
	if code != 0 && code < 500 {
		u.l.problem("unexpected API answer", "%s: %d %.200s", what, code, body)
	}
}

// run is the user's life until stop: contact form and API, in turn.
func (u *simUser) run(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		u.contact()
		u.api()
	}
}

// percentile is the p-th percentile of the durations (sorted in place).
func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[int(float64(len(d)-1)*p)]
}

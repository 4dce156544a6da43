package fwktest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Response is the app's answer to one request, read in full: the
// *http.Response (its Body can be read again), and what the test needs to
// assert on it. When a request method returns, the app has finished
// serving the request (its ServeHTTP returned, over Loopback too): what it
// logs or stores after writing the response is there to check. Its methods that check something fail the test with a
// message showing the request, the status and the start of the body (the
// String form); Expect methods return the response so that checks chain:
//
//	c.Get("/").ExpectStatus(200).ExpectContains("Welcome")
type Response struct {
	*http.Response
	// History holds the redirects followed to reach this response, first
	// first (see Follow and FollowRedirects); empty when none was.
	History []*Response
	// Logs holds the records the app logged while serving the request, at
	// every level (see fwk.App.ObserveLog).
	Logs []slog.Record
	// Err is why the exchange failed (the app panicked past its own
	// recovery, or aborted the response); the test has failed then, unless
	// the request was sent with ExpectError.
	Err error

	client  *Client
	req     *http.Request
	reqBody []byte
	body    []byte
	opts    requestOptions

	docOnce sync.Once
	doc     *html.Node
}

// Bytes returns the body.
func (r *Response) Bytes() []byte { return r.body }

// Text returns the body as a string.
func (r *Response) Text() string { return string(r.body) }

// JSON decodes the body into v, failing the test (t.Fatalf) when it is not
// JSON of that shape.
func (r *Response) JSON(v any) {
	r.client.t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		r.client.t.Fatalf("fwktest: the body is not JSON for a %T: %v\nresponse: %s", v, err, r)
	}
}

// ExpectStatus fails the test (t.Errorf) unless the status code is code.
func (r *Response) ExpectStatus(code int) *Response {
	if r.StatusCode != code {
		r.client.t.Helper()
		r.client.t.Errorf("fwktest: status %d, want %d %s\nresponse: %s", r.StatusCode, code, http.StatusText(code), r)
	}
	return r
}

// ExpectHeader fails the test (t.Errorf) unless the header key has the
// value value (its first value; "" for a missing header).
func (r *Response) ExpectHeader(key, value string) *Response {
	if got := r.Header.Get(key); got != value {
		r.client.t.Helper()
		r.client.t.Errorf("fwktest: header %s is %q, want %q\nresponse: %s", key, got, value, r)
	}
	return r
}

// ExpectContains fails the test (t.Errorf) unless the body contains every
// text given.
func (r *Response) ExpectContains(texts ...string) *Response {
	for _, s := range texts {
		if !strings.Contains(string(r.body), s) {
			r.client.t.Helper()
			r.client.t.Errorf("fwktest: the body lacks %q\nresponse: %s", s, r.full())
		}
	}
	return r
}

// ExpectRedirect fails the test (t.Errorf) unless the response is a
// redirect (3xx) whose Location is location, as sent.
func (r *Response) ExpectRedirect(location string) *Response {
	got := r.Header.Get("Location")
	if r.StatusCode < 300 || r.StatusCode > 399 || got != location {
		r.client.t.Helper()
		r.client.t.Errorf("fwktest: want a redirect to %q, got status %d to %q\nresponse: %s", location, r.StatusCode, got, r)
	}
	return r
}

// bodyShown is how much of the body String shows.
const bodyShown = 1024

// String describes the exchange for a failure message: the request, the
// redirects followed, the status, the Content-Type and the start of the
// body.
func (r *Response) String() string {
	return r.describe(bodyShown)
}

// full is String with the whole body, for checks about its content.
func (r *Response) full() string { return r.describe(64 << 10) }

func (r *Response) describe(limit int) string {
	var b strings.Builder
	for _, h := range r.History {
		fmt.Fprintf(&b, "%s %s -> %s\n  ", h.req.Method, h.req.URL, h.Status)
	}
	fmt.Fprintf(&b, "%s %s -> %s", r.req.Method, r.req.URL, r.Status)
	if loc := r.Header.Get("Location"); loc != "" {
		fmt.Fprintf(&b, " (Location: %s)", loc)
	}
	if ct := r.Header.Get("Content-Type"); ct != "" {
		fmt.Fprintf(&b, " (%s)", ct)
	}
	if len(r.body) == 0 {
		return b.String() + ", empty body"
	}
	body := bytes.TrimRight(r.body, " \t\r\n")
	if len(body) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(body[cut]) {
			cut--
		}
		body = body[:cut]
	}
	fmt.Fprintf(&b, ", %d bytes:\n%s", len(r.body), body)
	if len(body) < len(bytes.TrimRight(r.body, " \t\r\n")) {
		b.WriteString("\n[...]")
	}
	return b.String()
}

// maxRedirects is how many redirects Follow follows, as net/http's client.
const maxRedirects = 10

// Follow follows the redirects that start with r, as a browser does, and
// returns the final response, whose History lists r and the redirects
// after it. 301, 302 and 303 turn a POST into a GET without a body; 307 and
// 308 repeat the request. A Location on a host the app does not serve (a
// site elsewhere) is not followed: that redirect is returned. A response
// that is not a redirect is returned as it is.
func (r *Response) Follow() *Response {
	r.client.t.Helper()
	return r.follow(r.opts)
}

func (r *Response) follow(ro requestOptions) *Response {
	c := r.client
	c.t.Helper()
	cur, hist := r, []*Response(nil)
	for isRedirect(cur.StatusCode) {
		if len(hist) == maxRedirects {
			c.t.Errorf("fwktest: stopped after %d redirects\nresponse: %s", maxRedirects, cur)
			break
		}
		next, body, ok := cur.redirectRequest()
		if !ok {
			break
		}
		hist = append(hist, cur)
		cur = c.roundTrip(next, body, ro)
	}
	if len(hist) > 0 {
		cur.History = append(append(r.History[:len(r.History):len(r.History)], hist...), cur.History...)
	}
	return cur
}

// isRedirect reports whether status is a redirect a browser follows.
func isRedirect(status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// redirectRequest is the request that follows the redirect r, if the
// client follows it.
func (r *Response) redirectRequest() (*http.Request, []byte, bool) {
	loc := r.Header.Get("Location")
	if loc == "" {
		return nil, nil, false
	}
	u, err := r.req.URL.Parse(loc)
	if err != nil || !r.client.servesHost(u.Host, r.req.URL.Host) {
		return nil, nil, false
	}
	method, body := r.req.Method, r.reqBody
	keep := r.StatusCode == http.StatusTemporaryRedirect || r.StatusCode == http.StatusPermanentRedirect
	if !keep && method != http.MethodHead {
		method, body = http.MethodGet, nil
	}
	next, err := http.NewRequestWithContext(context.Background(), method, u.String(), nil)
	if err != nil {
		return nil, nil, false
	}
	for k, vs := range r.req.Header {
		switch http.CanonicalHeaderKey(k) {
		case "Cookie", requestIDHeader:
		case "Content-Type", "Origin":
			if keep {
				next.Header[k] = vs
			}
		default:
			next.Header[k] = vs
		}
	}
	return next, body, true
}

// servesHost reports whether a redirect to host (from a request to from)
// stays on the app: the base host, the host of the request, or a host the
// app's rules name.
func (c *Client) servesHost(host, from string) bool {
	return strings.EqualFold(host, c.base.Host) || strings.EqualFold(host, from) ||
		c.app.Router().ServesHost(host)
}

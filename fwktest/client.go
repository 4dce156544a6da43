package fwktest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/fwkgo/fwk"
)

// Client sends requests to one *fwk.App for one test, as a browser would:
// it keeps the cookies the app sets and submits its forms. Build it with
// New. It is safe for concurrent use, and several clients may share an
// App (in parallel tests too).
type Client struct {
	t      testing.TB
	app    *fwk.App
	base   *url.URL
	jar    http.CookieJar
	hc     *http.Client
	follow bool
	srv    *httptest.Server // with Loopback
	inflight
}

// Option configures a Client (see New).
type Option func(*options)

type options struct {
	loopback bool
	follow   bool
	base     string
}

// Loopback serves the app on a real loopback listener (httptest.Server)
// instead of calling its ServeHTTP in the test's goroutine: requests and
// responses then go through net/http's server and client, as in
// production. It is slower; use it where the network matters (streaming,
// connection handling, http.Server settings).
func Loopback() Option { return func(o *options) { o.loopback = true } }

// FollowRedirects makes every request follow redirects, as a browser does
// (see Response.Follow).
func FollowRedirects() Option { return func(o *options) { o.follow = true } }

// BaseURL sets the scheme and host requests go to when given a path
// ("/login"): by default the app's PREFERRED_URL_SCHEME and SERVER_NAME
// ("http://localhost"). An https base makes requests arrive over TLS
// (Request.TLS is set in-process; Loopback then serves TLS).
func BaseURL(u string) Option { return func(o *options) { o.base = u } }

// New returns a client of app for the test t. It fails t (t.Fatalf) when
// the options are wrong. The client observes the app's logger (see
// fwk.App.ObserveLog) until t ends.
func New(t testing.TB, app *fwk.App, opts ...Option) *Client {
	t.Helper()
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	base, err := baseURL(app, o.base)
	if err != nil {
		t.Fatalf("fwktest: %v", err)
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatalf("fwktest: %v", err)
	}
	c := &Client{t: t, app: app, base: base, jar: jar, follow: o.follow}
	c.inflight.init()
	var rt http.RoundTripper = &inProcess{c: c}
	if o.loopback {
		rt = c.startLoopback()
	}
	c.hc = &http.Client{
		Jar:           jar,
		Transport:     rt,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	t.Cleanup(app.ObserveLog(logLevelObserved, c.observe))
	return c
}

// baseURL is the BaseURL option, or the app's scheme and server name.
func baseURL(app *fwk.App, s string) (*url.URL, error) {
	if s == "" {
		cfg := app.Config()
		scheme, host := cfg.PreferredURLScheme, cfg.ServerName
		if scheme == "" {
			scheme = "http"
		}
		if host == "" {
			host = "localhost"
		}
		s = scheme + "://" + host
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("BaseURL(%q): want http(s)://host[:port]", s)
	}
	return &url.URL{Scheme: u.Scheme, Host: u.Host}, nil
}

// Cookies returns the cookies the client holds for target (a path, or an
// absolute URL): those it would send there, with their names and values
// only, as a browser's jar gives them.
func (c *Client) Cookies(target string) []*http.Cookie { return c.jar.Cookies(c.resolve(target)) }

// App returns the app the client sends its requests to.
func (c *Client) App() *fwk.App { return c.app }

// URL returns target (a path, or an absolute URL) resolved against the
// client's base URL.
func (c *Client) URL(target string) string { return c.resolve(target).String() }

func (c *Client) resolve(target string) *url.URL {
	u, err := url.Parse(target)
	if err != nil {
		c.t.Helper()
		c.t.Fatalf("fwktest: bad URL %q: %v", target, err)
	}
	switch {
	case u.Scheme != "" || u.Host != "":
	case strings.HasPrefix(u.Path, "/"): // sent as given, dot segments too, as net/http's client does
		u.Scheme, u.Host = c.base.Scheme, c.base.Host
	default:
		u = c.base.ResolveReference(u)
	}
	return u
}

// RequestOption changes one request.
type RequestOption func(*requestOptions)

type requestOptions struct {
	header      http.Header
	expectError bool
	follow      bool
}

// WithHeader sets the header key to value on the request.
func WithHeader(key, value string) RequestOption {
	return func(o *requestOptions) {
		if o.header == nil {
			o.header = http.Header{}
		}
		o.header.Set(key, value)
	}
}

// ExpectError says that the app is expected to fail while serving the
// request: a 500, a panic or a record logged at ERROR then does not fail
// the test (Response.Logs holds the records, Response.Err a failed
// exchange).
func ExpectError() RequestOption { return func(o *requestOptions) { o.expectError = true } }

// Get sends a GET request for target, a path ("/posts?page=2") or an
// absolute URL.
func (c *Client) Get(target string, opts ...RequestOption) *Response {
	c.t.Helper()
	return c.send(http.MethodGet, target, "", nil, opts)
}

// Post sends a POST request for target with the body (nil for none) and
// its Content-Type.
func (c *Client) Post(target, contentType string, body io.Reader, opts ...RequestOption) *Response {
	c.t.Helper()
	b := []byte{}
	if body != nil {
		var err error
		if b, err = io.ReadAll(body); err != nil {
			c.t.Fatalf("fwktest: POST %s: reading the body: %v", target, err)
		}
	}
	return c.send(http.MethodPost, target, contentType, b, opts)
}

// PostForm sends data as an application/x-www-form-urlencoded POST. It
// adds no CSRF token: submit the page's form with Form.Submit, or add
// Client.CSRFToken yourself.
func (c *Client) PostForm(target string, data url.Values, opts ...RequestOption) *Response {
	c.t.Helper()
	return c.send(http.MethodPost, target, "application/x-www-form-urlencoded", []byte(data.Encode()), opts)
}

// PostJSON sends v encoded as JSON in a POST, with Accept:
// application/json.
func (c *Client) PostJSON(target string, v any, opts ...RequestOption) *Response {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatalf("fwktest: POST %s: encoding the JSON body: %v", target, err)
	}
	opts = append([]RequestOption{WithHeader("Accept", "application/json")}, opts...)
	return c.send(http.MethodPost, target, "application/json", b, opts)
}

// Do sends req, whose URL may be a path only ("/posts"): it is resolved
// against the client's base URL. Its headers are sent as they are, with the
// client's cookies added. A request made with httptest.NewRequest is
// accepted too.
func (c *Client) Do(req *http.Request, opts ...RequestOption) *Response {
	c.t.Helper()
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			c.t.Fatalf("fwktest: %s %s: reading the body: %v", req.Method, req.URL, err)
		}
		req.Body.Close()
	}
	out := req.Clone(req.Context())
	out.RequestURI = ""
	out.URL = c.resolve(req.URL.String())
	if req.URL.Host == "" {
		out.Host = "" // the base's host, not httptest.NewRequest's example.com
	}
	return c.exchange(out, body, c.requestOptions(opts))
}

// requestOptions applies opts.
func (c *Client) requestOptions(opts []RequestOption) requestOptions {
	ro := requestOptions{follow: c.follow}
	for _, opt := range opts {
		opt(&ro)
	}
	return ro
}

// send builds and sends one request.
func (c *Client) send(method, target, contentType string, body []byte, opts []RequestOption) *Response {
	c.t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, c.URL(target), nil)
	if err != nil {
		c.t.Fatalf("fwktest: %s %s: %v", method, target, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return c.exchange(req, body, c.requestOptions(opts))
}

// exchange sends req with body, following redirects when asked to.
func (c *Client) exchange(req *http.Request, body []byte, ro requestOptions) *Response {
	c.t.Helper()
	for k, vs := range ro.header {
		req.Header[k] = vs
	}
	resp := c.roundTrip(req, body, ro)
	if ro.follow {
		resp = resp.follow(ro)
	}
	return resp
}

// roundTrip sends one request and checks what the app did while serving it.
func (c *Client) roundTrip(req *http.Request, body []byte, ro requestOptions) *Response {
	c.t.Helper()
	p := c.inflight.start(c)
	ctx := context.WithValue(req.Context(), pendingKey{}, p)
	req = req.WithContext(ctx)
	if c.srv != nil {
		req.Header.Set(requestIDHeader, p.id)
	}
	setBody(req, body)
	hr, err := c.hc.Do(req)
	var data []byte
	if err == nil {
		data, err = io.ReadAll(hr.Body)
		hr.Body.Close()
	}
	logs, panicked := c.inflight.finish(p)
	req.Header.Del(requestIDHeader)
	if hr == nil {
		hr = &http.Response{Status: "no response", Header: http.Header{}, Request: req}
	}
	hr.Body = io.NopCloser(bytes.NewReader(data))
	r := &Response{Response: hr, Logs: logs, Err: err, client: c, req: req, reqBody: body, body: data, opts: ro}
	if !ro.expectError {
		r.checkMistakes(panicked)
	}
	return r
}

// setBody gives req the body b (replayable, for redirects); an empty one
// is none, so that net/http's client sends Content-Length: 0 (not chunks).
func setBody(req *http.Request, b []byte) {
	if len(b) == 0 {
		req.Body, req.GetBody, req.ContentLength = nil, nil, 0
		return
	}
	req.ContentLength = int64(len(b))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	req.Body, _ = req.GetBody()
}

// cookieHeader returns the Cookie header the client would send to u.
func (c *Client) cookieHeader(u *url.URL) string {
	var parts []string
	for _, ck := range c.jar.Cookies(u) {
		parts = append(parts, ck.Name+"="+ck.Value)
	}
	return strings.Join(parts, "; ")
}

// inflight tracks the client's requests being served, to give them the
// records the app logs meanwhile.
type inflight struct {
	mu      sync.Mutex
	next    int
	pending map[string]*pending
}

func (f *inflight) init() { f.pending = map[string]*pending{} }

package fwktest

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime/debug"
	"strings"
)

// requestIDHeader carries the client's id of a request to the loopback
// server, which removes it before the app sees the request.
const requestIDHeader = "Fwktest-Request"

// errAborted is the error of a response the app aborted
// (http.ErrAbortHandler): a client would see a broken connection.
var errAborted = errors.New("fwktest: the app aborted the response (panic with http.ErrAbortHandler): a client sees a broken connection")

// inProcess serves requests by calling the app's ServeHTTP in the
// caller's goroutine.
type inProcess struct{ c *Client }

// RoundTrip turns the client's request into the request a server would
// hand the app, serves it and returns what was written.
func (tr *inProcess) RoundTrip(req *http.Request) (resp *http.Response, err error) {
	if req.Body != nil {
		defer req.Body.Close()
	}
	sr, err := serverRequest(req)
	if err != nil {
		return nil, err
	}
	rec := newRecorder()
	if p, ok := req.Context().Value(pendingKey{}).(*pending); ok {
		defer servedBy(p)()
	}
	defer func() {
		if p := recover(); p != nil {
			resp, err = nil, recovered(req.Context(), p)
		}
	}()
	tr.c.app.ServeHTTP(rec, sr)
	return rec.result(req), nil
}

// recovered records a panic that escaped the app and returns the error of
// the exchange.
func recovered(ctx context.Context, p any) error {
	if p == http.ErrAbortHandler {
		return errAborted
	}
	err := fmt.Errorf("fwktest: the app panicked (the panic escaped it; a server would close the connection): %v", p)
	if pd, ok := ctx.Value(pendingKey{}).(*pending); ok {
		pd.c.inflight.panicked(pd, fmt.Sprintf("panic: %v\n\n%s", p, debug.Stack()))
	}
	return err
}

// serverRequest returns req as net/http's server would present it: a
// RequestURI, a URL holding only the path and query, the Host, a remote
// address, TLS state for https.
func serverRequest(req *http.Request) (*http.Request, error) {
	sr := req.Clone(req.Context())
	sr.RequestURI = req.URL.RequestURI()
	u, err := url.ParseRequestURI(sr.RequestURI)
	if err != nil {
		return nil, err
	}
	sr.URL = u
	if sr.Host == "" {
		sr.Host = req.URL.Host
	}
	sr.Proto, sr.ProtoMajor, sr.ProtoMinor = "HTTP/1.1", 1, 1
	sr.RemoteAddr = "192.0.2.1:1234" // as httptest.NewRequest
	if req.URL.Scheme == "https" {
		sr.TLS = &tls.ConnectionState{Version: tls.VersionTLS13, HandshakeComplete: true, ServerName: req.URL.Hostname()}
	}
	if sr.Body == nil {
		sr.Body = http.NoBody
	}
	sr.Header.Del(requestIDHeader)
	return sr, nil
}

// startLoopback serves the app on a loopback listener until the test ends
// and returns the transport that reaches it, whatever host a URL names.
func (c *Client) startLoopback() http.RoundTripper {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(c.serveLoopback))
	srv.Config.ErrorLog = log.New(serverLog{c}, "", 0)
	if c.base.Scheme == "https" {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	c.srv = srv
	addr := srv.Listener.Addr().String()
	var d net.Dialer
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return d.DialContext(ctx, network, addr)
		},
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true}, // the test server's own certificate
	}
	c.t.Cleanup(func() {
		tr.CloseIdleConnections()
		srv.Close()
	})
	return tr
}

// serveLoopback serves one request of the loopback server, marked as the
// client's request it is.
func (c *Client) serveLoopback(w http.ResponseWriter, r *http.Request) {
	p := c.inflight.lookup(r.Header.Get(requestIDHeader))
	r.Header.Del(requestIDHeader)
	if p != nil {
		defer c.inflight.served(p)
		defer servedBy(p)()
		r = r.WithContext(context.WithValue(r.Context(), pendingKey{}, p))
	}
	c.app.ServeHTTP(w, r)
}

// serverLog receives the loopback server's error log: a panic that
// escaped the app, a superfluous WriteHeader, ...
type serverLog struct{ c *Client }

// Write records line for the requests in flight.
func (l serverLog) Write(b []byte) (int, error) {
	line := strings.TrimSpace(string(b))
	if strings.Contains(line, "panic serving") {
		l.c.inflight.panickedAll(line)
	} else {
		l.c.inflight.serverMessage(line)
	}
	return len(b), nil
}

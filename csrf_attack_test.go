package fwk_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// rawStatus sends req verbatim on a new connection to srv and returns the
// status code of the answer.
func rawStatus(t *testing.T, srv *httptest.Server, req string) int {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer to %q: %v", req, err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestCSRFForgedMethods: a state-changing request without a token is
// refused whatever the spelling of its method: lower case, a method the
// view lists but WTF_CSRF_METHODS spells otherwise, an extension method.
func TestCSRFForgedMethods(t *testing.T) {
	for _, methods := range [][]string{nil, {"POST", "PUT", "PATCH", "DELETE", "PROPFIND"}} {
		srv, _ := csrfServer(t, func(c *fwk.Config) { c.CSRFMethods = methods }, false)
		host := srv.Listener.Addr().String()
		for _, m := range []string{"PROPFIND", "propfind", "post", "Post", "pOST", "delete", "put", "patch"} {
			req := fmt.Sprintf("%s /submit HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b", m, host)
			code := rawStatus(t, srv, req)
			if code == http.StatusOK {
				t.Errorf("methods %v: %s /submit without a token = 200, want a refusal", methods, m)
			}
		}
	}
}

// TestCSRFTokenOutsideTheRequestBody: a token in the query string, in a
// header WTF_CSRF_HEADERS does not list, or sent cross-site is refused.
func TestCSRFTokenOutsideTheRequestBody(t *testing.T) {
	srv, _ := csrfServer(t, nil, false)
	cl, tok := tokenClient(t, srv)
	send := func(target, body string, header ...string) int {
		req, _ := http.NewRequest("POST", srv.URL+target, strings.NewReader(body))
		req.Header.Set("Content-Type", formCT)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res, err := cl.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if code := send("/submit?csrf_token="+tok, "a=b"); code != http.StatusBadRequest {
		t.Errorf("token in the query: %d, want 400", code)
	}
	if code := send("/submit", "a=b", "X-XSRF-Token", tok); code != http.StatusBadRequest {
		t.Errorf("token in an unlisted header: %d, want 400", code)
	}
	if code := send("/submit", formBody("csrf_token", tok), "Sec-Fetch-Site", "cross-site"); code != http.StatusForbidden {
		t.Errorf("cross-site with a token: %d, want 403", code)
	}
	if code := send("/submit", formBody("csrf_token", tok), "Origin", "http://evil.example"); code != http.StatusForbidden {
		t.Errorf("foreign Origin with a token: %d, want 403", code)
	}
	if code := send("/submit", formBody("csrf_token", tok)); code != http.StatusOK {
		t.Errorf("token in the form: %d, want 200", code)
	}
}

// TestCSRFStrictReferrerForged: over https with WTF_CSRF_SSL_STRICT, a
// request whose referrer is http, another host, or a look-alike of the host
// is refused.
func TestCSRFStrictReferrerForged(t *testing.T) {
	srv, _ := csrfServer(t, func(c *fwk.Config) { c.CSRFSSLStrict = true }, true)
	cl, tok := tokenClient(t, srv)
	host := srv.Listener.Addr().String()
	for _, ref := range []string{"http://" + host + "/", "https://evil.example/", "https://" + host + ".evil.example/",
		"https://evil.example/" + host, "https://" + host + "@evil.example/", "//" + host + "/", "not a url", "https:///"} {
		req, _ := http.NewRequest("POST", srv.URL+"/submit", strings.NewReader(formBody("csrf_token", tok)))
		req.Header.Set("Content-Type", formCT)
		req.Header.Set("Referer", ref)
		res, err := cl.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("Referer %q: %d, want 403", ref, res.StatusCode)
		}
	}
	for _, origin := range []string{"null", "http://" + host} {
		req, _ := http.NewRequest("POST", srv.URL+"/submit", strings.NewReader(formBody("csrf_token", tok)))
		req.Header.Set("Content-Type", formCT)
		req.Header.Set("Origin", origin)
		res, err := cl.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("Origin %q: %d, want 403", origin, res.StatusCode)
		}
	}
}

package main

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// csrfField finds the CSRF token of a rendered form.
var csrfField = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

// formPage is an HTTP client keeping cookies, as a browser without
// JavaScript would.
type formPage struct {
	t    *testing.T
	c    *http.Client
	base string
}

// token loads path and returns the CSRF token of its form.
func (p *formPage) token(path string) string {
	p.t.Helper()
	status, _, body := get(p.t, p.c, p.base, path)
	m := csrfField.FindStringSubmatch(body)
	if status != 200 || m == nil {
		p.t.Fatalf("GET %s: status %d, no CSRF token in\n%s", path, status, body)
	}
	return m[1]
}

// post submits form values to path and returns the status, the Location
// and the body.
func (p *formPage) post(path string, form url.Values) (int, string, string) {
	p.t.Helper()
	status, body, h := p.postHeader(path, form)
	return status, h.Get("Location"), body
}

// postHeader is post returning the body and every header.
func (p *formPage) postHeader(path string, form url.Values) (int, string, http.Header) {
	p.t.Helper()
	req, err := http.NewRequest("POST", p.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		p.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "text/html")
	resp, err := p.c.Do(req)
	if err != nil {
		p.t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), resp.Header
}

// TestLoginFlow logs in and out over HTTP: the admin area redirects to the
// login page with "next", a wrong password is refused, a login without
// the CSRF token is refused, a good one reaches the page asked for and
// renews the session (the old CSRF token stops working), and logging out
// closes the area again.
func TestLoginFlow(t *testing.T) {
	srv := startBlog(t)
	p := &formPage{t: t, c: newClient(t), base: srv.URL}

	status, _, _ := p.post("/logout", url.Values{})
	if status != 400 {
		t.Errorf("POST /logout without a token: %d, want 400", status)
	}
	status, _, _ = get(t, p.c, srv.URL, "/logout")
	if status != 405 {
		t.Errorf("GET /logout: %d, want 405 (logging out takes a POST)", status)
	}

	req, _ := http.NewRequest("GET", srv.URL+"/admin", nil)
	resp, err := p.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != 302 || loc != "/login?next=/admin" {
		t.Fatalf("GET /admin logged out: %d to %q, want 302 to the login page", resp.StatusCode, loc)
	}

	tok := p.token(loc)
	status, _, body := p.post("/login", url.Values{"csrf_token": {tok}, "name": {testAdmin}, "password": {"wrong"}, "next": {"/admin"}})
	if status != 200 || !strings.Contains(body, "Wrong user name or password.") {
		t.Errorf("wrong password: %d\n%s", status, body)
	}
	status, _, body = p.post("/login", url.Values{"name": {testAdmin}, "password": {testPassword}})
	if status != 400 || !strings.Contains(body, "The CSRF token is missing.") {
		t.Errorf("login without the CSRF token: %d\n%s", status, body)
	}

	tok = p.token(loc)
	status, loc, _ = p.post("/login", url.Values{"csrf_token": {tok}, "name": {testAdmin}, "password": {testPassword}, "next": {"/admin"}})
	if status != 302 || loc != "/admin" {
		t.Fatalf("login: %d to %q, want 302 to /admin", status, loc)
	}
	// Renew at login replaced the CSRF token: the one of the login page is
	// worthless now (what a token planted before login would be).
	status, _, body = p.post("/logout", url.Values{"csrf_token": {tok}})
	if status != 400 || !strings.Contains(body, "The CSRF session token is missing.") {
		t.Errorf("logout with the token from before login: %d, want 400 (the session's token is gone)\n%s", status, body)
	}
	status, _, body = get(t, p.c, srv.URL, "/admin")
	if status != 200 || !strings.Contains(body, `<strong id="admin-user">admin</strong>`) || !strings.Contains(body, "Welcome, admin.") {
		t.Fatalf("GET /admin logged in: %d\n%s", status, body)
	}

	tok = p.token("/admin") // the logout form in the navigation
	status, loc, _ = p.post("/logout", url.Values{"csrf_token": {tok}})
	if status != 302 || loc != "/" {
		t.Errorf("logout: %d to %q, want 302 to /", status, loc)
	}
	req, _ = http.NewRequest("GET", srv.URL+"/admin", nil)
	resp, err = p.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 302 {
		t.Errorf("GET /admin after logout: %d, want 302 to the login page", resp.StatusCode)
	}
}

// TestLoginNextIsSafe checks that a login never redirects off the site.
func TestLoginNextIsSafe(t *testing.T) {
	srv := startBlog(t)
	for _, next := range []string{"https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"} {
		p := &formPage{t: t, c: newClient(t), base: srv.URL}
		tok := p.token("/login")
		status, loc, _ := p.post("/login", url.Values{"csrf_token": {tok}, "name": {testAdmin}, "password": {testPassword}, "next": {next}})
		if status != 302 || loc != "/admin" {
			t.Errorf("login with next=%q: %d to %q, want 302 to /admin", next, status, loc)
		}
	}
}

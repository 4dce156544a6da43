package main

import (
	"net/url"
	"testing"
)

// TestLoginFlow logs in and out over HTTP: the admin area redirects to the
// login page with "next", a wrong password is refused, a login without
// the CSRF token is refused, a good one reaches the page asked for and
// renews the session (the old CSRF token stops working), and logging out
// closes the area again.
func TestLoginFlow(t *testing.T) {
	c := newBlogApp(t).client(t)

	c.PostForm("/logout", url.Values{}).ExpectStatus(400)
	c.Get("/logout").ExpectStatus(405) // logging out takes a POST

	loc := c.Get("/admin").ExpectStatus(302).ExpectRedirect("/login?next=/admin").Header.Get("Location")
	c.Get(loc).Form("/login").Submit(url.Values{"name": {testAdmin}, "password": {"wrong"}}).
		ExpectStatus(200).ExpectContains("Wrong user name or password.")
	c.PostForm("/login", url.Values{"name": {testAdmin}, "password": {testPassword}}).
		ExpectStatus(400).ExpectContains("The CSRF token is missing.")

	login := c.Get(loc).Form("/login")
	login.Submit(url.Values{"name": {testAdmin}, "password": {testPassword}}).ExpectStatus(302).ExpectRedirect("/admin")
	// Renew at login replaced the CSRF token: the one of the login page is
	// worthless now (what a token planted before login would be).
	c.PostForm("/logout", url.Values{"csrf_token": login.Fields["csrf_token"]}).
		ExpectStatus(400).ExpectContains("The CSRF session token is missing.")
	admin := c.Get("/admin").ExpectStatus(200).ExpectContains("Welcome, admin.")
	if got := admin.Find("strong#admin-user").Text(); got != "admin" {
		t.Errorf("admin user shown: %q, want admin", got)
	}

	admin.Form("/logout").Submit(nil).ExpectStatus(302).ExpectRedirect("/") // the logout form in the navigation
	c.Get("/admin").ExpectStatus(302)                                       // to the login page
}

// TestLoginNextIsSafe checks that a login never redirects off the site.
func TestLoginNextIsSafe(t *testing.T) {
	app := newBlogApp(t)
	for _, next := range []string{"https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"} {
		c := app.client(t)
		c.Get("/login").Form("/login").
			Submit(url.Values{"name": {testAdmin}, "password": {testPassword}, "next": {next}}).
			ExpectStatus(302).ExpectRedirect("/admin")
	}
}

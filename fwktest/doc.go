// Package fwktest tests fwk applications through their HTTP interface, as
// Flask's test client and Django's Client do: a Client bound to an
// *fwk.App and a test sends requests in-process (or over a loopback
// listener), keeps cookies, submits the forms of the pages it fetched with
// their CSRF token, reads and changes the session between requests, and
// fails the test when the app panics, answers 500 or logs an error.
//
//	func TestAddBookmark(t *testing.T) {
//		c := fwktest.New(t, newApp(t))
//		c.Session(func(s *fwk.Session) { s.Set("user", "ann") }) // logged in
//		c.Get("/bookmarks").Form("add").
//			Submit(url.Values{"url": {"https://go.dev"}}).
//			Follow().ExpectStatus(200).ExpectContains("Bookmark added.")
//	}
//
// # Requests
//
// Get, Post, PostForm, PostJSON and Do send one request; paths are
// resolved against the app's PREFERRED_URL_SCHEME and SERVER_NAME
// ("http://localhost"), or BaseURL. WithHeader sets a header on one
// request. Redirects are returned as they are: Response.Follow follows
// them (FollowRedirects, for every request), recording each in History.
//
// # Forms and CSRF
//
// Response.Form finds a form of the page by id, name or action; Form.Submit
// sends it with the values given and everything else as the page holds it,
// the hidden CSRF token included, so that no test scrapes HTML. A name the
// form has no control for fails the test. Client.CSRFToken gives a valid
// token for the X-CSRFToken header of an API call.
//
// # Session
//
// Client.Session reads and changes the session the next request will carry
// (log a user in without the login form); Client.Flashes returns the
// pending flashed messages without consuming them.
//
// # Responses
//
// A Response is read in full. ExpectStatus, ExpectHeader, ExpectContains
// and ExpectRedirect check it (t.Errorf), JSON decodes it, Find, FindAll
// and Form read its HTML; their failure messages show the request, the
// status and the start of the body.
//
// # Mistakes fail the test
//
// While a request is served, the records the app logs through its logger
// (fwk.App.Logger; fwk logs there) are kept in Response.Logs. A record at
// ERROR, a 500, or a panic that escaped the app fails the test with the
// record, unless the request was sent with ExpectError. A typo'd Redirect
// target, which fwk logs at ERROR, thus fails the first test that follows
// it.
package fwktest

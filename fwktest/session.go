package fwktest

import (
	"context"
	"errors"
	"net/http"

	"github.com/fwkgo/fwk"
)

// The session between requests is the app's own, decoded from the cookies
// the client holds and saved back into them through
// fwk.App.SessionTransaction: what a test sets is what a view would see.

// errLookOnly ends a transaction that must not save anything.
var errLookOnly = errors.New("fwktest: look only")

// transaction runs fn in a session transaction on the client's cookies
// and keeps the cookies it sets.
func (c *Client) transaction(fn func(*fwk.Ctx) error) error {
	u := c.resolve("/")
	r, err := http.NewRequestWithContext(context.Background(), http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	if ck := c.cookieHeader(u); ck != "" {
		r.Header.Set("Cookie", ck)
	}
	sr, err := serverRequest(r)
	if err != nil {
		return err
	}
	h, err := c.app.SessionTransaction(sr, fn)
	if err != nil {
		return err
	}
	c.jar.SetCookies(u, (&http.Response{Header: h}).Cookies())
	return nil
}

// Session calls fn with the session the client's cookies hold, as the
// next request will find it, and saves what fn changed into the cookies
// (Flask's session_transaction). A test logs a user in without the login
// form by setting what the login view would:
//
//	c.Session(func(s *fwk.Session) { s.Set("user", "ann") })
//
// It fails the test (t.Fatalf) when the app has no session (no
// SECRET_KEY) or cannot save it.
func (c *Client) Session(fn func(s *fwk.Session)) {
	c.t.Helper()
	err := c.transaction(func(ctx *fwk.Ctx) error {
		s := ctx.Session()
		if err := s.Err(); err != nil {
			return err
		}
		fn(s)
		return nil
	})
	if err != nil {
		c.t.Fatalf("fwktest: session: %v", err)
	}
}

// Flashes returns the messages flashed for the user and not shown yet,
// leaving them pending: the next page that reads them still shows them.
func (c *Client) Flashes() []fwk.FlashMessage {
	c.t.Helper()
	var ms []fwk.FlashMessage
	err := c.transaction(func(ctx *fwk.Ctx) error {
		var err error
		if ms, err = ctx.Flashes(); err != nil {
			return err
		}
		return errLookOnly // reading consumed them: do not save
	})
	if err != nil && !errors.Is(err, errLookOnly) {
		c.t.Fatalf("fwktest: flashes: %v", err)
	}
	return ms
}

// CSRFToken returns a valid CSRF token for the client's session, for a
// request that does not come from a form: send it in the X-CSRFToken
// header (or the form field WTF_CSRF_FIELD_NAME).
//
//	c.PostJSON("/api/items", item, fwktest.WithHeader("X-CSRFToken", c.CSRFToken()))
//
// To submit a page's form, use Form.Submit: it sends the page's token.
func (c *Client) CSRFToken() string {
	c.t.Helper()
	var token string
	err := c.transaction(func(ctx *fwk.Ctx) error {
		var err error
		token, err = fwk.GenerateCSRF(ctx)
		return err
	})
	if err != nil {
		c.t.Fatalf("fwktest: CSRF token: %v", err)
	}
	return token
}

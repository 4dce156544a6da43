package fwktest_test

import (
	"reflect"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/fwktest"
)

// TestSession: what the test sets, the next request finds; what a request
// set, the test reads.
func TestSession(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		c := fwktest.New(t, newApp(t), opts...)
		c.Get("/whoami").ExpectContains("user=")
		c.Session(func(s *fwk.Session) { s.Set("user", "ann") })
		c.Get("/whoami").ExpectContains("user=ann")
		c.Session(func(s *fwk.Session) {
			if u, _ := fwk.SessionValue[string](s, "user"); u != "ann" {
				t.Errorf("user = %q", u)
			}
			s.Clear()
		})
		c.Get("/whoami").ExpectContains("user=")
	})
}

// TestFlashes: the pending messages are read without consuming them.
func TestFlashes(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		c := fwktest.New(t, newApp(t), opts...)
		if ms := c.Flashes(); len(ms) != 0 {
			t.Errorf("Flashes before = %v", ms)
		}
		c.Post("/flash", "text/plain", nil).ExpectRedirect("/flashes")
		want := []fwk.FlashMessage{{Category: "success", Message: "Saved."}}
		for range 2 {
			if ms := c.Flashes(); !reflect.DeepEqual(ms, want) {
				t.Errorf("Flashes = %v, want %v", ms, want)
			}
		}
		var shown []fwk.FlashMessage
		c.Get("/flashes").JSON(&shown)
		if !reflect.DeepEqual(shown, want) {
			t.Errorf("the page showed %v, want %v", shown, want)
		}
		if ms := c.Flashes(); len(ms) != 0 {
			t.Errorf("Flashes after the page = %v", ms)
		}
	})
}

// TestCSRFToken: a token for an API call passes CSRF protection; without
// one the call is refused.
func TestCSRFToken(t *testing.T) {
	modes(t, func(t *testing.T, opts ...fwktest.Option) {
		c := fwktest.New(t, newApp(t), opts...)
		c.PostJSON("/api/items", map[string]string{"name": "pen"}).ExpectStatus(400).ExpectContains("The CSRF token is missing.")
		tok := c.CSRFToken()
		c.PostJSON("/api/items", map[string]string{"name": "pen"}, fwktest.WithHeader("X-CSRFToken", tok)).
			ExpectStatus(201).ExpectContains(`{"item":{"name":"pen"}}`)
		if again := c.CSRFToken(); again == "" {
			t.Error("second token empty")
		}
		other := fwktest.New(t, c.App(), opts...)
		other.CSRFToken() // a session of its own
		other.PostJSON("/api/items", map[string]string{"name": "pen"}, fwktest.WithHeader("X-CSRFToken", tok)).
			ExpectStatus(400).ExpectContains("The CSRF tokens do not match.")
	})
}

// TestSessionWithoutSecretKey: an app without SECRET_KEY has no session;
// the test fails saying so.
func TestSessionWithoutSecretKey(t *testing.T) {
	app, err := fwk.New(fwk.DefaultConfig(), testBundle{})
	if err != nil {
		t.Fatal(err)
	}
	mustFail(t, fake(t, func(tb testing.TB) {
		fwktest.New(tb, app).Session(func(*fwk.Session) {})
	}), "fwktest: session:", "SECRET_KEY")
}

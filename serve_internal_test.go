package fwk

import (
	"net/url"
	"testing"
)

// escapedPath must agree with url.URL.EscapedPath, and take its shortcut
// exactly for the bytes EscapedPath leaves alone.
func TestEscapedPath(t *testing.T) {
	for c := 0; c < 256; c++ {
		p := "/a" + string([]byte{byte(c)}) + "b"
		u := &url.URL{Path: p}
		if got, want := escapedPath(u), u.EscapedPath(); got != want {
			t.Errorf("escapedPath(%q) = %q, want %q", p, got, want)
		}
		if got, want := needsPathEscape(p), u.EscapedPath() != p; got != want {
			t.Errorf("needsPathEscape(%q) = %v, want %v", p, got, want)
		}
	}
	u, err := url.Parse("/a%2Fb/c%20d")
	if err != nil {
		t.Fatal(err)
	}
	if got := escapedPath(u); got != "/a%2Fb/c%20d" {
		t.Errorf("escapedPath(%q) = %q", u, got)
	}
}

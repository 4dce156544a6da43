package naming_test

import (
	"strings"
	"testing"

	"github.com/fwkgo/fwk/naming"
)

func TestJoin(t *testing.T) {
	// Python None and 0 are written as "" (research 2.1 #19-#26).
	tests := []struct {
		parts []string
		want  string
	}{
		{nil, "/"},
		{[]string{""}, "/"},
		{[]string{"", "", "", ""}, "/"},
		{[]string{"/", "foo", "", "bar", "", "baz"}, "/foo/bar/baz"},
		{[]string{"/", "/foo", "/", "/bar"}, "/foo/bar"},
		{[]string{"/", "/"}, "/"},
		{[]string{"", "/"}, "/"},
		{[]string{"/", ""}, "/"},
		{[]string{"/foo/bar/"}, "/foo/bar"},
		{[]string{"/foo/bar/", ""}, "/foo/bar"},
		{[]string{"/foo/bar/", "/"}, "/foo/bar"},
		{[]string{"/foo", "bar/"}, "/foo/bar"},
		{[]string{"foo", "bar"}, "foo/bar"},
		{[]string{"", "foo"}, "/foo"},
		{[]string{"http://x.com", "a"}, "http:/x.com/a"},
		{[]string{"//a///b//"}, "/a/b"},
		{[]string{"a", "", "b"}, "a/b"},
		{[]string{" ", "a"}, " /a"}, // blank is not empty
		{[]string{"/users/<int:id>", "/roles"}, "/users/<int:id>/roles"},
	}
	for _, tt := range tests {
		if got := naming.Join(tt.parts...); got != tt.want {
			t.Errorf("Join(%q) = %q, want %q", tt.parts, got, tt.want)
		}
	}
}

func TestJoinTrailingSlash(t *testing.T) {
	tests := []struct {
		parts []string
		want  string
	}{
		{[]string{"/"}, "/"}, // research 2.1 #24
		{[]string{""}, "/"},
		{nil, "/"},
		{[]string{"/foo", "baz", ""}, "/foo/baz/"}, // #25
		{[]string{"/foo", "baz/"}, "/foo/baz/"},
		{[]string{"/foo//", "//"}, "/foo/"},
		{[]string{"foo"}, "foo/"},
	}
	for _, tt := range tests {
		if got := naming.JoinTrailingSlash(tt.parts...); got != tt.want {
			t.Errorf("JoinTrailingSlash(%q) = %q, want %q", tt.parts, got, tt.want)
		}
	}
}

// refJoin is the reference algorithm spelled out with the strings package.
func refJoin(parts []string, trailingSlash bool) string {
	s := strings.Join(parts, "/")
	for strings.Contains(s, "//") {
		s = strings.ReplaceAll(s, "//", "/")
	}
	if s == "" || s == "/" {
		return "/"
	}
	s = strings.TrimRight(s, "/")
	if trailingSlash {
		s += "/"
	}
	return s
}

func FuzzJoin(f *testing.F) {
	f.Add("/", "foo", "", "bar/")
	f.Add("http://x.com", "a", "//", "")
	f.Fuzz(func(t *testing.T, a, b, c, d string) {
		parts := []string{a, b, c, d}
		if got, want := naming.Join(parts...), refJoin(parts, false); got != want {
			t.Errorf("Join(%q) = %q, want %q", parts, got, want)
		}
		if got, want := naming.JoinTrailingSlash(parts...), refJoin(parts, true); got != want {
			t.Errorf("JoinTrailingSlash(%q) = %q, want %q", parts, got, want)
		}
	})
}

package naming_test

import (
	"testing"

	"github.com/fwkgo/fwk/naming"
)

func TestPluralize(t *testing.T) {
	tests := []struct{ in, want string }{
		// research 2.1 #27, with the reference's bugs fixed (DESIGN §11).
		{"default", "defaults"},
		{"person", "people"},
		{"category", "categories"},
		{"index", "indices"},
		{"status", "statuses"}, // reference: "status "
		{"a", "as"},            // reference (classical mode): "some"
		{"baz", "bazs"},
		// research §3 item 11.
		{"bus", "buses"}, // reference: "buss"
		{"member-res", "member-res"},
		// Ordinary and irregular words.
		{"user", "users"},
		{"role", "roles"},
		{"child", "children"},
		{"mouse", "mice"},
		{"box", "boxes"},
		// A consonant and "o": "-s", but for the classic "-oes" nouns.
		{"todo", "todos"},
		{"video", "videos"},
		{"memo", "memos"},
		{"repo", "repos"},
		{"Logo", "Logos"},
		{"photo", "photos"},
		{"hero", "heroes"},
		{"potato", "potatoes"},
		{"super-hero", "super-heroes"},
		{"veto", "vetoes"},
		{"sheep", "sheep"},
		{"users", "users"},
		{"Person", "People"},
		{"", ""},
		// Compounds: the last word, unless the second is a preposition.
		{"bar-bar", "bar-bars"}, // reference: "bars-bars"
		{"user-role", "user-roles"},
		{"user_role", "user_roles"},
		{"foo bar", "foo bars"},
		{"o-auth", "o-auths"},
		{"mother-in-law", "mothers-in-law"},
		{"man-of-war", "men-of-war"},
		{"attorney general", "attorneys general"},
		{"Mother-In-Law", "Mothers-In-Law"},
		{"check-in", "check-ins"}, // a preposition at the end is not one
		{"log-in", "log-ins"},
		{"-in-law", "-in-laws"},
	}
	for _, tt := range tests {
		if got := naming.Pluralize(tt.in); got != tt.want {
			t.Errorf("Pluralize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

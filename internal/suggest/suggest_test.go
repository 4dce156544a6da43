package suggest

import "testing"

func TestClosest(t *testing.T) {
	known := []string{"Index", "AboutUs", "site_controller.index", "site/index.html", "site/post.html"}
	for _, tt := range []struct{ name, want string }{
		{"Indx", "Index"},
		{"index", "Index"}, // case is ignored
		{"AbotUs", "AboutUs"},
		{"site_controler.index", "site_controller.index"},
		{"site/indx.html", "site/index.html"},
		{"site/pots.html", "site/post.html"},
		{"Idnex", "Index"}, // a swap is one edit
		{"Index", ""},      // known: nothing to suggest
		{"Contact", ""},    // too far from every name
		{"x", ""},          // one edit from nothing near
		{"site/missing.html", ""},
	} {
		if got := Closest(tt.name, known); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	if h := Hint("Indx", known); h != `; did you mean "Index"?` {
		t.Errorf("Hint = %q", h)
	}
	if h := Hint("Nothing", known); h != "" {
		t.Errorf("Hint = %q, want none", h)
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"flaw", "lawn", 2}, {"héllo", "hello", 1}, {"pots", "post", 1}, {"ab", "ba", 1}, {"ca", "abc", 3}} {
		if got := distance(tt.a, tt.b, 100); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := distance(tt.a, tt.b, 1); tt.want >= 1 && got != 1 {
			t.Errorf("distance(%q, %q) bounded by 1 = %d", tt.a, tt.b, got)
		}
	}
}

package router

import "testing"

// TestParseOwnsNothing: a parse result shares nothing with the parser, so a
// second parse (a redirect target parsed while its rule is being added)
// leaves the first intact.
func TestParseOwnsNothing(t *testing.T) {
	t.Parallel()
	p := New().mutable().parser
	first, err := p.parse("/a/<int:id>/b", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.parse("/x/<y>/<z>/w", nil); err != nil {
		t.Fatal(err)
	}
	if len(first.segs) != 3 || first.segs[0].lit != "a" || first.segs[1].pat == nil || first.segs[2].lit != "b" {
		t.Errorf("first parse changed by the second: %+v", first.segs)
	}
	if len(first.params) != 1 || first.params[0].name != "id" {
		t.Errorf("first params changed by the second: %+v", first.params)
	}
}

package fwk_test

import (
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// TestFormHTMLRendersFormErrors: the messages of the form as a whole
// (AddError("", ...), WTForms' form_errors) come first in Form.HTML,
// escaped, and from FormErrors and FormErrorsHTML; a valid form renders
// none.
func TestFormHTMLRendersFormErrors(t *testing.T) {
	inFormView(t, func(ctx *fwk.Ctx) {
		f := &evenForm{}
		bind(t, ctx, f, fwk.FormKwargs(map[string]any{"a": 0, "b": 1}))
		f.Validate()
		f.AddError("", "<b>try</b> again")
		want := `<ul class="errors form-errors"><li>a &#43; b should be even</li><li>&lt;b&gt;try&lt;/b&gt; again</li></ul>`
		html := string(f.HTML())
		if !strings.HasPrefix(html, want+"\n") {
			t.Errorf("HTML does not start with the form's errors:\n%s", html)
		}
		if got := string(f.FormErrorsHTML()); got != want+"\n" {
			t.Errorf("FormErrorsHTML = %q", got)
		}
		if got := f.FormErrors(); len(got) != 2 || got[0] != "a + b should be even" {
			t.Errorf("FormErrors = %q", got)
		}
		g := &evenForm{}
		bind(t, ctx, g, fwk.FormKwargs(map[string]any{"a": 1, "b": 1}))
		g.Validate()
		if html := string(g.HTML()); strings.Contains(html, "form-errors") || g.FormErrors() != nil || g.FormErrorsHTML() != "" {
			t.Errorf("a valid form renders form errors:\n%s", html)
		}
	})
	var unbound evenForm
	if unbound.FormErrors() != nil || unbound.FormErrorsHTML() != "" {
		t.Error("an unbound form has form errors")
	}
}

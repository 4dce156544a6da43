package fwk_test

import (
	"html"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// TestCSRFMissingPageSaysHowToAddTheField: the HTML page of a form posted
// without its CSRF token keeps Flask-WTF's reason and says how to send the
// token: the field name (WTF_CSRF_FIELD_NAME), the template
// helpers, the header; it shows no token, cookie or key. Other CSRF
// refusals have no such hint.
func TestCSRFMissingPageSaysHowToAddTheField(t *testing.T) {
	srv, _ := csrfServer(t, func(c *fwk.Config) { c.CSRFFieldName = "form_tok" }, false)
	cl, tok := tokenClient(t, srv)
	code, page, _ := call(t, cl, "POST", srv.URL+"/submit", nil, "Accept", "text/html")
	text := html.UnescapeString(page)
	for _, s := range []string{"The CSRF token is missing.", `a field named "form_tok"`, "{{.form.HiddenTag}}",
		`<input type="hidden" name="form_tok" value="{{csrfToken}}">`, "X-CSRFToken header"} {
		if code != 400 || !strings.Contains(text, s) {
			t.Errorf("HTML page = %d, lacks %q:\n%s", code, s, page)
		}
	}
	if strings.Contains(page, "<input") {
		t.Error("the hint's markup is not escaped")
	}
	_, body, _ := call(t, cl, "POST", srv.URL+"/submit", nil, "Accept", "application/json")
	if body != `{"error":"The CSRF token is missing.","status":400}`+"\n" {
		t.Errorf("JSON = %s, want Flask-WTF's reason alone", body)
	}
	for _, secret := range []string{tok, sessKey} {
		if strings.Contains(page+body, secret) {
			t.Errorf("the page shows %q", secret)
		}
	}
	_, bad, _ := call(t, cl, "POST", srv.URL+"/submit", strings.NewReader("form_tok=nope"),
		"Content-Type", "application/x-www-form-urlencoded", "Accept", "application/json")
	if strings.Contains(bad, "hint") || !strings.Contains(bad, "The CSRF token is invalid.") {
		t.Errorf("an invalid token's page = %s, want the reason without a hint", bad)
	}
}

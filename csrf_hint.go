package fwk

import (
	"errors"
	"fmt"
	"net/http"
)

// errorHint returns the ErrorPage.Hint of err: for a request refused
// because its CSRF token is missing, how a form sends one (the field name
// of WTF_CSRF_FIELD_NAME, the template helpers, the header of
// WTF_CSRF_HEADERS for scripts). Those are no secret: every form of the
// app shows them.
func (a *App) errorHint(err error, status int) string {
	var ce *CSRFError
	if status != http.StatusBadRequest || !errors.As(err, &ce) || ce.Reason != csrfMissing {
		return ""
	}
	cc := &a.csrf
	hint := fmt.Sprintf("A form that posts here sends the CSRF token in a field named %q: "+
		"{{.form.HiddenTag}} in the template of a form bound with fwk.BindForm, or "+
		"<input type=\"hidden\" name=%q value=\"{{csrfToken}}\"> inside the <form>.", cc.field, cc.field)
	if len(cc.headers) > 0 {
		hint += fmt.Sprintf(" A script sends it in the %s header ({{csrfMetaTag}} puts it in the page).", cc.headers[0])
	}
	return hint
}

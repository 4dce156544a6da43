package fwk

// The JSON-only rule of CSRF-exempt views. A view exempt from CSRF
// protection (CSRFExempt, Meta.CSRFExempt) has no token to stop a forged
// request, so what stops one is the body type: a plain HTML form on
// another site can post application/x-www-form-urlencoded, multipart/form-data
// and text/plain bodies with the user's cookies and no CORS preflight, but
// not application/json. Ctx.Bind and Body[T] on such a view therefore
// decode JSON only and answer 415 to any other body, unless the view opts
// in to forms with AcceptForms (or its controller with Meta.AcceptForms).
//
//	view                                   JSON   url-encoded, multipart   other
//	CSRF-protected (or CSRF off)           yes    yes                      415
//	CSRFExempt                             yes    415                      415
//	CSRFExempt, AcceptForms                yes    yes                      415

import (
	"errors"
	"fmt"
	"net/http"
)

// AcceptForms lets a view exempt from CSRF protection bind url-encoded and
// multipart bodies with Ctx.Bind and Body[T]. Without it such a view binds
// JSON only and answers 415 to a form, since a cross-site HTML form could
// send one with the user's cookies. Give it only to views that need no
// cookie to act (authenticated by a header token) or that check the
// request's origin themselves:
//
//	routes.Func("/hooks/payment", paymentHook, fwk.Methods("POST"), fwk.CSRFExempt(), fwk.AcceptForms())
//
// It changes nothing for a view under CSRF protection, which binds forms.
func AcceptForms() ViewOption {
	return func(r *Route) { r.acceptForms = true }
}

// jsonOnly is the 415 of a body that is not JSON sent to a CSRF-exempt view
// that does not accept forms, or nil.
func (c *Ctx) jsonOnly(kind bodyKind) error {
	if kind == bodyJSON || c.view == nil || !c.view.csrfExempt {
		return nil
	}
	if r := c.view.route; r.acceptForms || r.meta != nil && r.meta.AcceptForms {
		return nil
	}
	return &HTTPError{Status: http.StatusUnsupportedMediaType,
		Message: "Content-Type must be application/json: this endpoint takes no form bodies.",
		err:     fmt.Errorf("fwk: Bind: %w", errJSONOnly)}
}

// errJSONOnly is wrapped by the 415 of jsonOnly.
var errJSONOnly = errors.New("a view exempt from CSRF binds JSON only (AcceptForms lets it bind forms)")

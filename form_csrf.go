package fwk

// The CSRF field of a Form (Flask-WTF's csrf meta): when enabled (meta
// "csrf", default Config.CSRFEnabled) the form has a hidden field named
// meta "csrf_field_name" (default Config.CSRFFieldName), prefixed like the
// other fields. BindForm makes its token with GenerateCSRF (so the raw
// token is in the session from then on, and a missing secret key is an
// error of BindForm wrapping ErrNoSecretKey); the field renders first,
// with that token. Validate checks the submitted value with ValidateCSRF
// under meta "csrf_time_limit" (default Config.CSRFTimeLimit), unless the
// request already passed the app's CSRF check (Flask-WTF's g.csrf_valid),
// and reports a failure under the field's name with Flask-WTF's reason
// ("The CSRF token is missing."), logged at info level as the app's
// refusals are.

import (
	"errors"
	"fmt"
	"time"
)

// formCSRF is the CSRF meta of a form.
type formCSRF struct {
	enabled bool
	field   string // the field name, and the session key of the raw token
	opts    []CSRFOption
	token   string // the current token, made when the form is bound
}

// configure reads the meta overrides over the config's defaults and, when
// the field is enabled, makes the form's token.
func (fc *formCSRF) configure(c *Ctx, meta map[string]any) error {
	if err := fc.readMeta(c.app.cfg, meta); err != nil {
		return err
	}
	if !fc.enabled {
		return nil
	}
	tok, err := GenerateCSRF(c, fc.opts...)
	fc.token = tok
	return err
}

// readMeta reads the meta overrides over the config's defaults.
func (fc *formCSRF) readMeta(cfg Config, meta map[string]any) error {
	fc.enabled, fc.field = cfg.CSRFEnabled, cfg.csrfFieldName()
	for k, v := range meta {
		var ok bool
		switch k {
		case "csrf":
			fc.enabled, ok = v.(bool)
		case "csrf_field_name":
			var name string
			name, ok = v.(string)
			if ok = ok && name != ""; ok {
				fc.field = name
				fc.opts = append(fc.opts, CSRFTokenKey(name))
			}
		case "csrf_time_limit":
			var d time.Duration
			if d, ok = v.(time.Duration); ok {
				fc.opts = append(fc.opts, CSRFTimeLimit(d))
			}
		default:
			return fmt.Errorf("FormMeta: unknown key %q (csrf, csrf_field_name, csrf_time_limit)", k)
		}
		if !ok {
			return fmt.Errorf("FormMeta: %q: unexpected value %#v", k, v)
		}
	}
	return nil
}

// renderField returns the CSRF field of st, with the current token: the
// form's, or a new one when the session was renewed since BindForm.
func (fc *formCSRF) renderField(st *formState) Field {
	if tok, err := GenerateCSRF(st.c, fc.opts...); err == nil {
		fc.token = tok
	}
	return Field{Name: st.prefix + fc.field, ID: st.prefix + fc.field, Type: "hidden",
		Errors: st.errorsOf(fc.field), Value: fc.token}
}

// validate checks the submitted token; a failure is an error of the field.
func (fc *formCSRF) validate(st *formState) {
	if !fc.enabled || st.c.csrfValid {
		return
	}
	tok := st.formdata.Get(st.prefix + fc.field)
	if err := ValidateCSRF(st.c, tok, fc.opts...); err != nil {
		st.c.app.logCSRF(st.c, "fwk: form CSRF check refused the token", err)
		st.errors[fc.field] = append(st.errors[fc.field], csrfReason(err))
	}
}

// csrfReason is the message of a CSRF failure: Flask-WTF's reason.
func csrfReason(err error) string {
	var ce *CSRFError
	if errors.As(err, &ce) {
		return ce.Reason
	}
	return "The CSRF token is invalid."
}

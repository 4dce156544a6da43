package fwk

// The CSRF field of a Form (Flask-WTF's csrf meta): when enabled (meta
// "csrf", default Config.CSRFEnabled) the form has a hidden field named
// meta "csrf_field_name" (default Config.CSRFFieldName), prefixed like the
// other fields, rendered first with the token of GenerateCSRF; Validate
// checks the submitted value with ValidateCSRF under meta
// "csrf_time_limit" (default Config.CSRFTimeLimit) and reports a failure
// under the field's name with Flask-WTF's reason ("The CSRF token is
// missing.").

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
}

// configure reads the meta overrides over the config's defaults.
func (fc *formCSRF) configure(cfg Config, meta map[string]any) error {
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

// renderField returns the CSRF field of st, with a token.
func (fc *formCSRF) renderField(st *formState) Field {
	f := Field{Name: st.prefix + fc.field, ID: st.prefix + fc.field, Type: "hidden", Errors: st.errorsOf(fc.field)}
	tok, err := GenerateCSRF(st.c, fc.opts...)
	if err != nil {
		f.Errors = append(f.Errors, csrfReason(err))
	}
	f.Value = tok
	return f
}

// validate checks the submitted token; a failure is an error of the field.
func (fc *formCSRF) validate(st *formState) {
	if !fc.enabled {
		return
	}
	tok := st.formdata.Get(st.prefix + fc.field)
	if err := ValidateCSRF(st.c, tok, fc.opts...); err != nil {
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

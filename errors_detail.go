package fwk

// Per-value error details, as Huma's error model lists them: where the
// value is and, when it is safe to repeat, the value received.
//
//	answer                                  location            value
//	422 a body field fails `validate`       body.title          the decoded value
//	422 a body field of the wrong JSON type body.opts.limit     omitted
//	400 a form field that does not convert  body.age            the text sent
//	422 a query struct fails `validate`     query.limit         the converted value
//	400 a query value that does not convert query.page          the text sent
//	404 a URL param that does not convert   path.id             the text sent
//
// The value is bounded: strings are cut at maxDetailRunes characters (with
// "..."), only scalars are repeated (a list or an object is omitted), and
// the value of a secret field is never repeated: one tagged
// `fwk:"secret"` or `input:"password"`, or whose Go or client name holds
// "password", "passwd", "secret", "token" or "apikey"/"api_key" (in any
// case).

import (
	"errors"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/fwkgo/fwk/internal/textconv"
)

// ErrorDetail is one value of a request that fwk refused: the "details"
// member of a JSON error answer (Huma's ErrorDetail, in fwk's shape and in
// RFC 9457 problem details alike).
//
//	{"message": "This field is required.", "location": "body.title"}
//	{"message": "Number must be at least 1.", "location": "query.limit", "value": 0}
type ErrorDetail struct {
	// Message says what is wrong, as the messages of ValidationError.Fields.
	Message string `json:"message"`
	// Location is where the value is: "body.", "query." or "path." and the
	// name the client used ("body.items[1].name").
	Location string `json:"location"`
	// Value is the value received, when fwk repeats it, else nil (the key
	// is left out): only a string (cut at 64 characters, with "..."), a
	// number or a bool; never the value of a secret field (tagged
	// `fwk:"secret"` or `input:"password"`, or whose Go or client name
	// holds "password", "passwd", "secret", "token", "apikey" or
	// "api_key"), nor a zero value of a validated field (fwk cannot tell
	// it from a key left out), nor a value of the wrong JSON type.
	Value any `json:"value,omitempty"`
}

// ErrorDetails returns the details of err (its failing values with their
// locations), or nil: a *ValidationError's Details, or those fwk gives its
// own 400 and 404 answers (a query value or URL param that does not
// convert, a form field of the wrong type).
func ErrorDetails(err error) []ErrorDetail {
	var ve *ValidationError
	if errors.As(err, &ve) {
		return ve.Details
	}
	var he *HTTPError
	if errors.As(err, &he) {
		return he.details
	}
	return nil
}

// maxDetailRunes bounds how much of a string value a detail repeats.
const maxDetailRunes = 64

// detailValue is the value a detail repeats of v: nil unless v is a
// scalar (through pointers), strings cut at maxDetailRunes.
func detailValue(v any) any {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return nil
		}
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.String:
		return boundText(rv.String())
	case reflect.Bool:
		return rv.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return rv.Uint()
	case reflect.Float32, reflect.Float64:
		return rv.Float()
	}
	return nil
}

// boundText is s cut at maxDetailRunes characters.
func boundText(s string) string {
	if utf8.RuneCountInString(s) <= maxDetailRunes {
		return s
	}
	n := 0
	for i := range s {
		if n == maxDetailRunes {
			return s[:i] + "..."
		}
		n++
	}
	return s
}

// secretNames are the parts of a name that mark a field as secret.
var secretNames = []string{"password", "passwd", "secret", "token", "apikey", "api_key"}

// isSecretName reports whether name holds one of secretNames.
func isSecretName(name string) bool {
	lower := strings.ToLower(name)
	for _, s := range secretNames {
		if strings.Contains(lower, s) {
			return true
		}
	}
	return false
}

// isSecretField reports whether the value of field sf (named client by the
// client) must not be repeated.
func isSecretField(sf reflect.StructField, client string) bool {
	return fwkTagOptions(sf.Tag)["secret"] || sf.Tag.Get("input") == "password" ||
		isSecretName(sf.Name) || isSecretName(client)
}

// textDetail is the detail of a text value that did not convert, at
// location where ("query", "path") and key: its message says what was
// wanted, and the value is repeated unless the key is a secret's.
func textDetail(where, key, raw string, err error) ErrorDetail {
	d := ErrorDetail{Message: "Invalid value.", Location: where + "." + key}
	var be *textconv.Error
	if errors.As(err, &be) && be.Want != "" {
		d.Message = "Must be " + be.Want + "."
	}
	if !isSecretName(key) {
		d.Value = boundText(raw)
	}
	return d
}

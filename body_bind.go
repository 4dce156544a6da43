package fwk

// Request bodies: Ctx.Bind decodes the body by its Content-Type, then
// validates the result.
//
//	Content-Type                        decoder                         failure
//	application/json, */*+json          encoding/json, unknown fields   400 naming the offset or field;
//	                                    refused (AllowUnknownFields)    422 for a field of the wrong type
//	application/x-www-form-urlencoded   go-playground/form (decodeForm)  400 naming the field
//	multipart/form-data                 mime/multipart + go-playground/form; files into
//	                                    *multipart.FileHeader fields
//	missing or anything else            -                               415
//
// The app has already put the body under Config.MaxBodyBytes (LimitBody);
// forms are read by Ctx.parseForm under Config.MaxFormMemory, then their
// keys are checked (checkFormKeys). Then `validate` tags are checked
// (App.validateValue): a failure is a *ValidationError, rendered as 422.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
)

// AllowUnknownFields, embedded in a struct, lets Ctx.Bind accept JSON
// objects with keys the struct does not have (they are ignored). Without it
// an unknown key is a 400, so that a typo in a client ("emial") is not
// silently dropped.
//
//	type Event struct {
//		fwk.AllowUnknownFields
//		Name string `json:"name"`
//	}
type AllowUnknownFields struct{}

func (AllowUnknownFields) allowUnknownFields() {}

// unknownFieldsAllower is implemented by structs embedding AllowUnknownFields.
type unknownFieldsAllower interface{ allowUnknownFields() }

// bodyKind is the decoder a Content-Type selects.
type bodyKind uint8

const (
	bodyUnsupported bodyKind = iota
	bodyJSON
	bodyURLEncoded
	bodyMultipart
)

// Bind decodes the request body into v, a non-nil pointer (usually to a
// struct), by the request's Content-Type, and then checks the `validate`
// tags of the result with go-playground/validator. JSON keys are matched by
// `json` tags; form keys by `form` tags, or the snake_case of the field
// name (as for query structs), with brackets and dots for nesting:
// "items[0].name", "tags[]"... see the package documentation. Before
// decoding, each field of v with a `default` tag that is still zero is set
// to its default, so a key the body leaves out keeps it and a key it sends
// (zero included) overwrites it; a default fwk cannot fill is a
// *BodyDefaultError (see BodyDefaultError).
//
// The error is an *HTTPError the app renders as 400 (malformed body; the
// message names the JSON offset or the field), 413 (body over
// Config.MaxBodyBytes, too many form fields) or 415 (another Content-Type),
// or a *ValidationError rendered as 422 with the messages per field. A view
// usually returns it as it is:
//
//	var in SignupInput
//	if err := ctx.Bind(&in); err != nil {
//		return err
//	}
func (c *Ctx) Bind(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("fwk: Bind: need a non-nil pointer, got %T", v)
	}
	if d := c.app.defaultsOf(rv.Type().Elem()); d != noDefaults {
		if d.err != nil {
			return d.err
		}
		d.fill(rv.Elem())
	}
	names, err := c.decodeBody(v)
	if err != nil {
		return err
	}
	return c.app.validateValue(rv, names)
}

// decodeBody picks the decoder of the Content-Type and runs it; it returns
// how the client names fields.
func (c *Ctx) decodeBody(v any) (*fieldNaming, error) {
	kind, err := contentKind(contentType(c.req.Header))
	if jerr := c.jsonOnly(kind); jerr != nil { // the CSRF-exempt JSON-only rule
		return nil, jerr
	}
	if err != nil {
		return nil, err
	}
	if kind == bodyJSON {
		return jsonNames, c.decodeJSON(v)
	}
	vals, err := c.formValues(kind)
	if err != nil {
		return nil, err
	}
	return formNames, c.app.decodeForm(c, v, vals)
}

// contentType is h.Get("Content-Type") without canonicalizing the key
// again: net/http stores it canonical, as Header.Set does.
func contentType(h http.Header) string {
	if v := h["Content-Type"]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// contentKind returns the decoder of the media type ct, or a 415.
func contentKind(ct string) (bodyKind, error) {
	if ct == "application/json" || isJSONRequest(ct) {
		return bodyJSON, nil
	}
	mt, _, _ := strings.Cut(ct, ";") // parameters are the decoders' business
	mt = strings.TrimSpace(mt)
	switch {
	case strings.EqualFold(mt, "application/x-www-form-urlencoded"):
		return bodyURLEncoded, nil
	case strings.EqualFold(mt, "multipart/form-data"):
		return bodyMultipart, nil
	}
	return bodyUnsupported, unsupportedType(ct)
}

// isJSONSuffixType reports whether mt is application/<something>+json.
func isJSONSuffixType(mt string) bool {
	const pre, suf = "application/", "+json"
	return len(mt) > len(pre)+len(suf) && strings.EqualFold(mt[:len(pre)], pre) &&
		strings.EqualFold(mt[len(mt)-len(suf):], suf)
}

func unsupportedType(ct string) error {
	msg := "Content-Type must be application/json, application/x-www-form-urlencoded or multipart/form-data"
	cause := fmt.Errorf("fwk: Bind: unsupported Content-Type %q", ct)
	return &HTTPError{Status: http.StatusUnsupportedMediaType, Message: msg, err: cause}
}

// badBody is a 400 whose message says what is wrong with the body.
func badBody(msg string, cause error) error {
	return &HTTPError{Status: http.StatusBadRequest, Message: msg, err: fmt.Errorf("fwk: Bind: %s: %w", msg, cause)}
}

// decodeJSON decodes exactly one JSON value into v from the body (already
// bounded by MaxBodyBytes); only white space may follow it.
func (c *Ctx) decodeJSON(v any) error {
	if c.req.Body == nil || c.req.Body == http.NoBody {
		return badBody("request body is empty", io.EOF)
	}
	dec := json.NewDecoder(c.req.Body)
	if _, ok := v.(unknownFieldsAllower); !ok {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return jsonError(err, dec.InputOffset())
	}
	end := dec.InputOffset()
	if c.req.Body == &c.lim && c.lim.err == io.EOF && end == c.lim.limit-c.lim.n {
		return nil // the body ended with the value
	}
	_, err := dec.Token()
	switch {
	case err == io.EOF:
		return nil
	case err == nil || isSyntaxError(err):
		return badBody(fmt.Sprintf("invalid JSON: data after the value at offset %d", end), errTrailingData)
	}
	return bodyError(err)
}

var errTrailingData = errors.New("data after the JSON value")

// isSyntaxError reports whether err is a *json.SyntaxError (a function of
// its own: the target of errors.As escapes, and would be allocated on every
// call of its caller).
func isSyntaxError(err error) bool {
	var syn *json.SyntaxError
	return errors.As(err, &syn)
}

// jsonError turns an error of encoding/json into a 400 naming the offset
// (or a 413 when the body was too large). A field holding a value of the
// wrong type ("title": 5) is a *ValidationError (422) on that field, like
// any other invalid field; a body that is not JSON stays a 400.
func jsonError(err error, offset int64) error {
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
		mbe *http.MaxBytesError
	)
	switch {
	case errors.As(err, &mbe):
		return bodyError(err)
	case errors.Is(err, io.EOF) || err.Error() == "unexpected end of JSON input" && offset == 0:
		return badBody("request body is empty", err)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badBody("invalid JSON: unexpected end of input", err)
	case errors.As(err, &syn):
		return badBody(fmt.Sprintf("invalid JSON at offset %d: %s", syn.Offset, strings.TrimPrefix(syn.Error(), "json: ")), err)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return badBody(fmt.Sprintf("invalid JSON at offset %d: got %s. %s", typ.Offset, typ.Value, wantJSONType(typ.Type)), err)
		}
		msg := wantJSONType(typ.Type)
		return &ValidationError{Fields: map[string][]string{typ.Field: {msg}},
			Details: []ErrorDetail{{Message: msg, Location: "body." + typ.Field}}, err: err}
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return badBody(fmt.Sprintf("invalid JSON at offset %d: unknown field %s", offset, f), err)
	}
	if !strings.HasPrefix(msg, "json: ") {
		return bodyError(err)
	}
	return badBody(fmt.Sprintf("invalid JSON at offset %d: %s", offset, strings.TrimPrefix(msg, "json: ")), err)
}

// wantJSONType is the message of a JSON field whose value does not fit t.
func wantJSONType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "Must be a string."
	case reflect.Bool:
		return "Must be true or false."
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "Must be a whole number in range."
	case reflect.Float32, reflect.Float64:
		return "Must be a number."
	case reflect.Slice, reflect.Array:
		return "Must be a list."
	case reflect.Map, reflect.Struct:
		return "Must be an object."
	}
	return "Has the wrong type."
}

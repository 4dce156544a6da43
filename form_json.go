package fwk

// Request bodies a form reads besides those Ctx.parseForm reads: a JSON
// object (Flask-WTF wraps request JSON as the form's data) and a
// url-encoded DELETE body (net/http reads form bodies of POST, PUT and
// PATCH only; Werkzeug reads them whatever the method).
//
//	JSON value of a key      form values
//	"text"                   ["text"]
//	3, 2.5                   ["3"], ["2.5"] (as written)
//	true, false              ["true"], ["false"] (a checkbox: checked, unchecked)
//	null                     [""]
//	["a", 1]                 ["a", "1"] (a list field, or the first for another)
//	[]                       the key is absent
//	{...}, [[...]]           400: not a form value

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// jsonFormdata reads the request's JSON body, an object, as form values.
// The body stays readable for a later Ctx.Bind.
func (c *Ctx) jsonFormdata() (url.Values, error) {
	if c.req.Body == nil || c.req.Body == http.NoBody {
		return nil, badBody("request body is empty", io.EOF)
	}
	data, err := io.ReadAll(c.req.Body)
	if err != nil {
		return nil, bodyError(err)
	}
	c.req.Body = io.NopCloser(bytes.NewReader(data))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, jsonError(err, dec.InputOffset())
	}
	if dec.More() {
		return nil, badBody(fmt.Sprintf("invalid JSON: data after the value at offset %d", dec.InputOffset()), errTrailingData)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, badBody("a JSON form body must be an object", errNotObject)
	}
	return jsonValues(obj)
}

var errNotObject = fmt.Errorf("fwk: the JSON body is not an object")

// jsonValues turns a JSON object into form values (see the file comment).
func jsonValues(obj map[string]any) (url.Values, error) {
	vals := make(url.Values, len(obj))
	n := 0
	for k, v := range obj {
		list, isList := v.([]any)
		if !isList {
			list = []any{v}
		}
		for _, e := range list {
			s, ok := jsonScalar(e)
			if !ok {
				msg := fmt.Sprintf("form field %q: a JSON %s is not a form value", k, jsonKind(e))
				return nil, badBody(msg, errNotFormValue)
			}
			vals[k] = append(vals[k], s)
			n++
		}
	}
	if err := checkFormKeys(vals, n); err != nil {
		return nil, err
	}
	return vals, nil
}

var errNotFormValue = fmt.Errorf("fwk: a JSON object or nested list in a form body")

// jsonScalar is the form value of a JSON string, number, bool or null.
func jsonScalar(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		if x {
			return "true", true
		}
		return "false", true
	}
	return "", false
}

// jsonKind names the kind of a JSON value that is not a scalar.
func jsonKind(v any) string {
	if _, ok := v.([]any); ok {
		return "list inside a list"
	}
	return "object"
}

// parseDeleteForm reads the url-encoded body of a DELETE request into its
// PostForm (and Form, after the query's values as net/http orders them),
// under maxMemory bytes (Config.MaxFormMemory).
func parseDeleteForm(r *http.Request, maxMemory int64) error {
	if r.ContentLength > maxMemory {
		return errBodyTooLarge(maxMemory, keyMaxFormMemory)
	}
	var body []byte
	if r.Body != nil {
		var err error
		if body, err = io.ReadAll(io.LimitReader(r.Body, maxMemory+1)); err != nil {
			return bodyError(err)
		}
	}
	if int64(len(body)) > maxMemory {
		return errBodyTooLarge(maxMemory, keyMaxFormMemory)
	}
	vals, err := url.ParseQuery(string(body))
	if err != nil {
		return bodyError(err)
	}
	form := make(url.Values, len(vals))
	for k, v := range vals {
		form[k] = append(form[k], v...)
	}
	for k, v := range r.URL.Query() {
		form[k] = append(form[k], v...)
	}
	r.PostForm, r.Form = vals, form
	return nil
}

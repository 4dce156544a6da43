package fwk

// PATCH of a model resource: JSON Merge Patch (RFC 7396). The body, sent as
// application/merge-patch+json or application/json alike, is an object
// whose members replace the model's (a nested object is merged member by
// member, null removes a member: the field becomes zero). Keys the client
// may not write are refused (UpdateInput's, or the model's writable
// fields', are allowed; read-only fields of the model are ignored). The
// patched model is validated before it is stored.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"sort"
)

// MergePatchType is the media type of JSON Merge Patch (RFC 7396).
const MergePatchType = "application/merge-patch+json"

// Patch applies the body, a JSON Merge Patch, to the model the URL names,
// validates the result and stores it if the model is unchanged since read
// (see Put): 200 {"<model>": {...}} with the new ETag; 412 when If-Match
// does not hold.
func (r *ModelResource[T]) Patch(ctx *Ctx) error {
	p, err := routeOf[T](ctx)
	if err != nil {
		return err
	}
	patch, err := p.readPatch(ctx)
	if err != nil {
		return err
	}
	return p.write(ctx, func(cur *T) (*T, error) { return p.applyPatch(ctx, cur, patch) })
}

// readPatch reads the merge patch: a JSON object of keys the client may
// write (the read-only keys of the model dropped).
func (p *modelRoute[T]) readPatch(c *Ctx) (map[string]json.RawMessage, error) {
	if !isJSONRequest(contentType(c.req.Header)) {
		return nil, &HTTPError{Status: http.StatusUnsupportedMediaType,
			Message: "Content-Type must be " + MergePatchType + " or application/json."}
	}
	var patch map[string]json.RawMessage
	if err := c.decodeJSON(&patch); err != nil {
		return nil, err
	}
	if patch == nil {
		return nil, badBody("the merge patch must be a JSON object", errNotObject)
	}
	var unknown []string
	for k := range patch {
		switch f := p.info.byJSON[k]; {
		case p.update.keys[k]:
		case p.update.own && f != nil && f.readOnly:
			delete(patch, k) // read-only: never written from a body
		default:
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		fields := make(map[string][]string, len(unknown))
		for _, k := range unknown {
			fields[k] = []string{"This field cannot be written."}
		}
		return nil, &ValidationError{Fields: fields}
	}
	return patch, nil
}

// applyPatch returns a new model: cur with the patch merged into its JSON
// document, read back into the writable fields.
func (p *modelRoute[T]) applyPatch(c *Ctx, cur *T, patch map[string]json.RawMessage) (*T, error) {
	doc, err := json.Marshal(cur)
	if err != nil {
		return nil, fmt.Errorf("fwk: Patch: encoding the stored model: %w", err)
	}
	var target map[string]json.RawMessage
	if err := json.Unmarshal(doc, &target); err != nil {
		return nil, fmt.Errorf("fwk: Patch: decoding the stored model: %w", err)
	}
	for k, v := range patch {
		merged, err := mergePatch(target[k], v)
		if err != nil {
			return nil, badBody(fmt.Sprintf("invalid merge patch of %s", k), err)
		}
		if merged == nil {
			delete(target, k)
		} else {
			target[k] = merged
		}
	}
	body, err := json.Marshal(target)
	if err != nil {
		return nil, err
	}
	m := new(T)
	*m = *cur
	mv := reflect.ValueOf(m)
	if p.update.own {
		for _, fc := range p.update.copies {
			fc.out.of(mv.Elem()).SetZero() // a member removed by the patch becomes zero
		}
		return m, decodeMerged(body, m)
	}
	in := reflect.New(p.update.typ)
	if err := decodeMerged(body, in.Interface()); err != nil {
		return nil, err
	}
	if err := c.app.validateValue(in, jsonNames); err != nil {
		return nil, err
	}
	p.update.apply(mv, in)
	return m, nil
}

// decodeMerged reads the merged document into v; a value of the wrong type
// ("title": 5) is a 422 on its field, as for other bodies.
func decodeMerged(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return jsonError(err, dec.InputOffset())
	}
	return nil
}

// mergePatch merges the patch value patch into the JSON value target (nil
// when absent) as RFC 7396 says: an object patch merges member by member
// into an object (a non-object target counts as {}), null members remove,
// any other patch replaces. It returns nil for a removed value.
func mergePatch(target, patch json.RawMessage) (json.RawMessage, error) {
	patch = bytes.TrimSpace(patch)
	if bytes.Equal(patch, []byte("null")) {
		return nil, nil
	}
	if len(patch) == 0 || patch[0] != '{' {
		return patch, nil
	}
	var pm map[string]json.RawMessage
	if err := json.Unmarshal(patch, &pm); err != nil {
		return nil, err
	}
	var tm map[string]json.RawMessage
	if t := bytes.TrimSpace(target); len(t) > 0 && t[0] == '{' {
		if err := json.Unmarshal(t, &tm); err != nil {
			return nil, err
		}
	}
	if tm == nil {
		tm = map[string]json.RawMessage{}
	}
	for k, v := range pm {
		merged, err := mergePatch(tm[k], v)
		if err != nil {
			return nil, err
		}
		if merged == nil {
			delete(tm, k)
		} else {
			tm[k] = merged
		}
	}
	return json.Marshal(tm)
}

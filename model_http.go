package fwk

// Conditional requests of model resources (RFC 9110, section 13) and how
// store errors are answered.
//
//	request header       on             answer when it fails
//	If-None-Match        Get            304 Not Modified (weak comparison)
//	If-Match             Patch Put Del  412 Precondition Failed (strong comparison)
//	no If-Match          Patch Put Del  428 Precondition Required, with RequireIfMatch
//
//	store error                         answer
//	ErrNotFound                         404
//	ErrPreconditionFailed               412
//	*ConflictError, ErrConflict         409, "errors" naming the field by its JSON name
//	ErrUnavailable                      503, nothing of the store's error shown
//	ErrInvalidCursor                    400
//	anything else                       500, logged

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unsafe"
)

// objectStart is the start of a JSON object whose first key is key.
func objectStart(key string) []byte {
	k, _ := json.Marshal(key) // a string always encodes
	return append(append([]byte("{"), k...), ':')
}

// writeWrapped answers start, v in JSON and end: {"article": {...}} without
// the map (and its encoding) that ctx.JSON of fwk.M{"article": a} takes.
// v is encoded first, so that an encoding error leaves the response
// untouched.
func writeWrapped(c *Ctx, status int, start []byte, v any, end string) error {
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("fwk: JSON: %w", err)
	}
	setDefaultContentType(c.w.Header(), "application/json")
	c.w.WriteHeader(status)
	if _, err = c.w.Write(start); err == nil {
		if _, err = c.w.Write(body); err == nil {
			_, err = io.WriteString(c.w, end)
		}
	}
	return err
}

// etag is the ETag of a version.
func etag(version string) string { return `"` + version + `"` }

// setETag answers the ETag of version. A short one takes one allocation,
// for the header's value and its text together (two with etag: the header
// of every Get).
func setETag(c *Ctx, version string) {
	h := c.w.Header()
	if len(version)+2 > len(etagValue{}.text) {
		h["Etag"] = []string{etag(version)}
		return
	}
	e := new(etagValue)
	e.text[0] = '"'
	n := 1 + copy(e.text[1:], version)
	e.text[n] = '"'
	e.value[0] = unsafe.String(&e.text[0], n+1)
	h["Etag"] = e.value[:]
}

// etagValue is the value of an ETag header and the bytes of its text.
type etagValue struct {
	value [1]string
	text  [40]byte
}

// notModified reports whether the request's If-None-Match lists the
// version (or "*"): the weak comparison, which ignores W/.
func notModified(c *Ctx, version string) bool {
	h := c.req.Header["If-None-Match"]
	if len(h) == 0 {
		return false
	}
	return etagListHas(h, version, true)
}

// etagListHas reports whether the header values h (comma-separated entity
// tags, or "*") hold the tag of version; weak comparison accepts W/ tags.
func etagListHas(h []string, version string, weak bool) bool {
	for _, line := range h {
		for tag := range strings.SplitSeq(line, ",") {
			tag = strings.TrimSpace(tag)
			if tag == "*" {
				return true
			}
			if after, isWeak := strings.CutPrefix(tag, "W/"); isWeak {
				if !weak {
					continue
				}
				tag = after
			}
			if len(tag) >= 2 && tag[0] == '"' && tag[len(tag)-1] == '"' && tag[1:len(tag)-1] == version {
				return true
			}
		}
	}
	return false
}

// ifMatch is the request's If-Match condition.
type ifMatch struct {
	present bool
	values  []string
	// single is the version of a lone strong tag, which the store can check
	// atomically without a read ("" otherwise).
	single string
}

// readIfMatch reads If-Match; with RequireIfMatch its absence is a 428.
func (p *modelRoute[T]) readIfMatch(c *Ctx) (ifMatch, error) {
	h := c.req.Header["If-Match"]
	if len(h) == 0 {
		if p.meta.RequireIfMatch {
			return ifMatch{}, &HTTPError{Status: http.StatusPreconditionRequired,
				Message: "This request must be conditional: send If-Match with the ETag of the resource."}
		}
		return ifMatch{}, nil
	}
	im := ifMatch{present: true, values: h}
	if len(h) == 1 {
		t := strings.TrimSpace(h[0])
		if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' && !strings.ContainsAny(t[1:len(t)-1], `",`) {
			im.single = t[1 : len(t)-1]
		}
	}
	return im, nil
}

// holds reports whether the stored version meets the condition.
func (im ifMatch) holds(version string) bool {
	return !im.present || etagListHas(im.values, version, false)
}

// errPrecondition is the answer of a write whose If-Match does not hold.
func errPrecondition(cause error) error {
	return &HTTPError{Status: http.StatusPreconditionFailed,
		Message: "The resource has changed since you read it: get it again, then retry with its new ETag.", err: cause}
}

// modelError answers a store error (see the table in this file's comment).
func (p *modelRoute[T]) modelError(err error) error {
	var ce *ConflictError
	switch {
	case err == nil:
		return nil
	case isHTTPError(err):
		return err
	case errors.Is(err, ErrNotFound):
		return &HTTPError{Status: http.StatusNotFound, Message: http.StatusText(http.StatusNotFound), err: err}
	case errors.Is(err, ErrPreconditionFailed):
		return errPrecondition(err)
	case errors.As(err, &ce), errors.Is(err, ErrConflict):
		return p.conflict(ce, err)
	case errors.Is(err, ErrUnavailable):
		return &storeFailure{HTTPError{Status: http.StatusServiceUnavailable,
			Message: "The service is unavailable: try again later."}, err}
	case errors.Is(err, ErrInvalidCursor):
		return &HTTPError{Status: http.StatusBadRequest,
			Message: "The cursor is not valid: start again from the first page.", err: err}
	}
	return err
}

// conflict is the 409 of a unique value taken, naming the field by its JSON
// name when the store names it.
func (p *modelRoute[T]) conflict(ce *ConflictError, err error) error {
	name := ""
	if ce != nil && ce.Field != "" {
		name = ce.Field
		if f := p.info.field(ce.Field); f != nil {
			name = f.json
		}
	}
	he := &HTTPError{Status: http.StatusConflict, Message: "A unique value is already taken."}
	if name == "" {
		return &storeFailure{*he, err}
	}
	he.Message = fmt.Sprintf("The value of %s is already taken.", name)
	return errors.Join(&storeFailure{*he, err},
		&ValidationError{Fields: map[string][]string{name: {"This value is already taken."}}})
}

// storeFailure is the answer of a store error: its status and message for
// the client, the store's error for the log (Error) and errors.Is.
type storeFailure struct {
	HTTPError
	cause error
}

// Error returns the answer and the store's error, for the log.
func (e *storeFailure) Error() string { return e.HTTPError.Error() + ": " + e.cause.Error() }

// Unwrap returns the answer and the store's error.
func (e *storeFailure) Unwrap() []error { return []error{&e.HTTPError, e.cause} }

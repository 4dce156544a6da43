package fwk

// Form bodies (url-encoded and multipart) for Ctx.Bind and BindForm.
//
// Values are decoded by go-playground/form, whose key syntax is
//
//	name              a field                   Name string      `form:"name"`
//	address.city      a nested struct's field   Address struct{ City string }
//	tags, tags[]      every value, in order     Tags []string
//	items[2].name     a slice element's field   Items []Item
//	attrs[color]      a map entry               Attrs map[string]string
//
// The library trusts its input more than a server can (it panics on an
// unbalanced bracket, looks keys up linearly and allocates a slice as long
// as the largest index), so the keys are checked first (checkFormKeys):
//
//	limit            value  answer
//	fields           1000   413 (Werkzeug's max_form_parts)
//	key length       512    400
//	nesting depth    32     400 (each "." or "[...]" is a level)
//	slice index      999    400
//	brackets         -      400 for "a[b" "a]" "a[b[c]]"

import (
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/fwkgo/fwk/naming"
	"github.com/go-playground/form/v4"
	"github.com/go-playground/validator/v10"
)

// Limits on form bodies; see the file comment.
const (
	maxFormFields = 1000
	maxFormKeyLen = 512
	maxFormDepth  = 32
	maxFormIndex  = 999
)

// bodyCodecs are the App's decoder and validator, made on first use: both
// cache what they learn about each struct type.
type bodyCodecs struct {
	once     sync.Once
	form     *form.Decoder
	validate *validator.Validate
	forms    sync.Map // reflect.Type -> *formType
	defaults sync.Map // reflect.Type -> *bodyDefaults
}

// codecs returns the App's body codecs.
func (a *App) codecs() *bodyCodecs {
	b := &a.body
	b.once.Do(func() {
		d := form.NewDecoder()
		d.SetTagName("form")
		d.SetMaxArraySize(maxFormIndex + 1)
		d.RegisterTagNameFunc(func(sf reflect.StructField) string { return formKey(sf) })
		d.RegisterCustomTypeFunc(parseFormTime, time.Time{})
		b.form = d
		b.validate = newValidator()
	})
	return b
}

// formKey is the form key of a struct field: its `form` tag, or the
// snake_case of its name; "-" skips it.
func formKey(sf reflect.StructField) string {
	name, _, _ := strings.Cut(sf.Tag.Get("form"), ",")
	if name == "" {
		if sf.Anonymous {
			return sf.Name
		}
		name = naming.SnakeCase(sf.Name)
	}
	return name
}

// formTimeLayouts are what HTML inputs send (datetime-local, date) after
// RFC 3339.
var formTimeLayouts = [...]string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"}

// parseFormTime parses a time.Time form value; an empty value is the zero
// time.
func parseFormTime(vals []string) (any, error) {
	if len(vals) == 0 || vals[0] == "" {
		return time.Time{}, nil
	}
	for _, layout := range formTimeLayouts {
		if t, err := time.Parse(layout, vals[0]); err == nil {
			return t, nil
		}
	}
	return nil, fmt.Errorf("%q is not a time (RFC 3339, 2006-01-02T15:04 or 2006-01-02)", vals[0])
}

// formValues reads the form body (Ctx.parseForm, under the app's limits),
// once per request, and checks its keys. The request's PostForm (and
// MultipartForm) hold the values afterwards, for later readers.
func (c *Ctx) formValues(kind bodyKind) (url.Values, error) {
	if err := c.parseForm(kind == bodyMultipart); err != nil {
		return nil, err
	}
	r := c.req
	n := 0
	for _, vs := range r.PostForm {
		n += len(vs)
	}
	var files url.Values
	if r.MultipartForm != nil {
		for _, fs := range r.MultipartForm.File {
			n += len(fs)
		}
		files = fileKeys(r.MultipartForm.File)
	}
	if err := checkFormKeys(r.PostForm, n); err != nil {
		return nil, err
	}
	return r.PostForm, checkFormKeys(files, n)
}

func tooManyFields(n int) error {
	return &HTTPError{Status: http.StatusRequestEntityTooLarge,
		Message: fmt.Sprintf("too many form fields (%d, at most %d)", n, maxFormFields),
		err:     fmt.Errorf("fwk: form has %d fields: %w", n, errFormLimit)}
}

// errFormLimit is wrapped by the errors of form keys over the limits.
var errFormLimit = errors.New("form over limits")

func fileKeys(files map[string][]*multipart.FileHeader) url.Values {
	keys := make(url.Values, len(files))
	for k := range files {
		keys[k] = nil
	}
	return keys
}

// checkFormKeys checks the number of fields (n, every value and file
// counted) and every key against the
// limits of the file comment.
func checkFormKeys(vals url.Values, n int) error {
	if n > maxFormFields {
		return tooManyFields(n)
	}
	for k := range vals {
		if reason := checkFormKey(k); reason != "" {
			if len(k) > 64 {
				k = k[:64] + "..."
			}
			msg := fmt.Sprintf("form field name %q: %s", k, reason)
			return &HTTPError{Status: http.StatusBadRequest, Message: msg, err: fmt.Errorf("fwk: %s: %w", msg, errFormLimit)}
		}
	}
	return nil
}

// checkFormKey checks the syntax, length, depth and indexes of one key and
// says what is wrong, or "".
func checkFormKey(k string) string {
	if len(k) > maxFormKeyLen {
		return fmt.Sprintf("longer than %d bytes", maxFormKeyLen)
	}
	depth, open := 0, -1
	for i := 0; i < len(k); i++ {
		switch k[i] {
		case '[':
			if open >= 0 {
				return "'[' inside brackets"
			}
			open = i
			depth++
		case ']':
			if open < 0 {
				return "']' without '['"
			}
			if indexTooLarge(k[open+1 : i]) {
				return fmt.Sprintf("index over %d", maxFormIndex)
			}
			open = -1
		case '.':
			if open < 0 {
				depth++
			}
		}
	}
	switch {
	case open >= 0:
		return "'[' without ']'"
	case depth > maxFormDepth:
		return fmt.Sprintf("nested deeper than %d levels", maxFormDepth)
	}
	return ""
}

// indexTooLarge reports whether idx, the text between brackets, is a
// number over maxFormIndex (map keys and "[]" are not indexes).
func indexTooLarge(idx string) bool {
	if idx == "" || strings.Trim(idx, "0123456789") != "" {
		return false
	}
	n := 0
	for _, d := range idx {
		if n = n*10 + int(d-'0'); n > maxFormIndex {
			return true
		}
	}
	return false
}

// decodeForm decodes vals into v (and, for multipart, the request's files
// into its file fields).
func (a *App) decodeForm(c *Ctx, v any, vals url.Values) error {
	if err := decodeFormValues(a.codecs().form, v, vals); err != nil {
		return err
	}
	var files map[string][]*multipart.FileHeader
	if c.req.MultipartForm != nil {
		files = c.req.MultipartForm.File
	}
	setFiles(reflect.ValueOf(v).Elem(), files)
	return nil
}

// decodeFormValues runs the decoder; its errors name the fields.
func decodeFormValues(d *form.Decoder, v any, vals url.Values) (err error) {
	defer func() { // checkFormKeys leaves the library no known panic; stay safe
		if p := recover(); p != nil {
			err = badBody("malformed form body", fmt.Errorf("form decoder: %v", p))
		}
	}()
	err = d.Decode(v, vals)
	var de form.DecodeErrors
	if errors.As(err, &de) {
		fields := make([]string, 0, len(de))
		for k := range de {
			fields = append(fields, k)
		}
		he := badBody(fmt.Sprintf("invalid value for form field %s", quoteList(fields)), err).(*HTTPError) // quoteList sorts fields
		for _, k := range fields {
			he.details = append(he.details, textDetail("body", k, vals.Get(k), de[k]))
		}
		return he
	}
	if err != nil {
		return badBody("cannot decode the form", err)
	}
	return nil
}

var (
	fileHeaderType  = reflect.TypeFor[*multipart.FileHeader]()
	fileHeadersType = reflect.TypeFor[[]*multipart.FileHeader]()
)

// setFiles sets the *multipart.FileHeader and []*multipart.FileHeader
// fields of the struct v (and of its embedded structs) from files, by form
// key. Fields without a file are reset, so that a decoder never leaves a
// header made from text values.
func setFiles(v reflect.Value, files map[string][]*multipart.FileHeader) {
	if v.Kind() != reflect.Struct {
		return
	}
	t := v.Type()
	for i := range t.NumField() {
		sf := t.Field(i)
		key := formKey(sf)
		switch {
		case !sf.IsExported() || key == "-":
		case sf.Type == fileHeaderType:
			var fh *multipart.FileHeader
			if fs := files[key]; len(fs) > 0 {
				fh = fs[0]
			}
			v.Field(i).Set(reflect.ValueOf(fh))
		case sf.Type == fileHeadersType:
			v.Field(i).Set(reflect.ValueOf(files[key]))
		case sf.Anonymous && sf.Type.Kind() == reflect.Struct:
			setFiles(v.Field(i), files)
		}
	}
}

// quoteList formats names as "a", "b" in sorted order.
func quoteList(names []string) string {
	sort.Strings(names)
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

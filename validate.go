package fwk

// Validation of bound values with go-playground/validator v10: one
// validator per App (it caches what it learns about each struct type), and
// its errors turned into messages keyed by the names the client used:
//
//	struct field                        validator namespace        JSON key        form key
//	Email string `json:"email"`         Signup.Email               email           email
//	Address.City (City string)          Signup.Address.City        Address.City    address.city
//	Items[1].Name `json:"name"`         Signup.Items[1].Name       Items[1].name   items[1].name
//	embedded Base's ID                  Signup.Base.ID             ID              id

import (
	"net/http"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/go-playground/validator/v10"
)

func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	registerFileTags(v)
	return v
}

// Validator returns the App's validator (go-playground/validator v10), the
// one Ctx.Bind, Body parameters and forms use, so that an app can register
// its own rules and aliases. Register them right after fwk.New, before the
// app serves requests: the validator's registration is not safe for
// concurrent use.
//
//	app.Validator().RegisterValidation("slug", func(fl validator.FieldLevel) bool {
//		return slugRE.MatchString(fl.Field().String())
//	})
func (a *App) Validator() *validator.Validate { return a.codecs().validate }

// ValidationError is the error of a value that does not pass its
// `validate` tags (Ctx.Bind, a Body parameter, Form.Validate). The app
// renders it as 422 Unprocessable Entity: for JSON clients
//
//	{"error": "Unprocessable Entity", "status": 422,
//	 "errors": {"email": ["Invalid email address."]},
//	 "details": [{"message": "Invalid email address.", "location": "body.email", "value": "ann@"}]}
//
// and as a list of the fields and their messages on the HTML error page.
// A view can handle it itself:
//
//	var ve *fwk.ValidationError
//	if errors.As(err, &ve) {
//		return ctx.Render("signup", fwk.M{"errors": ve.Fields})
//	}
type ValidationError struct {
	// Fields maps each failing field, named as the client spelled it (the
	// `json` key for JSON bodies, the form key for forms), to its messages.
	Fields map[string][]string
	// Details lists each failing value with its location ("body.email",
	// "query.limit") and, when it is safe to repeat, the value received
	// (see ErrorDetail): the "details" of the JSON answer. Those fwk makes
	// always have it; a ValidationError a view makes may leave it nil.
	Details []ErrorDetail

	err error // the validator's errors
}

// Error returns "fwk: validation failed: " and the fields with their
// messages, sorted by field.
func (e *ValidationError) Error() string {
	names := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("fwk: validation failed")
	for i, k := range names {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(k + ": " + strings.Join(e.Fields[k], " "))
	}
	return b.String()
}

// Unwrap returns the validator's error (validator.ValidationErrors), if
// any.
func (e *ValidationError) Unwrap() error { return e.err }

// fieldNaming is how a client names struct fields (of), and whether the
// messages of length checks on collections count "characters" as WTForms'
// Length does for every field (Form) rather than "items" (Ctx.Bind).
type fieldNaming struct {
	of        func(sf reflect.StructField) (name string, flattened bool)
	textUnits bool
	loc       string // where the values are: "body" or "query" (ErrorDetail.Location)
}

// jsonNames names fields by their `json` tag, as encoding/json does.
var jsonNames = &fieldNaming{of: jsonName, loc: "body"}

// formNames names fields by their form key (formKey); wtformsNames too,
// with WTForms' wording for lists.
var (
	formNames    = &fieldNaming{of: formName, loc: "body"}
	wtformsNames = &fieldNaming{of: formName, textUnits: true, loc: "body"}
)

// jsonName is the `json` name of a field, and whether an embedded struct's
// fields are spelled without it.
func jsonName(sf reflect.StructField) (string, bool) {
	tag, tagged := sf.Tag.Lookup("json")
	name, _, _ := strings.Cut(tag, ",")
	if sf.Anonymous && name == "" && indirect(sf.Type).Kind() == reflect.Struct {
		return "", true
	}
	if name == "" || !tagged {
		name = sf.Name
	}
	return name, false
}

// formName is the form key of a field (formKey).
func formName(sf reflect.StructField) (string, bool) {
	if _, tagged := sf.Tag.Lookup("form"); sf.Anonymous && !tagged && indirect(sf.Type).Kind() == reflect.Struct {
		return "", true
	}
	return formKey(sf), false
}

// validateValue checks the `validate` tags of the struct rv points to;
// values that are not structs have no tags to check.
func (a *App) validateValue(rv reflect.Value, names *fieldNaming) error {
	for rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return nil
	}
	err := a.codecs().validate.Struct(rv.Interface())
	ve, ok := err.(validator.ValidationErrors) // as the validator returns it; a type assertion does not allocate
	if !ok {
		return nil // nil, or an InvalidValidationError for a value it cannot check
	}
	if e := newValidationError(rv.Elem().Type(), ve, names); len(e.Fields) > 0 {
		return e
	}
	return nil // only hidden fields failed
}

// newValidationError maps the validator's errors to client names and
// messages.
func newValidationError(root reflect.Type, ve validator.ValidationErrors, names *fieldNaming) *ValidationError {
	e := &ValidationError{Fields: make(map[string][]string, len(ve)), err: ve}
	for _, fe := range ve {
		ref := resolveField(root, fe.StructNamespace(), names)
		if ref.hidden {
			continue // not a field of the client's: the outer one is
		}
		msg := fieldMessage(fe, ref, names)
		e.Fields[ref.name] = append(e.Fields[ref.name], msg)
		d := ErrorDetail{Message: msg, Location: names.loc + "." + ref.name}
		if v := fe.Value(); v != nil && !reflect.ValueOf(v).IsZero() && !ref.secret() {
			d.Value = detailValue(v) // a zero value may be a key left out: not a value received
		}
		e.Details = append(e.Details, d)
	}
	return e
}

// fieldRef is a failing field as the client names it, with its struct
// field when the namespace resolves to one.
type fieldRef struct {
	name   string
	sf     reflect.StructField
	parent reflect.Type // the struct holding sf; nil when unresolved
	elem   bool         // the error is on an element (a "dive" tag)
	hidden bool         // an outer field of the same name hides the field
}

// secret reports whether the value of r must not be repeated: by its
// struct field (isSecretField), or by its name alone when unresolved.
func (r fieldRef) secret() bool {
	if r.parent == nil {
		return isSecretName(r.name)
	}
	return isSecretField(r.sf, r.name)
}

// resolveField turns a validator namespace ("Signup.Items[1].Name") into
// the client's spelling of the field (see the file comment) and its struct
// field.
func resolveField(root reflect.Type, ns string, names *fieldNaming) fieldRef {
	rest := ns
	if root.Name() != "" { // the namespace starts with the type's name; a struct declared in place has none
		var ok bool
		if _, rest, ok = strings.Cut(ns, "."); !ok {
			return fieldRef{name: ns}
		}
	}
	var (
		b   strings.Builder
		ref fieldRef
		vis = shadowCheck{t: root}
	)
	t := root
	for rest != "" {
		var seg string
		seg, rest = nextSegment(rest)
		name, brackets, _ := strings.Cut(seg, "[")
		if brackets != "" {
			brackets = "[" + brackets
		}
		key, flat := name, false
		ref.parent, ref.elem = nil, brackets != ""
		if t != nil && indirect(t).Kind() == reflect.Struct {
			if sf, ok := indirect(t).FieldByName(name); ok {
				key, flat = names.of(sf)
				ref.sf, ref.parent, t = sf, indirect(t), sf.Type
				ref.hidden = ref.hidden || vis.hides(sf, flat)
			} else {
				t = nil
			}
		}
		if !flat {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(key)
		}
		b.WriteString(brackets)
		for range strings.Count(brackets, "[") {
			if t != nil && (indirect(t).Kind() == reflect.Slice || indirect(t).Kind() == reflect.Array || indirect(t).Kind() == reflect.Map) {
				t = indirect(t).Elem()
			}
		}
		if !flat {
			vis = shadowCheck{t: t}
		}
	}
	ref.name = b.String()
	return ref
}

// shadowCheck finds the fields of embedded structs that an outer field of
// the same name hides (Go's promotion rule, which encoding/json and forms
// follow): t is the struct type the client's name starts from, path the
// index of the embedded structs walked since.
type shadowCheck struct {
	t    reflect.Type
	path []int
}

// hides walks into sf, a field of the struct last walked (flat: an
// embedded struct whose fields are spelled without it), and reports
// whether sf is hidden from the client's struct.
func (s *shadowCheck) hides(sf reflect.StructField, flat bool) bool {
	s.path = append(s.path, sf.Index...)
	if flat || s.t == nil || indirect(s.t).Kind() != reflect.Struct {
		return false
	}
	vf, ok := indirect(s.t).FieldByName(sf.Name)
	return !ok || !slices.Equal(vf.Index, s.path)
}

// nextSegment splits "a[x.y].b.c" into "a[x.y]" and "b.c": dots inside
// brackets (map keys) do not split.
func nextSegment(s string) (seg, rest string) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case '.':
			if depth == 0 {
				return s[:i], s[i+1:]
			}
		}
	}
	return s, ""
}

// validationStatus is the status a *ValidationError is rendered with.
const validationStatus = http.StatusUnprocessableEntity

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
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"

	"github.com/go-playground/validator/v10"
)

type validatorT = *validator.Validate

func newValidator() *validator.Validate {
	return validator.New(validator.WithRequiredStructEnabled())
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
//	 "errors": {"email": ["Must be a valid email address."]}}
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

// nameFunc is the name a client uses for a struct field, and whether the
// field's own fields are spelled without it (an embedded struct).
type nameFunc func(sf reflect.StructField) (name string, flattened bool)

// jsonNames names fields by their `json` tag, as encoding/json does.
func jsonNames(sf reflect.StructField) (string, bool) {
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

// formNames names fields by their form key (formKey).
func formNames(sf reflect.StructField) (string, bool) {
	if _, tagged := sf.Tag.Lookup("form"); sf.Anonymous && !tagged && indirect(sf.Type).Kind() == reflect.Struct {
		return "", true
	}
	return formKey(sf), false
}

// validateValue checks the `validate` tags of the struct rv points to;
// values that are not structs have no tags to check.
func (a *App) validateValue(rv reflect.Value, names nameFunc) error {
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
	return newValidationError(rv.Elem().Type(), ve, names)
}

// newValidationError maps the validator's errors to client names and
// messages.
func newValidationError(root reflect.Type, ve validator.ValidationErrors, names nameFunc) *ValidationError {
	e := &ValidationError{Fields: make(map[string][]string, len(ve)), err: ve}
	for _, fe := range ve {
		name := clientName(root, fe.StructNamespace(), names)
		e.Fields[name] = append(e.Fields[name], fieldMessage(fe))
	}
	return e
}

// clientName turns a validator namespace ("Signup.Items[1].Name") into the
// client's spelling of the field (see the file comment).
func clientName(root reflect.Type, ns string, names nameFunc) string {
	_, rest, ok := strings.Cut(ns, ".")
	if !ok {
		return ns
	}
	var b strings.Builder
	t := root
	for rest != "" {
		var seg string
		seg, rest = nextSegment(rest)
		name, brackets, _ := strings.Cut(seg, "[")
		if brackets != "" {
			brackets = "[" + brackets
		}
		key, flat := name, false
		var sf reflect.StructField
		if t != nil && indirect(t).Kind() == reflect.Struct {
			if sf, ok = indirect(t).FieldByName(name); ok {
				key, flat = names(sf)
				t = sf.Type
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
	}
	return b.String()
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

// fieldMessage is the English message of one failed tag, in WTForms'
// style; tags without one say which check failed.
func fieldMessage(fe validator.FieldError) string {
	p := fe.Param()
	unit := unitOf(fe.Kind())
	switch fe.Tag() {
	case "required", "required_if", "required_unless", "required_with", "required_without":
		return "This field is required."
	case "email":
		return "Must be a valid email address."
	case "url", "http_url":
		return "Must be a valid URL."
	case "uuid", "uuid4":
		return "Must be a valid UUID."
	case "oneof":
		return "Must be one of: " + strings.Join(strings.Fields(p), ", ") + "."
	case "min", "gte":
		return fmt.Sprintf("Must be at least %s%s.", p, unit)
	case "max", "lte":
		return fmt.Sprintf("Must be at most %s%s.", p, unit)
	case "gt":
		return fmt.Sprintf("Must be more than %s%s.", p, unit)
	case "lt":
		return fmt.Sprintf("Must be less than %s%s.", p, unit)
	case "len":
		return fmt.Sprintf("Must be exactly %s%s.", p, unit)
	case "eq":
		return "Must be equal to " + p + "."
	case "ne":
		return "Must not be equal to " + p + "."
	case "eqfield":
		return "Must be equal to " + p + "."
	case "alphanum", "alpha", "numeric", "number", "ascii", "lowercase", "uppercase":
		return "Must be " + fe.Tag() + "."
	}
	if p != "" {
		return fmt.Sprintf("Failed the %q check (%s).", fe.Tag(), p)
	}
	return fmt.Sprintf("Failed the %q check.", fe.Tag())
}

// unitOf is what min/max count for a kind: characters of a string, items of
// a collection, nothing for numbers.
func unitOf(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return " characters"
	case reflect.Slice, reflect.Array, reflect.Map:
		return " items"
	}
	return ""
}

// validationStatus is the status a *ValidationError is rendered with.
const validationStatus = http.StatusUnprocessableEntity

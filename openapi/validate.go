package openapi

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// ApplyValidate narrows s, the schema of a value of type t, by the
// validate tag, and reports whether the value must be given: whether its
// zero value (what a missing key or parameter leaves) fails the rules (see
// applyValidate), for parameters documented outside a struct.
func ApplyValidate(s *Schema, t reflect.Type, tag string) bool { return applyValidate(s, t, tag) }

// applyValidate narrows s, the schema of a field of type t, by the field's
// go-playground/validator tag (the rules fwk's body binding checks), and
// reports whether the field must be present: whether its zero value, what
// a missing key leaves, fails the rules (required; min=1 on a number or a
// length; oneof without the zero value; a format, which "" fails; any rule
// on a nil pointer), unless omitempty, omitnil or omitzero skips it. Rules
// with no JSON Schema counterpart are left out, so the schema accepts at
// least what the validator accepts:
//
//	required              present (and, for a string, at least 1 character)
//	min, max, len         string length, number range, or item count
//	gt, gte, lt, lte      the same, exclusive where they are
//	eq                    const
//	oneof=a b             enum
//	email, url, uri, uuid format (http_url, uuid4 and the like too)
//	hostname, ipv4, ipv6  format
//	dive                  the rules after it apply to the items
//
// Under omitempty, lower bounds are dropped: the empty value is accepted
// without them. An enum of a type that may be null lists null too.
func applyValidate(s *Schema, t reflect.Type, tag string) bool {
	if tag == "" || tag == "-" {
		return false
	}
	rules := strings.Split(tag, ",")
	for i, rule := range rules {
		if rule == "dive" {
			if s.Items != nil {
				applyValidate(s.Items, deref(t).Elem(), strings.Join(rules[i+1:], ","))
			}
			rules = rules[:i]
			break
		}
	}
	omitEmpty := slices.Contains(rules, "omitempty")
	skipsZero := omitEmpty || slices.Contains(rules, "omitnil") || slices.Contains(rules, "omitzero")
	required := false
	for _, rule := range rules {
		name, arg, _ := strings.Cut(rule, "=")
		required = required || !skipsZero && zeroFails(t, name, arg)
		switch name {
		case "required":
			if deref(t).Kind() == reflect.String && !omitEmpty {
				s.MinLength = ptr(1)
			}
		case "min", "max", "len", "gt", "gte", "lt", "lte":
			bound(s, deref(t), name, arg, omitEmpty)
		case "eq":
			if v, ok := Literal(deref(t), arg); ok {
				s.Const = v
			}
		case "oneof":
			s.Enum = nil
			for _, item := range strings.Fields(arg) {
				if v, ok := Literal(deref(t), item); ok {
					s.Enum = append(s.Enum, v)
				}
			}
			if nullable(s) {
				s.Enum = append(s.Enum, nil)
			}
		default:
			if f := formats[name]; f != "" {
				s.Format = f
			}
		}
	}
	return required
}

// nullable reports whether s's type lists null.
func nullable(s *Schema) bool {
	types, _ := s.Type.([]string)
	return slices.Contains(types, "null")
}

// zeroFails reports whether the zero value of t fails the validator's rule
// name=arg. A nil pointer fails every rule but the skipping and
// conditional ones; an unknown rule is taken to pass.
func zeroFails(t reflect.Type, name, arg string) bool {
	_, format := formats[name]
	known := format || name == "required" || name == "oneof" || name == "eq" || bounds[name]
	if !known {
		return false
	}
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return true
	}
	switch {
	case name == "required", format && formats[name] != "":
		return true
	case name == "oneof":
		return !slices.Contains(strings.Fields(arg), zeroText(t))
	case name == "eq":
		return arg != zeroText(t)
	case bounds[name]:
		n, err := strconv.ParseFloat(arg, 64)
		return err == nil && !zeroWithin(name, n)
	}
	return false
}

// bounds are the range rules.
var bounds = map[string]bool{"min": true, "max": true, "len": true, "gt": true, "gte": true, "lt": true, "lte": true}

// zeroWithin reports whether 0 (a number, a length or a count) passes the
// range rule name=n.
func zeroWithin(name string, n float64) bool {
	switch name {
	case "min", "gte":
		return n <= 0
	case "gt":
		return n < 0
	case "max", "lte":
		return n >= 0
	case "lt":
		return n > 0
	}
	return n == 0 // len
}

// zeroText is the zero value of t as the validator's rules write it.
func zeroText(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return ""
	case reflect.Bool:
		return "false"
	}
	return "0"
}

var formats = map[string]string{
	"email": "email", "url": "uri", "uri": "uri", "http_url": "uri",
	"uuid": "uuid", "uuid3": "uuid", "uuid4": "uuid", "uuid5": "uuid", "uuid_rfc4122": "uuid",
	"hostname": "hostname", "hostname_rfc1123": "hostname", "fqdn": "hostname",
	"ipv4": "ipv4", "ipv6": "ipv6", "datetime": "", "base64": "",
}

// bound applies one of the range rules to s, by the kind of t: a length for
// strings (in characters, as the validator counts), an item count for
// slices and maps, a value for numbers.
func bound(s *Schema, t reflect.Type, rule, arg string, omitEmpty bool) {
	n, err := strconv.ParseFloat(arg, 64)
	if err != nil {
		return
	}
	lower := rule == "min" || rule == "gt" || rule == "gte" || rule == "len"
	if lower && omitEmpty {
		if rule != "len" {
			return
		}
		rule = "max" // len under omitempty: empty, or exactly n
	}
	switch t.Kind() {
	case reflect.String:
		lengths(&s.MinLength, &s.MaxLength, rule, int(n))
	case reflect.Slice, reflect.Array, reflect.Map:
		if t.Kind() != reflect.Map {
			lengths(&s.MinItems, &s.MaxItems, rule, int(n))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		values(s, rule, n)
	}
}

// lengths sets a length or count bound: gt n is at least n+1, lt n at most
// n-1.
func lengths(lo, hi **int, rule string, n int) {
	switch rule {
	case "min", "gte":
		*lo = ptr(n)
	case "gt":
		*lo = ptr(n + 1)
	case "max", "lte":
		*hi = ptr(n)
	case "lt":
		*hi = ptr(n - 1)
	case "len":
		*lo, *hi = ptr(n), ptr(n)
	}
}

// values sets a numeric bound.
func values(s *Schema, rule string, n float64) {
	switch rule {
	case "min", "gte":
		s.Minimum = ptr(n)
	case "gt":
		s.ExclusiveMinimum = ptr(n)
	case "max", "lte":
		s.Maximum = ptr(n)
	case "lt":
		s.ExclusiveMaximum = ptr(n)
	case "len":
		s.Const = n
	}
}

// Literal returns text as a JSON value of t's kind (a number for number
// kinds, a bool, or the text for a string), for enum, const and default
// values; it reports false when text does not convert.
func Literal(t reflect.Type, text string) (any, bool) {
	switch t.Kind() {
	case reflect.String:
		return text, true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(text, 10, 64)
		return n, err == nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(text, 10, 64)
		return n, err == nil
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(text, 64)
		return n, err == nil
	case reflect.Bool:
		b, err := strconv.ParseBool(text)
		return b, err == nil
	}
	return nil, false
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

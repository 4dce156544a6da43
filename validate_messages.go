package fwk

// The messages of failed `validate` tags. Where a tag has a WTForms
// counterpart the message is WTForms' default, word for word:
//
//	tag                              WTForms validator   message
//	required, required_if, ...       DataRequired        This field is required.
//	email                            Email               Invalid email address.
//	url, http_url                    URL                 Invalid URL.
//	uuid, uuid4, ...                 UUID                Invalid UUID.
//	ip, ipv4, ipv6                   IPAddress           Invalid IP address.
//	mac                              MacAddress          Invalid Mac address.
//	oneof=a b                        AnyOf               Invalid value, must be one of: a, b.
//	eqfield=Confirm                  EqualTo             Field must be equal to confirm.
//	min=2,max=3 (text)               Length(2, 3)        Field must be between 2 and 3 characters long.
//	min=8 (text)                     Length(min=8)       Field must be at least 8 characters long.
//	max=1 (text)                     Length(max=1)       Field cannot be longer than 1 character.
//	len=4 (text)                     Length(4, 4)        Field must be exactly 4 characters long.
//	min=1,max=9 (number)             NumberRange(1, 9)   Number must be between 1 and 9.
//	gte=0 (number)                   NumberRange(min=0)  Number must be at least 0.
//	file_allowed=txt png             FileAllowed         File does not have an approved extension: txt, png
//	file_size=1 100                  FileSize            File must be between 1 and 100 bytes.
//
// A field whose tag has both a lower (min, gte) and an upper (max, lte)
// bound gets the "between" message whichever bound failed, as WTForms'
// Length and NumberRange do. Forms count the length of a list in
// "characters", as WTForms' Length says for every field; Ctx.Bind says
// "items" for lists and maps. Tags without a counterpart get a sentence of
// the same style; custom tags say which check failed.

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/go-playground/validator/v10"
)

// fieldMessage is the English message of one failed tag.
func fieldMessage(fe validator.FieldError, ref fieldRef, names *fieldNaming) string {
	p := fe.Param()
	switch fe.Tag() {
	case "required", "required_if", "required_unless", "required_with", "required_without",
		"required_with_all", "required_without_all":
		return msgRequired
	case "email":
		return "Invalid email address."
	case "url", "http_url", "uri":
		return "Invalid URL."
	case "uuid", "uuid3", "uuid4", "uuid5", "uuid_rfc4122", "uuid4_rfc4122":
		return "Invalid UUID."
	case "ip", "ipv4", "ipv6", "ip_addr", "ip4_addr", "ip6_addr":
		return "Invalid IP address."
	case "mac":
		return "Invalid Mac address."
	case "oneof":
		return "Invalid value, must be one of: " + strings.Join(oneofValues(p), ", ") + "."
	case "eqfield":
		return "Field must be equal to " + siblingName(ref, p, names) + "."
	case "nefield":
		return "Field must not be equal to " + siblingName(ref, p, names) + "."
	case "eq":
		return "Field must be equal to " + p + "."
	case "ne":
		return "Field must not be equal to " + p + "."
	case "min", "gte", "max", "lte", "len", "gt", "lt":
		if m := rangeMessage(fe.Tag(), p, fe.Kind(), ref, names); m != "" {
			return m
		}
	case "alpha":
		return "Field must contain only letters."
	case "alphanum":
		return "Field must contain only letters and digits."
	case "numeric", "number":
		return "Field must be a number."
	case "ascii":
		return "Field must contain only ASCII characters."
	case "lowercase":
		return "Field must be in lower case."
	case "uppercase":
		return "Field must be in upper case."
	case tagFileAllowed:
		return "File does not have an approved extension: " + strings.Join(strings.Fields(p), ", ")
	case tagFileSize:
		lo, hi, _ := fileSizeBounds(p)
		return fmt.Sprintf("File must be between %d and %d bytes.", lo, hi)
	}
	if p != "" {
		return fmt.Sprintf("Failed the %q check (%s).", fe.Tag(), p)
	}
	return fmt.Sprintf("Failed the %q check.", fe.Tag())
}

// msgRequired is WTForms' DataRequired and InputRequired message.
const msgRequired = "This field is required."

// oneofValues splits oneof's parameter as the validator does: words, or
// 'quoted words'.
func oneofValues(p string) []string {
	var out []string
	for p = strings.TrimSpace(p); p != ""; p = strings.TrimSpace(p) {
		if p[0] == '\'' {
			if end := strings.IndexByte(p[1:], '\''); end >= 0 {
				out = append(out, p[1:end+1])
				p = p[end+2:]
				continue
			}
		}
		word, rest, _ := strings.Cut(p, " ")
		out = append(out, word)
		p = rest
	}
	return out
}

// siblingName is the client's name of the Go field goName next to ref's
// field (eqfield's parameter), or goName when there is none.
func siblingName(ref fieldRef, goName string, names *fieldNaming) string {
	if ref.parent != nil {
		if sf, ok := ref.parent.FieldByName(goName); ok {
			if name, _ := names.of(sf); name != "" {
				return name
			}
		}
	}
	return goName
}

// rangeMessage is the message of a failed bound on a number (NumberRange)
// or a length (Length), "" for other kinds.
func rangeMessage(tag, p string, k reflect.Kind, ref fieldRef, names *fieldNaming) string {
	lo, hi := tagBounds(ref)
	switch {
	case isNumber(k):
		switch {
		case tag == "gt":
			return "Number must be greater than " + p + "."
		case tag == "lt":
			return "Number must be less than " + p + "."
		case tag == "len":
			return "Number must be equal to " + p + "."
		case lo != "" && hi != "":
			return "Number must be between " + lo + " and " + hi + "."
		case tag == "min" || tag == "gte":
			return "Number must be at least " + p + "."
		}
		return "Number must be at most " + p + "."
	case k == reflect.String || ((k == reflect.Slice || k == reflect.Array || k == reflect.Map) && names.textUnits):
		return lengthMessage(tag, p, lo, hi, "character", "Field must be %s %s.", "Field must be %s %s long.")
	case k == reflect.Slice || k == reflect.Array || k == reflect.Map:
		return lengthMessage(tag, p, lo, hi, "item", "Field must have %s %s.", "Field must have %s %s.")
	}
	return ""
}

// lengthMessage is Length's message in WTForms' words for unit
// "character" (short for "cannot be longer than", long for the others), or
// in the same shape for "item".
func lengthMessage(tag, p, lo, hi, unit, short, long string) string {
	count := func(n string) string {
		if n == "1" {
			return n + " " + unit
		}
		return n + " " + unit + "s"
	}
	items := unit == "item"
	switch {
	case tag == "len" || (lo != "" && lo == hi):
		return fmt.Sprintf(long, "exactly", count(p))
	case tag == "gt" && items:
		return fmt.Sprintf(long, "more than", count(p))
	case tag == "gt":
		return fmt.Sprintf(short, "longer than", count(p))
	case tag == "lt" && items:
		return fmt.Sprintf(long, "fewer than", count(p))
	case tag == "lt":
		return fmt.Sprintf(short, "shorter than", count(p))
	case lo != "" && hi != "":
		return fmt.Sprintf(long, "between "+lo+" and", hi+" "+unit+"s")
	case tag == "min" || tag == "gte":
		return fmt.Sprintf(long, "at least", count(p))
	case items:
		return fmt.Sprintf(long, "at most", count(p))
	}
	return "Field cannot be longer than " + count(p) + "."
}

// tagBounds returns the lower (min, gte) and upper (max, lte) bounds the
// field's `validate` tag sets on the failing value: the tags before "dive"
// for the field, after it for its elements.
func tagBounds(ref fieldRef) (lo, hi string) {
	if ref.parent == nil {
		return "", ""
	}
	tags := strings.Split(ref.sf.Tag.Get("validate"), ",")
	for i, t := range tags {
		if t == "dive" {
			if ref.elem {
				tags = tags[i+1:]
			} else {
				tags = tags[:i]
			}
			break
		}
	}
	for _, t := range tags {
		name, v, _ := strings.Cut(t, "=")
		switch name {
		case "min", "gte":
			lo = v
		case "max", "lte":
			hi = v
		}
	}
	return lo, hi
}

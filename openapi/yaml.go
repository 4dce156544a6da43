package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// ErrNotJSON is the error of YAML (errors.Is) for input that is not one
// JSON value.
var ErrNotJSON = errors.New("openapi: not a JSON value")

// yamlMaxDepth bounds the nesting YAML converts, as encoding/json bounds
// what it decodes.
const yamlMaxDepth = 10000

// yamlLongKey is the quoted length from which a key is written as an
// explicit key ("? key" then ": value"): YAML limits an implicit key to
// 1024 characters.
const yamlLongKey = 1000

// YAML converts a JSON document (what fwk.App.OpenAPI marshals to, or
// Downgrade's 3.0 form) to YAML 1.2 in block style, the form people read
// and diff more easily; Huma serves the same beside its JSON. A YAML 1.2
// parser reads back the same values:
//
//   - keys keep the order they have in the JSON;
//   - numbers are written as they are in the JSON (1.0 stays 1.0);
//   - a string is written plain only when it is a safe identifier: a
//     letter, then letters, digits and "_", "-", ".", "/" (application/json,
//     get, operationId values), and not a word a YAML parser reads as
//     another type (true, no, on, null, y... in any case). Every other
//     string is double-quoted with JSON's escapes, which YAML 1.2 reads the
//     same, and with the characters YAML may not hold raw (controls, DEL,
//     U+0085, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF) escaped;
//   - an empty object is {} and an empty array [];
//   - a key longer than about 1000 characters is written as an explicit
//     key ("? key"), which YAML allows at any length.
//
// Input that is not exactly one JSON value is an error wrapping ErrNotJSON.
func YAML(doc []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	e := yamlEmitter{dec: dec}
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotJSON, err)
	}
	if err := e.value(tok, 0, true); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotJSON, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: data after the value", ErrNotJSON)
	}
	return e.out.Bytes(), nil
}

// yamlEmitter writes the tokens of dec as block YAML into out.
type yamlEmitter struct {
	dec   *json.Decoder
	out   bytes.Buffer
	depth int
}

// value writes the value that starts with tok. The cursor is at the
// value's column when inline (the top, or after "- "), at the end of a
// "key:" line otherwise; indent is the column of a collection's entries.
func (e *yamlEmitter) value(tok json.Token, indent int, inline bool) error {
	d, ok := tok.(json.Delim)
	if !ok {
		if !inline {
			e.out.WriteByte(' ')
		}
		e.scalar(tok)
		e.out.WriteByte('\n')
		return nil
	}
	if !e.dec.More() {
		if _, err := e.dec.Token(); err != nil {
			return err
		}
		if !inline {
			e.out.WriteByte(' ')
		}
		if d == '{' {
			e.out.WriteString("{}\n")
		} else {
			e.out.WriteString("[]\n")
		}
		return nil
	}
	if e.depth++; e.depth > yamlMaxDepth {
		return errors.New("nested too deep")
	}
	defer func() { e.depth-- }()
	if !inline {
		e.out.WriteByte('\n')
	}
	if d == '{' {
		return e.object(indent, inline)
	}
	return e.array(indent, inline)
}

// object writes the entries of a non-empty object, the first one at the
// cursor when inline.
func (e *yamlEmitter) object(indent int, inline bool) error {
	for first := true; e.dec.More(); first = false {
		tok, err := e.dec.Token()
		if err != nil {
			return err
		}
		key, ok := tok.(string)
		if !ok {
			return fmt.Errorf("object key %v", tok)
		}
		if !first || !inline {
			e.indent(indent)
		}
		start := e.out.Len()
		e.string(key)
		if e.out.Len()-start > yamlLongKey {
			e.explicitKey(start, indent)
		}
		e.out.WriteByte(':')
		if tok, err = e.dec.Token(); err != nil {
			return err
		}
		if err := e.value(tok, indent+2, false); err != nil {
			return err
		}
	}
	_, err := e.dec.Token() // '}'
	return err
}

// explicitKey turns the quoted key written from start into an explicit
// key, "? key" and a new line at the key's column, where the caller then
// writes ":".
func (e *yamlEmitter) explicitKey(start, indent int) {
	key := append([]byte("? "), e.out.Bytes()[start:]...)
	e.out.Truncate(start)
	e.out.Write(key)
	e.out.WriteByte('\n')
	e.indent(indent)
}

// array writes the items of a non-empty array, the first one at the
// cursor when inline.
func (e *yamlEmitter) array(indent int, inline bool) error {
	for first := true; e.dec.More(); first = false {
		if !first || !inline {
			e.indent(indent)
		}
		e.out.WriteString("- ")
		tok, err := e.dec.Token()
		if err != nil {
			return err
		}
		if err := e.value(tok, indent+2, true); err != nil {
			return err
		}
	}
	_, err := e.dec.Token() // ']'
	return err
}

func (e *yamlEmitter) indent(n int) {
	for range n {
		e.out.WriteByte(' ')
	}
}

// scalar writes a JSON scalar token.
func (e *yamlEmitter) scalar(tok json.Token) {
	switch v := tok.(type) {
	case string:
		e.string(v)
	case json.Number:
		e.out.WriteString(string(v))
	case bool:
		if v {
			e.out.WriteString("true")
		} else {
			e.out.WriteString("false")
		}
	default: // nil
		e.out.WriteString("null")
	}
}

// string writes s plain when yamlPlain allows it, else double-quoted.
func (e *yamlEmitter) string(s string) {
	if yamlPlain(s) {
		e.out.WriteString(s)
		return
	}
	e.out.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			e.out.WriteByte('\\')
			e.out.WriteRune(r)
		case r == '\n':
			e.out.WriteString(`\n`)
		case r == '\t':
			e.out.WriteString(`\t`)
		case r == '\r':
			e.out.WriteString(`\r`)
		case r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == 0x2028 || r == 0x2029 ||
			r == 0xfeff || r == 0xfffe || r == 0xffff:
			fmt.Fprintf(&e.out, `\u%04X`, r)
		default:
			e.out.WriteRune(r)
		}
	}
	e.out.WriteByte('"')
}

// yamlPlain reports whether s may be written as a plain scalar: a letter,
// then letters, digits, "_", "-", ".", "/", and not a word YAML 1.1 or 1.2
// reads as a boolean or null.
func yamlPlain(s string) bool {
	if s == "" || len(s) > yamlLongKey || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-' && c != '.' && c != '/' {
			return false
		}
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "y", "n", "null":
		return false
	}
	return utf8.ValidString(s)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

package router

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Args are the arguments of a converter call in a rule, such as
// <int(4, max=9999):n> or <any(a, 'b c'):kind>. The syntax is Python-like:
// integers, floats, True/False, bare words and 'single' or "double" quoted
// strings (without escapes), positional arguments first, then name=value
// pairs. Values are kept as text with quotes removed.
type Args struct {
	Positional []string
	Named      map[string]string
}

// Bind maps the positional arguments onto names, in order, and merges the
// named ones. It fails on surplus positional arguments, unknown names and
// names given twice.
func (a Args) Bind(names ...string) (map[string]string, error) {
	if len(a.Positional) > len(names) {
		return nil, fmt.Errorf("takes at most %d positional arguments, got %d", len(names), len(a.Positional))
	}
	out := make(map[string]string, len(a.Positional)+len(a.Named))
	for i, v := range a.Positional {
		out[names[i]] = v
	}
	// Sorted for a deterministic error message.
	keys := make([]string, 0, len(a.Named))
	for k := range a.Named {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		known := false
		for _, n := range names {
			known = known || n == k
		}
		if !known {
			return nil, fmt.Errorf("unknown argument %q", k)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("argument %q given twice", k)
		}
		out[k] = a.Named[k]
	}
	return out, nil
}

// canonical renders the arguments in a normal form, used to tell whether
// two converters are the same.
func (a Args) canonical() string {
	if len(a.Positional) == 0 && len(a.Named) == 0 {
		return ""
	}
	var b strings.Builder
	for i, v := range a.Positional {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(v))
	}
	keys := make([]string, 0, len(a.Named))
	for k := range a.Named {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(strconv.Quote(a.Named[k]))
	}
	return b.String()
}

// argError is an argument syntax error at an offset of the rule text.
type argError struct {
	off int
	msg string
}

// parseArgs parses s, the text between the parentheses of a converter call
// found at offset base of the rule.
func parseArgs(s string, base int) (Args, *argError) {
	var a Args
	i := 0
	for {
		i = skipSpace(s, i)
		if i == len(s) {
			return a, nil
		}
		start := i
		name := ""
		if j := scanIdent(s, i); j > i {
			if k := skipSpace(s, j); k < len(s) && s[k] == '=' {
				name = s[i:j]
				i = skipSpace(s, k+1)
			}
		}
		v, j, err := scanValue(s, i)
		if err != "" {
			return a, &argError{base + i, err}
		}
		i = skipSpace(s, j)
		if i < len(s) && s[i] != ',' {
			return a, &argError{base + i, "expected ',' between converter arguments"}
		}
		if name == "" {
			if len(a.Named) > 0 {
				return a, &argError{base + start, "positional argument after named argument"}
			}
			a.Positional = append(a.Positional, v)
		} else {
			if _, dup := a.Named[name]; dup {
				return a, &argError{base + start, fmt.Sprintf("argument %q given twice", name)}
			}
			if a.Named == nil {
				a.Named = make(map[string]string)
			}
			a.Named[name] = v
		}
		if i < len(s) {
			i++ // the comma
		}
	}
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// scanIdent returns the end of the identifier starting at i (i if none).
func scanIdent(s string, i int) int {
	j := i
	for j < len(s) && (isLetter(s[j]) || (j > i && isDigit(s[j]))) {
		j++
	}
	return j
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// scanValue reads one argument value at i: a quoted string (optionally
// prefixed u or r) or a bare word of letters, digits, '_', '.', '+', '-'.
func scanValue(s string, i int) (string, int, string) {
	j := i
	if j < len(s) && strings.IndexByte("uUrR", s[j]) >= 0 && j+1 < len(s) && (s[j+1] == '"' || s[j+1] == '\'') {
		j++
	}
	if j < len(s) && (s[j] == '"' || s[j] == '\'') {
		end := strings.IndexByte(s[j+1:], s[j])
		if end < 0 {
			return "", i, "unterminated string in converter arguments"
		}
		return s[j+1 : j+1+end], j + end + 2, ""
	}
	for j < len(s) && (isLetter(s[j]) || isDigit(s[j]) || s[j] == '.' || s[j] == '+' || s[j] == '-') {
		j++
	}
	if j == i {
		return "", i, "expected a converter argument value"
	}
	return s[i:j], j, ""
}

// argInt parses an integer argument; "None" or absence means unset.
func argInt(m map[string]string, key string) (v int64, set bool, err error) {
	s, ok := m[key]
	if !ok || s == "None" {
		return 0, false, nil
	}
	v, err = strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, false, fmt.Errorf("argument %s=%q is not an integer", key, s)
	}
	return v, true, nil
}

// argFloat parses a float argument; "None" or absence means unset.
func argFloat(m map[string]string, key string) (v float64, set bool, err error) {
	s, ok := m[key]
	if !ok || s == "None" {
		return 0, false, nil
	}
	v, err = strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false, fmt.Errorf("argument %s=%q is not a finite number", key, s)
	}
	return v, true, nil
}

// argBool parses a boolean argument: True/False (as in Python) or Go's
// true/false/1/0.
func argBool(m map[string]string, key string) (bool, error) {
	s, ok := m[key]
	if !ok || s == "None" {
		return false, nil
	}
	switch s {
	case "True", "true", "1":
		return true, nil
	case "False", "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("argument %s=%q is not a boolean", key, s)
}

package router

import (
	"fmt"
	"maps"
	"math"
	"slices"
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
	for _, k := range slices.Sorted(maps.Keys(a.Named)) { // sorted: one error message
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("argument %q given twice", k)
		}
		if !slices.Contains(names, k) {
			return nil, fmt.Errorf("unknown argument %q", k)
		}
		out[k] = a.Named[k]
	}
	return out, nil
}

// parseArgs parses rule[at:end], the text between the parentheses of a
// converter call.
func parseArgs(rule string, at, end int) (Args, *RuleError) {
	var a Args
	s := rule[:end]
	for i := skipSpace(s, at); i < len(s); i = skipSpace(s, i+1) {
		start, name := i, ""
		if j := scanIdent(s, i); j > i {
			if k := skipSpace(s, j); k < len(s) && s[k] == '=' {
				name, i = s[i:j], skipSpace(s, k+1)
			}
		}
		v, j, err := scanValue(s, i)
		if i = skipSpace(s, j); err == "" && i < len(s) && s[i] != ',' {
			err = "expected ',' between converter arguments"
		}
		switch _, dup := a.Named[name]; {
		case err != "":
			return a, ruleErr(rule, i, ErrBadRule, "%s", err)
		case name == "" && len(a.Named) > 0:
			return a, ruleErr(rule, start, ErrBadRule, "positional argument after named argument")
		case name == "":
			a.Positional = append(a.Positional, v)
		case dup:
			return a, ruleErr(rule, start, ErrBadRule, "argument %q given twice", name)
		default:
			if a.Named == nil {
				a.Named = make(map[string]string)
			}
			a.Named[name] = v
		}
	}
	return a, nil
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
// On error, the offset is i.
func scanValue(s string, i int) (string, int, string) {
	j := i
	if j+1 < len(s) && strings.IndexByte("uUrR", s[j]) >= 0 && (s[j+1] == '"' || s[j+1] == '\'') {
		j++
	}
	if j < len(s) && (s[j] == '"' || s[j] == '\'') {
		end := strings.IndexByte(s[j+1:], s[j])
		if end < 0 {
			return "", i, "unterminated string in converter arguments"
		}
		return s[j+1 : j+1+end], j + end + 2, ""
	}
	for j < len(s) && (isLetter(s[j]) || isDigit(s[j]) || strings.IndexByte(".+-", s[j]) >= 0) {
		j++
	}
	if j == i {
		return "", i, "expected a converter argument value"
	}
	return s[i:j], j, ""
}

// bindArgs binds a to names (see Args.Bind) and reads the arguments given
// into dsts, in the order of names (see arg).
func bindArgs(a Args, names []string, dsts ...any) error {
	m, err := a.Bind(names...)
	for i := 0; err == nil && i < len(names); i++ {
		_, err = arg(m, names[i], dsts[i])
	}
	return err
}

// arg reads the argument key into dst: an *int64, a *float64 (finite) or a
// *bool (True/False as in Python, or what strconv.ParseBool accepts). set
// is false when it is absent or "None", leaving dst unchanged.
func arg(m map[string]string, key string, dst any) (set bool, err error) {
	s, set := m[key]
	if !set || s == "None" {
		return false, nil
	}
	what := "a boolean"
	switch p := dst.(type) {
	case *int64:
		*p, err = strconv.ParseInt(s, 10, 64)
		what = "an integer"
	case *float64:
		*p, err = strconv.ParseFloat(s, 64)
		if what = "a finite number"; math.IsNaN(*p) || math.IsInf(*p, 0) {
			err = strconv.ErrRange
		}
	case *bool:
		*p, err = strconv.ParseBool(s)
	}
	if err != nil {
		return false, fmt.Errorf("argument %s=%q is not %s", key, s, what)
	}
	return true, nil
}

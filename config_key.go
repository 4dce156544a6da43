package fwk

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// configKey is one configuration key, built by declare from its entry in
// configKeys: everything ConfigFromEnv, Lookup, New's validation and the
// docs' table need to know of it.
type configKey struct {
	name   string                      // the key and its environment variable
	field  func(*Config) any           // a pointer to the field (the docs name it by reflection)
	syntax string                      // how the environment spells a value
	def    string                      // the default, as Get writes it
	zero   string                      // what the field's zero value means
	neg    string                      // what a negative number means ("" when not a number)
	doc    string                      // one line for the docs' table
	init   func(*Config)               // sets the default
	set    func(*Config, string) error // from the environment; the field keeps its value on error
	get    func(*Config) string        // the value as Get writes it
	check  func(*Config) error         // the rules of the value, and of the keys it needs
}

// valueKind is how a field of type T is read from and written to text.
type valueKind[T any] struct {
	syntax string
	parse  func(string) (T, error)
	format func(T) string
	sign   func(T) int  // -1, 0 or 1 for numbers; nil for others
	isZero func(T) bool // the field's zero value, which a Config literal leaves
	clone  func(T) T    // a copy for DefaultConfig, for slices; nil for values
}

// keyRules are the rules of one key's values, the same whether a value
// comes from the environment or is set on the struct.
type keyRules[T any] struct {
	// zero says what the zero value (0, "", nil) means; "" when it means
	// the default. Such a zero is the field left unset, which an
	// environment variable cannot be: ConfigFromEnv refuses it.
	zero string
	// neg says what a negative number means; "" when it is refused.
	neg string
	// check refuses a value by further rules (a path, a host, a bound);
	// it runs at New, for a value from the environment too.
	check func(T) error
	// needs refuses a value that other keys make meaningless; it runs at
	// New only, once every key is set.
	needs func(*Config, T) error
}

// declare builds the configKey of name, whose field at returns, from its
// kind, default, rules and doc line.
func declare[T any](name string, at func(*Config) *T, k valueKind[T], def T, r keyRules[T], doc string) configKey {
	ck := configKey{name: name, syntax: k.syntax, def: k.format(def), zero: r.zero, doc: doc,
		field: func(c *Config) any { return at(c) }}
	if ck.zero == "" {
		ck.zero = "the default (not from the environment)"
	}
	if k.sign != nil {
		ck.neg = r.neg
		if ck.neg == "" {
			ck.neg = "refused"
		}
	}
	ck.init = func(c *Config) {
		x := def
		if k.clone != nil {
			x = k.clone(def)
		}
		*at(c) = x
	}
	ck.get = func(c *Config) string {
		if x := *at(c); r.zero != "" || !k.isZero(x) {
			return k.format(x)
		}
		return k.format(def)
	}
	ck.set = func(c *Config, v string) error {
		x, err := k.parse(v)
		if err == nil && r.zero == "" && k.isZero(x) {
			err = fmt.Errorf("would mean the default (%s), as if unset: unset the variable", k.format(def))
		}
		if err == nil {
			err = r.checkSign(k, x)
		}
		if err == nil {
			*at(c) = x
		}
		return err
	}
	ck.check = func(c *Config) error {
		x := *at(c)
		err := r.checkSign(k, x)
		if err == nil && r.check != nil {
			err = r.check(x)
		}
		if err == nil && r.needs != nil {
			err = r.needs(c, x)
		}
		return err
	}
	return ck
}

// checkSign refuses a negative number where the key allows none.
func (r keyRules[T]) checkSign(k valueKind[T], x T) error {
	if k.sign != nil && k.sign(x) < 0 && r.neg == "" {
		return fmt.Errorf("%v is negative", x)
	}
	return nil
}

// configError is the StartupError of a value of key that was refused.
func configError(key string, err error) error {
	var se *StartupError
	if errors.As(err, &se) {
		return err
	}
	return &StartupError{What: "config", Culprit: key, Err: err}
}

// number is the types of the number keys.
type number interface{ ~int | ~int64 }

// signOf is -1, 0 or 1 as x is negative, zero or positive.
func signOf[T number](x T) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func isZero[T comparable](x T) bool { return x == *new(T) }

// The kinds of values of the keys.
var (
	boolKind = valueKind[bool]{syntax: "`true` or `false` (strconv.ParseBool)",
		parse: strconv.ParseBool, format: strconv.FormatBool, isZero: isZero[bool]}
	textKind = valueKind[string]{syntax: "text",
		parse: func(v string) (string, error) { return v, nil }, format: func(s string) string { return s }, isZero: isZero[string]}
	listKind = valueKind[[]string]{syntax: "a comma-separated list",
		parse: func(v string) ([]string, error) { return splitList(v), nil }, format: func(l []string) string { return strings.Join(l, ",") },
		isZero: func(l []string) bool { return l == nil }, clone: slices.Clone[[]string]}
	durationKind = valueKind[time.Duration]{syntax: "whole seconds (`90`) or a Go duration (`1m30s`)",
		parse: parseDuration, format: formatDuration, sign: signOf[time.Duration], isZero: isZero[time.Duration]}
	bytesKind = valueKind[int64]{syntax: "bytes",
		parse:  func(v string) (int64, error) { return strconv.ParseInt(v, 10, 64) },
		format: func(n int64) string { return strconv.FormatInt(n, 10) }, sign: signOf[int64], isZero: isZero[int64]}
	intKind = valueKind[int]{syntax: "a whole number",
		parse: strconv.Atoi, format: strconv.Itoa, sign: signOf[int], isZero: isZero[int]}
	sameSiteKind = valueKind[http.SameSite]{syntax: "`Lax`, `Strict` or `None`",
		parse: parseSameSite, format: sameSiteName, isZero: isZero[http.SameSite]}
)

// parseDuration reads every duration key: whole seconds ("3600", "-1")
// or a time.Duration string ("1h", "-1s"). Whether a negative or zero
// duration is allowed is the key's rule, not the parser's.
func parseDuration(v string) (time.Duration, error) {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		const limit = int64(1<<63-1) / int64(time.Second)
		if n < -limit || n > limit {
			return 0, fmt.Errorf("%d seconds is out of range", n)
		}
		return time.Duration(n) * time.Second, nil
	}
	return time.ParseDuration(v)
}

// formatDuration writes d in whole seconds ("3600", "-1"), or as a Go
// duration ("1.5s") when it is not a whole number of seconds.
func formatDuration(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10)
	}
	return d.String()
}

// splitList splits a comma-separated variable, dropping blanks.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// parseSameSite reads "Lax", "Strict" or "None" (any case).
func parseSameSite(v string) (http.SameSite, error) {
	switch strings.ToLower(v) {
	case "lax":
		return http.SameSiteLaxMode, nil
	case "strict":
		return http.SameSiteStrictMode, nil
	case "none":
		return http.SameSiteNoneMode, nil
	}
	return 0, fmt.Errorf("want Lax, Strict or None")
}

// sameSiteName is the attribute value of s ("" for the default mode).
func sameSiteName(s http.SameSite) string {
	switch s {
	case http.SameSiteLaxMode:
		return "Lax"
	case http.SameSiteStrictMode:
		return "Strict"
	case http.SameSiteNoneMode:
		return "None"
	}
	return ""
}

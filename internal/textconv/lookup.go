package textconv

import "maps"

// MapConverter returns the lookup form of Flask-Unchained's param_converter: the
// value is a key of m and the result is m's entry. A missing key is an [*Error]
// wrapping [ErrUnknownValue] that names the value. m is copied, so later changes
// to it do not affect the converter. Enumerations and plain functions are
// handled by the caller (a func(string) (T, error) already is a converter).
func MapConverter(m map[string]any) func(s string) (any, error) {
	m = maps.Clone(m)
	return func(s string) (any, error) {
		v, ok := m[s]
		if !ok {
			return nil, &Error{Value: s, Err: ErrUnknownValue}
		}
		return v, nil
	}
}

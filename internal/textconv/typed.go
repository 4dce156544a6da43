package textconv

import (
	"fmt"
	"reflect"
	"strconv"
)

// ForType is the typed form of [For]: it returns a function converting one
// string into a T. For the exact types string, int, int64, int32, uint,
// uint64, float64 and bool the function calls strconv directly and does not
// allocate; other types go through [For] and reflect.Value.Interface. Use it
// where the caller knows T statically (a view of a fixed signature).
func ForType[T any]() (func(s string) (T, error), error) {
	var f any
	switch any(*new(T)).(type) {
	case string:
		f = func(s string) (string, error) { return s, nil }
	case int:
		f = parseSigned[int](strconv.IntSize)
	case int64:
		f = parseSigned[int64](64)
	case int32:
		f = parseSigned[int32](32)
	case uint:
		f = parseUnsigned[uint](strconv.IntSize)
	case uint64:
		f = parseUnsigned[uint64](64)
	case float64:
		f = func(s string) (float64, error) { return parseFloat(s, 64) }
	case bool:
		f = func(s string) (bool, error) {
			b, err := strconv.ParseBool(s)
			if err != nil {
				return false, valueError(s, err, wantBool)
			}
			return b, nil
		}
	default:
		return viaReflect[T]()
	}
	return f.(func(string) (T, error)), nil
}

// parseSigned returns a parser of base-10 integers that fit in bits.
func parseSigned[T ~int | ~int32 | ~int64](bits int) func(string) (T, error) {
	return func(s string) (T, error) {
		n, err := strconv.ParseInt(s, 10, bits)
		if err != nil {
			return 0, valueError(s, err, wantInt(err, bits, false))
		}
		return T(n), nil
	}
}

// parseUnsigned is parseSigned for unsigned integers.
func parseUnsigned[T ~uint | ~uint64](bits int) func(string) (T, error) {
	return func(s string) (T, error) {
		n, err := strconv.ParseUint(s, 10, bits)
		if err != nil {
			return 0, valueError(s, err, wantInt(err, bits, true))
		}
		return T(n), nil
	}
}

func viaReflect[T any]() (func(s string) (T, error), error) {
	t := reflect.TypeFor[T]()
	conv := converter(t)
	if conv == nil {
		return nil, fmt.Errorf("fwk: bind %v: %w", t, ErrUnsupported)
	}
	return func(s string) (T, error) {
		v, err := conv(s)
		if err != nil {
			var zero T
			return zero, err
		}
		return v.Interface().(T), nil
	}, nil
}

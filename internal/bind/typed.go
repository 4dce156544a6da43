package bind

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
		f = func(s string) (int, error) {
			n, err := strconv.ParseInt(s, 10, strconv.IntSize)
			if err != nil {
				return 0, valueError(s, err)
			}
			return int(n), nil
		}
	case int64:
		f = func(s string) (int64, error) {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return 0, valueError(s, err)
			}
			return n, nil
		}
	case int32:
		f = func(s string) (int32, error) {
			n, err := strconv.ParseInt(s, 10, 32)
			if err != nil {
				return 0, valueError(s, err)
			}
			return int32(n), nil
		}
	case uint:
		f = func(s string) (uint, error) {
			n, err := strconv.ParseUint(s, 10, strconv.IntSize)
			if err != nil {
				return 0, valueError(s, err)
			}
			return uint(n), nil
		}
	case uint64:
		f = func(s string) (uint64, error) {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				return 0, valueError(s, err)
			}
			return n, nil
		}
	case float64:
		f = func(s string) (float64, error) { return parseFloat(s, 64) }
	case bool:
		f = func(s string) (bool, error) {
			b, err := strconv.ParseBool(s)
			if err != nil {
				return false, valueError(s, err)
			}
			return b, nil
		}
	default:
		return viaReflect[T]()
	}
	return f.(func(string) (T, error)), nil
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

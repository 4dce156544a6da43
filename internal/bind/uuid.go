package bind

import (
	"reflect"
	"strconv"
)

// isUUIDArray reports [16]byte-kinded arrays, named or not.
func isUUIDArray(t reflect.Type) bool {
	return t.Kind() == reflect.Array && t.Len() == 16 && t.Elem().Kind() == reflect.Uint8
}

func uuidConv(t reflect.Type) Func {
	return func(s string) (reflect.Value, error) {
		v := reflect.New(t).Elem()
		if !parseUUID(v.Bytes(), s) {
			return reflect.Value{}, &Error{Value: s, Err: strconv.ErrSyntax}
		}
		return v, nil
	}
}

// parseUUID decodes s into dst (16 bytes). It accepts the canonical form
// xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx and the 32-digit form without
// hyphens, in either case.
//
//	"6ba7b810-9dad-11d1-80b4-00c04fd430c8"  ok
//	"6BA7B8109DAD11D180B400C04FD430C8"      ok
//	"6ba7b8109-dad-11d1-80b4-00c04fd430c8"  rejected (hyphens misplaced)
//	"{6ba7b810-9dad-11d1-80b4-00c04fd430c8}" rejected
func parseUUID(dst []byte, s string) bool {
	hyphens := len(s) == 36
	switch {
	case hyphens:
		if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return false
		}
	case len(s) != 32:
		return false
	}
	j := 0
	for i := range dst {
		if hyphens && (j == 8 || j == 13 || j == 18 || j == 23) {
			j++
		}
		hi, ok1 := unhex(s[j])
		lo, ok2 := unhex(s[j+1])
		if !ok1 || !ok2 {
			return false
		}
		dst[i] = hi<<4 | lo
		j += 2
	}
	return j == len(s)
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

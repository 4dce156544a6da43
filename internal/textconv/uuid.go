package textconv

import (
	"reflect"
	"strconv"

	"github.com/fwkgo/fwk/internal/ascii"
)

// isUUIDArray reports [16]byte-kinded arrays, named or not.
func isUUIDArray(t reflect.Type) bool {
	return t.Kind() == reflect.Array && t.Len() == 16 && t.Elem().Kind() == reflect.Uint8
}

func uuidConv(t reflect.Type) Func {
	return func(s string) (reflect.Value, error) {
		u, ok := ascii.ParseUUIDLax(s)
		if !ok {
			return reflect.Value{}, &Error{Value: s, Err: strconv.ErrSyntax, Want: wantUUID}
		}
		v := reflect.New(t).Elem()
		reflect.Copy(v, reflect.ValueOf(u))
		return v, nil
	}
}

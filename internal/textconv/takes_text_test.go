package textconv

import (
	"net/netip"
	"reflect"
	"testing"
)

type name string

func TestTakesText(t *testing.T) {
	for _, c := range []struct {
		t    reflect.Type
		want bool
	}{
		{reflect.TypeFor[string](), true},
		{reflect.TypeFor[name](), true},
		{reflect.TypeFor[*string](), true},
		{reflect.TypeFor[netip.Addr](), true}, // a TextUnmarshaler
		{reflect.TypeFor[*netip.Addr](), true},
		{reflect.TypeFor[int](), false},
		{reflect.TypeFor[[16]byte](), false},
		{reflect.TypeFor[*int](), false},
	} {
		if got := TakesText(c.t); got != c.want {
			t.Errorf("TakesText(%v) = %v, want %v", c.t, got, c.want)
		}
	}
}

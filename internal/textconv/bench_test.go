package textconv_test

import (
	"net/url"
	"reflect"
	"testing"

	"github.com/fwkgo/fwk/internal/textconv"
)

var reflectTypeInt = reflect.TypeFor[int]()

func BenchmarkForInt(b *testing.B) {
	conv, err := textconv.For(reflectTypeInt)
	benchConv(b, conv, err, "123456")
}

func BenchmarkForTypeInt(b *testing.B) {
	conv, err := textconv.ForType[int]()
	benchConv(b, conv, err, "123456")
}

func BenchmarkForUUID(b *testing.B) {
	conv, err := textconv.For(reflect.TypeFor[myUUID]())
	benchConv(b, conv, err, "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
}

// benchConv times conv(s), made with the error err.
func benchConv[V any](b *testing.B, conv func(string) (V, error), err error, s string) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := conv(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuery(b *testing.B) {
	binder, err := textconv.Query(reflect.TypeFor[listParams]())
	if err != nil {
		b.Fatal(err)
	}
	v := url.Values{"page": {"3"}, "tag": {"a", "b"}, "q": {"shoes"}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := binder(v); err != nil {
			b.Fatal(err)
		}
	}
}

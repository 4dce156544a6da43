package textconv_test

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strconv"

	"github.com/fwkgo/fwk/internal/textconv"
)

func ExampleFor() {
	conv, err := textconv.For(reflect.TypeFor[uint8]())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"200", "300", "x"} {
		v, err := conv(s)
		fmt.Println(v, err, errors.Is(err, strconv.ErrRange))
	}
	// Output:
	// 200 <nil> false
	// <invalid reflect.Value> fwk: invalid value "300": want an integer from 0 to 255 true
	// <invalid reflect.Value> fwk: invalid value "x": want an integer from 0 to 255 false
}

func ExampleForType() {
	atoi, err := textconv.ForType[int]()
	if err != nil {
		fmt.Println(err)
		return
	}
	n, err := atoi("42")
	fmt.Println(n+1, err)
	// Output: 43 <nil>
}

func ExampleQuery() {
	type search struct {
		Q       string
		Page    int      `default:"1"`
		PerPage int      `default:"20"`
		Tags    []string `query:"tag"`
	}
	binder, err := textconv.Query(reflect.TypeFor[search]())
	if err != nil {
		fmt.Println(err)
		return
	}
	v, _ := url.ParseQuery("q=shoes&per_page=50&tag=red&tag=sale&page=")
	s, err := binder(v)
	fmt.Printf("%+v %v\n", s.Interface(), err)

	_, err = binder(url.Values{"page": {"two"}})
	fmt.Println(err)
	// Output:
	// {Q:shoes Page:1 PerPage:50 Tags:[red sale]} <nil>
	// fwk: parameter "page": invalid value "two": want an integer
}

func ExampleMapConverter() {
	sizes := textconv.MapConverter(map[string]any{"s": 36, "m": 40})
	fmt.Println(sizes("m"))
	fmt.Println(sizes("xl"))
	// Output:
	// 40 <nil>
	// <nil> fwk: invalid value "xl": not one of the accepted values
}

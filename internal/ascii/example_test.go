package ascii_test

import (
	"fmt"

	"github.com/fwkgo/fwk/internal/ascii"
)

func ExampleDecodeEscape() {
	s := "a%2Fb"
	b, ok := ascii.DecodeEscape(s, 1)
	fmt.Printf("%q %v\n", b, ok)
	_, ok = ascii.DecodeEscape("%2", 0)
	fmt.Println(ok)
	fmt.Println(string(ascii.AppendEscape(nil, '/')))
	// Output:
	// '/' true
	// false
	// %2F
}

func ExampleParseUUID() {
	u, ok := ascii.ParseUUID("6BA7B810-9DAD-11D1-80B4-00C04FD430C8")
	fmt.Println(ok, string(ascii.AppendUUID(nil, u)))
	_, ok = ascii.ParseUUID("6ba7b8109dad11d180b400c04fd430c8")
	fmt.Println(ok)
	_, ok = ascii.ParseUUIDLax("6ba7b8109dad11d180b400c04fd430c8")
	fmt.Println(ok)
	// Output:
	// true 6ba7b810-9dad-11d1-80b4-00c04fd430c8
	// false
	// true
}

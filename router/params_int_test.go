package router_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// TestParamsIntAt checks that the number IntAt gives is the built-in int
// converter's value of the matched text, for every way a parameter is
// captured (a segment of its own, a piece of a segment, an escaped path),
// and that IntAt says false where no such number was kept.
func TestParamsIntAt(t *testing.T) {
	r := router.New()
	r.ServerName = "example.com"
	rules := []router.Rule{
		{Path: "/users/<int:id>", Endpoint: "user"},
		{Path: "/pairs/<int:a>-<int(signed=True):b>", Endpoint: "pair"},
		{Path: "/mixed/<name>/<int(fixed_digits=4):year>/<float:f>", Endpoint: "mixed"},
		{Path: "/many/<int:a>/<int:b>/<int:c>/<int:d>/<int:e>/<int:f>/<int:g>/<int:h>/<int:i>", Endpoint: "many"},
		{Path: "/shard/<int:n>", Endpoint: "shard", Subdomain: "<int:region>"},
		{Path: "/paged/<int:page>", Endpoint: "paged", Defaults: map[string]any{"size": 20}},
		{Path: "/users/<int:id>/<any(a, b):x>", Endpoint: "user_x"},
	}
	for _, rule := range rules {
		if _, err := r.Add(rule); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		host, path string
		want       []string // per parameter: its number, or "-" when IntAt must say false
	}{
		{"example.com", "/users/12345", []string{"12345"}},
		{"example.com", "/users/%31%32", []string{"12"}},
		{"example.com", "/users/9223372036854775807", []string{"9223372036854775807"}},
		{"example.com", "/pairs/7--8", []string{"7", "-8"}},
		{"example.com", "/mixed/bob/2024/1.5", []string{"-", "2024", "-"}},
		{"example.com", "/many/1/2/3/4/5/6/7/8/9", []string{"1", "2", "3", "4", "5", "6", "7", "8", "-"}},
		{"3.example.com", "/shard/42", []string{"42", "-"}},
		{"example.com", "/paged/2", []string{"2", "-"}},
		{"example.com", "/users/5/b", []string{"5", "-"}},
	}
	for _, tt := range tests {
		var m router.Match
		r.Lookup("GET", tt.host, tt.path, &m)
		if m.Route == nil {
			t.Errorf("%s%s: no match (%d)", tt.host, tt.path, m.Status)
			continue
		}
		if m.Params.Len() != len(tt.want) {
			t.Errorf("%s%s: %d params, want %d", tt.host, tt.path, m.Params.Len(), len(tt.want))
			continue
		}
		for i, want := range tt.want {
			got := "-"
			if n, ok := m.Params.IntAt(i); ok {
				got = strconv.FormatInt(n, 10)
				if text := m.Params.At(i).Value; got != mustInt(t, text) {
					t.Errorf("%s%s: IntAt(%d) = %s for the text %q", tt.host, tt.path, i, got, text)
				}
			}
			if got != want {
				t.Errorf("%s%s: IntAt(%d) = %s, want %s", tt.host, tt.path, i, got, want)
			}
		}
		for _, i := range []int{-1, len(tt.want), 99} {
			if _, ok := m.Params.IntAt(i); ok {
				t.Errorf("%s%s: IntAt(%d) reports a number", tt.host, tt.path, i)
			}
		}
	}
	var empty router.Params
	if _, ok := empty.IntAt(0); ok {
		t.Error("IntAt on empty Params reports a number")
	}
}

// TestParamsIntAtAfterBacktrack checks that a number kept by a branch the
// walk gave up does not leak into the route that matched: /a/<int:x>/b
// parses 5 before failing on its last segment, then /a/<y>/c matches.
func TestParamsIntAtAfterBacktrack(t *testing.T) {
	r := router.New()
	for _, rule := range []router.Rule{
		{Path: "/a/<int:x>/b", Endpoint: "int"},
		{Path: "/a/<y>/c", Endpoint: "str"},
		{Path: "/z/<int:n>", Endpoint: "z"},
	} {
		if _, err := r.Add(rule); err != nil {
			t.Fatal(err)
		}
	}
	var m router.Match
	r.Lookup("GET", "", "/z/77", &m)
	r.Lookup("GET", "", "/a/5/c", &m)
	if m.Route == nil || m.Route.Endpoint() != "str" {
		t.Fatalf("matched %v", m.Route)
	}
	if n, ok := m.Params.IntAt(0); ok {
		t.Errorf("IntAt(0) = %d for a string parameter", n)
	}
}

func mustInt(t *testing.T, text string) string {
	t.Helper()
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return strconv.FormatInt(n, 10)
}

// A handler reads an <int:...> parameter as the number the router parsed
// while matching, without parsing its text again.
func ExampleParams_IntAt() {
	r := router.New()
	_, err := r.Add(router.Rule{Path: "/users/<int:id>", Endpoint: "user"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var m router.Match
	r.Lookup("GET", "", "/users/0042", &m)
	id, ok := m.Params.IntAt(0)
	fmt.Println(id, ok, m.Params.Get("id"))
	// Output: 42 true 0042
}

package forwarded

import "testing"

func TestFromRight(t *testing.T) {
	tests := []struct {
		lines []string
		n     int
		want  string
		ok    bool
	}{
		{[]string{"a, b, c"}, 1, "c", true},
		{[]string{"a, b, c"}, 3, "a", true},
		{[]string{"a, b, c"}, 4, "", false},
		{[]string{"a, b", "c"}, 2, "b", true}, // lines are one list
		{[]string{", b"}, 2, "", false},       // an empty value says nothing
		{[]string{"a"}, 0, "", false},
		{[]string{`for="x,y";proto=https, for=z`}, 2, `for="x,y";proto=https`, true}, // commas inside quotes
		{nil, 1, "", false},
	}
	for _, tt := range tests {
		got, ok := FromRight(tt.lines, tt.n)
		if got != tt.want || ok != tt.ok {
			t.Errorf("FromRight(%q, %d) = %q, %v; want %q, %v", tt.lines, tt.n, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseElement(t *testing.T) {
	tests := []struct {
		in   string
		want Element
		ok   bool
	}{
		{`for=192.0.2.60;proto=http;by=203.0.113.43`, Element{For: "192.0.2.60", Proto: "http"}, true},
		{`For="[2001:db8:cafe::17]:4711"`, Element{For: "[2001:db8:cafe::17]:4711"}, true},
		{`host="a.example:8443"; PROTO=https`, Element{Host: "a.example:8443", Proto: "https"}, true},
		{`for="a\"b"`, Element{For: `a"b`}, true},
		{`for=_hidden;secret="x;y"`, Element{For: "_hidden"}, true},
		{`for`, Element{}, false},
		{`=x`, Element{}, false},
		{`for="open`, Element{}, false},
		{`for=a"b`, Element{}, false},
	}
	for _, tt := range tests {
		got, ok := ParseElement(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseElement(%q) = %+v, %v; want %+v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseAddr(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7": "203.0.113.7", " 203.0.113.7:80 ": "203.0.113.7", "[2001:db8::1]:4711": "2001:db8::1",
		"::ffff:203.0.113.7": "203.0.113.7", "fe80::1%eth0": "", "unknown": "", "": "",
	} {
		a, ok := ParseAddr(in)
		if got := a.String(); ok != (want != "") || ok && got != want {
			t.Errorf("ParseAddr(%q) = %s, %v; want %q", in, got, ok, want)
		}
	}
}

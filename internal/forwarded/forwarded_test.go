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
		{[]string{`10.0.0.1, ", 192.0.2.1`}, 1, "192.0.2.1", true}, // a quote is an ordinary byte here
		{[]string{`10.0.0.1, ", 192.0.2.1`}, 2, `"`, true},
		{[]string{`"a, b"`}, 1, `b"`, true},
		{nil, 1, "", false},
	}
	for _, tt := range tests {
		got, ok := FromRight(tt.lines, tt.n)
		if got != tt.want || ok != tt.ok {
			t.Errorf("FromRight(%q, %d) = %q, %v; want %q, %v", tt.lines, tt.n, got, ok, tt.want, tt.ok)
		}
	}
}

func TestElementFromRight(t *testing.T) {
	tests := []struct {
		lines []string
		n     int
		want  Element
		ok    bool
	}{
		{[]string{`for=192.0.2.60;proto=http;by=203.0.113.43`}, 1, Element{For: "192.0.2.60", Proto: "http"}, true},
		{[]string{`For="[2001:db8:cafe::17]:4711"`}, 1, Element{For: "[2001:db8:cafe::17]:4711"}, true},
		{[]string{`host="a.example:8443"; PROTO=https`}, 1, Element{Host: "a.example:8443", Proto: "https"}, true},
		{[]string{`for="a\"b"`}, 1, Element{For: `a"b`}, true},
		{[]string{`for=_hidden;secret="x;y"`}, 1, Element{For: "_hidden"}, true},
		{[]string{`for="x,y";proto=https, for=z`}, 2, Element{For: "x,y", Proto: "https"}, true}, // commas inside quotes
		{[]string{`for=a`, `for=b, for=c`}, 3, Element{For: "a"}, true},                          // lines are one list
		{[]string{`for=a, , for=c`}, 2, Element{}, true},
		{[]string{`for=a`}, 2, Element{}, false},
		{[]string{`for=a`}, 0, Element{}, false},
		// Anything malformed makes the whole header untrusted.
		{[]string{`for`}, 1, Element{}, false},
		{[]string{`=x`}, 1, Element{}, false},
		{[]string{`for=`}, 1, Element{}, false},
		{[]string{`for="open`}, 1, Element{}, false},
		{[]string{`for=a"b`}, 1, Element{}, false},
		{[]string{`for="a"b`}, 1, Element{}, false},
		{[]string{`for=a b`}, 1, Element{}, false},
		{[]string{`for=a;for=b`}, 1, Element{}, false},
		{[]string{`for=1.2.3.4, for="`, `for=192.0.2.1`}, 1, Element{}, false},
		{[]string{`for=1.2.3.4, host=", for=192.0.2.1;host=a.example`}, 1, Element{}, false},
		{[]string{`for=1.2.3.4, host=", for="192.0.2.1";host=a.example`}, 1, Element{}, false},
	}
	for _, tt := range tests {
		got, ok := ElementFromRight(tt.lines, tt.n)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ElementFromRight(%q, %d) = %+v, %v; want %+v, %v", tt.lines, tt.n, got, ok, tt.want, tt.ok)
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

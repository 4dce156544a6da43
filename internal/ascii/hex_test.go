package ascii

import (
	"strconv"
	"testing"
)

func TestUnhexEveryByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		want, err := strconv.ParseUint(string(rune(c)), 16, 8)
		got, ok := Unhex(byte(c))
		if ok != (err == nil) || (ok && uint64(got) != want) {
			t.Errorf("Unhex(%q) = %d, %v; want %d, %v", rune(c), got, ok, want, err == nil)
		}
	}
}

func TestDecodeEscape(t *testing.T) {
	tests := []struct {
		s    string
		i    int
		want byte
		ok   bool
	}{
		{"%2F", 0, '/', true},
		{"%2f", 0, '/', true},
		{"a%41b", 1, 'A', true},
		{"%00", 0, 0, true},
		{"%ff", 0, 0xff, true},
		{"%", 0, 0, false},
		{"%2", 0, 0, false},
		{"x%2", 1, 0, false},
		{"%G0", 0, 0, false},
		{"%0G", 0, 0, false},
		{"%-1", 0, 0, false},
		{"%41", -1, 0, false},
		{"%41", 3, 0, false},
	}
	for _, tt := range tests {
		checkEscape(t, tt.s, tt.i, tt.want, tt.ok)
	}
}

func checkEscape(t *testing.T, s string, i int, want byte, wantOK bool) {
	t.Helper()
	got, ok := DecodeEscape(s, i)
	if ok != wantOK || (ok && got != want) {
		t.Errorf("DecodeEscape(%q, %d) = %#x, %v; want %#x, %v", s, i, got, ok, want, wantOK)
	}
}

func TestAppendEscapeRoundTrip(t *testing.T) {
	for c := 0; c < 256; c++ {
		e := string(AppendEscape([]byte("x"), byte(c)))
		if len(e) != 4 || e[0] != 'x' {
			t.Fatalf("AppendEscape(%#x) = %q", c, e)
		}
		if want := strconv.FormatUint(uint64(c)|0x100, 16)[1:]; e[2:] != upper(want) {
			t.Errorf("AppendEscape(%#x) = %q, want digits %q", c, e, upper(want))
		}
		checkEscape(t, e, 1, byte(c), true)
	}
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'f' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

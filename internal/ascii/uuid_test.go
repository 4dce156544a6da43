package ascii

import (
	"encoding/hex"
	"strings"
	"testing"
)

const canon = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"

var canonBytes = [16]byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}

func TestParseUUID(t *testing.T) {
	tests := []struct {
		name   string
		s      string
		strict bool // ParseUUID accepts it
		lax    bool // ParseUUIDLax accepts it
	}{
		{"canonical", canon, true, true},
		{"upper case", strings.ToUpper(canon), true, true},
		{"mixed case", "6BA7b810-9dad-11D1-80b4-00c04fd430C8", true, true},
		{"32 digits", strings.ReplaceAll(canon, "-", ""), false, true},
		{"32 digits upper", strings.ToUpper(strings.ReplaceAll(canon, "-", "")), false, true},
		{"empty", "", false, false},
		{"braces", "{" + canon + "}", false, false},
		{"urn", "urn:uuid:" + canon, false, false},
		{"hyphen moved", "6ba7b8109-dad-11d1-80b4-00c04fd430c8", false, false},
		{"hyphen replaced", "6ba7b810_9dad-11d1-80b4-00c04fd430c8", false, false},
		{"last hyphen missing", "6ba7b810-9dad-11d1-80b400c04fd430c8x", false, false},
		{"non-hex digit", "6ba7b810-9dad-11d1-80b4-00c04fd430cg", false, false},
		{"too short", canon[:35], false, false},
		{"too long", canon + "0", false, false},
		{"31 digits", strings.ReplaceAll(canon, "-", "")[:31], false, false},
		{"33 digits", strings.ReplaceAll(canon, "-", "") + "0", false, false},
		{"36 digits no hyphens", strings.ReplaceAll(canon, "-", "") + "0000", false, false},
		{"non-ASCII", "6ba7b810-9dad-11d1-80b4-00c04fd430\u00e9", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkUUID(t, "ParseUUID", ParseUUID, tt.s, tt.strict)
			checkUUID(t, "ParseUUIDLax", ParseUUIDLax, tt.s, tt.lax)
		})
	}
}

func checkUUID(t *testing.T, name string, parse func(string) ([16]byte, bool), s string, wantOK bool) {
	t.Helper()
	u, ok := parse(s)
	switch {
	case ok != wantOK:
		t.Errorf("%s(%q) ok = %v, want %v", name, s, ok, wantOK)
	case ok && u != canonBytes:
		t.Errorf("%s(%q) = %x, want %x", name, s, u, canonBytes)
	case !ok && u != [16]byte{}:
		t.Errorf("%s(%q) refused but returned %x", name, s, u)
	}
}

func TestAppendUUID(t *testing.T) {
	if got := string(AppendUUID([]byte("id="), canonBytes)); got != "id="+canon {
		t.Errorf("AppendUUID = %q, want %q", got, "id="+canon)
	}
	if got := string(AppendUUID(nil, [16]byte{})); got != "00000000-0000-0000-0000-000000000000" {
		t.Errorf("AppendUUID(zero) = %q", got)
	}
}

func TestNoAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	n := testing.AllocsPerRun(100, func() {
		u, _ := ParseUUID(canon)
		buf = AppendUUID(buf[:0], u)
		_, _ = DecodeEscape("%2F", 0)
		buf = AppendEscape(buf, '/')
	})
	if n != 0 {
		t.Errorf("allocs per run = %v, want 0", n)
	}
}

// FuzzParseUUID checks both parsers against a reference built on
// encoding/hex, and that accepted text round-trips through AppendUUID.
func FuzzParseUUID(f *testing.F) {
	for _, s := range []string{canon, strings.ToUpper(canon), strings.ReplaceAll(canon, "-", ""), "", "{" + canon + "}", canon[:35] + "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, wantOK := referenceUUID(s)
		if u, ok := ParseUUIDLax(s); ok != wantOK || u != want {
			t.Fatalf("ParseUUIDLax(%q) = %x, %v; reference %x, %v", s, u, ok, want, wantOK)
		}
		u, ok := ParseUUID(s)
		if ok != (wantOK && len(s) == 36) || (ok && u != want) {
			t.Fatalf("ParseUUID(%q) = %x, %v; reference %x, %v", s, u, ok, want, wantOK)
		}
		if ok {
			if back := string(AppendUUID(nil, u)); back != strings.ToLower(s) {
				t.Fatalf("AppendUUID(ParseUUID(%q)) = %q", s, back)
			}
		}
	})
}

// referenceUUID is an independent reading of the accepted shapes.
func referenceUUID(s string) ([16]byte, bool) {
	var u [16]byte
	digits := s
	if len(s) == 36 {
		parts := strings.Split(s, "-")
		if len(parts) != 5 || len(parts[0]) != 8 || len(parts[1]) != 4 || len(parts[2]) != 4 || len(parts[3]) != 4 {
			return u, false
		}
		digits = strings.Join(parts, "")
	}
	if len(digits) != 32 {
		return u, false
	}
	if _, err := hex.Decode(u[:], []byte(digits)); err != nil {
		return [16]byte{}, false
	}
	return u, true
}

package ascii

// ParseUUID decodes canonical UUID text, 8-4-4-4-12 hex digits in either
// case.
func ParseUUID(s string) ([16]byte, bool) {
	if len(s) != 36 {
		return [16]byte{}, false
	}
	return decodeUUID(s)
}

// ParseUUIDLax decodes canonical UUID text or the same 32 hex digits without
// hyphens.
func ParseUUIDLax(s string) ([16]byte, bool) {
	return decodeUUID(s)
}

// decodeUUID reads 36 bytes with hyphens at 8, 13, 18 and 23, or 32 digits.
func decodeUUID(s string) (u [16]byte, ok bool) {
	hyphens := len(s) == 36
	if !hyphens && len(s) != 32 {
		return u, false
	}
	j := 0
	for i := range u {
		if hyphens && (j == 8 || j == 13 || j == 18 || j == 23) {
			if s[j] != '-' {
				return [16]byte{}, false
			}
			j++
		}
		hi, ok1 := Unhex(s[j])
		lo, ok2 := Unhex(s[j+1])
		if !ok1 || !ok2 {
			return [16]byte{}, false
		}
		u[i] = hi<<4 | lo
		j += 2
	}
	return u, true
}

// AppendUUID appends the canonical lower-case text of u.
func AppendUUID(dst []byte, u [16]byte) []byte {
	for i, b := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			dst = append(dst, '-')
		}
		dst = append(dst, LowerHex[b>>4], LowerHex[b&15])
	}
	return dst
}

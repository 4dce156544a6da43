package ascii

// UpperHex and LowerHex are the hex digits, indexed by value.
const (
	UpperHex = "0123456789ABCDEF"
	LowerHex = "0123456789abcdef"
)

// Unhex returns the value of the hex digit c, in either case.
func Unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// DecodeEscape decodes the escape "%XX" starting at s[i], which the caller
// has seen to be '%'. ok is false when fewer than two bytes follow or either
// is not a hex digit.
func DecodeEscape(s string, i int) (b byte, ok bool) {
	if i < 0 || i+2 >= len(s) {
		return 0, false
	}
	hi, ok1 := Unhex(s[i+1])
	lo, ok2 := Unhex(s[i+2])
	return hi<<4 | lo, ok1 && ok2
}

// AppendEscape appends the escape "%XX" of c, with upper-case digits.
func AppendEscape(dst []byte, c byte) []byte {
	return append(dst, '%', UpperHex[c>>4], UpperHex[c&15])
}

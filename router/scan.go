package router

import "math/bits"

// Segment scanning, eight bytes at a time. A "stop" byte is '/', '%', NUL
// or a non-ASCII byte; the SWAR masks below flag them in a 64-bit word (the
// lowest flagged byte is always a true stop byte).

const (
	lowBits   = 0x0101010101010101
	highBits  = 0x8080808080808080
	slashes   = '/' * lowBits
	percents  = '%' * lowBits
	wordBytes = 8
)

// load64 reads s[i:i+8] as a little-endian word (one load once compiled).
func load64(s string, i int) uint64 {
	s = s[i : i+wordBytes]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// zeroBytes flags (with the high bit) the zero bytes of v, exactly up to
// the first one.
func zeroBytes(v uint64) uint64 { return (v - lowBits) &^ v & highBits }

// segmentEnd returns the length of the first segment of s (up to the first
// '/') and whether it holds a '%', a NUL or a non-ASCII byte.
func segmentEnd(s string) (int, bool) {
	i := 0
	for ; i+wordBytes <= len(s); i += wordBytes {
		if stops := stopBytes(load64(s, i)); stops != 0 {
			i += bits.TrailingZeros64(stops) / 8
			break
		}
	}
	for i < len(s) && charClass[s[i]]&classPlain != 0 {
		i++
	}
	if i == len(s) || s[i] == '/' {
		return i, false
	}
	// A '%', NUL or non-ASCII byte: finish the slow way.
	for ; i < len(s) && s[i] != '/'; i++ {
	}
	return i, true
}

// stopBytes flags the stop bytes of a word.
func stopBytes(x uint64) uint64 {
	return x&highBits | zeroBytes(x^slashes) | zeroBytes(x^percents) | zeroBytes(x)
}

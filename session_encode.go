package fwk

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
)

// Session values are kept in a compact, typed encoding so that the common
// types come back as they went in (an int stays an int, which JSON would
// turn into a float64): string, int, int64, float64, bool and []byte, plus
// the flashed messages. Any other value is stored as JSON and comes back
// from Get as encoding/json decodes it into an any (use SessionValue to get
// it back as its own type).
//
//	payload := entry*
//	entry   := uvarint(len(key)) key tag value
//
// Keys are written in sorted order, so equal sessions encode equally.

// Type tags of encoded values.
const (
	tagString  = 's'
	tagInt     = 'i'
	tagInt64   = 'I'
	tagFloat   = 'f'
	tagTrue    = 't'
	tagFalse   = 'F'
	tagBytes   = 'b'
	tagJSON    = 'j'
	tagFlashes = 'm'
)

// jsonValue is a value loaded from its JSON encoding, decoded on use.
type jsonValue string

// errBadPayload reports a session payload that does not decode.
var errBadPayload = errors.New("malformed session payload")

// encodeValues appends the encoding of vals to dst.
func encodeValues(dst []byte, vals map[string]any) ([]byte, error) {
	var small [16]string
	keys := small[:0]
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		dst = appendString(dst, k)
		var err error
		if dst, err = appendValue(dst, vals[k]); err != nil {
			return dst, fmt.Errorf("session key %q: %w", k, err)
		}
	}
	return dst, nil
}

// appendString appends a length-prefixed string.
func appendString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// appendValue appends the tag and encoding of v.
func appendValue(dst []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case string:
		return appendString(append(dst, tagString), x), nil
	case int:
		return binary.AppendVarint(append(dst, tagInt), int64(x)), nil
	case int64:
		return binary.AppendVarint(append(dst, tagInt64), x), nil
	case float64:
		return binary.BigEndian.AppendUint64(append(dst, tagFloat), math.Float64bits(x)), nil
	case bool:
		if x {
			return append(dst, tagTrue), nil
		}
		return append(dst, tagFalse), nil
	case []byte:
		dst = binary.AppendUvarint(append(dst, tagBytes), uint64(len(x)))
		return append(dst, x...), nil
	case []FlashMessage:
		dst = binary.AppendUvarint(append(dst, tagFlashes), uint64(len(x)))
		for _, m := range x {
			dst = appendString(appendString(dst, m.Category), m.Message)
		}
		return dst, nil
	case jsonValue:
		return appendString(append(dst, tagJSON), string(x)), nil
	}
	j, err := json.Marshal(v)
	if err != nil {
		return dst, fmt.Errorf("value of type %T does not encode as JSON: %w", v, err)
	}
	dst = binary.AppendUvarint(append(dst, tagJSON), uint64(len(j)))
	return append(dst, j...), nil
}

// payloadReader decodes a payload held in a string, so that keys and
// string values share its memory.
type payloadReader struct {
	s   string
	err error
}

// uvarint reads an unsigned varint (encoding/binary's format) without
// converting the string.
func (r *payloadReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	var x uint64
	var shift uint
	for i := 0; i < len(r.s) && i < binary.MaxVarintLen64; i++ {
		b := r.s[i]
		if b < 0x80 {
			if i == binary.MaxVarintLen64-1 && b > 1 {
				break // overflow
			}
			r.s = r.s[i+1:]
			return x | uint64(b)<<shift
		}
		x |= uint64(b&0x7f) << shift
		shift += 7
	}
	r.err = errBadPayload
	return 0
}

// varint reads a signed (zig-zag) varint.
func (r *payloadReader) varint() int64 {
	ux := r.uvarint()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

// float reads a big-endian float64.
func (r *payloadReader) float() float64 {
	b := r.bytes(8)
	if r.err != nil {
		return 0
	}
	var u uint64
	for i := range 8 {
		u = u<<8 | uint64(b[i])
	}
	return math.Float64frombits(u)
}

func (r *payloadReader) bytes(n uint64) string {
	if r.err != nil {
		return ""
	}
	if n > uint64(len(r.s)) {
		r.err = errBadPayload
		return ""
	}
	s := r.s[:n]
	r.s = r.s[n:]
	return s
}

func (r *payloadReader) str() string { return r.bytes(r.uvarint()) }

// decodeValues decodes payload into vals.
func decodeValues(payload string, vals map[string]any) error {
	r := &payloadReader{s: payload}
	for r.err == nil && r.s != "" {
		k := r.str()
		tag := r.bytes(1)
		if r.err != nil {
			break
		}
		vals[k] = r.value(tag[0])
	}
	return r.err
}

// value decodes the value of tag.
func (r *payloadReader) value(tag byte) any {
	switch tag {
	case tagString:
		return r.str()
	case tagInt:
		return int(r.varint())
	case tagInt64:
		return r.varint()
	case tagFloat:
		return r.float()
	case tagTrue:
		return true
	case tagFalse:
		return false
	case tagBytes:
		return []byte(r.str())
	case tagJSON:
		return jsonValue(r.str())
	case tagFlashes:
		return r.flashes()
	}
	r.err = errBadPayload
	return nil
}

// flashes decodes a list of flashed messages.
func (r *payloadReader) flashes() []FlashMessage {
	n := r.uvarint()
	if n > uint64(len(r.s)) { // each message takes two bytes at least
		r.err = errBadPayload
		return nil
	}
	ms := make([]FlashMessage, 0, n)
	for range n {
		c := r.str()
		m := r.str()
		if r.err != nil {
			return nil
		}
		ms = append(ms, FlashMessage{Category: c, Message: m})
	}
	return ms
}
